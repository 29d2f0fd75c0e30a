//! Upload and link validation with Flash Player's error IDs and messages.
//!
//! - [`validate`]: what `Program3D.upload` checks, in Flash's order (agal-reference.md 2.3):
//!   size and header, the profile's versions, then token by token (opcode, nesting, source 1,
//!   source 2, destination, sampler), then the token limit and the end-of-program checks. The
//!   first failing token is reported.
//! - [`validate_program`]: the same checks on an already decoded [`Program`].
//! - [`link`]: what `Program3D.upload` checks about the pair (versions, program types,
//!   varyings, outputs), returning the [`Linkage`] the GLSL writer and context3d use.
//! - [`ValidationError::to_flash`]: the one mapping to Flash's (class, ID, message).
//!
//! `docs/validation.md` lists every rule, its ID and the choices taken where Flash's
//! behaviour is unknown.

mod check;
mod error;
mod flow;
mod link;
mod operand;
mod outputs;
mod sampler;

use crate::bytecode::{decode_header, decode_token, Tokens};
use crate::model::{Program, ProgramKind};
use crate::profile::Profile;

pub use error::{ValidationError, ValidationErrorKind};
pub use link::Linkage;

use check::Checker;

/// Validates the bytes given to `Program3D.upload` for a program of `kind` (the upload
/// call's program type, Flash's `%1`) under `profile`, and returns the decoded program.
///
/// Never panics; every bad input is a [`ValidationError`].
pub fn validate(
    bytes: &[u8],
    kind: ProgramKind,
    profile: Profile,
) -> Result<Program, ValidationError> {
    let header = decode_header(bytes).map_err(|e| ValidationError::from_decode(e, kind))?;
    program_checks(header.kind, header.version, kind, profile)?;
    let mut tokens = Tokens::new(bytes);
    let mut checker = Checker::new(header.kind, header.version, kind, profile);
    // Tokens past the limit fail (#3629) once all are checked: no need to reserve for them.
    let reserve = tokens
        .count_whole()
        .min(profile.limits(header.version).max_tokens);
    let mut instructions = Vec::with_capacity(reserve);
    while let Some(raw) = tokens.next_raw() {
        let (index, token) = raw.map_err(|e| ValidationError::from_decode(e, kind))?;
        checker.check_opcode_word(index, token)?;
        let instruction = match decode_token(token, index) {
            Ok(i) => i,
            Err(e) => return Err(checker.decode_failure(token, index, e)),
        };
        checker.check_operands(index, &instruction)?;
        instructions.push(instruction);
    }
    checker.finish(instructions.len())?;
    Ok(Program {
        kind: header.kind,
        version: header.version,
        instructions,
    })
}

/// Validates an already decoded program uploaded as `kind` under `profile`: the checks of
/// [`validate`] that the model can still fail (everything but the encoding checks).
pub fn validate_program(
    program: &Program,
    kind: ProgramKind,
    profile: Profile,
) -> Result<(), ValidationError> {
    program_checks(program.kind, program.version, kind, profile)?;
    let mut checker = Checker::new(program.kind, program.version, kind, profile);
    for (index, instruction) in program.instructions.iter().enumerate() {
        checker.check_opcode(index, instruction.opcode)?;
        checker.check_operands(index, instruction)?;
    }
    checker.finish(program.instructions.len())
}

/// The checks between the header and the first token: the header's program type must be the
/// one the upload call gives (#3631 for the vertex slot, #3630 for the fragment slot), and the
/// profile must accept the version (#3725).
fn program_checks(
    header_kind: ProgramKind,
    version: crate::model::Version,
    kind: ProgramKind,
    profile: Profile,
) -> Result<(), ValidationError> {
    if header_kind != kind {
        let mismatch = match kind {
            ProgramKind::Vertex => ValidationErrorKind::VertexNotVertex,
            ProgramKind::Fragment => ValidationErrorKind::FragmentNotFragment,
        };
        return Err(ValidationError::program(mismatch, kind));
    }
    if !profile.accepts(version) {
        return Err(ValidationError::program(
            ValidationErrorKind::VersionNotInProfile { version, profile },
            kind,
        ));
    }
    Ok(())
}

/// Links a vertex and a fragment program (both already validated): program types (#3630,
/// #3631), versions (#3757), varyings read but not written (#3632) or partially written
/// (#3633), outputs not fully written (#3634, #3635), non-consecutive colour outputs (#3775).
pub fn link(vertex: &Program, fragment: &Program) -> Result<Linkage, ValidationError> {
    link::link(vertex, fragment)
}
