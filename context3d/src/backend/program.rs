//! What crosses the backend boundary about a program: the validated, linked pair and the key
//! every backend's program cache uses.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use molehill_agal::Program;

/// The identity of a program pair, computed once by context3d at `Program3D.upload`: two
/// uploads get equal keys exactly when their pairs encode to the same AGAL bytecode, so a
/// backend that keys its cache of translated, compiled programs on it compiles a pair once
/// however many `Program3D`s upload it. A backend's translation of a pair depends on nothing
/// else (its options are its own and fixed), so equal keys may share one compiled program.
///
/// Cheap to clone (the bytes are shared) and to hash (the hash is computed once, here);
/// equality compares the bytes, so a hash collision never shares a program.
#[derive(Clone)]
pub struct ProgramKey {
    hash: u64,
    /// The vertex program's bytecode, then the fragment program's.
    bytes: Arc<[u8]>,
    /// Where the fragment program's bytecode starts.
    split: usize,
}

impl ProgramKey {
    /// The key of a pair: its canonical AGAL bytecode (`molehill_agal::encode` of each
    /// program, so a pair uploaded as bytes and the same pair uploaded decoded agree).
    pub fn of(vertex: &Program, fragment: &Program) -> ProgramKey {
        let mut bytes = molehill_agal::encode(vertex);
        let split = bytes.len();
        bytes.extend_from_slice(&molehill_agal::encode(fragment));
        // `DefaultHasher::new()` has fixed keys: the same pair hashes the same in every context
        // (and every run of one build).
        let mut h = std::collections::hash_map::DefaultHasher::new();
        split.hash(&mut h);
        bytes.hash(&mut h);
        ProgramKey {
            hash: h.finish(),
            bytes: bytes.into(),
            split,
        }
    }

    /// The vertex program's bytecode.
    pub fn vertex_bytes(&self) -> &[u8] {
        &self.bytes[..self.split]
    }

    /// The fragment program's bytecode.
    pub fn fragment_bytes(&self) -> &[u8] {
        &self.bytes[self.split..]
    }

    /// The hash of the pair (what [`Hash`] feeds a hasher).
    pub fn hash_value(&self) -> u64 {
        self.hash
    }
}

impl PartialEq for ProgramKey {
    fn eq(&self, other: &ProgramKey) -> bool {
        self.hash == other.hash && self.split == other.split && self.bytes == other.bytes
    }
}

impl Eq for ProgramKey {}

impl Hash for ProgramKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl std::fmt::Debug for ProgramKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ProgramKey({:016x}, {} + {} bytes)",
            self.hash,
            self.split,
            self.bytes.len() - self.split
        )
    }
}

/// `Program3D.upload` after validation and linking, as [`super::Backend::create_program`] gets
/// it: the pair and its [`ProgramKey`], made together so that they always agree.
#[derive(Debug, Clone)]
pub struct ProgramUpload<'a> {
    vertex: &'a Program,
    fragment: &'a Program,
    key: ProgramKey,
}

impl<'a> ProgramUpload<'a> {
    /// A validated, linked pair with its key (for a caller that drives a backend directly;
    /// [`crate::Context3D`] makes one per successful upload).
    pub fn new(vertex: &'a Program, fragment: &'a Program) -> ProgramUpload<'a> {
        ProgramUpload {
            vertex,
            fragment,
            key: ProgramKey::of(vertex, fragment),
        }
    }

    /// The vertex program.
    pub fn vertex(&self) -> &'a Program {
        self.vertex
    }

    /// The fragment program.
    pub fn fragment(&self) -> &'a Program {
        self.fragment
    }

    /// The key a backend's program cache uses for this pair.
    pub fn key(&self) -> &ProgramKey {
        &self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molehill_agal::{ProgramKind, Version};

    fn program(src: &str, kind: ProgramKind) -> Program {
        molehill_agal::asm::assemble(src, kind, Version::V1).expect("assembles")
    }

    #[test]
    fn equal_pairs_have_equal_keys_and_others_do_not() {
        let v = program("mov op, va0\nmov v0, va1", ProgramKind::Vertex);
        let f = program("mov oc, v0", ProgramKind::Fragment);
        let g = program("mov oc, fc0", ProgramKind::Fragment);
        let key = ProgramKey::of(&v, &f);
        assert_eq!(key, ProgramKey::of(&v.clone(), &f.clone()));
        assert_eq!(key.hash_value(), ProgramKey::of(&v, &f).hash_value());
        assert_ne!(key, ProgramKey::of(&v, &g));
        assert_eq!(key.vertex_bytes(), molehill_agal::encode(&v));
        assert_eq!(key.fragment_bytes(), molehill_agal::encode(&f));
        assert_eq!(ProgramUpload::new(&v, &f).key(), &key);
    }

    #[test]
    fn a_collision_of_hashes_shares_nothing() {
        let v = program("mov op, va0", ProgramKind::Vertex);
        let a = ProgramKey::of(&v, &program("mov oc, fc0", ProgramKind::Fragment));
        let mut b = ProgramKey::of(&v, &program("mov oc, fc1", ProgramKind::Fragment));
        b.hash = a.hash;
        assert_ne!(a, b);
    }
}
