//! [`CallCounts`]: the work the backend did, for tests and benchmarks.

/// Work done, for tests and benchmarks (they assert on counts, never on times).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct CallCounts {
    /// Render passes begun.
    pub passes: u64,
    /// Queue submissions.
    pub submits: u64,
    /// Render pipelines created (the cache misses).
    pub pipelines: u64,
    /// Pipeline cache lookups (a draw asks only when its pass has another pipeline bound).
    pub pipeline_lookups: u64,
    /// Shader module pairs created (one per distinct program pair).
    pub shader_modules: u64,
    /// Texture bind groups created (the bind-group cache misses).
    pub bind_groups: u64,
    /// Draw calls recorded.
    pub draws: u64,
    /// Submissions forced before an upload to a resource the pending commands read.
    pub upload_flushes: u64,
    /// Bytes of constants streamed to the per-frame uniform buffer.
    pub constant_bytes: u64,
    /// Uniform bind groups set in a pass (`@group(0)` for `fc` and the per-draw values,
    /// `@group(2)` for `vc`; each only when its offsets changed).
    pub uniform_binds: u64,
    /// Bind groups wgpu hands the driver at draws: the first group a draw sets and every
    /// group of its program's layout after it (wgpu sets every group after the one a pass
    /// sets again). What the group order costs: a Starling batch (new texture and `vc`)
    /// hands over two groups, not the fragment uniforms' again.
    pub driver_groups: u64,
    /// Frames presented.
    pub presents: u64,
    /// Colour attachments in a 16-bit Flash format quantised to their bits after a pass
    /// (`packed.rs`; each also counts its one or two passes in `passes`).
    pub packed_quantised: u64,
    /// Read-back buffers created (`drawToBitmapData`, a frame read at `present`): one is kept
    /// and used again while it is large enough.
    pub readback_buffers: u64,
}

impl CallCounts {
    /// The counts since `earlier`.
    pub fn since(&self, earlier: &CallCounts) -> CallCounts {
        CallCounts {
            passes: self.passes - earlier.passes,
            submits: self.submits - earlier.submits,
            pipelines: self.pipelines - earlier.pipelines,
            pipeline_lookups: self.pipeline_lookups - earlier.pipeline_lookups,
            shader_modules: self.shader_modules - earlier.shader_modules,
            bind_groups: self.bind_groups - earlier.bind_groups,
            draws: self.draws - earlier.draws,
            upload_flushes: self.upload_flushes - earlier.upload_flushes,
            constant_bytes: self.constant_bytes - earlier.constant_bytes,
            uniform_binds: self.uniform_binds - earlier.uniform_binds,
            driver_groups: self.driver_groups - earlier.driver_groups,
            presents: self.presents - earlier.presents,
            packed_quantised: self.packed_quantised - earlier.packed_quantised,
            readback_buffers: self.readback_buffers - earlier.readback_buffers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_subtract() {
        let a = CallCounts {
            passes: 3,
            submits: 2,
            ..CallCounts::default()
        };
        let b = CallCounts {
            passes: 7,
            submits: 3,
            draws: 10,
            ..CallCounts::default()
        };
        let d = b.since(&a);
        assert_eq!((d.passes, d.submits, d.draws), (4, 1, 10));
    }
}
