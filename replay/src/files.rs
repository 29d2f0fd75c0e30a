//! Where a replay reads the files a trace names (`bytesFile`, `hexFile`, `agalFile`,
//! `bitmapFile`, expected images): the file system by default, or a [`DataFiles`] given in
//! [`crate::ReplayOptions::files`] (in a browser, the files the page fetched beside the trace:
//! [`MemoryFiles`]). The PNGs written under `--out` and `--update` go to the same place.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A source of the files a trace names, by path (the trace's folder joined with the name the
/// trace gives, as on the file system).
pub trait DataFiles: std::fmt::Debug + Send + Sync {
    /// The contents of `path`: an error of kind `NotFound` for a file the source does not
    /// have.
    fn read(&self, path: &Path) -> std::io::Result<Vec<u8>>;

    /// Writes `bytes` as the file `path` (its folder made when missing), replacing one there.
    fn write(&self, path: &Path, bytes: Vec<u8>) -> std::io::Result<()>;

    /// Whether the folder `folder` is there (what decides whether a trace reading material
    /// beside the repository is skipped or failed when a file of it is missing).
    fn has_folder(&self, folder: &Path) -> bool;
}

/// Files held in memory by path; it remembers the paths asked for and not found
/// ([`MemoryFiles::missing`]), for a page that fetches them and replays again, and keeps what
/// the replay writes ([`MemoryFiles::take_written`]).
#[derive(Debug, Default)]
pub struct MemoryFiles {
    files: HashMap<PathBuf, Vec<u8>>,
    missing: Mutex<Vec<PathBuf>>,
    written: Mutex<Vec<(PathBuf, Vec<u8>)>>,
}

impl MemoryFiles {
    /// No files.
    pub fn new() -> MemoryFiles {
        MemoryFiles::default()
    }

    /// Adds (or replaces) the file at `path`.
    pub fn insert(&mut self, path: impl Into<PathBuf>, bytes: Vec<u8>) {
        self.files.insert(path.into(), bytes);
    }

    /// The files written so far, in order (the written list is left empty).
    pub fn take_written(&self) -> Vec<(PathBuf, Vec<u8>)> {
        self.written
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default()
    }

    /// The paths asked for and not found so far, in order, each once.
    pub fn missing(&self) -> Vec<PathBuf> {
        self.missing.lock().map(|m| m.clone()).unwrap_or_default()
    }
}

impl DataFiles for MemoryFiles {
    fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        match self.files.get(path) {
            Some(bytes) => Ok(bytes.clone()),
            None => {
                if let Ok(mut m) = self.missing.lock() {
                    if !m.iter().any(|p| p == path) {
                        m.push(path.to_path_buf());
                    }
                }
                Err(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "not among the files loaded beside the trace",
                ))
            }
        }
    }

    /// A folder is there when a file under it was loaded.
    fn has_folder(&self, folder: &Path) -> bool {
        self.files
            .keys()
            .any(|p| p.starts_with(folder) && p != folder)
    }

    fn write(&self, path: &Path, bytes: Vec<u8>) -> std::io::Result<()> {
        let mut w = self
            .written
            .lock()
            .map_err(|_| std::io::Error::other("a writer panicked"))?;
        w.retain(|(p, _)| p != path);
        w.push((path.to_path_buf(), bytes));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_files_answer_what_they_hold_and_remember_what_they_do_not() {
        let mut files = MemoryFiles::new();
        files.insert("t/a.bin", vec![1, 2]);
        assert_eq!(files.read(Path::new("t/a.bin")).unwrap(), vec![1, 2]);
        let e = files.read(Path::new("t/b.png")).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        files.read(Path::new("t/b.png")).unwrap_err();
        assert_eq!(files.missing(), vec![PathBuf::from("t/b.png")]);
        files.write(Path::new("out/a-1.png"), vec![9]).unwrap();
        files.write(Path::new("out/a-1.png"), vec![8]).unwrap();
        assert_eq!(
            files.take_written(),
            vec![(PathBuf::from("out/a-1.png"), vec![8])]
        );
        assert!(files.take_written().is_empty());
        assert!(files.has_folder(Path::new("t")));
        assert!(!files.has_folder(Path::new("u")) && !files.has_folder(Path::new("t/a.bin")));
    }
}
