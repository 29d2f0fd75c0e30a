//! `backend_diff`'s calls that make objects and fill them: buffers (uploaded whole when made),
//! textures (whole levels from BitmapData or ByteArray), programs (from [`super::PROGRAMS`]) and
//! texture targets (level 0 defined before, cleared after when they have depth or
//! antialiasing).

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::{BitmapData, ByteArray};

use super::{finite, Run, Tex, TexKind, PROGRAMS, TEXTURE_FORMATS};

/// Vertex positions (x and y, the first two values of a vertex: a prepared draw binds va0 at
/// offset 0) are moved off the grids that pixel centres lie on, by 1/300 in x and 1/700 in y.
/// The raw `setVertexBufferAt` step may bind va0 elsewhere; those draws can still tie.
///
/// Where an edge runs exactly through a sample point, which of its two triangles owns the
/// sample is the rasteriser's tie rule (D3D9's and so Flash's is top-left). molehill-gl draws
/// upside down in GL's window space and molehill-wgpu does not, so on Mesa the two resolve such
/// ties differently: a 16x16 texture target drawn with corners at +-0.5 and +-1.5, then
/// magnified on the back buffer, differed in 94 pixels (a local run of this target, stop 30).
/// Neither is a bug the comparison could tell from one; values on 1/100 steps made such exact
/// ties common, these offsets make them a coincidence.
fn vertex_value(b: &mut super::Bytes<'_>, component: u32) -> f64 {
    let off_grid = match component {
        0 => 1.0 / 300.0,
        1 => 1.0 / 700.0,
        _ => 0.0,
    };
    finite(b) + off_grid
}

impl Run<'_, '_> {
    pub(super) fn create_vertex_buffer(&mut self) {
        let n = self.b.small(14) - 1;
        let per = self.b.small(10) - 1;
        let Some(v) = self.both(
            || format!("createVertexBuffer({n}, {per})"),
            |c, _| c.create_vertex_buffer(n, per, "staticDraw"),
        ) else {
            return;
        };
        // Each four vertices start as the corners of a square of side 1 around the centre, which
        // the bytes move (vertices from zero bytes would be one point, and draw nothing).
        let data: Vec<f64> = (0..n * per)
            .map(|j| {
                let (vertex, component) = ((j / per) % 4, j % per);
                let corner = match component {
                    0 => [-0.5, 0.5, 0.5, -0.5][vertex as usize],
                    1 => [0.5, 0.5, -0.5, -0.5][vertex as usize],
                    _ => 0.0,
                };
                corner + vertex_value(&mut self.b, component as u32)
            })
            .collect();
        self.both(
            || format!("uploadFromVector({data:?}, 0, {n})"),
            |c, s| c.vertex_buffer_upload_from_vector(v[s], &data, 0, n),
        );
        self.vb.push((v, per as u32));
    }

    pub(super) fn create_index_buffer(&mut self) {
        let n = self.b.small(26) - 1;
        let Some(i) = self.both(
            || format!("createIndexBuffer({n})"),
            |c, _| c.create_index_buffer(n, "staticDraw"),
        ) else {
            return;
        };
        // Mostly quads (0 1 2, 0 2 3, then 4 5 6, ...), which draw whole triangles; else any.
        let quads = !self.b.u8().is_multiple_of(4);
        let data: Vec<u32> = (0..n as u32)
            .map(|k| {
                if quads {
                    [0, 1, 2, 0, 2, 3][k as usize % 6] + 4 * (k / 6)
                } else {
                    u32::from(self.b.u8() % 14)
                }
            })
            .collect();
        self.both(
            || format!("uploadFromVector({data:?}, 0, {n})"),
            |c, s| c.index_buffer_upload_from_vector(i[s], &data, 0, n),
        );
        self.ib.push((i, n as u32));
    }

