//! The memory budget of one context: the one place that counts what a context's objects take.
//!
//! Flash caps object counts (4096 per kind, #3691) but content can still ask a driver for tens
//! of GiB (hundreds of `createTexture(4096, 4096, "bgra")`). Every texture (every level and
//! face), render surface (depth/stencil and multisampled surfaces of texture targets), vertex
//! and index buffer and the back buffer counts against the budget of [`ContextOptions`]. An
//! allocation over the budget fails *before* anything is allocated, with Error #3691
//! ("Resource limit for this resource type exceeded.", the error Flash gives when a resource
//! limit is hit: content that handles Flash's limits handles this one) and the context keeps
//! working. `Context3D.totalGPUMemory` is [`Context3D::total_gpu_memory`], from the same count.
//! Disposing an object gives its memory back; disposing the context or losing it resets the
//! count to zero.
//!
//! What counts (bytes): a texture level `w * h * texel` with `texel` 4 for `bgra`, 2 for
//! `bgraPacked4444` / `bgrPacked565`, 8 for `rgbaHalfFloat` and 4 for `compressed` /
//! `compressedAlpha` (a backend may store them decoded as RGBA8: the worst case is counted,
//! so the budget bounds what any backend allocates); every level of the texture's chain and
//! all six faces of a cube; a video texture its current frame. A texture target with depth and
//! stencil adds `w * h * 4`; with `antiAlias` `s` > 0 adds `s` multisampled colour texels
//! (and depth texels with depth), charged once per texture at `setRenderToTexture`, at its
//! largest. The back buffer: colour `w * h * 4`, depth `w * h * 4`, each times `s` more when
//! multisampled (plus the single-sample resolve colour). A vertex buffer
//! `numVertices * data32PerVertex * 4`, an index buffer `numIndices * 2`.

use std::collections::HashMap;

use crate::backend::{BackBufferConfig, TextureDesc, TextureFormat, TextureKind};
use crate::error::{Context3DError, Result};
use crate::resources::handles::{IndexBuffer3D, TextureBase, VertexBuffer3D};

/// The default budget: 1 GiB. Stage3D content was written for GPUs of 512 MiB to 1 GiB (and
/// Flash's own `totalGPUMemory` reports stay far below); a desktop player can hold it in RAM
/// too, as it must on a software renderer (llvmpipe keeps textures in process memory).
pub const DEFAULT_MEMORY_BUDGET: u64 = 1 << 30;

/// What an embedder sets for each context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ContextOptions {
    /// Bytes a context's textures, render surfaces, buffers and back buffer may take together
    /// (see the [module docs](self)). Default [`DEFAULT_MEMORY_BUDGET`]; `u64::MAX` for none.
    pub memory_budget: u64,
}

impl ContextOptions {
    /// These options with the memory budget set to `bytes` (`u64::MAX` for none).
    pub fn with_memory_budget(mut self, bytes: u64) -> ContextOptions {
        self.memory_budget = bytes;
        self
    }
}

impl Default for ContextOptions {
    fn default() -> Self {
        ContextOptions {
            memory_budget: DEFAULT_MEMORY_BUDGET,
        }
    }
}

/// One context's count.
#[derive(Debug)]
pub(crate) struct Memory {
    budget: u64,
    used: u64,
    back_buffer: u64,
    vertex_buffers: HashMap<VertexBuffer3D, u64>,
    index_buffers: HashMap<IndexBuffer3D, u64>,
    /// A texture's storage and its render surfaces.
    textures: HashMap<TextureBase, (u64, u64)>,
}

impl Default for Memory {
    fn default() -> Self {
        Memory::new(DEFAULT_MEMORY_BUDGET)
    }
}

/// What a charge is for.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Charge {
    /// An object not made yet (for [`Memory::check`]: nothing charged so far).
    New,
    VertexBuffer(VertexBuffer3D),
    IndexBuffer(IndexBuffer3D),
    Texture(TextureBase),
    Surfaces(TextureBase),
    BackBuffer,
}

