//! `totalGPUMemory` and the embedder's options ([`crate::memory`] counts).

use super::Context3D;
use crate::backend::Backend;
use crate::memory::ContextOptions;

impl<B: Backend> Context3D<B> {
    /// `Context3D.totalGPUMemory`: bytes this context's objects take, as counted against its
    /// budget (see [`crate::memory`]).
    pub fn total_gpu_memory(&self) -> u64 {
        self.memory.used()
    }

    /// Applies the embedder's options (the budget applies to allocations from now on: objects
    /// that exist stay, even over a smaller budget).
    pub fn set_options(&mut self, options: ContextOptions) {
        self.memory.set_budget(options.memory_budget);
    }

    /// The options in force.
    pub fn options(&self) -> ContextOptions {
        ContextOptions {
            memory_budget: self.memory.budget(),
        }
    }
}
