//! Blend factor pairs, depth compare modes and depth mask, stencil actions (two-sided).

use crate::common::*;
use molehill_context3d::*;

/// Clears to `dst`, draws `src` with the blend factors, returns the pixel as floats.
fn blend(src: [f32; 4], dst: [f32; 4], s: BlendFactor, d: BlendFactor) -> [f32; 4] {
    let mut r = Rig::new(8, 8);
    r.clear(dst);
    r.b.set_blend(BlendState {
        source: s,
        destination: d,
    });
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, src);
    r.draw_color(p, q);
    let [a, rr, g, b] = channels(r.read()[0]);
    [rr, g, b, a].map(|c| f32::from(c) / 255.0)
}

fn factor(f: BlendFactor, src: [f32; 4], dst: [f32; 4]) -> [f32; 4] {
    use BlendFactor::*;
    match f {
        Zero => [0.0; 4],
        One => [1.0; 4],
        SourceColor => src,
        OneMinusSourceColor => src.map(|c| 1.0 - c),
        SourceAlpha => [src[3]; 4],
        OneMinusSourceAlpha => [1.0 - src[3]; 4],
        DestinationColor => dst,
        OneMinusDestinationColor => dst.map(|c| 1.0 - c),
        DestinationAlpha => [dst[3]; 4],
        OneMinusDestinationAlpha => [1.0 - dst[3]; 4],
    }
}

#[test]
fn blend_factor_pairs_match_the_equation() {
    use BlendFactor::*;
    let src = [0.8, 0.4, 0.2, 0.6];
    let dst = [0.2, 0.6, 1.0, 0.4];
    let pairs = [
        (One, Zero),
        (SourceAlpha, OneMinusSourceAlpha),
        (One, OneMinusSourceAlpha),
        (One, One),
        (DestinationColor, Zero),
        (Zero, SourceColor),
        (OneMinusDestinationColor, One),
        (DestinationAlpha, OneMinusDestinationAlpha),
        (OneMinusSourceColor, SourceColor),
        (Zero, OneMinusDestinationColor),
        (OneMinusDestinationAlpha, DestinationAlpha),
    ];
    for (s, d) in pairs {
        let got = blend(src, dst, s, d);
        let (fs, fd) = (factor(s, src, dst), factor(d, src, dst));
        for i in 0..4 {
            let want = (src[i] * fs[i] + dst[i] * fd[i]).clamp(0.0, 1.0);
            assert!(
                (got[i] - want).abs() <= 2.5 / 255.0,
                "{s:?}/{d:?} channel {i}: got {} want {want}",
                got[i]
            );
        }
    }
}

/// Draws a red quad at depth 0.5, then a green one at `z` with `mode`; returns the pixel.
fn depth_case(z: f32, mode: CompareMode, write: bool) -> (u32, u32) {
    let mut r = Rig::new(8, 8);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let red = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.5, [1.0, 0.0, 0.0, 1.0]);
    r.b.set_depth(DepthState {
        write: true,
        compare: CompareMode::Always,
    });
    r.draw_color(p, red);
    r.b.set_depth(DepthState {
        write,
        compare: mode,
    });
    let green = r.color_quad([-1.0, -1.0, 1.0, 1.0], z, [0.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, green);
    let first = r.read()[0];
    // A blue quad at 0.5 with `equal` shows whether the green one wrote its depth.
    r.b.set_depth(DepthState {
        write: false,
        compare: CompareMode::Equal,
    });
    let blue = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.5, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, blue);
    (first, r.read()[0])
}

#[test]
fn depth_compare_modes() {
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    use CompareMode::*;
    // (z of the second quad, mode, whether it passes); Flash z in [0, 1], less is nearer.
    let cases = [
        (0.25, Less, true),
        (0.75, Less, false),
        (0.5, Less, false),
        (0.5, LessEqual, true),
        (0.75, Greater, true),
        (0.25, Greater, false),
        (0.5, GreaterEqual, true),
        (0.5, Equal, true),
        (0.25, Equal, false),
        (0.25, NotEqual, true),
        (0.5, NotEqual, false),
        (0.25, Never, false),
        (0.75, Always, true),
    ];
    for (z, mode, passes) in cases {
        let (got, _) = depth_case(z, mode, false);
        assert_eq!(got, if passes { green } else { red }, "z {z} {mode:?}");
    }
}

#[test]
fn depth_mask_controls_depth_writes() {
    let blue = argb(255, 0, 0, 255);
    let green = argb(255, 0, 255, 0);
    // Written at 0.25: the later equal-0.5 quad fails.
    assert_eq!(depth_case(0.25, CompareMode::Less, true).1, green);
    // Not written: depth stays 0.5 and the equal quad passes.
    assert_eq!(depth_case(0.25, CompareMode::Less, false).1, blue);
}

#[test]
fn no_depth_buffer_means_the_test_passes() {
    let mut r = Rig::with(molehill_gl::GlApi::Es30, 8, 8, 0, false);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    r.b.set_depth(DepthState {
        write: true,
        compare: CompareMode::Never,
    });
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.5, [1.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, q);
    assert_eq!(r.read()[0], argb(255, 255, 255, 0));
}

