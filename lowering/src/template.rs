//! Replayable lowerings: the emitter calls that lower one `layout.crd2idx` of a static
//! layout, recorded once per key and replayed for every later op with the same key.
//!
//! The lowering of a static layout L applied to coordinates c_0..c_{n-1} is a function of
//!
//!   - L (its type, uniqued by the context: the storage pointer names it),
//!   - which c_i are constants, and their values,
//!   - which c_i are the same SSA value (their ranges are all unknown: `coord_sym`),
//!   - and the identities of the values the emitter hands back: its per-block reuse may
//!     return a value it emitted for an earlier op, and the rules of `emit.rs` compare values
//!     by identity (`x mod a + (x div a) * a -> x`, runtime divisors).
//!
//! The key holds the first three. A template holds the calls in slot form: slot k < m is
//! the k-th distinct coordinate value, and each call (a constant, or a binary op with the
//! `nsw`/`nuw` flags) appends the slot of its result. With each call it records the first
//! earlier slot that holds the same value, if any (`same_as`).
//!
//! Replay makes the same calls through the same emitter, so constants are placed and
//! reused, and ops reused within the block, exactly as by the lowering. After each call it
//! checks that the result has the recorded identity. If one does not, the replay is undone
//! and the op is lowered again from the layout. When every identity matches, every decision
//! of the lowering (which reads constants, ranges derived from them, and value identities)
//! is the same, so the replay emits what lowering from scratch would have emitted.

use mlir_sys::MlirValue;

use crate::emit::{Emitter, Sym};
pub use crate::recording::Template;
use crate::recording::{first_slot, Call};

/// One coordinate operand of the key: a constant, or the class of its SSA value (classes are
/// numbered by first occurrence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coord {
    Const(i64),
    Value(u32),
}

/// The coordinate pattern of `coords` and the distinct coordinate values, in class order
/// (None for a coordinate that is neither a constant nor a value).
pub fn coordinate_pattern(coords: &[Sym]) -> Option<(Vec<Coord>, Vec<MlirValue>)> {
    let mut values: Vec<MlirValue> = Vec::new();
    let pattern = coords
        .iter()
        .map(|c| match (c.konst, c.val) {
            (Some(k), _) => Some(Coord::Const(k)),
            (None, Some(v)) => {
                let class = first_slot(&values, v).unwrap_or_else(|| {
                    values.push(v);
                    values.len() as u32 - 1
                });
                Some(Coord::Value(class))
            }
            (None, None) => None,
        })
        .collect::<Option<Vec<Coord>>>()?;
    Some((pattern, values))
}

/// Replay (the recording itself: crate::recording).
impl Template {
    /// Make the recorded calls through `e` on the distinct coordinate values `inputs`; the
    /// results, or None (after undoing the calls) when some result's identity differs from
    /// the recording's.
    pub fn replay(&self, e: &mut Emitter, inputs: &[MlirValue]) -> Option<Vec<MlirValue>> {
        if inputs.len() != self.inputs as usize {
            return None;
        }
        let mark = e.log_mark();
        let mut values: Vec<MlirValue> = Vec::with_capacity(inputs.len() + self.steps.len());
        values.extend_from_slice(inputs);
        for step in &self.steps {
            let v = match step.call {
                Call::Const(k) => e.materialize(Sym::constant(k)),
                Call::Op {
                    name,
                    operands: [l, r],
                    flags: (nsw, nuw),
                } => e.emit(name, values[l as usize], values[r as usize], nsw, nuw),
            };
            if first_slot(&values, v) != step.same_as {
                e.rollback_to(mark);
                return None;
            }
            values.push(v);
        }
        Some(self.results.iter().map(|s| values[*s as usize]).collect())
    }
}
