//! The constant register files (`vc`, `fc`): which registers the three `setProgramConstants*`
//! calls (`context/constants.rs`) changed, which reach the backend with the next draw
//! ([`crate::backend::Backend::draw_with_changes`]), so that a constants call costs no
//! backend call.

use std::ops::Range;

/// The registers of one file written with new values since the last draw was sent: `lo..hi`,
/// empty when `lo == hi`. One range covers every such write, so registers between two writes
/// (and registers written with the value they had, in a call that changed others) go again.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Changed {
    lo: usize,
    hi: usize,
}

impl Changed {
    /// Adds `first..end` (not empty).
    pub(crate) fn add(&mut self, first: usize, end: usize) {
        if self.lo == self.hi {
            (self.lo, self.hi) = (first, end);
        } else {
            (self.lo, self.hi) = (self.lo.min(first), self.hi.max(end));
        }
    }

    pub(crate) fn range(self) -> Option<Range<usize>> {
        (self.lo < self.hi).then_some(self.lo..self.hi)
    }
}
