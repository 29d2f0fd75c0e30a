//! Objects the VM's garbage collector dropped: `*_collect`, and the objects a binding keeps
//! until it lets them go ([`crate::resources::Collected`]).
//!
//! Flash frees a resource whose AS3 object the collector frees, without `dispose()`: its GPU
//! memory (and here its share of the memory budget) comes back, nothing is dispatched, nothing
//! is thrown. A context holds what is bound to it (`setTextureAt`, `setVertexBufferAt`,
//! `setProgram`, `setRenderToTexture`), so Flash's collector never frees a bound object: a
//! collected object still bound stays, drawing as before, and is freed when the last binding
//! lets it go (replaced, cleared, or the context disposed). That is where collecting differs
//! from `dispose()`, after which a draw with the object still bound fails (#3605, #3694).

use super::Context3D;
use crate::backend::Backend;
use crate::resources::handles::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};
use crate::resources::Collected;

impl<B: Backend> Context3D<B> {
    /// The VM's `VertexBuffer3D` object for `buffer` was garbage-collected: the buffer is freed
    /// (its GPU buffer and memory budget) now, or, while a `setVertexBufferAt` slot still holds
    /// it, when the last such slot lets it go. No error, no event; repeating it, or a handle of a
    /// disposed object or of another context, does nothing. A later call with the handle of a
    /// freed buffer is #3694, as for a disposed one (AS3 cannot make one: the object is gone).
    pub fn vertex_buffer_collect(&mut self, buffer: VertexBuffer3D) {
        if self.live().is_err() || !self.res.vertex_buffers.contains_key(buffer) {
            return;
        }
        if self.vertex_buffer_bound(buffer) {
            self.res.collected.keep(Collected::VertexBuffer(buffer));
        } else {
            self.vertex_buffer_dispose(buffer);
        }
    }

    /// The VM's `IndexBuffer3D` object for `buffer` was garbage-collected: freed now (a context
    /// holds no index buffer between calls). As [`vertex_buffer_collect`](Self::vertex_buffer_collect)
    /// otherwise.
    pub fn index_buffer_collect(&mut self, buffer: IndexBuffer3D) {
        if self.live().is_ok() {
            self.index_buffer_dispose(buffer);
        }
    }

    /// The VM's `Program3D` object for `program` was garbage-collected: freed now, or while it
    /// is the context's program (`setProgram`) when another program or `null` replaces it. As
    /// [`vertex_buffer_collect`](Self::vertex_buffer_collect) otherwise.
    pub fn program_collect(&mut self, program: Program3D) {
        if self.live().is_err() || !self.res.programs.contains_key(program) {
            return;
        }
        if self.state.program == Some(program) {
            self.res.collected.keep(Collected::Program(program));
        } else {
            self.program_dispose(program);
        }
    }

    /// The VM's `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture` object for
    /// `texture` was garbage-collected: freed now (its storage, its render surfaces and their
    /// memory budget), or, while a sampler (`setTextureAt`) or a render target slot
    /// (`setRenderToTexture`) holds it, when the last of them lets it go. As
    /// [`vertex_buffer_collect`](Self::vertex_buffer_collect) otherwise.
    pub fn texture_collect(&mut self, texture: TextureBase) {
        if self.live().is_err() || !self.res.textures.contains_key(texture) {
            return;
        }
        if self.texture_bound(texture) {
            self.res.collected.keep(Collected::Texture(texture));
        } else {
            self.texture_dispose(texture);
        }
    }

    /// How many collected objects a binding still keeps (freed when it lets them go).
    pub fn collected_but_bound(&self) -> usize {
        self.res.collected.len()
    }

    fn vertex_buffer_bound(&self, buffer: VertexBuffer3D) -> bool {
        self.state
            .streams
            .iter()
            .flatten()
            .any(|s| s.buffer == buffer)
    }

    fn texture_bound(&self, texture: TextureBase) -> bool {
        self.state.textures.contains(&Some(texture))
            || self
                .state
                .targets
                .iter()
                .flatten()
                .any(|s| s.texture == texture)
    }

    /// Frees the collected objects no binding holds any more; after each call that changes a
    /// binding. Nothing to do (and no allocation) when none is kept.
    pub(crate) fn free_collected_unbound(&mut self) {
        if self.res.collected.is_empty() {
            return;
        }
        let mut i = 0;
        while let Some(object) = self.res.collected.get(i) {
            let bound = match object {
                Collected::VertexBuffer(b) => self.vertex_buffer_bound(b),
                Collected::Program(p) => self.state.program == Some(p),
                Collected::Texture(t) => self.texture_bound(t),
            };
            if bound {
                i += 1;
                continue;
            }
            self.res.collected.remove(i);
            match object {
                Collected::VertexBuffer(b) => self.vertex_buffer_dispose(b),
                Collected::Program(p) => self.program_dispose(p),
                Collected::Texture(t) => self.texture_dispose(t),
            }
        }
    }
}
