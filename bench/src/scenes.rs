//! The scenes of [`Scenario`](crate::scenarios::Scenario), each over any [`Renderer`]: Starling's batches, state
//! changes, a mesh, skinning and texture streaming (which `upload` reuses).

use crate::renderer::{Attribute, Blend, Compare, Cull, Num, Renderer, Sampling, Scene};
use crate::shaders::{COLOR, MESH_ONE, MESH_PLAIN, MESH_TWO, SKIN, STARLING, TINT};

/// Starling: batches per frame and quads per batch.
const BATCHES: u32 = 64;
const QUADS_PER_BATCH: u32 = 32;

pub(super) struct Starling<R: Renderer> {
    textures: [R::Texture; 2],
    vertices: R::Vertices,
    mesh: R::Mesh,
    program: R::Program,
    data: Vec<R::Num>,
    constants: [R::Num; 16],
}

impl<R: Renderer> Starling<R> {
    const PER_VERTEX: usize = 8; // x y u v r g b a

    pub(super) fn new(r: &mut R) -> Result<Self, String> {
        let program = r.program(&STARLING)?;
        let sampling = Sampling {
            linear: true,
            repeat: false,
        };
        let mut textures = Vec::new();
        for colour in [0xFF20_80E0u32, 0x8070_2010] {
            let t = r.texture(256, sampling)?;
            r.upload_texture(t, &checker(256, colour, 0))?;
            textures.push(t);
        }
        let quads = BATCHES * QUADS_PER_BATCH;
        let vertices = r.vertices(quads * 4, Self::PER_VERTEX as u32, true)?;
        let attributes = [
            Attribute { offset: 0, size: 2 },
            Attribute { offset: 2, size: 2 },
            Attribute { offset: 4, size: 4 },
        ];
        let mesh = r.mesh(vertices, &attributes, &quad_indices(quads))?;
        Ok(Starling {
            textures: [textures[0], textures[1]],
            vertices,
            mesh,
            program,
            data: vec![R::Num::default(); (quads * 4) as usize * Self::PER_VERTEX],
            constants: [R::Num::default(); 16],
        })
    }
}

impl<R: Renderer> Scene<R> for Starling<R> {
    fn draws(&self) -> usize {
        BATCHES as usize
    }

    fn frame(&mut self, r: &mut R, n: u32) -> Result<(), String> {
        // Every sprite moves: Starling re-uploads the batch's vertex data.
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let wobble = (n % 60) as f32 / 600.0;
        for (q, quad) in self.data.chunks_mut(4 * Self::PER_VERTEX).enumerate() {
            let (x, y) = (
                (q % 32) as f32 / 16.0 - 1.0,
                (q / 32 % 32) as f32 / 16.0 - 1.0,
            );
            for (vertex, (u, v)) in quad.chunks_mut(Self::PER_VERTEX).zip(corners) {
                let values = [
                    x + u / 16.0 + wobble,
                    y + v / 16.0,
                    u,
                    v,
                    1.0,
                    1.0,
                    1.0,
                    0.8,
                ];
                for (o, v) in vertex.iter_mut().zip(nums(&values)) {
                    *o = v;
                }
            }
        }
        r.upload_vertices(self.vertices, &self.data)?;
        r.clear([0.1, 0.1, 0.1, 1.0])?;
        r.blend(Blend::Premultiplied)?;
        r.depth(false, Compare::Always)?;
        r.cull(Cull::None)?;
        r.use_program(self.program)?;
        r.use_mesh(self.mesh)?;
        for b in 0..BATCHES {
            let scale = 1.0 - (b % 8) as f32 / 32.0;
            matrix(&mut self.constants, 0.0, 0.0, scale, scale, 0.0);
            r.vertex_constants(0, &self.constants)?;
            let alpha = R::Num::of(0.5 + (b % 2) as f32 / 2.0);
            r.vertex_constants(4, &[alpha; 4])?;
            r.texture_at(0, Some(self.textures[(b % 2) as usize]))?;
            r.draw(b * QUADS_PER_BATCH * 6, QUADS_PER_BATCH * 2)?;
        }
        r.present()
    }
}

/// State: draws per frame.
const STATE_DRAWS: u32 = 256;

pub(super) struct StateChanges<R: Renderer> {
    programs: [R::Program; 2],
    mesh: R::Mesh,
    constants: [R::Num; 16],
}

