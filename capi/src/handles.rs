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

    /// As [`id`](Self::id), an unknown handle refused (`MH_STATUS_INVALID_ARGUMENT`).
    pub(crate) fn resolve(&self, handle: MhContext3D) -> Result<ContextId, Fail> {
        self.id(handle)
            .ok_or_else(|| unknown("Context3D", handle.id))
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

/// The resources a stage's contexts made, by handle, each with the context that made it.
/// Entries stay until the stage is destroyed so that a disposed resource is Flash's #3694
/// (context3d knows it), not an unknown handle; a collected one's entry goes.
#[derive(Debug, Default)]
pub(crate) struct Handles {
    next: u64,
    vertex_buffers: Table<VertexBuffer3D>,
    index_buffers: Table<IndexBuffer3D>,
    programs: Table<Program3D>,
    textures: Table<TextureBase>,
    texture_ids: HashMap<TextureBase, u64>,
}

/// A handle of kind `kind` that this stage never gave out.
pub(crate) fn unknown(kind: &str, id: u64) -> Fail {
    Fail::invalid(format!(
        "{kind} handle {id} was not made by this stage (or is of another kind)"
    ))
}

/// A handle of kind `kind` that another context of this stage made, given to a call on a
/// resource (its upload, `dispose` or collection) with a context handle that did not make it.
fn foreign(kind: &str, id: u64) -> Fail {
    Fail::invalid(format!(
        "{kind} handle {id} was made by another Context3D of this stage: a call on a resource \
         names the context that made it"
    ))
}

/// One kind's handles: each one's resource and the context that made it.
#[derive(Debug)]
struct Table<V> {
    kind: &'static str,
    entries: HashMap<u64, (ContextId, V)>,
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table {
            kind: kind_name::<V>(),
            entries: HashMap::new(),
        }
    }
}

/// The AS3 class name of a handle type, for messages.
fn kind_name<V>() -> &'static str {
    let name = std::any::type_name::<V>();
    name.rsplit("::").next().unwrap_or(name)
}

impl<V: Copy> Table<V> {
    fn insert(&mut self, id: u64, owner: ContextId, value: V) {
        self.entries.insert(id, (owner, value));
    }

    /// The resource behind `id`, whichever context made it (a `set*` or draw call's argument:
    /// AS3 can pass another context's object there, and the facade answers as Flash).
    fn get(&self, id: u64) -> Result<V, Fail> {
        self.entries
            .get(&id)
            .map(|&(_, v)| v)
            .ok_or_else(|| unknown(self.kind, id))
    }

    /// The resource behind `id` when `owner` made it: the receiver of a resource's own call,
    /// whose context is the one that made it in AS3.
    fn get_own(&self, id: u64, owner: ContextId) -> Result<V, Fail> {
        match self.entries.get(&id) {
            Some(&(made_by, v)) if made_by == owner => Ok(v),
            Some(_) => Err(foreign(self.kind, id)),
            None => Err(unknown(self.kind, id)),
        }
    }

    fn contains(&self, id: u64) -> bool {
        self.entries.contains_key(&id)
    }
}

impl Handles {
    fn next_id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    pub(crate) fn add_vertex_buffer(
        &mut self,
        owner: ContextId,
        b: VertexBuffer3D,
    ) -> MhVertexBuffer3D {
        let id = self.next_id();
        self.vertex_buffers.insert(id, owner, b);
        MhVertexBuffer3D { id }
    }

    pub(crate) fn add_index_buffer(
        &mut self,
        owner: ContextId,
        b: IndexBuffer3D,
    ) -> MhIndexBuffer3D {
        let id = self.next_id();
        self.index_buffers.insert(id, owner, b);
        MhIndexBuffer3D { id }
    }

    pub(crate) fn add_program(&mut self, owner: ContextId, p: Program3D) -> MhProgram3D {
        let id = self.next_id();
        self.programs.insert(id, owner, p);
        MhProgram3D { id }
    }

    pub(crate) fn add_texture(&mut self, owner: ContextId, t: TextureBase) -> MhTextureBase {
        let id = self.next_id();
        self.textures.insert(id, owner, t);
        self.texture_ids.insert(t, id);
        MhTextureBase { id }
    }

    /// A vertex buffer argument (`setVertexBufferAt`), of any context of this stage.
    pub(crate) fn vertex_buffer(&self, h: MhVertexBuffer3D) -> Result<VertexBuffer3D, Fail> {
        self.vertex_buffers.get(h.id)
    }

    /// `None` for the null handle (an AS3 `null` argument).
    pub(crate) fn vertex_buffer_opt(
        &self,
        h: MhVertexBuffer3D,
    ) -> Result<Option<VertexBuffer3D>, Fail> {
        (h.id != 0).then(|| self.vertex_buffer(h)).transpose()
    }

    /// The vertex buffer a call on it names (upload, `dispose`): `owner` made it, or the
    /// handle is refused (`MH_STATUS_INVALID_ARGUMENT`).
    pub(crate) fn own_vertex_buffer(
        &self,
        owner: ContextId,
        h: MhVertexBuffer3D,
    ) -> Result<VertexBuffer3D, Fail> {
        self.vertex_buffers.get_own(h.id, owner)
    }

