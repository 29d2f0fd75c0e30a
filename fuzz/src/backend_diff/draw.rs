//! `backend_diff`'s draws and read-backs. Most draws are prepared: the generator sets what the
//! program it picks needs (its streams in formats that fit the buffer, its textures, a clear of
//! a back buffer that needs one) before `drawTriangles`, so that random bytes draw pictures
//! often; the rest go as they come, for the draw-time errors.

use molehill_player::as3::BitmapDataMut;
use molehill_player::{Point, Rect};

use super::{Run, TexKind};

/// What program `i` of [`super::PROGRAMS`] reads: whether `va1`, and the kind of each sampler.
fn needs(i: usize) -> (bool, &'static [TexKind]) {
    match i {
        0 => (true, &[]),
        1 | 4 | 5 => (true, &[TexKind::Flat]),
        2 => (false, &[]),
        3 => (true, &[TexKind::Cube]),
        6 => (true, &[]),
        _ => (true, &[TexKind::Flat, TexKind::Flat]),
    }
}

impl Run<'_, '_> {
    pub(super) fn draw(&mut self) {
        let Some((i, n)) = self.pick(&self.ib.clone()) else {
            return;
        };
        let prepared = !self.b.u8().is_multiple_of(4);
        if prepared && !self.prepare() {
            return;
        }
        let (first, count) = if prepared && !self.b.u8().is_multiple_of(4) {
            (0, -1)
        } else {
            let first = self.b.small(10) - 1;
            let count = match self.b.small(4) {
                0 => -1,
                _ => self.b.small((n / 3 + 1) as u8),
            };
            (first, count)
        };
        let drawn = self
            .both(
                || format!("drawTriangles({first}, {count})"),
                |c, s| c.draw_triangles(i[s], first, count),
            )
            .is_some();
        // Half the draws on the back buffer are looked at at once (the rest batch with the
        // next ones, as a frame's draws do).
        if drawn && !self.to_texture && self.b.bool() {
            self.compare_back_buffers("the back buffer after drawTriangles");
        }
    }

    /// Sets a program and what it reads; `false` when there is nothing to draw with.
    fn prepare(&mut self) -> bool {
        let Some((p, which)) = self.pick(&self.prog.clone()) else {
            return false;
        };
        let Some((v, per)) = self.pick(&self.vb.clone()) else {
            return false;
        };
        let (va1, samplers) = needs(which);
        // va0: a position of 2..=4 floats; va1: a colour or coordinates after it.
        let size0 = (2 + self.b.small(3) as u32).min(per);
        let f0 = ["float1", "float2", "float3", "float4"][size0 as usize - 1];
        let rest = per - size0;
        let f1 = match (rest, self.b.u8() % 3) {
            (0, _) => None,
            (1, 0) => Some(("bytes4", 1)),
            (1, _) => Some(("float1", 1)),
            (2 | 3, 0) => Some(("bytes4", 1)),
            (2 | 3, _) => Some(("float2", 2)),
            (_, 0) => Some(("bytes4", 1)),
            (_, 1) => Some(("float2", 2)),
            _ => Some(("float4", 4)),
        };
        let tex: Vec<_> = samplers
            .iter()
            .map(|&kind| {
                let of_kind: Vec<usize> = (0..self.tex.len())
                    .filter(|&t| self.tex[t].kind == kind)
                    .collect();
                self.pick(&of_kind)
            })
            .collect();
        if which == 5 {
            // Mipmapped sampling needs every level.
            if let Some(Some(t)) = tex.first() {
                let (w, h) = (self.tex[*t].width, self.tex[*t].height);
                let levels = 32 - w.max(h).leading_zeros();
                for level in 0..levels {
                    self.upload_level(*t, 0, level, true);
                }
            }
        }
        if self.needs_clear && !self.to_texture {
            self.clear(None);
        }
        // Half the prepared draws pass the stencil, depth and culling tests (random stencil and
        // depth states reject most fragments, which leaves flat pictures); the scissor stays.
        let plain = self.b.bool();
        let tex_handles: Vec<_> = tex.iter().map(|t| t.map(|t| self.tex[t].h)).collect();
        self.both(
            || format!("(prepare) setProgram(PROGRAMS[{which}]), va0 {f0}, va1 {f1:?}, textures {tex:?}, plain {plain}"),
            |c, s| {
                if plain {
                    c.set_stencil_actions("frontAndBack", "always", "keep", "keep", "keep")?;
                    c.set_depth_test(false, "always")?;
                    c.set_culling("none")?;
                }
                c.set_program(Some(p[s]))?;
                c.set_vertex_buffer_at(0, Some(v[s]), 0, f0)?;
                match (va1, f1) {
                    (true, Some((f, _))) => {
                        c.set_vertex_buffer_at(1, Some(v[s]), size0 as i32, f)?
                    }
                    _ => c.set_vertex_buffer_at(1, None, 0, "float4")?,
                }
                for i in 2..8 {
                    c.set_vertex_buffer_at(i, None, 0, "float4")?;
                }
                for i in 0..4 {
                    let t = tex_handles.get(i).copied().flatten();
                    c.set_texture_at(i as i32, t.map(|t| t[s]))?;
                }
                Ok(())
            },
        );
        true
    }

    pub(super) fn draw_to_bitmap_data(&mut self) {
        let (w, h) = (self.b.small(90) as u32, self.b.small(90) as u32);
        let rect = (self.b.u8() < 64).then(|| Rect {
            x: f64::from(self.b.small(40)) - 4.0,
            y: f64::from(self.b.small(40)) - 4.0,
            width: f64::from(self.b.small(90)),
            height: f64::from(self.b.small(90)),
        });
        let point = (self.b.u8() < 64).then(|| Point {
            x: f64::from(self.b.small(20)) - 4.0,
            y: f64::from(self.b.small(20)) - 4.0,
        });
        let mut out = [
            vec![0x4020_1008u32; (w * h) as usize],
            vec![0x4020_1008u32; (w * h) as usize],
        ];
        let ok = self
            .both(
                || format!("drawToBitmapData({w}x{h}, {rect:?}, {point:?})"),
                |c, s| {
                    let mut d = BitmapDataMut {
                        width: w,
                        height: h,
                        pixels: &mut out[s],
                        premultiplied: true,
                        transparent: true,
                    };
                    c.draw_to_bitmap_data(&mut d, rect, point)
                },
            )
            .is_some();
        if ok && w > 0 && h > 0 {
            let [a, b] = out;
            self.compare_pixels("drawToBitmapData", w, h, a, b);
        }
    }
}
