//! Which backend's GL state is in place in each host context of this thread (a player's
//! context shared by several backends: `HostRestore::AtPresent`). A context is named by its
//! key (`GlContext::key`: the EGL context on the desktop, a number per WebGL2 context in a
//! browser).

use std::cell::RefCell;

thread_local! {
    /// For each host context of this thread (its EGL context; null for those checked by a
    /// hook), the backend whose state is in place there instead of the host's. Another
    /// backend on the same context then trusts neither (`HostRestore::AtPresent`).
    static BOUND: RefCell<Vec<(usize, u64)>> = const { RefCell::new(Vec::new()) };
}

/// The backend whose state is in place in the host context `key`, if any.
pub(crate) fn bound_owner(key: usize) -> Option<u64> {
    BOUND.with(|b| {
        b.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, id)| id)
    })
}

/// Records `owner` as the backend whose state is in place in the host context `key`.
pub(crate) fn set_bound_owner(key: usize, owner: Option<u64>) {
    BOUND.with(|b| {
        let mut b = b.borrow_mut();
        b.retain(|(k, _)| *k != key);
        if let Some(id) = owner {
            b.push((key, id));
        }
    });
}
