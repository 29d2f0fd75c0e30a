//! The stage as Flash Player shows it: the one composition rule for replays and for hosts.
//!
//! Flash Player draws the stage colour, then the back buffer of each visible `Stage3D` in
//! index order (`stage3Ds[0]` at the bottom), each placed at its `x`, `y`, clipped to the
//! stage, and drawn **opaque**: the colour channels are taken as they are in the back buffer
//! (which holds premultiplied colour), the alpha channel is ignored, nothing is blended and
//! nothing is un-premultiplied. The display list (drawn above the Stage3D layers) is out of
//! scope.
//!
//! - [`StageLayout`]: the stage's size and colour (`config stage` in a trace).
//! - [`LayerPlacement`]: a `Stage3D`'s `x`, `y` and `visible`, in whole pixels.
//! - [`layer_destination`]: where a layer lands on the stage, clipped; the rule a GPU host
//!   uses to blit each back buffer (see [`ClippedLayer`] for the coordinate conventions).
//! - [`compose`]: the whole screen as `0xFFRRGGBB` pixels, row 0 at the top.
//!
//! Rows are top first everywhere here. A GL host whose framebuffers are bottom-up converts with
//! `gl_y = stage.height - (dst_y + height)` (and the same on the source side).

/// How many `Stage3D` objects a Flash stage has (`stage.stage3Ds.length`).
pub const STAGE3D_COUNT: usize = 4;

/// The stage: its size in pixels and its colour (`stage.stageWidth`, `stage.stageHeight`,
/// `stage.color`). The default is Flash's default movie: 550x400, white.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct StageLayout {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Background colour `0xRRGGBB` (bits above 24 are ignored).
    pub color: u32,
}

impl StageLayout {
    /// Flash's default stage width.
    pub const DEFAULT_WIDTH: u32 = 550;
    /// Flash's default stage height.
    pub const DEFAULT_HEIGHT: u32 = 400;
    /// Flash's default stage colour (white).
    pub const DEFAULT_COLOR: u32 = 0xFF_FF_FF;

    /// A stage of `width` x `height` pixels filled with `color` (`0xRRGGBB`).
    pub fn new(width: u32, height: u32, color: u32) -> Self {
        Self {
            width,
            height,
            color: color & 0x00FF_FFFF,
        }
    }
}

impl Default for StageLayout {
    fn default() -> Self {
        Self::new(
            Self::DEFAULT_WIDTH,
            Self::DEFAULT_HEIGHT,
            Self::DEFAULT_COLOR,
        )
    }
}

/// Where a `Stage3D` sits: its top-left corner on the stage in whole pixels, and whether it
/// is shown. The default is Flash's: at (0, 0), visible.
///
/// AS3's `Stage3D.x` and `Stage3D.y` are `Number`s; [`LayerPlacement::from_as3`] is the one
/// conversion the facade uses: NaN becomes 0, other values are truncated toward zero and
/// saturate at the `i32` range (the same rule as a `Rectangle` argument's edges elsewhere in
/// this crate). Flash documents only that the position is "in pixels"; content places Stage3D
/// layers at whole pixels, where every rounding rule agrees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct LayerPlacement {
    /// Left edge on the stage (may be negative or past the stage: the layer is clipped).
    pub x: i32,
    /// Top edge on the stage.
    pub y: i32,
    /// `Stage3D.visible`: an invisible layer is not drawn at all.
    pub visible: bool,
}

impl LayerPlacement {
    /// A layer at (`x`, `y`) pixels.
    pub fn new(x: i32, y: i32, visible: bool) -> Self {
        Self { x, y, visible }
    }

    /// A layer at AS3 `Number` coordinates: NaN is 0, the rest truncated toward zero and
    /// saturated to `i32` (Rust's `as` conversion does exactly this).
    pub fn from_as3(x: f64, y: f64, visible: bool) -> Self {
        Self::new(x as i32, y as i32, visible)
    }
}

impl Default for LayerPlacement {
    fn default() -> Self {
        Self::new(0, 0, true)
    }
}

/// The visible part of a layer: copy the `width` x `height` block at (`src_x`, `src_y`) of the
/// back buffer to (`dst_x`, `dst_y`) on the stage. All coordinates top-left origin, rows down;
/// `width` and `height` are never 0 (a layer with nothing visible gives no `ClippedLayer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClippedLayer {
    /// Left edge of the visible part in the back buffer.
    pub src_x: u32,
    /// Top edge of the visible part in the back buffer.
    pub src_y: u32,
    /// Left edge on the stage.
    pub dst_x: u32,
    /// Top edge on the stage.
    pub dst_y: u32,
    /// Width of the visible part.
    pub width: u32,
    /// Height of the visible part.
    pub height: u32,
}

