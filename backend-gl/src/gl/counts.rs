//! GL calls counted by kind, for tests and benchmarks.

/// What a GL call does, for counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// Fixed-function state: enable/disable, blend, depth, stencil, masks, scissor, viewport,
    /// culling, clear values, pixel store, draw buffers.
    State,
    /// Binding an object: program, vertex array, buffer, texture, sampler, framebuffer,
    /// active texture unit.
    Bind,
    /// Uniform uploads.
    Uniform,
    /// Data uploads: buffer data, texture images.
    Upload,
    /// Draw calls.
    Draw,
    /// Clears.
    Clear,
    /// Object creation and setup (parameters of new objects, attribute pointers, shaders).
    Create,
    /// Object deletion.
    Delete,
    /// Queries: errors, logs, locations, read-back.
    Query,
    /// Blits and presents.
    Blit,
}

impl CallKind {
    /// Every kind.
    pub const ALL: [CallKind; 10] = [
        CallKind::State,
        CallKind::Bind,
        CallKind::Uniform,
        CallKind::Upload,
        CallKind::Draw,
        CallKind::Clear,
        CallKind::Create,
        CallKind::Delete,
        CallKind::Query,
        CallKind::Blit,
    ];
}

/// GL calls issued, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CallCounts {
    counts: [u64; 10],
}

impl CallCounts {
    /// One more call of `kind`.
    pub(super) fn add(&mut self, kind: CallKind) {
        self.counts[kind as usize] += 1;
    }

    /// `n` more calls of `kind`.
    pub(super) fn add_many(&mut self, kind: CallKind, n: u64) {
        self.counts[kind as usize] += n;
    }

    /// Calls of one kind.
    pub fn get(&self, kind: CallKind) -> u64 {
        self.counts[kind as usize]
    }

    /// All calls.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// State, bind and uniform calls: what the cache exists to avoid.
    pub fn state_changes(&self) -> u64 {
        self.get(CallKind::State) + self.get(CallKind::Bind) + self.get(CallKind::Uniform)
    }

    /// The calls issued since `earlier`.
    pub fn since(&self, earlier: &CallCounts) -> CallCounts {
        let mut counts = [0; 10];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = self.counts[i].saturating_sub(earlier.counts[i]);
        }
        CallCounts { counts }
    }
}
