//! The handles a C player holds (`MhContext3D`, `MhVertexBuffer3D`, `MhIndexBuffer3D`,
//! `MhProgram3D`, `MhTextureBase`: plain integers, 0 for `null`) and the stage's tables that
//! resolve them to the facade's ids and handles.

use std::collections::HashMap;

use molehill_context3d::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};
use molehill_player::ContextId;

use crate::error::Fail;

/// A `Context3D`: `stage3D.context3D` as a handle (0 is `null`), one per context the stage
/// makes (at each `context3DCreate`), as the facade's `ContextId`. A handle of a context
/// replaced since (by a later `requestContext3D` or the recreation after `dispose(true)`)
/// answers as Flash's disposed `Context3D` object (the facade's `Stage3D::context3d_by_id`):
/// #3694 from every call, `driverInfo` `"Disposed"`, its own `profile`, `dispose` doing
/// nothing; `mh_context3d_frame_texture` and `mh_context3d_host_state_changed` refuse it
/// (#3694), so it never reaches the new context's frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhContext3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// The facade's id of each context handle given out: handle `n` is `ids[n - 1]`, so the latest
/// context's handle is `ids.len()` (null before the first).
#[derive(Debug, Default)]
pub(crate) struct ContextHandles {
    ids: Vec<ContextId>,
}

impl ContextHandles {
    /// The handle of the context `id` names, given out now when it is new (the context a
    /// `context3DCreate` announces).
    pub(crate) fn handle_of(&mut self, id: ContextId) -> MhContext3D {
        let index = match self.ids.iter().rposition(|&known| known == id) {
            Some(index) => index,
            None => {
                self.ids.push(id);
                self.ids.len() - 1
            }
        };
        MhContext3D {
            id: index as u64 + 1,
        }
    }

    /// The latest handle given out (null before the first).
    pub(crate) fn latest(&self) -> MhContext3D {
        MhContext3D {
            id: self.ids.len() as u64,
        }
    }

    /// The facade's id behind a non-null handle; `None` for one this stage never gave out
    /// (handles are numbered from 1 in the order contexts were made: a higher one was never
    /// given, as for buffers and textures).
    pub(crate) fn id(&self, handle: MhContext3D) -> Option<ContextId> {
        let index = usize::try_from(handle.id.checked_sub(1)?).ok()?;
        self.ids.get(index).copied()
    }
}

/// A `VertexBuffer3D` (0 is `null`). Handles stay valid until the stage is destroyed: after
/// `mh_vertex_buffer_dispose`, calls with it are Flash's Error #3694.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhVertexBuffer3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// An `IndexBuffer3D` (0 is `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhIndexBuffer3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// A `Program3D` (0 is `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhProgram3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// A `TextureBase`: a `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture` (0 is
/// `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhTextureBase {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// The resources a stage's contexts made, by handle. Entries stay until the stage is destroyed
/// so that a disposed resource is Flash's #3694 (context3d knows it), not an unknown handle.
#[derive(Debug, Default)]
pub(crate) struct Handles {
    next: u64,
    vertex_buffers: HashMap<u64, VertexBuffer3D>,
    index_buffers: HashMap<u64, IndexBuffer3D>,
    programs: HashMap<u64, Program3D>,
    textures: HashMap<u64, TextureBase>,
    texture_ids: HashMap<TextureBase, u64>,
}

/// A handle of kind `kind` that this stage never gave out.
pub(crate) fn unknown(kind: &str, id: u64) -> Fail {
    Fail::invalid(format!(
        "{kind} handle {id} was not made by this stage (or is of another kind)"
    ))
}

impl Handles {
    fn next_id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    pub(crate) fn add_vertex_buffer(&mut self, b: VertexBuffer3D) -> MhVertexBuffer3D {
        let id = self.next_id();
        self.vertex_buffers.insert(id, b);
        MhVertexBuffer3D { id }
    }

    pub(crate) fn add_index_buffer(&mut self, b: IndexBuffer3D) -> MhIndexBuffer3D {
        let id = self.next_id();
        self.index_buffers.insert(id, b);
        MhIndexBuffer3D { id }
    }