impl Memory {
    pub fn new(budget: u64) -> Memory {
        Memory {
            budget,
            used: 0,
            back_buffer: 0,
            vertex_buffers: HashMap::new(),
            index_buffers: HashMap::new(),
            textures: HashMap::new(),
        }
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn budget(&self) -> u64 {
        self.budget
    }

    pub fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// What `what` is charged now.
    pub fn charged(&self, what: Charge) -> u64 {
        self.current(what)
    }

    fn current(&self, what: Charge) -> u64 {
        match what {
            Charge::VertexBuffer(b) => self.vertex_buffers.get(&b).copied().unwrap_or(0),
            Charge::IndexBuffer(b) => self.index_buffers.get(&b).copied().unwrap_or(0),
            Charge::Texture(t) => self.textures.get(&t).map_or(0, |c| c.0),
            Charge::Surfaces(t) => self.textures.get(&t).map_or(0, |c| c.1),
            Charge::BackBuffer => self.back_buffer,
            Charge::New => 0,
        }
    }

    /// Whether `what` may be charged `bytes` (replacing its current charge): #3691 if not.
    pub fn check(&self, what: Charge, bytes: u64) -> Result<()> {
        let after = (self.used - self.current(what)).saturating_add(bytes);
        if after > self.budget {
            return Err(Context3DError::MemoryBudget {
                requested: bytes,
                used: self.used,
                budget: self.budget,
            });
        }
        Ok(())
    }

    /// Charges `what` `bytes` (replacing its current charge); call [`check`](Self::check) first.
    pub fn set(&mut self, what: Charge, bytes: u64) {
        self.used = self.used - self.current(what) + bytes;
        match what {
            Charge::VertexBuffer(b) => {
                self.vertex_buffers.insert(b, bytes);
            }
            Charge::IndexBuffer(b) => {
                self.index_buffers.insert(b, bytes);
            }
            Charge::Texture(t) => self.textures.entry(t).or_default().0 = bytes,
            Charge::Surfaces(t) => self.textures.entry(t).or_default().1 = bytes,
            Charge::BackBuffer => self.back_buffer = bytes,
            Charge::New => self.used -= bytes,
        }
    }

    /// Gives back everything `what` was charged (a texture: its storage and its surfaces).
    pub fn release(&mut self, what: Charge) {
        let freed = match what {
            Charge::VertexBuffer(b) => self.vertex_buffers.remove(&b).unwrap_or(0),
            Charge::IndexBuffer(b) => self.index_buffers.remove(&b).unwrap_or(0),
            Charge::Texture(t) | Charge::Surfaces(t) => {
                self.textures.remove(&t).map_or(0, |(a, b)| a + b)
            }
            Charge::BackBuffer => std::mem::take(&mut self.back_buffer),
            Charge::New => 0,
        };
        self.used -= freed;
    }

    /// Forgets every charge (context disposed or lost); the budget stays.
    pub fn reset(&mut self) {
        *self = Memory::new(self.budget);
    }
}

/// Bytes per texel counted for `format` (compressed: as decoded RGBA8, the worst case).
fn texel_bytes(format: TextureFormat) -> u64 {
    match format {
        TextureFormat::BgraPacked4444 | TextureFormat::BgrPacked565 => 2,
        TextureFormat::RgbaHalfFloat => 8,
        TextureFormat::Bgra | TextureFormat::Compressed | TextureFormat::CompressedAlpha => 4,
    }
}

/// Bytes of a texture: every level of every face.
pub(crate) fn texture_bytes(desc: &TextureDesc) -> u64 {
    let (faces, levels) = match desc.kind {
        TextureKind::Cube => (6, desc.levels.max(1)),
        TextureKind::TwoD => (1, desc.levels.max(1)),
        TextureKind::Rectangle | TextureKind::Video => (1, 1),
    };
    let texels: u64 = (0..levels.min(32))
        .map(|l| {
            let w = u64::from((desc.width >> l).max(1));
            let h = u64::from((desc.height >> l).max(1));
            w * h
        })
        .sum();
    if desc.width == 0 || desc.height == 0 {
        return 0;
    }
    faces * texels * texel_bytes(desc.format)
}

/// Bytes of the surfaces a texture target of level 0 `(w, h)` needs beyond the texture.
pub(crate) fn surface_bytes(desc: &TextureDesc, depth_and_stencil: bool, anti_alias: u8) -> u64 {
    let texels = u64::from(desc.width) * u64::from(desc.height);
    let samples = u64::from(anti_alias);
    let depth = if depth_and_stencil {
        texels * 4 * samples.max(1)
    } else {
        0
    };
    depth + texels * texel_bytes(desc.format) * samples
}

/// Bytes of a back buffer.
pub(crate) fn back_buffer_bytes(config: &BackBufferConfig) -> u64 {
    let texels = u64::from(config.width) * u64::from(config.height);
    let samples = u64::from(config.anti_alias);
    let depth = u64::from(config.depth_and_stencil) * texels * 4 * samples.max(1);
    texels * 4 + texels * 4 * samples + depth
}
