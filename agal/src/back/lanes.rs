//! The components of a source an expression reads, and their swizzle suffix: the same in
//! GLSL and WGSL (`.xyz`, nothing for the whole `xyzw`).

use crate::model::{Component, Source, WriteMask};

/// The lanes of a source swizzle that an expression reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lanes {
    lanes: [Component; 4],
    len: usize,
}

impl Lanes {
    /// Lane `c` of the swizzle for each written component `c`.
    pub(crate) fn masked(src: &Source, mask: WriteMask) -> Lanes {
        let mut lanes = [Component::X; 4];
        let mut len = 0;
        for c in mask.components() {
            lanes[len] = src.swizzle.lane(c.index());
            len += 1;
        }
        Lanes { lanes, len }
    }

    /// The first `len` lanes.
    pub(crate) fn first(src: &Source, len: usize) -> Lanes {
        Lanes {
            lanes: src.swizzle.lanes(),
            len: len.min(4),
        }
    }

    /// Whether these are all four lanes in order (no suffix needed).
    pub(crate) fn is_whole(&self) -> bool {
        self.len == 4 && self.lanes == Component::ALL
    }

    /// Appends the swizzle suffix (`.xz`), or nothing for the whole register in order.
    pub(crate) fn write_suffix(&self, out: &mut String) {
        if !self.is_whole() {
            out.push('.');
            for c in &self.lanes[..self.len] {
                out.push(c.letter());
            }
        }
    }
}