/// Where a `layer_width` x `layer_height` back buffer placed at `placement` lands on `stage`,
/// clipped to the stage; `None` when the layer is invisible, empty, or wholly off the stage.
pub fn layer_destination(
    stage: &StageLayout,
    placement: &LayerPlacement,
    layer_width: u32,
    layer_height: u32,
) -> Option<ClippedLayer> {
    if !placement.visible {
        return None;
    }
    // i64: x + width can exceed i32 and u32 ranges.
    let (x, y) = (i64::from(placement.x), i64::from(placement.y));
    let x0 = x.max(0);
    let y0 = y.max(0);
    let x1 = (x + i64::from(layer_width)).min(i64::from(stage.width));
    let y1 = (y + i64::from(layer_height)).min(i64::from(stage.height));
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    // Every value below lies in 0..=u32::MAX: x0 >= x, x0 < x1 <= stage.width.
    Some(ClippedLayer {
        src_x: (x0 - x) as u32,
        src_y: (y0 - y) as u32,
        dst_x: x0 as u32,
        dst_y: y0 as u32,
        width: (x1 - x0) as u32,
        height: (y1 - y0) as u32,
    })
}

/// One `Stage3D`'s contribution to the screen: its placement and what its last `present()`
/// showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Layer<'a> {
    /// Position and visibility.
    pub placement: LayerPlacement,
    /// Back buffer width in pixels.
    pub width: u32,
    /// Back buffer height in pixels.
    pub height: u32,
    /// `width * height` pixels `0xAARRGGBB` as stored in the back buffer (premultiplied),
    /// rows top first: what [`crate::Backend::read_back_buffer`] returns.
    pub pixels: &'a [u32],
}

impl<'a> Layer<'a> {
    /// A layer of `width` x `height` back-buffer pixels at `placement`.
    pub fn new(placement: LayerPlacement, width: u32, height: u32, pixels: &'a [u32]) -> Self {
        Self {
            placement,
            width,
            height,
            pixels,
        }
    }
}