impl<R: Renderer> StateChanges<R> {
    pub(super) fn new(r: &mut R) -> Result<Self, String> {
        let a = r.program(&TINT)?;
        let b = r.program(&COLOR)?;
        let vertices = r.vertices(4, 8, false)?;
        let data = [
            -0.1, -0.1, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            0.1, -0.1, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            0.1, 0.1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
            -0.1, 0.1, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0,
        ];
        r.upload_vertices(vertices, &nums(&data).collect::<Vec<_>>())?;
        let attributes = [
            Attribute { offset: 0, size: 2 },
            Attribute { offset: 2, size: 2 },
            Attribute { offset: 4, size: 4 },
        ];
        let mesh = r.mesh(vertices, &attributes, &quad_indices(1))?;
        Ok(StateChanges {
            programs: [a, b],
            mesh,
            constants: [R::Num::default(); 16],
        })
    }
}

impl<R: Renderer> Scene<R> for StateChanges<R> {
    fn draws(&self) -> usize {
        STATE_DRAWS as usize
    }

    fn frame(&mut self, r: &mut R, _n: u32) -> Result<(), String> {
        const BLENDS: [Blend; 3] = [Blend::Opaque, Blend::Alpha, Blend::Add];
        const DEPTHS: [Compare; 3] = [Compare::Always, Compare::Less, Compare::LessEqual];
        const CULLS: [Cull; 3] = [Cull::None, Cull::Back, Cull::Front];
        r.clear([0.0, 0.0, 0.0, 1.0])?;
        r.use_mesh(self.mesh)?;
        for d in 0..STATE_DRAWS as usize {
            r.blend(BLENDS[d % 3])?;
            r.depth(d % 2 == 0, DEPTHS[d % 3])?;
            r.cull(CULLS[d % 3])?;
            r.scissor((d % 4 == 0).then_some([0, 0, 256, 256]))?;
            r.color_mask([true, true, d % 5 != 0, true])?;
            r.use_program(self.programs[d % 2])?;
            let (x, y) = ((d % 16) as f32 / 8.0 - 0.9, (d / 16) as f32 / 8.0 - 0.9);
            matrix(&mut self.constants, x, y, 1.0, 1.0, 0.0);
            r.vertex_constants(0, &self.constants)?;
            let shade = (d % 7) as f32 / 7.0;
            r.fragment_constants(0, &[shade, 0.5, 1.0, 0.5].map(R::Num::of))?;
            r.draw(0, 2)?;
        }
        r.present()
    }
}

/// A `cells` x `cells` grid in the unit square: position xyz + uv, clockwise on screen
/// (Flash's front faces).
fn grid<N: Num>(cells: u32) -> (Vec<N>, Vec<u16>) {
    let mut vertices = Vec::new();
    for j in 0..=cells {
        for i in 0..=cells {
            let (u, v) = (i as f32 / cells as f32, j as f32 / cells as f32);
            vertices.extend(nums::<N>(&[u, v, 0.0, u * 2.0, v * 2.0]));
        }
    }
    let mut indices = Vec::new();
    let at = |i: u32, j: u32| (j * (cells + 1) + i) as u16;
    for j in 0..cells {
        for i in 0..cells {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            indices.extend([a, c, b, a, d, c]);
        }
    }
    (vertices, indices)
}

/// Mesh: draws per frame.
const MESH_DRAWS: u32 = 96;

pub(super) struct MeshScene<R: Renderer> {
    programs: [R::Program; 3],
    textures: [R::Texture; 4],
    meshes: [(R::Mesh, u32); 2],
    constants: [R::Num; 16],
}

impl<R: Renderer> MeshScene<R> {
    pub(super) fn new(r: &mut R) -> Result<Self, String> {
        let programs = [
            r.program(&MESH_ONE)?,
            r.program(&MESH_TWO)?,
            r.program(&MESH_PLAIN)?,
        ];
        let mut textures = Vec::new();
        for (i, colour) in [0xFFE0_4040u32, 0xFF40_E040, 0xFFFF_FFFF, 0xFF80_80FF]
            .into_iter()
            .enumerate()
        {
            let sampling = Sampling {
                linear: i < 2,
                repeat: true,
            };
            let t = r.texture(128, sampling)?;
            r.upload_texture(t, &checker(128, colour, i as u32 * 4))?;
            textures.push(t);
        }
        let attributes = [
            Attribute { offset: 0, size: 3 },
            Attribute { offset: 3, size: 2 },
        ];
        let mut meshes = Vec::new();
        for cells in [16, 8] {
            let (data, indices) = grid::<R::Num>(cells);
            let v = r.vertices((cells + 1) * (cells + 1), 5, false)?;
            r.upload_vertices(v, &data)?;
            meshes.push((r.mesh(v, &attributes, &indices)?, cells * cells * 2));
        }
        Ok(MeshScene {
            programs,
            textures: [textures[0], textures[1], textures[2], textures[3]],
            meshes: [meshes[0], meshes[1]],
            constants: [R::Num::default(); 16],
        })
    }
}

