//! A fast, non-cryptographic hash for in-process memo tables: the lowering pass's per-run maps
//! (keys are pointers, small integers and op names). Keys are hashed once per emitted op, where std's
//! SipHash was a visible part of the time; none of these tables faces untrusted input that
//! could be chosen to collide (each is bounded and holds one compilation's values).
//!
//! Each 8-byte word `w` of the key updates the state `h` as `h = (rotl(h, 5) ^ w) * K` with
//! the odd constant `K = 0x517c_c1b7_2722_0a95` (the multiply spreads the low bits of
//! pointers, which are aligned and so mostly zero, over the whole word).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x517c_c1b7_2722_0a95;

/// The hasher (see the module documentation).
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    hash: u64,
}

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.add(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
    fn write_i64(&mut self, v: i64) {
        self.add(v as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` with [`FastHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;
