//! Molehill objects whose Ruffle AS3 object Ruffle's garbage collector dropped.
//!
//! gc-arena runs `Drop` for what it collects, but a collected object may not reach other
//! garbage-collected objects from there (its Stage3D may be collected in the same sweep), so
//! each Ruffle object holds a [`Collectable`] (no `Gc` in it): its `Drop` queues the handle in
//! its Stage3D's queue, and the [`crate::Stage3DHost`] hands the queue to Molehill
//! (`Context3D::*_collect`, `Stage3D::context3d_collect`) at its next call, outside the
//! collector. Molehill frees the object and its memory budget then (a bound one when the
//! binding lets it go), with no error and no event.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use molehill_player::{ContextId, IndexBuffer3D, Program3D, Stage3D, TextureBase, VertexBuffer3D};

/// A Molehill object a Ruffle AS3 object stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    /// The `Context3D` object of the context itself.
    Context3D,
    /// A `VertexBuffer3D`.
    VertexBuffer(VertexBuffer3D),
    /// An `IndexBuffer3D`.
    IndexBuffer(IndexBuffer3D),
    /// A `Program3D`.
    Program(Program3D),
    /// A `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture`.
    Texture(TextureBase),
}

/// What the collector dropped since the Stage3D's last call: each with its context.
type Queue = RefCell<Vec<(ContextId, Resource)>>;

/// A Stage3D's queue of collected objects.
#[derive(Debug, Default)]
pub(crate) struct Collected(Rc<Queue>);

impl Collected {
    /// The guard for `resource` of the context `context`.
    pub(crate) fn collectable(&self, context: ContextId, resource: Resource) -> Collectable {
        Collectable {
            queue: Rc::downgrade(&self.0),
            context,
            resource,
        }
    }

    /// Hands what was collected to Molehill; the queue is left empty (nothing allocated when
    /// nothing was collected). Returns how many objects were handed over.
    pub(crate) fn release(&self, stage: &mut Stage3D) -> usize {
        let Ok(mut queue) = self.0.try_borrow_mut() else {
            return 0;
        };
        if queue.is_empty() {
            return 0;
        }
        let collected = std::mem::take(&mut *queue);
        drop(queue);
        for &(id, resource) in &collected {
            match resource {
                Resource::Context3D => stage.context3d_collect(id),
                other => {
                    if let Some(ctx) = stage.context3d_by_id(id) {
                        match other {
                            Resource::VertexBuffer(b) => ctx.vertex_buffer_collect(b),
                            Resource::IndexBuffer(b) => ctx.index_buffer_collect(b),
                            Resource::Program(p) => ctx.program_collect(p),
                            Resource::Texture(t) => ctx.texture_collect(t),
                            Resource::Context3D => {}
                        }
                    }
                }
            }
        }
        log::debug!("{} collected Stage3D objects released", collected.len());
        collected.len()
    }
}

/// Held by a Ruffle AS3 object for its Molehill object: dropping it (Ruffle's collector freed
/// the AS3 object) queues the Molehill object for release at its Stage3D's next call. Made by
/// [`crate::Stage3DHost::collectable`]. Holds no reference to the Stage3D: once that is gone,
/// so is everything it made, and dropping this does nothing.
#[derive(Debug)]
pub struct Collectable {
    queue: Weak<Queue>,
    context: ContextId,
    resource: Resource,
}

impl Collectable {
    /// The object this guards.
    pub fn resource(&self) -> Resource {
        self.resource
    }
}

impl Drop for Collectable {
    fn drop(&mut self) {
        let Some(queue) = self.queue.upgrade() else {
            return;
        };
        match queue.try_borrow_mut() {
            Ok(mut queue) => queue.push((self.context, self.resource)),
            // Only a release in progress holds it, and collection never runs inside a call.
            Err(_) => log::warn!(
                "{:?} collected while its Stage3D released others: kept",
                self.resource
            ),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::Resource;
    use crate::Stage3DHost;
    use molehill_context3d::{Backend, RecordingBackend};
    use molehill_player::BackendCreationError;

    /// A Stage3D on Molehill's recording backend (no GPU).
    fn host() -> Stage3DHost {
        let factory = || -> Result<Box<dyn Backend>, BackendCreationError> {
            Ok(Box::new(RecordingBackend::default()))
        };
        let mut host = Stage3DHost::with_factory(Box::new(factory), 30);
        host.stage().request_context3d("auto", "baseline").unwrap();
        host.take_events();
        host
    }

    #[test]
    fn a_collected_texture_gives_its_memory_back_at_the_next_call() {
        let mut host = host();
        let id = host.current().unwrap();
        let ctx = host.context(id).unwrap();
        let kept = ctx.create_texture(64, 64, "bgra", false, 0).unwrap();
        let one = ctx.total_gpu_memory();
        let dropped = ctx.create_texture(64, 64, "bgra", false, 0).unwrap();
        let both = ctx.total_gpu_memory();
        assert!(one > 0);
        assert_eq!(both, 2 * one);

        let guard_kept = host.collectable(id, Resource::Texture(kept));
        let guard = host.collectable(id, Resource::Texture(dropped));
        drop(guard); // Ruffle's collector freed the AS3 object
        assert_eq!(host.release_collected(), 1);
        let ctx = host.context(id).unwrap();
        assert_eq!(ctx.total_gpu_memory(), both / 2, "given back");
        assert!(host.take_events().is_empty(), "no event");
        assert_eq!(host.release_collected(), 0, "nothing left queued");
        assert_eq!(guard_kept.resource(), Resource::Texture(kept));
    }

    #[test]
    fn the_next_call_releases_what_was_collected() {
        let mut host = host();
        let id = host.current().unwrap();
        let t = host
            .context(id)
            .unwrap()
            .create_texture(64, 64, "bgra", false, 0)
            .unwrap();
        drop(host.collectable(id, Resource::Texture(t)));
        assert_eq!(host.context(id).unwrap().total_gpu_memory(), 0);
    }

    #[test]
    fn a_guard_outliving_its_stage3d_does_nothing() {
        let host = host();
        let id = host.current().unwrap();
        let guard = host.collectable(id, Resource::Context3D);
        drop(host);
        drop(guard);
    }
}