impl<R: Renderer> Scene<R> for MeshScene<R> {
    fn draws(&self) -> usize {
        MESH_DRAWS as usize
    }

    fn frame(&mut self, r: &mut R, n: u32) -> Result<(), String> {
        r.clear([0.2, 0.2, 0.3, 1.0])?;
        r.blend(Blend::Opaque)?;
        r.depth(true, Compare::Less)?;
        r.cull(Cull::Back)?;
        for d in 0..MESH_DRAWS {
            let kind = (d / 4 % 3) as usize;
            let (mesh, triangles) = self.meshes[(d % 2) as usize];
            r.use_program(self.programs[kind])?;
            r.use_mesh(mesh)?;
            let first = (d as usize + n as usize) % 2;
            match kind {
                0 => {
                    r.texture_at(0, Some(self.textures[first]))?;
                    r.texture_at(1, None)?;
                }
                1 => {
                    r.texture_at(0, Some(self.textures[first]))?;
                    r.texture_at(1, Some(self.textures[2 + first]))?;
                }
                _ => {
                    r.texture_at(0, None)?;
                    r.texture_at(1, None)?;
                }
            }
            let (x, y) = ((d % 12) as f32 / 6.0 - 1.0, (d / 12) as f32 / 4.0 - 1.0);
            let z = (d % 5) as f32 / 5.0;
            matrix(&mut self.constants, x, y, 0.3, 0.3, z);
            r.vertex_constants(0, &self.constants)?;
            let tint = [1.0, 1.0 - (d % 3) as f32 / 4.0, 1.0, 1.0];
            r.fragment_constants(0, &tint.map(R::Num::of))?;
            r.draw(0, triangles)?;
        }
        r.present()
    }
}

/// Skinning: draws per frame, bones per draw.
const SKIN_DRAWS: u32 = 32;
const BONES: u32 = 36;

pub(super) struct Skinning<R: Renderer> {
    program: R::Program,
    mesh: R::Mesh,
    triangles: u32,
    bones: Vec<R::Num>,
    constants: [R::Num; 16],
}

impl<R: Renderer> Skinning<R> {
    pub(super) fn new(r: &mut R) -> Result<Self, String> {
        let program = r.program(&SKIN)?;
        let cells = 16u32;
        let (grid, indices) = grid::<f32>(cells);
        // x y z, bone index * 3, r g b a.
        let mut data: Vec<R::Num> = Vec::new();
        for (k, v) in grid.chunks(5).enumerate() {
            let bone = (k as u32 * BONES / ((cells + 1) * (cells + 1))) * 3;
            data.extend(nums::<R::Num>(&[
                v[0],
                v[1],
                v[2],
                bone as f32,
                v[3] / 2.0,
                v[4] / 2.0,
                0.5,
                1.0,
            ]));
        }
        let vertices = r.vertices((cells + 1) * (cells + 1), 8, false)?;
        r.upload_vertices(vertices, &data)?;
        let attributes = [
            Attribute { offset: 0, size: 3 },
            Attribute { offset: 3, size: 1 },
            Attribute { offset: 4, size: 4 },
        ];
        let mesh = r.mesh(vertices, &attributes, &indices)?;
        Ok(Skinning {
            program,
            mesh,
            triangles: cells * cells * 2,
            bones: vec![R::Num::default(); (BONES * 12) as usize],
            constants: [R::Num::default(); 16],
        })
    }
}

impl<R: Renderer> Scene<R> for Skinning<R> {
    fn draws(&self) -> usize {
        SKIN_DRAWS as usize
    }

    fn frame(&mut self, r: &mut R, n: u32) -> Result<(), String> {
        r.clear([0.0, 0.0, 0.0, 1.0])?;
        r.blend(Blend::Opaque)?;
        r.depth(true, Compare::LessEqual)?;
        r.cull(Cull::Back)?;
        r.use_program(self.program)?;
        r.use_mesh(self.mesh)?;
        for d in 0..SKIN_DRAWS {
            // Each bone: a 3x4 row-major transform (rotation-free: scale and translation).
            for (b, bone) in self.bones.chunks_mut(12).enumerate() {
                let t = ((b as u32 + d + n) % 16) as f32 / 64.0;
                let s = 1.0 + (b % 4) as f32 / 16.0;
                let rows = [s, 0.0, 0.0, t, 0.0, s, 0.0, -t, 0.0, 0.0, 1.0, 0.0];
                for (o, v) in bone.iter_mut().zip(nums(&rows)) {
                    *o = v;
                }
            }
            r.vertex_constants(4, &self.bones)?;
            let (x, y) = ((d % 8) as f32 / 4.0 - 1.0, (d / 8) as f32 / 2.0 - 1.0);
            matrix(&mut self.constants, x, y, 0.2, 0.4, 0.0);
            r.vertex_constants(0, &self.constants)?;
            r.draw(0, self.triangles)?;
        }
        r.present()
    }
}

