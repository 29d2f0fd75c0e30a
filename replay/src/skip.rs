//! Traces that read material beside the repository, not part of it, are skipped, not failed,
//! where that material is missing: the AGAL corpus (`shared/agal-corpus`, traces marked
//! [`trace::REQUIRES_CORPUS_MARKER`]) and the ATF files and Flash Player's pictures of
//! `shared/atf` (traces marked [`trace::REQUIRES_SHARED_ATF_MARKER`]).

use std::ffi::OsStr;
use std::path::Path;

use molehill_trace as trace;

use crate::files::DataFiles;
use crate::image::ImageError;
use crate::outcome::{FailureKind, TraceOutcome};

/// `outcome`, skipped when the trace `text` is marked as reading material beside the
/// repository and its first failure is a file of that material that is not there. Whether a
/// folder is there is asked of `files` when the replay read through one (a browser's), else
/// of the file system.
pub(crate) fn skip_without_shared(
    text: &str,
    mut outcome: TraceOutcome,
    files: Option<&dyn DataFiles>,
) -> TraceOutcome {
    let exists = |folder: &Path| files.map_or_else(|| folder.exists(), |f| f.has_folder(folder));
    let reason = missing_file(&outcome).and_then(|path| {
        let corpus = trace::requires_corpus(text).then(|| missing_corpus(path, &exists));
        let atf = || trace::requires_shared_atf(text).then(|| missing_shared_atf(path, &exists));
        corpus.flatten().or_else(|| atf().flatten())
    });
    if let Some(reason) = reason {
        outcome.skip(reason);
    }
    outcome
}

/// The file the first failure of `outcome` could not find: a data file (`bytesFile`,
/// `hexFile`, ...) or an image (`bitmapFile`, an expected PNG).
fn missing_file(outcome: &TraceOutcome) -> Option<&Path> {
    let (path, source) = match &outcome.failures.first()?.kind {
        FailureKind::Io { path, source } => (path.as_path(), source),
        FailureKind::Image {
            path,
            source: ImageError::Io { source, .. },
        } => (path.as_path(), source),
        _ => return None,
    };
    (source.kind() == std::io::ErrorKind::NotFound).then_some(path)
}

/// Why a trace reading the AGAL corpus is skipped: `path` lies under an `agal-corpus` folder
/// that does not exist. A missing file inside a corpus that is there stays a failure.
fn missing_corpus(path: &Path, exists: &dyn Fn(&Path) -> bool) -> Option<String> {
    let corpus = path
        .ancestors()
        .find(|a| a.file_name() == Some(OsStr::new("agal-corpus")))?;
    (!exists(corpus)).then(|| {
        format!(
            "it reads the AGAL corpus, not found at {} (see README: shared/agal-corpus)",
            corpus.display()
        )
    })
}

/// Why a trace reading `shared/atf` is skipped: `path` lies under a folder `atf` of a folder
/// `shared`, and it, or the whole folder, is not there. The folder comes with the project's
/// reference material, not with the repository, and may lack a file a newer trace reads, so a
/// missing file is a skip that names it, not a failure.
fn missing_shared_atf(path: &Path, exists: &dyn Fn(&Path) -> bool) -> Option<String> {
    let atf = path.ancestors().find(|a| {
        a.file_name() == Some(OsStr::new("atf"))
            && a.parent().and_then(Path::file_name) == Some(OsStr::new("shared"))
    })?;
    Some(if exists(atf) {
        format!(
            "it reads {}, not in {} (tests/conformance/textures/atf/SOURCES.md lists the files of shared/atf)",
            path.display(),
            atf.display()
        )
    } else {
        format!(
            "it reads shared/atf, not found at {} (see tests/conformance/README.md)",
            atf.display()
        )
    })
}