/// The screen Flash Player shows: `stage.width * stage.height` pixels `0xFFRRGGBB`, row 0 at
/// the top. The stage colour, then each visible layer in slice order (index 0 at the bottom)
/// at its `x`, `y`, clipped to the stage, its colour channels copied as they are and its
/// alpha ignored. A layer whose `pixels` is shorter than `width * height` draws the rows and
/// pixels it has (this never panics).
pub fn compose(stage: &StageLayout, layers: &[Layer<'_>]) -> Vec<u32> {
    let (sw, sh) = (stage.width as usize, stage.height as usize);
    let mut screen = vec![0xFF00_0000 | (stage.color & 0x00FF_FFFF); sw * sh];
    for layer in layers {
        let Some(c) = layer_destination(stage, &layer.placement, layer.width, layer.height) else {
            continue;
        };
        let (lw, w) = (layer.width as usize, c.width as usize);
        for row in 0..c.height as usize {
            let src = (c.src_y as usize + row) * lw + c.src_x as usize;
            let dst = (c.dst_y as usize + row) * sw + c.dst_x as usize;
            let Some(source) = layer.pixels.get(src..) else {
                break;
            };
            for (out, &p) in screen[dst..dst + w].iter_mut().zip(source.iter().take(w)) {
                *out = 0xFF00_0000 | (p & 0x00FF_FFFF);
            }
        }
    }
    screen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(w: u32, h: u32, color: u32) -> StageLayout {
        StageLayout::new(w, h, color)
    }

    #[test]
    fn defaults_are_flashs() {
        let s = StageLayout::default();
        assert_eq!((s.width, s.height, s.color), (550, 400, 0xFFFFFF));
        assert_eq!(LayerPlacement::default(), LayerPlacement::new(0, 0, true));
        assert_eq!(STAGE3D_COUNT, 4);
    }

    #[test]
    fn stage_colour_only_when_no_layer() {
        let s = stage(3, 2, 0x12345678);
        // Bits above 24 of the colour are dropped; alpha is opaque.
        assert_eq!(compose(&s, &[]), vec![0xFF345678; 6]);
    }

    #[test]
    fn as3_numbers_truncate_toward_zero() {
        assert_eq!(
            LayerPlacement::from_as3(2.9, -2.9, true),
            LayerPlacement::new(2, -2, true)
        );
        assert_eq!(
            LayerPlacement::from_as3(f64::NAN, 1e20, false),
            LayerPlacement::new(0, i32::MAX, false)
        );
        assert_eq!(
            LayerPlacement::from_as3(-1e20, f64::NEG_INFINITY, true).x,
            i32::MIN
        );
    }

    #[test]
    fn destination_clips_on_every_side() {
        let s = stage(10, 8, 0);
        let at = |x, y| LayerPlacement::new(x, y, true);
        // Wholly inside.
        assert_eq!(
            layer_destination(&s, &at(2, 3), 4, 2),
            Some(ClippedLayer {
                src_x: 0,
                src_y: 0,
                dst_x: 2,
                dst_y: 3,
                width: 4,
                height: 2
            })
        );
        // Off the top-left: the first 3 columns and 1 row of the layer are cut.
        assert_eq!(
            layer_destination(&s, &at(-3, -1), 5, 4),
            Some(ClippedLayer {
                src_x: 3,
                src_y: 1,
                dst_x: 0,
                dst_y: 0,
                width: 2,
                height: 3
            })
        );
        // Past the bottom-right: 10 - 8 = 2 columns, 8 - 7 = 1 row remain.
        assert_eq!(
            layer_destination(&s, &at(8, 7), 5, 4),
            Some(ClippedLayer {
                src_x: 0,
                src_y: 0,
                dst_x: 8,
                dst_y: 7,
                width: 2,
                height: 1
            })
        );
        // Larger than the stage on all sides.
        assert_eq!(
            layer_destination(&s, &at(-1, -1), 20, 20),
            Some(ClippedLayer {
                src_x: 1,
                src_y: 1,
                dst_x: 0,
                dst_y: 0,
                width: 10,
                height: 8
            })
        );
        // Nothing on the stage: touching an edge, off it, empty, hidden, extreme positions.
        assert_eq!(layer_destination(&s, &at(10, 0), 5, 5), None);
        assert_eq!(layer_destination(&s, &at(-5, 0), 5, 5), None);
        assert_eq!(layer_destination(&s, &at(0, 0), 0, 5), None);
        assert_eq!(
            layer_destination(&s, &LayerPlacement::new(0, 0, false), 5, 5),
            None
        );
        assert_eq!(
            layer_destination(&s, &at(i32::MAX, i32::MAX), u32::MAX, u32::MAX),
            None
        );
        assert_eq!(
            layer_destination(&s, &at(i32::MIN, 0), u32::MAX, 1),
            // i32::MIN + u32::MAX = 2^31 - 1 > 10: the layer covers the row's whole width.
            Some(ClippedLayer {
                src_x: 1 << 31,
                src_y: 0,
                dst_x: 0,
                dst_y: 0,
                width: 10,
                height: 1
            })
        );
    }

    #[test]
    fn layers_stack_in_index_order_opaque() {
        // A 4x3 stage, colour 0x0000FF. Layer 0: 2x2 of 0x80FF0000 (half-transparent
        // premultiplied red, as a back buffer holds it) at (0, 0). Layer 1: 2x2 of
        // 0x00_00FF00 (alpha 0) at (1, 1), over layer 0 at (1, 1). Layer 2 hidden, covering all.
        let s = stage(4, 3, 0x0000FF);
        let red = [0x80FF_0000u32; 4];
        let green = [0x0000_FF00u32; 4];
        let white = [0xFFFF_FFFFu32; 12];
        let screen = compose(
            &s,
            &[
                Layer::new(LayerPlacement::new(0, 0, true), 2, 2, &red),
                Layer::new(LayerPlacement::new(1, 1, true), 2, 2, &green),
                Layer::new(LayerPlacement::new(0, 0, false), 4, 3, &white),
            ],
        );
        let (b, r, g) = (0xFF0000FF, 0xFFFF0000, 0xFF00FF00);
        #[rustfmt::skip]
        let expected = vec![
            r, r, b, b,
            r, g, g, b,
            b, g, g, b,
        ];
        assert_eq!(screen, expected);
    }

    #[test]
    fn layer_source_offset_is_respected() {
        // A 3x2 layer with distinct pixels at (-1, 0) on a 2x2 stage: columns 1..3 show.
        let s = stage(2, 2, 0);
        let px = [1, 2, 3, 4, 5, 6];
        let screen = compose(
            &s,
            &[Layer::new(LayerPlacement::new(-1, 0, true), 3, 2, &px)],
        );
        assert_eq!(screen, vec![0xFF000002, 0xFF000003, 0xFF000005, 0xFF000006]);
    }

    #[test]
    fn short_pixel_slices_never_panic() {
        let s = stage(4, 4, 0);
        let px = [0xFFFFFFFFu32; 5];
        let screen = compose(&s, &[Layer::new(LayerPlacement::default(), 4, 4, &px)]);
        // Row 0 fully, row 1 only its first pixel; the rest stays the stage colour.
        assert_eq!(screen.iter().filter(|&&p| p == 0xFFFFFFFF).count(), 5);
        assert_eq!(screen[4], 0xFFFFFFFF);
        assert_eq!(screen[5], 0xFF000000);
    }
}
