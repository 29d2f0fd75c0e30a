//! The fixed-function state context3d last sent, applied through the cache at each draw and
//! clear.

use molehill_context3d::{BlendFactor, RenderChanges, RenderState, StencilAction, StencilFace};

use super::conv;
use crate::gl::Calls;

/// The fixed-function state context3d last sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct FixedState {
    /// Blend, colour mask, culling, depth, stencil and scissor.
    render: RenderState,
    /// [`Calls::state_writes`] right after the last [`FixedState::apply`]; `None` when a field
    /// may have changed since ([`FixedState::change`]).
    applied_at: Option<u64>,
}

fn stencil_is_off(face: &StencilFace) -> bool {
    face.compare == molehill_context3d::CompareMode::Always
        && [face.on_both_pass, face.on_depth_fail, face.on_stencil_fail]
            .iter()
            .all(|a| *a == StencilAction::Keep)
}

impl FixedState {
    /// Records the changes context3d sent (each field given replaces the one kept); the next
    /// [`FixedState::apply`] applies the state whole when any was given.
    pub fn change(&mut self, r: &RenderChanges) {
        if *r != RenderChanges::default() {
            self.applied_at = None;
            self.render.apply(r);
        }
    }

    /// The state as context3d last sent it.
    pub fn render(&self) -> &RenderState {
        &self.render
    }

    /// Applies the state for a draw (only what differs from GL's reaches GL). Nothing to do
    /// when no field changed and no fixed-function call reached GL since the last apply
    /// (a clear, a host's state, an invalidation each count as one).
    pub fn apply(&mut self, gl: &mut Calls) {
        if self.applied_at == Some(gl.state_writes()) {
            return;
        }
        self.apply_all(gl);
        self.applied_at = Some(gl.state_writes());
    }

    fn apply_all(&self, gl: &mut Calls) {
        let r = &self.render;
        let b = r.blend;
        let no_blend = b.source == BlendFactor::One && b.destination == BlendFactor::Zero;
        gl.blend(if no_blend {
            None
        } else {
            Some((
                conv::blend_factor(b.source),
                conv::blend_factor(b.destination),
            ))
        });
        let m = r.color_mask;
        gl.color_mask([m.red, m.green, m.blue, m.alpha]);
        gl.cull(conv::cull_face(r.culling), conv::FRONT_FACE);
        let d = r.depth;
        let test = d.compare != molehill_context3d::CompareMode::Always || d.write;
        gl.depth(test.then(|| conv::compare(d.compare)), d.write);
        let s = r.stencil;
        let on = !(stencil_is_off(&s.front) && stencil_is_off(&s.back));
        gl.stencil_test(on);
        if on {
            for (back, f) in [(false, &s.front), (true, &s.back)] {
                gl.stencil_face(
                    back,
                    (
                        conv::compare(f.compare),
                        i32::from(s.reference),
                        u32::from(s.read_mask),
                    ),
                    (
                        conv::stencil_op(f.on_stencil_fail),
                        conv::stencil_op(f.on_depth_fail),
                        conv::stencil_op(f.on_both_pass),
                    ),
                );
            }
        }
        gl.stencil_mask(u32::from(s.write_mask));
        // Sizes past i32::MAX (a huge AS3 Rectangle) saturate: they cover the whole target.
        let size = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        gl.scissor(r.scissor.map(|r| [r.x, r.y, size(r.width), size(r.height)]));
    }

    /// The state a clear needs: whole target, every channel, depth and stencil writable.
    pub fn apply_for_clear(gl: &mut Calls) {
        gl.scissor(None);
        gl.color_mask([true; 4]);
        gl.depth_mask(true);
        gl.stencil_mask(0xff);
    }
}