    pub(super) fn upload_vertices(&mut self) {
        let Some((v, per)) = self.pick(&self.vb.clone()) else {
            return;
        };
        let start = self.b.small(8) - 1;
        let n = self.b.small(8) - 1;
        let per = per.max(1);
        let data: Vec<f64> = (0..self.b.small(60) as u32)
            .map(|j| vertex_value(&mut self.b, j % per))
            .collect();
        self.both(
            || format!("vertexBuffer.uploadFromVector({data:?}, {start}, {n})"),
            |c, s| c.vertex_buffer_upload_from_vector(v[s], &data, start, n),
        );
    }

    pub(super) fn upload_indices(&mut self) {
        let Some((i, _)) = self.pick(&self.ib.clone()) else {
            return;
        };
        let start = self.b.small(12) - 1;
        let n = self.b.small(12) - 1;
        let data: Vec<u32> = (0..self.b.small(14))
            .map(|_| u32::from(self.b.u8() % 14))
            .collect();
        self.both(
            || format!("indexBuffer.uploadFromVector({data:?}, {start}, {n})"),
            |c, s| c.index_buffer_upload_from_vector(i[s], &data, start, n),
        );
    }

    pub(super) fn create_texture(&mut self) {
        let kind = [
            TexKind::Flat,
            TexKind::Flat,
            TexKind::Cube,
            TexKind::Rectangle,
        ][self.b.small(4) as usize];
        let format = self.b.pick(TEXTURE_FORMATS);
        let rtt = self.b.bool();
        let (w, h) = match kind {
            TexKind::Flat => (1 << self.b.small(7), 1 << self.b.small(7)),
            TexKind::Cube => {
                let s = 1 << self.b.small(6);
                (s, s)
            }
            TexKind::Rectangle => (self.b.small(40) + 1, self.b.small(40) + 1),
        };
        let made = self.both(
            || format!("create{kind:?}Texture({w}, {h}, {format}, {rtt})"),
            |c, _| match kind {
                TexKind::Flat => c.create_texture(w, h, format, rtt, 0),
                TexKind::Cube => c.create_cube_texture(w, format, rtt, 0),
                TexKind::Rectangle => c.create_rectangle_texture(w, h, format, rtt),
            },
        );
        if let Some(h2) = made {
            self.tex.push(Tex {
                h: h2,
                kind,
                width: w as u32,
                height: h as u32,
                format,
                defined: 0,
            });
        }
    }