    pub(crate) fn add_program(&mut self, p: Program3D) -> MhProgram3D {
        let id = self.next_id();
        self.programs.insert(id, p);
        MhProgram3D { id }
    }

    pub(crate) fn add_texture(&mut self, t: TextureBase) -> MhTextureBase {
        let id = self.next_id();
        self.textures.insert(id, t);
        self.texture_ids.insert(t, id);
        MhTextureBase { id }
    }

    pub(crate) fn vertex_buffer(&self, h: MhVertexBuffer3D) -> Result<VertexBuffer3D, Fail> {
        self.vertex_buffers
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("VertexBuffer3D", h.id))
    }

    /// `None` for the null handle (an AS3 `null` argument).
    pub(crate) fn vertex_buffer_opt(
        &self,
        h: MhVertexBuffer3D,
    ) -> Result<Option<VertexBuffer3D>, Fail> {
        (h.id != 0).then(|| self.vertex_buffer(h)).transpose()
    }

    pub(crate) fn index_buffer(&self, h: MhIndexBuffer3D) -> Result<IndexBuffer3D, Fail> {
        self.index_buffers
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("IndexBuffer3D", h.id))
    }

    pub(crate) fn program(&self, h: MhProgram3D) -> Result<Program3D, Fail> {
        self.programs
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("Program3D", h.id))
    }

    pub(crate) fn program_opt(&self, h: MhProgram3D) -> Result<Option<Program3D>, Fail> {
        (h.id != 0).then(|| self.program(h)).transpose()
    }

    pub(crate) fn texture(&self, h: MhTextureBase) -> Result<TextureBase, Fail> {
        self.textures
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("TextureBase", h.id))
    }

    /// The handle of `texture` (for its `textureReady` event); `None` for one this stage's
    /// tables do not hold.
    pub(crate) fn texture_handle(&self, texture: TextureBase) -> Option<MhTextureBase> {
        self.texture_ids
            .get(&texture)
            .map(|&id| MhTextureBase { id })
    }

    pub(crate) fn texture_opt(&self, h: MhTextureBase) -> Result<Option<TextureBase>, Fail> {
        (h.id != 0).then(|| self.texture(h)).transpose()
    }

    /// Forgets the vertex buffer handle `h` (its object was collected): its resource, or
    /// `None` when it was forgotten before. A handle never given out (null included) is an
    /// unknown handle.
    pub(crate) fn forget_vertex_buffer(
        &mut self,
        h: MhVertexBuffer3D,
    ) -> Result<Option<VertexBuffer3D>, Fail> {
        forget(&mut self.vertex_buffers, self.next, "VertexBuffer3D", h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for an index buffer.
    pub(crate) fn forget_index_buffer(
        &mut self,
        h: MhIndexBuffer3D,
    ) -> Result<Option<IndexBuffer3D>, Fail> {
        forget(&mut self.index_buffers, self.next, "IndexBuffer3D", h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for a program.
    pub(crate) fn forget_program(&mut self, h: MhProgram3D) -> Result<Option<Program3D>, Fail> {
        forget(&mut self.programs, self.next, "Program3D", h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for a texture.
    pub(crate) fn forget_texture(&mut self, h: MhTextureBase) -> Result<Option<TextureBase>, Fail> {
        let t = forget(&mut self.textures, self.next, "TextureBase", h.id)?;
        if let Some(t) = t {
            self.texture_ids.remove(&t);
        }
        Ok(t)
    }
}

/// Removes handle `id` from `map`: its value, `None` when a handle given out (`1..=next`) was
/// removed before, an unknown handle otherwise.
fn forget<V>(map: &mut HashMap<u64, V>, next: u64, kind: &str, id: u64) -> Result<Option<V>, Fail> {
    match map.remove(&id) {
        Some(v) => Ok(Some(v)),
        None if (1..=next).contains(&id) => Ok(None),
        None => Err(unknown(kind, id)),
    }
}
