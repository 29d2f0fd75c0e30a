//! Link checks of a vertex+fragment pair.

use crate::model::Program;

use super::{Linkage, ValidationError};

pub(super) fn link(_vertex: &Program, _fragment: &Program) -> Result<Linkage, ValidationError> {
    Ok(Linkage::default())
}