    /// A whole level of `t` (face `face`, level `level`) uploaded from a BitmapData or a
    /// ByteArray made from the bytes.
    pub(super) fn upload_level(&mut self, ti: usize, face: u32, level: u32, bitmap: bool) {
        let t = self.tex[ti];
        let (w, h) = ((t.width >> level).max(1), (t.height >> level).max(1));
        let ok = if bitmap || matches!(t.format, "compressed" | "nope") {
            let transparent = self.b.bool();
            let palette = [
                0xFFFF_0000u32,
                0xFF00_FF00,
                0xFF00_00FF,
                0x8040_2010,
                0x0000_0000,
                0xFFFF_FFFF,
                0x80FF_FFFF,
                0xFF80_4020,
            ];
            let seed = self.b.u8();
            let px: Vec<u32> = (0..w * h)
                .map(|i| {
                    palette[((i / (1 + u32::from(seed & 7))) + u32::from(seed >> 3)) as usize % 8]
                })
                .collect();
            let bmp = BitmapData {
                width: w,
                height: h,
                pixels: &px,
                premultiplied: false,
                transparent,
            };
            self.both(
                || {
                    format!(
                        "{:?} upload BitmapData {w}x{h} (seed {seed}) face {face} level {level}",
                        t.kind
                    )
                },
                |c, s| match t.kind {
                    TexKind::Flat => c.texture_upload_from_bitmap_data(t.h[s], bmp, level),
                    TexKind::Cube => {
                        c.cube_texture_upload_from_bitmap_data(t.h[s], bmp, face, level)
                    }
                    TexKind::Rectangle => c.rectangle_texture_upload_from_bitmap_data(t.h[s], bmp),
                },
            )
            .is_some()
        } else {
            let texels = (w * h) as usize;
            let bytes: Vec<u8> = match t.format {
                // Halves of 0, 0.25, 0.5, 0.75 and 1 (exact, no NaN or infinity).
                "rgbaHalfFloat" => (0..texels * 4)
                    .flat_map(|_| {
                        let v =
                            [0x0000u16, 0x3400, 0x3800, 0x3A00, 0x3C00][self.b.small(5) as usize];
                        v.to_le_bytes()
                    })
                    .collect(),
                "bgra" => (0..texels * 4).map(|_| self.b.u8()).collect(),
                _ => (0..texels * 2).map(|_| self.b.u8()).collect(),
            };
            self.both(
                || {
                    format!(
                        "{:?} upload ByteArray {w}x{h} {} face {face} level {level}",
                        t.kind, t.format
                    )
                },
                |c, s| {
                    let data = ByteArray::little_endian(&bytes);
                    match t.kind {
                        TexKind::Flat => c.texture_upload_from_byte_array(t.h[s], data, 0, level),
                        TexKind::Cube => {
                            c.cube_texture_upload_from_byte_array(t.h[s], data, 0, face, level)
                        }
                        TexKind::Rectangle => {
                            c.rectangle_texture_upload_from_byte_array(t.h[s], data, 0)
                        }
                    }
                },
            )
            .is_some()
        };
        if ok && level == 0 {
            self.tex[ti].defined |= 1 << face;
        }
    }

    pub(super) fn upload_texture(&mut self) {
        if self.tex.is_empty() {
            return;
        }
        let ti = usize::from(self.b.u8()) % self.tex.len();
        let face = self.b.small(7) as u32;
        let level = self.b.small(8) as u32;
        let bitmap = self.b.bool();
        self.upload_level(ti, face, level, bitmap);
    }

    pub(super) fn create_program(&mut self) {
        let Some(p) = self.both(
            || String::from("createProgram()"),
            |c, _| c.create_program(),
        ) else {
            return;
        };
        let n = self.b.small(PROGRAMS.len() as u8);
        let (vs, fs) = PROGRAMS[n as usize];
        let asm = |s: &str, k| {
            molehill_agal::encode(
                &molehill_agal::asm::assemble(s, k, Version::V1).expect("own program"),
            )
        };
        let (v, f) = (asm(vs, ProgramKind::Vertex), asm(fs, ProgramKind::Fragment));
        self.both(
            || format!("program.upload(PROGRAMS[{n}])"),
            |c, s| {
                c.program_upload(
                    p[s],
                    ByteArray::little_endian(&v),
                    ByteArray::little_endian(&f),
                )
            },
        );
        self.prog.push((p, n as usize));
    }

    pub(super) fn render_to_texture(&mut self) {
        if self.tex.is_empty() {
            return;
        }
        let ti = usize::from(self.b.u8()) % self.tex.len();
        let depth = self.b.bool();
        let aa = [0, 0, 2, 4][self.b.small(4) as usize];
        let face = self.b.small(7) - 1;
        let t = self.tex[ti];
        let face_ok = (0..t.faces() as i32).contains(&face);
        // Level 0 of the face is defined before it becomes a target.
        if face_ok && t.defined & (1 << face) == 0 {
            self.upload_level(ti, face as u32, 0, true);
        }
        let ok = self
            .both(
                || {
                    format!(
                        "setRenderToTexture({:?} {ti}, {depth}, {aa}, {face})",
                        t.kind
                    )
                },
                |c, s| c.set_render_to_texture(Some(t.h[s]), depth, aa, face, 0),
            )
            .is_some();
        self.target_cleared = false;
        self.to_texture |= ok;
        if ok && (depth || aa > 0) {
            self.clear(Some(7));
        }
    }
}