fn face(compare: CompareMode, pass: StencilAction) -> StencilFace {
    StencilFace {
        compare,
        on_both_pass: pass,
        on_depth_fail: StencilAction::Keep,
        on_stencil_fail: StencilAction::Keep,
    }
}

/// Stencil value after actions, probed with `equal` draws.
fn probe(r: &mut Rig, p: ProgramId, value: u8) -> bool {
    r.clear_color_only();
    r.b.set_stencil(StencilState {
        front: face(CompareMode::Equal, StencilAction::Keep),
        back: face(CompareMode::Equal, StencilAction::Keep),
        reference: value,
        read_mask: 0xff,
        write_mask: 0xff,
    });
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.draw_color(p, q);
    r.read()[0] == argb(255, 255, 255, 255)
}

trait ClearColor {
    fn clear_color_only(&mut self);
}

impl ClearColor for Rig {
    fn clear_color_only(&mut self) {
        self.b.clear(&Clear {
            color: [0.0, 0.0, 0.0, 1.0],
            depth: 1.0,
            stencil: 0,
            mask: ClearMask {
                color: true,
                depth: false,
                stencil: false,
            },
        });
    }
}

#[test]
fn stencil_actions() {
    use StencilAction::*;
    // (initial stencil, action, reference, expected value)
    let cases = [
        (0u8, Set, 7u8, 7u8),
        (5, Zero, 0, 0),
        (5, IncrementSaturate, 0, 6),
        (255, IncrementSaturate, 0, 255),
        (255, IncrementWrap, 0, 0),
        (0, DecrementSaturate, 0, 0),
        (0, DecrementWrap, 0, 255),
        (0x0f, Invert, 0, 0xf0),
        (9, Keep, 0, 9),
    ];
    for (initial, action, reference, want) in cases {
        let mut r = Rig::new(8, 8);
        let p = r.program(POS_COLOR_VS, COLOR_FS);
        r.b.set_depth(DepthState {
            write: false,
            compare: CompareMode::Always,
        });
        r.b.clear(&Clear {
            color: [0.0; 4],
            depth: 1.0,
            stencil: initial,
            mask: ClearMask {
                color: true,
                depth: true,
                stencil: true,
            },
        });
        r.b.set_stencil(StencilState {
            front: face(CompareMode::Always, action),
            back: face(CompareMode::Always, action),
            reference,
            read_mask: 0xff,
            write_mask: 0xff,
        });
        let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
        r.draw_color(p, q);
        assert!(
            probe(&mut r, p, want),
            "{action:?} from {initial}: stencil is not {want}"
        );
        assert!(
            !probe(&mut r, p, want.wrapping_add(1)),
            "{action:?} from {initial}: probe is not selective"
        );
    }
}

#[test]
fn stencil_is_two_sided_and_masked() {
    let mut r = Rig::new(32, 32);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    r.b.set_depth(DepthState {
        write: false,
        compare: CompareMode::Always,
    });
    r.clear([0.0; 4]);
    // Front faces set 1, back faces set 2; write mask keeps the low 7 bits.
    r.b.set_stencil(StencilState {
        front: face(CompareMode::Always, StencilAction::Set),
        back: StencilFace {
            compare: CompareMode::Always,
            on_both_pass: StencilAction::IncrementWrap,
            ..face(CompareMode::Always, StencilAction::Keep)
        },
        reference: 0x81,
        read_mask: 0xff,
        write_mask: 0x7f,
    });
    let c = [1.0f32; 4];
    let mut v = Vec::new();
    // Left half clockwise (front), right half counter-clockwise (back).
    for (x, y) in [(-1.0f32, 1.0f32), (0.0, 1.0), (0.0, -1.0), (-1.0, -1.0)] {
        v.extend_from_slice(&[x, y, 0.0]);
        v.extend_from_slice(&c);
    }
    for (x, y) in [(0.0f32, 1.0f32), (0.0, -1.0), (1.0, -1.0), (1.0, 1.0)] {
        v.extend_from_slice(&[x, y, 0.0]);
        v.extend_from_slice(&c);
    }
    let vb = r.vertex_buffer(7, &v);
    let ib = r.index_buffer(&[0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    r.draw_color_n(p, (vb, ib), 12);
    // Probe with equal against 1 (0x81 & 0x7f) and 1 (0 + 1 on the back side).
    r.clear_color_only();
    r.b.set_stencil(StencilState {
        front: face(CompareMode::Equal, StencilAction::Keep),
        back: face(CompareMode::Equal, StencilAction::Keep),
        reference: 1,
        read_mask: 0xff,
        write_mask: 0xff,
    });
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_eq!(
        r.at(&px, 4, 4),
        argb(255, 0, 255, 0),
        "front side: set 0x81 masked to 1"
    );
    assert_eq!(
        r.at(&px, 28, 4),
        argb(255, 0, 255, 0),
        "back side: incremented to 1"
    );
    // The read mask: reference 0x41 & 0x01 == stored 1 & 0x01.
    r.clear_color_only();
    r.b.set_stencil(StencilState {
        front: face(CompareMode::Equal, StencilAction::Keep),
        back: face(CompareMode::Equal, StencilAction::Keep),
        reference: 0x41,
        read_mask: 0x01,
        write_mask: 0xff,
    });
    r.draw_color(p, q);
    assert_eq!(r.read()[0], argb(255, 0, 255, 0), "read mask");
}