pub(super) struct Streaming<R: Renderer> {
    side: u32,
    program: R::Program,
    textures: Vec<R::Texture>,
    mesh: R::Mesh,
    pixels: [Vec<u8>; 2],
    constants: [R::Num; 16],
}

impl<R: Renderer> Streaming<R> {
    pub(super) fn new(r: &mut R, side: u32, count: u32) -> Result<Self, String> {
        let program = r.program(&STARLING)?;
        let sampling = Sampling {
            linear: true,
            repeat: false,
        };
        let mut textures = Vec::new();
        for _ in 0..count {
            textures.push(r.texture(side, sampling)?);
        }
        let vertices = r.vertices(4, 8, false)?;
        let data = [
            0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
            0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0,
        ];
        r.upload_vertices(vertices, &nums(&data).collect::<Vec<_>>())?;
        let attributes = [
            Attribute { offset: 0, size: 2 },
            Attribute { offset: 2, size: 2 },
            Attribute { offset: 4, size: 4 },
        ];
        let mesh = r.mesh(vertices, &attributes, &quad_indices(1))?;
        Ok(Streaming {
            side,
            program,
            textures,
            mesh,
            pixels: [checker(side, 0xFF30_A0F0, 0), checker(side, 0xC0C0_6020, 8)],
            constants: [R::Num::default(); 16],
        })
    }
}

impl<R: Renderer> Scene<R> for Streaming<R> {
    fn draws(&self) -> usize {
        self.textures.len()
    }

    fn texture_bytes(&self) -> usize {
        self.textures.len() * (self.side * self.side * 4) as usize
    }

    fn frame(&mut self, r: &mut R, n: u32) -> Result<(), String> {
        // A video's frames: each texture gets new pixels every frame.
        for (i, t) in self.textures.iter().enumerate() {
            r.upload_texture(*t, &self.pixels[(i + n as usize) % 2])?;
        }
        r.clear([0.0, 0.0, 0.0, 1.0])?;
        r.blend(Blend::Opaque)?;
        r.depth(false, Compare::Always)?;
        r.cull(Cull::None)?;
        r.use_program(self.program)?;
        r.use_mesh(self.mesh)?;
        r.vertex_constants(4, &[R::Num::of(1.0); 4])?;
        for (i, t) in self.textures.iter().enumerate() {
            let (x, y) = ((i % 2) as f32 - 1.0, (i / 2) as f32 - 1.0);
            matrix(&mut self.constants, x, y, 1.0, 1.0, 0.0);
            r.vertex_constants(0, &self.constants)?;
            r.texture_at(0, Some(*t))?;
            r.draw(0, 2)?;
        }
        r.present()
    }
}

fn nums<N: Num>(values: &[f32]) -> impl Iterator<Item = N> + '_ {
    values.iter().map(|v| N::of(*v))
}

/// Fills `out` with a row-major 2D transform (four registers, as `m44` reads them).
fn matrix<N: Num>(out: &mut [N; 16], x: f32, y: f32, sx: f32, sy: f32, z: f32) {
    let m = [
        sx, 0.0, 0.0, x, 0.0, sy, 0.0, y, 0.0, 0.0, 0.5, z, 0.0, 0.0, 0.0, 1.0,
    ];
    for (o, v) in out.iter_mut().zip(m) {
        *o = N::of(v);
    }
}

/// `side` x `side` bgra bytes: a checkerboard of `colour` (0xAARRGGBB, premultiplied) and
/// clear texels, shifted by `shift` texels.
pub fn checker(side: u32, colour: u32, shift: u32) -> Vec<u8> {
    let [a, r, g, b] = colour.to_be_bytes();
    let mut out = Vec::with_capacity((side * side * 4) as usize);
    for y in 0..side {
        for x in 0..side {
            let on = ((x + shift) / 16 + y / 16).is_multiple_of(2);
            out.extend_from_slice(&if on { [b, g, r, a] } else { [0; 4] });
        }
    }
    out
}

/// Indices of `quads` quads of four vertices (0 1 2, 0 2 3 each).
fn quad_indices(quads: u32) -> Vec<u16> {
    (0..quads)
        .flat_map(|q| [0, 1, 2, 0, 2, 3].map(|i| (q * 4 + i) as u16))
        .collect()
}
