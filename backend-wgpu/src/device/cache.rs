//! The bounded caches' lookup (pipelines, texture bind groups): one hash of the key for an
//! entry made before, and a full cache emptied before a new entry goes in.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// The entry of `key` in `map`, a cache of at most `max` entries: when `key` is not there and
/// the cache is full, it is emptied first (the next lookups make again what they use).
pub fn bounded_entry<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    key: K,
    max: usize,
) -> Entry<'_, K, V> {
    if map.len() >= max && !map.contains_key(&key) {
        map.clear();
    }
    map.entry(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_cache_is_emptied_for_a_new_key_only() {
        let mut map: HashMap<u32, u32> = (0..3).map(|k| (k, k)).collect();
        // A key that is there: found, nothing dropped.
        assert!(matches!(bounded_entry(&mut map, 1, 3), Entry::Occupied(_)));
        assert_eq!(map.len(), 3);
        // A new key in a full cache: the cache is emptied.
        assert!(matches!(bounded_entry(&mut map, 7, 3), Entry::Vacant(_)));
        assert!(map.is_empty());
        // A new key with room: nothing dropped.
        map.insert(1, 1);
        bounded_entry(&mut map, 2, 3).or_insert(2);
        assert_eq!(map.len(), 2);
    }
}
