//! Render targets in Flash's 16-bit formats, kept at their bits where a backend stores them
//! with more: when their colour is brought to its bits ([`QuantiseSchedule`]) and what those
//! bits are ([`Packing`]). The passes that do it are each backend's.
//!
//! A `bgraPacked4444` render target is D3D9's A4R4G4B4 in Flash (4 bits per channel) and a
//! `bgrPacked565` one R5G6B5 (no alpha: it reads 1): a draw blends against the colour the
//! surface holds at those bits and stores its result at those bits again. A backend that
//! stores such a target with more bits (molehill-wgpu always: wgpu has no 16-bit formats, both
//! are `Rgba8Unorm`; molehill-gl the 4444 ones where the driver keeps `GL_RGBA4` at 8 bits, as
//! NVIDIA's does, found by a probe) brings each such colour slot to its bits with a pass: the
//! slot copied and drawn back with each channel rounded, `round(c * max) / max`
//! ([`Packing::quantise`]). Which of its slots need it is the backend's to say; when is decided
//! here, the same for both:
//!
//! - **before a draw that reads the target** ([`reads_destination`]: a destination blend factor
//!   other than `zero`, or a source factor naming the destination), when the target was drawn
//!   into since it was last rounded ([`QuantiseSchedule::before_draw`]);
//! - **when the target stops being current** ([`QuantiseSchedule::leaving`]), before anything
//!   can sample it (a sampler cannot read the current target: #3604);
//! - never after a clear of its colour ([`QuantiseSchedule::cleared`]).
//!
//! Why that is exact, and not only cheaper than a pass after every draw: rounding is per pixel
//! and channel and idempotent, and a draw that does not read the target writes values that do
//! not depend on it. So rounding once after several such draws gives what rounding after each
//! would: a channel written last by a draw holds that draw's value either way (each pass reads
//! the value the storage kept), one not written holds what it held. A draw that reads the
//! target finds it rounded, so it blends against exactly the colour the format holds, and its
//! result is rounded before anything reads it: D3D9's blending, in float against the stored
//! colour, stored at the format's bits. For 4 bits the pass's input loses nothing: the 8-bit
//! value stored, `v = round(255 c)`, gives back `round(15 c)` as `round(v / 17)` (255 = 15 x 17
//! and 17 is odd, so no rounding boundary of the one falls between two of the other, and
//! `v / 17` is never a tie). For 5 and 6 bits (255 is no multiple of 31 or 63) a colour within
//! about 1/500 of a rounding boundary may land one step away from a single rounding.
//!
//! A clear needs no pass: its colour is taken to 8 bits and then to its top bits
//! ([`Packing::clear_color`]), as Mesa's clear of a `GL_RGBA4` / `GL_RGB565` surface and
//! D3D9's `Clear` of a `D3DCOLOR` do, which every storage of 8 bits or more keeps exactly (`k /
//! 15` is `17 k` in 8 bits). A clear covers the whole target (Flash's clear ignores the scissor
//! and the colour mask), so it also leaves nothing to round.
//!
//! An anti-aliased target is rounded sample by sample where the backend can read its samples,
//! and its resolved texture as the average of the rounded samples, rounded (a 4-bit
//! multisampled surface resolved into a 4-bit texture): the average of two 4-bit values is not
//! one, so a backend rounds each resolve it makes, whenever it makes it.

use super::key::TargetKey;
use crate::backend::{BlendFactor, BlendState, ColorMask, TextureFormat, TextureId};

/// The packing of a 16-bit Flash format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Packing {
    /// `bgraPacked4444`: 4 bits per channel.
    Argb4444,
    /// `bgrPacked565`: 5 bits red and blue, 6 green, no alpha (reads 1).
    Rgb565,
}

