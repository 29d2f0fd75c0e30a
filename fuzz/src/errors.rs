//! What every target checks of a Flash error it is given.

use molehill_agal::flash::FlashError;

/// A Flash error is well formed: an ID of Flash's table and its exact `Error #ID: ` form.
pub fn check_error(e: &FlashError) {
    assert!(
        molehill_agal::flash::template(e.id).is_some(),
        "error #{} is not in Flash's table: {e}",
        e.id
    );
    assert!(
        e.message.starts_with(&format!("Error #{}: ", e.id)),
        "malformed message: {e}"
    );
}
