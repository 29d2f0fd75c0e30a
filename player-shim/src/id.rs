//! [`ContextId`]: which of its Stage3D's contexts a context is, and the Stage3D's counter of
//! them.

use std::cell::RefCell;

use molehill_agal::profile::Profile;

/// Which of its Stage3D's contexts a `Context3D` is. Each context a Stage3D makes gets a new
/// one, in order: at `requestContext3D*`, and at the recreation after `dispose(true)`, where
/// Flash gives the content a new `Context3D` object too; [`crate::Stage3DEvent::Context3DCreate`]
/// carries it. A VM keeps the id in its AS3 object and compares it with the current context's
/// (`stage.context3d().map(Context3D::id)`) or calls through
/// [`crate::Stage3D::context3d_by_id`]. Ids of different Stage3Ds are not comparable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContextId(u64);

impl ContextId {
    /// The number: 1 for the Stage3D's first context, one more for each one after.
    pub fn get(self) -> u64 {
        self.0
    }
}

/// A Stage3D's [`ContextId`] counter, shared with its contexts (which recreate themselves),
/// with the profile of each context it named (a replaced context's stand-in answers with it).
#[derive(Debug, Default)]
pub(crate) struct ContextIds(RefCell<Vec<Profile>>);

impl ContextIds {
    /// A new id, one more than the last given, for a context of `profile`.
    pub(crate) fn next(&self, profile: Profile) -> ContextId {
        let mut profiles = self.0.borrow_mut();
        profiles.push(profile);
        ContextId(profiles.len() as u64)
    }

    /// The profile of the context `id` names; `None` when this counter never gave `id`.
    pub(crate) fn profile(&self, id: ContextId) -> Option<Profile> {
        let index = usize::try_from(id.0.checked_sub(1)?).ok()?;
        self.0.borrow().get(index).copied()
    }
}