impl Packing {
    /// The packing of a Flash texture format (`None`: not a 16-bit one).
    pub fn of(format: TextureFormat) -> Option<Packing> {
        match format {
            TextureFormat::BgraPacked4444 => Some(Packing::Argb4444),
            TextureFormat::BgrPacked565 => Some(Packing::Rgb565),
            _ => None,
        }
    }

    /// Bits of each channel (red, green, blue, alpha); 0: no channel (reads 1).
    pub fn bits(self) -> [u32; 4] {
        match self {
            Packing::Argb4444 => [4; 4],
            Packing::Rgb565 => [5, 6, 5, 0],
        }
    }

    /// The largest value of each channel (red, green, blue, alpha), `2^bits - 1` of
    /// [`bits`](Self::bits); 0: no channel (reads 1).
    pub fn maxima(self) -> [f32; 4] {
        self.bits().map(|b| ((1u32 << b) - 1) as f32)
    }

    /// The colour a clear leaves: each channel to 8 bits (rounded), then its top bits, as
    /// Mesa's clear of a `GL_RGBA4` / `GL_RGB565` surface does (and D3D9's `Clear`, which takes
    /// an 8-bit `D3DCOLOR`).
    pub fn clear_color(self, color: [f32; 4]) -> [f32; 4] {
        let mut out = [0.0; 4];
        for ((o, c), bits) in out.iter_mut().zip(color).zip(self.bits()) {
            *o = if bits == 0 {
                1.0
            } else {
                let byte = (c.clamp(0.0, 1.0) * 255.0).round() as u32;
                (byte >> (8 - bits)) as f32 / ((1u32 << bits) - 1) as f32
            };
        }
        out
    }

    /// A colour as the format holds it: what a backend's pass does to each pixel (or sample),
    /// on the CPU.
    pub fn quantise(self, color: [f32; 4]) -> [f32; 4] {
        let mut out = [0.0; 4];
        for ((o, c), m) in out.iter_mut().zip(color).zip(self.maxima()) {
            *o = if m == 0.0 {
                1.0
            } else {
                (c.clamp(0.0, 1.0) * m).round_ties_even() / m
            };
        }
        out
    }
}

/// Whether a draw with `blend` reads the colour already in the target.
pub fn reads_destination(blend: BlendState) -> bool {
    use BlendFactor::*;
    blend.destination != Zero
        || matches!(
            blend.source,
            DestinationColor
                | OneMinusDestinationColor
                | DestinationAlpha
                | OneMinusDestinationAlpha
        )
}

/// When a render target's quantised colour slots are brought to their bits (the module's
/// rule): a backend tells it of each draw, clear, target change and disposed texture, and
/// rounds the target it names, then. Only the current target is drawn into, so at most one
/// target waits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuantiseSchedule {
    /// The current target, when it has quantised slots drawn into since they were last
    /// rounded.
    dirty: Option<TargetKey>,
}

impl QuantiseSchedule {
    /// Before a draw with `blend` into the current target: the target to round first (it was
    /// drawn into and the draw reads it), now counted as rounded.
    pub fn before_draw(&mut self, blend: BlendState) -> Option<TargetKey> {
        if self.dirty.is_some() && reads_destination(blend) {
            self.dirty.take()
        } else {
            None
        }
    }

    /// After a draw into the current target `current` (`None`: the back buffer, never
    /// quantised) with `color_mask`. `quantised` says whether that target has quantised slots;
    /// it is asked only for a draw into a texture target that writes colour and is not waiting
    /// already.
    pub fn after_draw(
        &mut self,
        current: Option<TargetKey>,
        color_mask: ColorMask,
        quantised: impl FnOnce(&TargetKey) -> bool,
    ) {
        let ColorMask {
            red,
            green,
            blue,
            alpha,
        } = color_mask;
        let Some(key) = current.filter(|_| red || green || blue || alpha) else {
            return;
        };
        if self.dirty != Some(key) && quantised(&key) {
            self.dirty = Some(key);
        }
    }

