//! Parsed layout values, interned by their text: each distinct text is parsed once.
//!
//! An attribute or type of the `layout` dialect stores its canonical CuTe text (MLIR uniques it
//! by that text, so equal values share one storage object per context). Every Rust computation
//! on it needs the parsed [`Value`]; this table maps a text to one shared `Arc<Value>`, so the
//! hooks (`layout_ffi_call`, the composition warning, ...) and the Rust passes (through
//! `layout_dialect::type_value` / `attr_value`) parse a given text once per process instead of
//! once per op.
//!
//! Only successful parses are kept (an error is recomputed, with its message and offset).
//! Memory is bounded: the table holds at most [`MAX_ENTRIES`] texts; each of its shards is
//! emptied when it holds its share (values already handed out stay alive through their `Arc`s;
//! later lookups parse again).
//! Parsing is a pure function of the text, so a hit is always the value a fresh parse gives.

use std::hash::{BuildHasher, BuildHasherDefault};
use std::sync::{Arc, OnceLock, RwLock};

use layout_algebra::fast_hash::{FastHasher, FastMap};
use layout_algebra::{text, Error, Value};

/// Bound of the table (distinct texts).
pub const MAX_ENTRIES: usize = 1 << 16;

/// The table is split by the hash of the text into this many shards, each under its own lock:
/// lookups take a shard's lock shared, and threads that parse or rewrite in parallel touch
/// the lock words of different shards most of the time instead of all sharing one.
const SHARDS: usize = 16;

type Shard = RwLock<FastMap<String, Arc<Value>>>;

fn shards() -> &'static [Shard] {
    static TABLE: OnceLock<Vec<Shard>> = OnceLock::new();
    TABLE.get_or_init(|| (0..SHARDS).map(|_| RwLock::default()).collect())
}

/// The shard of `text`.
fn shard(text: &str) -> &'static Shard {
    let hash = BuildHasherDefault::<FastHasher>::default().hash_one(text);
    &shards()[(hash >> 32) as usize % SHARDS]
}

/// The parsed value of `text` (CuTe text, e.g. the stored text of a `!layout.layout<...>`),
/// shared: parsed on the first request, then looked up.
pub fn parsed(text: &str) -> Result<Arc<Value>, Error> {
    let shard = shard(text);
    // A poisoned lock only means another thread panicked while holding it; the map itself is
    // always consistent (entries are inserted whole), so keep using it.
    if let Some(v) = shard.read().unwrap_or_else(|e| e.into_inner()).get(text) {
        return Ok(Arc::clone(v));
    }
    let value = Arc::new(text::parse(text)?);
    let mut map = shard.write().unwrap_or_else(|e| e.into_inner());
    if map.len() >= MAX_ENTRIES / SHARDS {
        map.clear();
    }
    map.entry(text.to_owned())
        .or_insert_with(|| Arc::clone(&value));
    Ok(value)
}

/// The number of texts currently interned (for tests and memory reports).
pub fn len() -> usize {
    shards()
        .iter()
        .map(|s| s.read().unwrap_or_else(|e| e.into_inner()).len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_parsed_once_and_equals_a_fresh_parse() {
        let t = "((3,2),5):((1,40),3)";
        let a = parsed(t).unwrap();
        let b = parsed(t).unwrap();
        assert!(
            Arc::ptr_eq(&a, &b),
            "the second lookup shares the first parse"
        );
        assert_eq!(*a, text::parse(t).unwrap());
        assert_eq!(text::print(&a), text::print(&text::parse(t).unwrap()));
    }

    #[test]
    fn errors_are_not_interned_and_keep_their_offset() {
        let before = parsed("(4,8):(1,").unwrap_err();
        let again = parsed("(4,8):(1,").unwrap_err();
        assert_eq!(before.to_string(), again.to_string());
        assert_eq!(
            before.to_string(),
            text::parse("(4,8):(1,").unwrap_err().to_string()
        );
    }

    #[test]
    fn the_table_stays_bounded() {
        for i in 0..(MAX_ENTRIES + 10) {
            parsed(&format!("{}:1", i + 1)).unwrap();
            assert!(len() <= MAX_ENTRIES);
        }
    }
}