    /// An index buffer argument (`drawTriangles`), of any context of this stage.
    pub(crate) fn index_buffer(&self, h: MhIndexBuffer3D) -> Result<IndexBuffer3D, Fail> {
        self.index_buffers.get(h.id)
    }

    /// As [`own_vertex_buffer`](Self::own_vertex_buffer), for an index buffer.
    pub(crate) fn own_index_buffer(
        &self,
        owner: ContextId,
        h: MhIndexBuffer3D,
    ) -> Result<IndexBuffer3D, Fail> {
        self.index_buffers.get_own(h.id, owner)
    }

    /// A program argument (`setProgram`), of any context of this stage.
    pub(crate) fn program(&self, h: MhProgram3D) -> Result<Program3D, Fail> {
        self.programs.get(h.id)
    }

    pub(crate) fn program_opt(&self, h: MhProgram3D) -> Result<Option<Program3D>, Fail> {
        (h.id != 0).then(|| self.program(h)).transpose()
    }

    /// As [`own_vertex_buffer`](Self::own_vertex_buffer), for a program.
    pub(crate) fn own_program(&self, owner: ContextId, h: MhProgram3D) -> Result<Program3D, Fail> {
        self.programs.get_own(h.id, owner)
    }

    /// A texture argument (`setTextureAt`, `setRenderToTexture`), of any context of this
    /// stage.
    pub(crate) fn texture(&self, h: MhTextureBase) -> Result<TextureBase, Fail> {
        self.textures.get(h.id)
    }

    pub(crate) fn texture_opt(&self, h: MhTextureBase) -> Result<Option<TextureBase>, Fail> {
        (h.id != 0).then(|| self.texture(h)).transpose()
    }

    /// As [`own_vertex_buffer`](Self::own_vertex_buffer), for a texture.
    pub(crate) fn own_texture(
        &self,
        owner: ContextId,
        h: MhTextureBase,
    ) -> Result<TextureBase, Fail> {
        self.textures.get_own(h.id, owner)
    }

    /// The handle of `texture` (for its `textureReady` event); `None` for one this stage's
    /// tables do not hold.
    pub(crate) fn texture_handle(&self, texture: TextureBase) -> Option<MhTextureBase> {
        self.texture_ids
            .get(&texture)
            .map(|&id| MhTextureBase { id })
    }

    /// Forgets the vertex buffer handle `h` that `owner` made (its object was collected): its
    /// resource, or `None` when it was forgotten before. Refused as
    /// [`own_vertex_buffer`](Self::own_vertex_buffer) refuses it (another context made it,
    /// it is a live handle of another kind, or this stage never gave it out), so a live
    /// object's handle is never forgotten by a call that names the wrong context.
    pub(crate) fn forget_vertex_buffer(
        &mut self,
        owner: ContextId,
        h: MhVertexBuffer3D,
    ) -> Result<Option<VertexBuffer3D>, Fail> {
        let known = self.known(h.id);
        forget(&mut self.vertex_buffers, known, owner, h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for an index buffer.
    pub(crate) fn forget_index_buffer(
        &mut self,
        owner: ContextId,
        h: MhIndexBuffer3D,
    ) -> Result<Option<IndexBuffer3D>, Fail> {
        let known = self.known(h.id);
        forget(&mut self.index_buffers, known, owner, h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for a program.
    pub(crate) fn forget_program(
        &mut self,
        owner: ContextId,
        h: MhProgram3D,
    ) -> Result<Option<Program3D>, Fail> {
        let known = self.known(h.id);
        forget(&mut self.programs, known, owner, h.id)
    }

    /// As [`forget_vertex_buffer`](Self::forget_vertex_buffer), for a texture.
    pub(crate) fn forget_texture(
        &mut self,
        owner: ContextId,
        h: MhTextureBase,
    ) -> Result<Option<TextureBase>, Fail> {
        let known = self.known(h.id);
        let t = forget(&mut self.textures, known, owner, h.id)?;
        if let Some(t) = t {
            self.texture_ids.remove(&t);
        }
        Ok(t)
    }

    /// What this stage knows of handle number `id`: live in one of the tables, given out and
    /// forgotten since (collected), or never given out.
    fn known(&self, id: u64) -> Known {
        let live = self.vertex_buffers.contains(id)
            || self.index_buffers.contains(id)
            || self.programs.contains(id)
            || self.textures.contains(id);
        if live {
            Known::Live
        } else if (1..=self.next).contains(&id) {
            Known::Forgotten
        } else {
            Known::Never
        }
    }
}

/// See [`Handles::known`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Live,
    Forgotten,
    Never,
}

/// Removes handle `id` from `table` when `owner` made it: its value; `None` when a handle
/// given out was forgotten before (collecting again does nothing); refused as
/// [`Table::get_own`] refuses it otherwise (a live handle of another kind included).
fn forget<V: Copy>(
    table: &mut Table<V>,
    known: Known,
    owner: ContextId,
    id: u64,
) -> Result<Option<V>, Fail> {
    if known == Known::Forgotten {
        return Ok(None);
    }
    table.get_own(id, owner)?;
    Ok(table.entries.remove(&id).map(|(_, v)| v))
}