    /// After a clear of the current target: one of its colour (`color`) leaves every pixel at
    /// the colour [`Packing::clear_color`] gives, nothing to round.
    pub fn cleared(&mut self, color: bool) {
        if color {
            self.dirty = None;
        }
    }

    /// At a change of the current target (context3d sends only changes): the target left,
    /// when it must be rounded now (before anything samples it).
    pub fn leaving(&mut self) -> Option<TargetKey> {
        self.dirty.take()
    }

    /// `texture` was disposed: a target drawing into it waits no more.
    pub fn texture_disposed(&mut self, texture: TextureId) {
        if self.dirty.is_some_and(|k| k.uses(texture)) {
            self.dirty = None;
        }
    }

    /// Forgets the waiting target (the context was lost or disposed).
    pub fn reset(&mut self) {
        self.dirty = None;
    }

    /// The target that waits to be rounded, if any.
    pub fn waiting(&self) -> Option<TargetKey> {
        self.dirty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::tests::{id, to};

    fn key(texture: u64) -> TargetKey {
        TargetKey::of(&to(&[(texture, 0)], false, 0), |_| 0).unwrap()
    }

    const ALL: ColorMask = ColorMask {
        red: true,
        green: true,
        blue: true,
        alpha: true,
    };

    fn blend(source: BlendFactor, destination: BlendFactor) -> BlendState {
        BlendState {
            source,
            destination,
        }
    }

    #[test]
    fn quantise_rounds_each_channel_to_its_bits() {
        let q = Packing::Argb4444.quantise([0.5625, 0.5, 1.2, -0.1]);
        assert_eq!(q, [8.0 / 15.0, 8.0 / 15.0, 1.0, 0.0]);
        let q = Packing::Rgb565.quantise([0.5, 0.5, 0.0, 0.25]);
        assert_eq!(q, [16.0 / 31.0, 32.0 / 63.0, 0.0, 1.0]);
        assert_eq!(Packing::of(TextureFormat::Bgra), None);
        assert_eq!(
            Packing::of(TextureFormat::BgrPacked565),
            Some(Packing::Rgb565)
        );
    }

    #[test]
    fn clears_take_the_top_bits_of_the_8_bit_colour() {
        // 0.5625 -> 143 -> 8; 0.99 -> 252 -> 15; 0.03 -> 8 -> 0 (rounding would give 0.45 -> 0).
        let q = Packing::Argb4444.clear_color([0.5625, 0.99, 0.03, 0.5]);
        assert_eq!(q, [8.0 / 15.0, 1.0, 0.0, 8.0 / 15.0]);
        // 0.305 -> 78 -> 9; 0.7 -> 179 -> 44; 0.1 -> 26 -> 3; no alpha.
        let q = Packing::Rgb565.clear_color([0.305, 0.7, 0.1, 0.25]);
        assert_eq!(q, [9.0 / 31.0, 44.0 / 63.0, 3.0 / 31.0, 1.0]);
        let q = Packing::Argb4444.clear_color([0.0, 1.0, 0.5625, 2.0]);
        assert_eq!(q, [0.0, 1.0, 8.0 / 15.0, 1.0]);
        // 0.96 is 245 in 8 bits, whose top bits are 15 (rounding 15 x 0.96 would give 14).
        assert_eq!(Packing::Argb4444.clear_color([0.96; 4])[0], 1.0);
        for k in 0..16u32 {
            let c = k as f32 / 15.0;
            assert_eq!(
                (c * 255.0).round() as u32,
                17 * k,
                "k / 15 is stored exactly"
            );
        }
    }

    #[test]
    fn a_cleared_colour_is_one_the_format_holds_in_8_bits() {
        // What lets a clear skip the pass: its colour, stored in 8 bits, rounds to itself.
        for packing in [Packing::Argb4444, Packing::Rgb565] {
            for i in 0..=255u8 {
                let c = f32::from(i) / 255.0;
                let cleared = packing.clear_color([c; 4]);
                let stored = cleared.map(|v| (v * 255.0).round() / 255.0);
                assert_eq!(packing.quantise(stored), cleared, "{packing:?} {i}");
            }
        }
    }

    #[test]
    fn four_bits_from_eight_bits_round_as_from_the_float() {
        // What the 4-bit pass relies on: round(v / 17) == round(15 c) for v = round(255 c).
        for i in 0..=100_000 {
            let c = i as f64 / 100_000.0;
            let v = (255.0 * c).round();
            assert_eq!((v / 17.0).round(), (15.0 * c).round(), "c = {c}");
            assert_ne!((v / 17.0).fract(), 0.5, "no tie at v = {v}");
        }
    }

    #[test]
    fn only_blending_that_names_the_destination_reads_it() {
        use BlendFactor::*;
        assert!(!reads_destination(blend(One, Zero)));
        assert!(!reads_destination(blend(SourceAlpha, Zero)));
        assert!(reads_destination(blend(One, One)));
        assert!(reads_destination(blend(SourceAlpha, OneMinusSourceAlpha)));
        assert!(reads_destination(blend(DestinationColor, Zero)));
        assert!(reads_destination(blend(OneMinusDestinationAlpha, Zero)));
    }

    #[test]
    fn a_target_is_rounded_before_a_draw_reads_it_and_when_it_is_left() {
        use BlendFactor::*;
        let mut s = QuantiseSchedule::default();
        let t = key(1);
        // A first draw finds nothing to round; draws that do not read the target wait.
        assert_eq!(s.before_draw(blend(One, One)), None);
        s.after_draw(Some(t), ALL, |_| true);
        assert_eq!(s.before_draw(blend(One, Zero)), None);
        s.after_draw(Some(t), ALL, |_| panic!("asked again while waiting"));
        assert_eq!(s.waiting(), Some(t));
        // A draw that blends over it: rounded first, once.
        assert_eq!(
            s.before_draw(blend(SourceAlpha, OneMinusSourceAlpha)),
            Some(t)
        );
        assert_eq!(s.before_draw(blend(One, One)), None);
        s.after_draw(Some(t), ALL, |_| true);
        // Left: rounded; the next target starts clean.
        assert_eq!(s.leaving(), Some(t));
        assert_eq!(s.leaving(), None);
    }

    #[test]
    fn nothing_waits_without_quantised_slots_colour_writes_or_after_a_clear() {
        let mut s = QuantiseSchedule::default();
        let t = key(1);
        // The back buffer, a target without quantised slots, a draw writing no colour.
        s.after_draw(None, ALL, |_| panic!("the back buffer is never asked"));
        s.after_draw(Some(t), ALL, |_| false);
        let none = ColorMask {
            red: false,
            green: false,
            blue: false,
            alpha: false,
        };
        s.after_draw(Some(t), none, |_| panic!("no colour written, not asked"));
        assert_eq!(s.leaving(), None);
        // One channel is enough.
        let alpha = ColorMask {
            alpha: true,
            ..none
        };
        s.after_draw(Some(t), alpha, |_| true);
        assert_eq!(s.waiting(), Some(t));
        // A clear of depth alone keeps it waiting; one of the colour does not.
        s.cleared(false);
        assert_eq!(s.waiting(), Some(t));
        s.cleared(true);
        assert_eq!(s.leaving(), None);
    }

    #[test]
    fn a_disposed_texture_or_a_lost_context_leaves_nothing_waiting() {
        let mut s = QuantiseSchedule::default();
        s.after_draw(Some(key(1)), ALL, |_| true);
        s.texture_disposed(id(2));
        assert_eq!(s.waiting(), Some(key(1)), "another texture");
        s.texture_disposed(id(1));
        assert_eq!(s.waiting(), None);
        s.after_draw(Some(key(3)), ALL, |_| true);
        s.reset();
        assert_eq!(s.leaving(), None);
    }
}
