//! The decisions of `layout.equal`, `layout.is_injective` and `layout.is_bijective` (the
//! dialect's verifier and folder call them from dialect/src/relation_ops.rs). The math is
//! `layout_relation`: every layout kind becomes an ISL relation from the flat coordinate to the
//! offset, and ISL decides the property, with a witness when it fails.
//!
//! A verdict is a [`LayoutResult`] with status ok whose `kind` carries the answer (1: holds,
//! 0: fails) and whose `text` is the witness, in words, when it fails (empty when it holds).
//! An operand with a runtime leaf `?` (or the unknown value `*`) has no relation ISL can build
//! (a `?` stride times a coordinate is not affine: ISL has no symbolic multiplication): the
//! status is then "dynamic" and the op does not fold.

use layout_algebra::{Error, Value};
use layout_relation::isl::Budget;
use layout_relation::kinds::{AnyLayout, Space};
use layout_relation::props::{self, Equality};
use layout_relation::Ctx;

use super::{
    answer, owned, LayoutResult, Operand, Stored, KIND_LAYOUT, KIND_LINEAR, KIND_SWIZZLE, STATUS_OK,
};
use crate::abi::{type_text, KIND_BIJECTIVE};

/// The relation ops of the dialect (op name without `layout.`) and their operand counts.
const RELATION_OPS: &[(&str, usize)] = &[("equal", 2), ("is_injective", 1), ("is_bijective", 1)];

/// A verdict: whether the property holds, and the witness in words when it does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub holds: bool,
    pub witness: String,
}

/// An operand of a relation op as a layout of the relation layer: a CuTe layout, a swizzle or
/// a composed layout (`!layout.layout`, `!layout.swizzle`), or a linear layout
/// (`!layout.linear`). A dynamic operand is [`Error::Dynamic`]; other kinds are refused.
fn operand(op: &str, i: usize, a: &Operand) -> Result<AnyLayout, Error> {
    let (t, kind) = (a.text, a.kind);
    match kind {
        KIND_LINEAR => match a.value {
            Some(Stored::Linear(l, _)) => Ok(AnyLayout::Linear(l.clone())),
            _ => Err(Error::algebra(format!(
                "{op}: operand #{i} is not a valid linear layout"
            ))),
        },
        KIND_LAYOUT | KIND_SWIZZLE => {
            if t == "*" || t.contains('?') {
                return Err(Error::Dynamic(format!(
                    "{op}: operand #{i} {} is not static: ISL cannot build the relation of a \
                     layout with runtime leaves (a `?` stride times a coordinate is not affine)",
                    type_text(t, kind)
                )));
            }
            match super::cute_operand(op, i, a)? {
                Value::Func(f) => Ok(AnyLayout::Func(f.clone())),
                v => Err(Error::algebra(format!(
                    "{op}: operand #{i}: expected a layout, found {}",
                    v.kind()
                ))),
            }
        }
        KIND_BIJECTIVE => Err(Error::algebra(format!(
            "{op}: operand #{i} {t} is a bijective (LEGO) layout, which has no integer-set \
             relation in the relation layer (convert it to a CuTe or linear layout)"
        ))),
        k => Err(Error::algebra(format!(
            "{op}: operand #{i} must be a layout (!layout.layout, !layout.swizzle or \
             !layout.linear), got {}",
            type_text(t, k)
        ))),
    }
}

/// Decide the relation op `op` (see [`RELATION_OPS`]) on the operands `args` (their parsed
/// values; the texts name them in messages), over the flat coordinate:
///
/// - `equal(A, B)`: the same domain and the same offset at every coordinate; the witness is a
///   coordinate where they differ (or one in only one domain), with both offsets;
/// - `is_injective(L)`: no two coordinates share an offset; the witness is such a pair;
/// - `is_bijective(L)`: a bijection onto `[0, size)` (CuTe, swizzled, composed) or `[0, 2^N)`
///   (a linear layout with N output bits); the witness is a collision or an offset missed or
///   reached outside that range.
#[cfg(test)]
pub fn relation_verdict(op: &str, args: &[Operand]) -> Result<Verdict, Error> {
    relation_verdict_within(op, args, layout_relation::isl::DEFAULT_MAX_OPERATIONS)
}

/// ISL operations a fold of a relation op may use (the dialect's folder): a relation op folds
/// when ISL decides it within this budget; otherwise the folder warns and leaves the op.
pub const FOLD_MAX_OPERATIONS: u64 = 2_000_000;

/// Wall time a fold of a relation op may use.
pub const FOLD_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The operands of the relation op `op` as layouts of the relation layer: the op's arity and
/// every operand's kind are checked (no ISL: this is the verifier's check). A dynamic operand
/// is [`Error::Dynamic`], reported only after every kind was checked, so that a wrong kind is
/// an error even next to a dynamic layout.
pub fn relation_operands(op: &str, args: &[Operand]) -> Result<Vec<AnyLayout>, Error> {
    let Some(&(_, arity)) = RELATION_OPS.iter().find(|(name, _)| *name == op) else {
        return Err(Error::algebra(format!(
            "{op}: not a relation op of the dialect"
        )));
    };
    if args.len() != arity {
        return Err(Error::algebra(format!(
            "{op}: expected {arity} operand{}, got {}",
            if arity == 1 { "" } else { "s" },
            args.len()
        )));
    }
    let read: Vec<Result<AnyLayout, Error>> = args
        .iter()
        .enumerate()
        .map(|(i, a)| operand(op, i, a))
        .collect();
    if let Some(Err(e)) = read
        .iter()
        .find(|r| matches!(r, Err(e) if !matches!(e, Error::Dynamic(_))))
    {
        return Err(e.clone());
    }
    read.into_iter().collect()
}

/// [`relation_verdict`] with ISL bounded by `max_operations` and [`FOLD_TIME_LIMIT`]: an
/// exhausted budget is an error that says so.
pub fn relation_verdict_within(
    op: &str,
    args: &[Operand],
    max_operations: u64,
) -> Result<Verdict, Error> {
    let layouts = relation_operands(op, args)?;
    let ctx = Ctx::with_budget(Budget {
        operations: max_operations,
        time: Some(FOLD_TIME_LIMIT),
    })?;
    let at = |e: Error| match e {
        Error::Algebra(m) => Error::algebra(format!("{op}: {m}")),
        e => e,
    };
    if let [a, b] = &layouts[..] {
        if layout_relation::f2_decide::f2_proves_equal(a, b) {
            return Ok(Verdict {
                holds: true,
                witness: String::new(),
            });
        }
        let ra = a.relation(&ctx, Space::Flat).map_err(at)?;
        let rb = b.relation(&ctx, Space::Flat).map_err(at)?;
        let da = a.domain(&ctx, Space::Flat).map_err(at)?;
        let db = b.domain(&ctx, Space::Flat).map_err(at)?;
        return Ok(match props::equal(&ra, &da, &rb, &db, true).map_err(at)? {
            Equality::Equal => Verdict {
                holds: true,
                witness: String::new(),
            },
            Equality::Unequal { reason, .. } => Verdict {
                holds: false,
                witness: reason,
            },
        });
    }
    let l = &layouts[0];
    let bijective = op == "is_bijective";
    let failure = match layout_relation::f2_decide::f2_decision(l, bijective).map_err(at)? {
        Some(answer) => answer,
        None => layout_relation::ops::isl_holds(&ctx, l, bijective).map_err(at)?,
    };
    Ok(match failure {
        None => Verdict {
            holds: true,
            witness: String::new(),
        },
        Some(f) => Verdict {
            holds: false,
            witness: f.reason(),
        },
    })
}

/// The decision of the dialect's folder: [`relation_verdict_within`] with the budget
/// [`FOLD_MAX_OPERATIONS`], as the result the C++ folder reads. Status ok: `kind` is 1 when the
/// property holds, 0 when not, and `text` the witness in words; status dynamic: an operand has
/// runtime leaves (no fold); status algebra error: the message (an operand kind the relation
/// layer has no relation for, an ISL failure or its exhausted budget, a panic).
pub fn relation_decision(op: &str, args: &[Operand]) -> LayoutResult {
    answer(
        || relation_verdict_within(op, args, FOLD_MAX_OPERATIONS),
        |v| owned(STATUS_OK, i32::from(v.holds), 0, v.witness),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(op: &str, args: &[(&str, i32)]) -> Verdict {
        decide(op, args).unwrap_or_else(|e| panic!("{op}: {e}"))
    }

    /// [`relation_verdict`] on operands given as (canonical text, kind).
    fn decide(op: &str, args: &[(&str, i32)]) -> Result<Verdict, Error> {
        crate::with_operands(args, |ops| relation_verdict(op, ops))
    }

    #[test]
    fn equal_across_kinds_and_witness() {
        // (4,8):(1,4) is the identity on 32 offsets, as is the 5-bit identity linear layout.
        let id = r#"{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]},{"name":"dim1","size":8,"bases":[[4],[8],[16]]}],"out_dims":[{"name":"offset","size":32}]}"#;
        assert!(verdict("equal", &[("(4,8):(1,4)", KIND_LAYOUT), (id, KIND_LINEAR)]).holds);
        let v = verdict(
            "equal",
            &[("(4,8):(1,4)", KIND_LAYOUT), ("(4,8):(8,1)", KIND_LAYOUT)],
        );
        assert!(!v.holds);
        assert!(v.witness.contains("at coordinate"), "{}", v.witness);
        // Different sizes: unequal domains.
        let v = verdict("equal", &[("8:1", KIND_LAYOUT), ("16:1", KIND_LAYOUT)]);
        assert!(
            !v.holds && v.witness.contains("domains differ"),
            "{}",
            v.witness
        );
    }

    #[test]
    fn injective_and_bijective() {
        assert!(verdict("is_injective", &[("(4,8):(8,1)", KIND_LAYOUT)]).holds);
        assert!(verdict("is_bijective", &[("(4,8):(8,1)", KIND_LAYOUT)]).holds);
        let v = verdict("is_injective", &[("(4,2):(1,2)", KIND_LAYOUT)]);
        assert!(!v.holds);
        assert_eq!(v.witness, "coordinates 2 and 4 both map to offset 2");
        // Injective, not onto [0, 8).
        assert!(verdict("is_injective", &[("(4,2):(1,8)", KIND_LAYOUT)]).holds);
        let v = verdict("is_bijective", &[("(4,2):(1,8)", KIND_LAYOUT)]);
        assert!(!v.holds, "{}", v.witness);
        assert!(
            verdict(
                "is_bijective",
                &[("Sw<3,4,3> o 0 o (8,128):(128,1)", KIND_LAYOUT)]
            )
            .holds
        );
    }

    #[test]
    fn dynamic_and_refused_operands() {
        assert!(matches!(
            decide("is_injective", &[("(?,8):(1,?)", KIND_LAYOUT)]),
            Err(Error::Dynamic(_))
        ));
        let e = decide("is_injective", &[("(4,8)", super::super::KIND_TUPLE)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("must be a layout"), "{e}");
        let e = decide(
            "equal",
            &[
                ("(?,8):(1,?)", KIND_LAYOUT),
                ("(4,8)", super::super::KIND_TUPLE),
            ],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("operand #1 must be a layout"), "{e}");
        let e = decide("equal", &[("4:1", KIND_LAYOUT)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("expected 2 operands"), "{e}");
    }

    #[test]
    fn an_exhausted_budget_is_an_error_that_says_so() {
        // 96 columns: not linear over F2, so ISL decides, within one operation.
        let e = crate::with_operands(&[("Sw<3,4,3> o 0 o (8,96):(128,1)", KIND_LAYOUT)], |ops| {
            relation_verdict_within("is_bijective", ops, 1)
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("ISL gave up"), "{e}");
    }

    #[test]
    fn f2_linear_layouts_are_proven_without_isl() {
        // The 128B-swizzled tile is linear over F2: proven bijective, and equal to its linear
        // form, within a budget of one ISL operation.
        let tile = "Sw<3,4,3> o 0 o (8,128):(128,1)";
        for op in ["is_bijective", "is_injective"] {
            let v = crate::with_operands(&[(tile, KIND_LAYOUT)], |ops| {
                relation_verdict_within(op, ops, 1)
            })
            .unwrap();
            assert!(v.holds, "{op}");
        }
        let v = crate::with_operands(
            &[
                (tile, KIND_LAYOUT),
                ("Sw<3,4,3> o 0 o (8,128):(128,1)", KIND_LAYOUT),
            ],
            |ops| relation_verdict_within("equal", ops, 1),
        )
        .unwrap();
        assert!(v.holds);
        // A difference still needs ISL for its witness.
        let e = crate::with_operands(
            &[(tile, KIND_LAYOUT), ("(8,128):(128,1)", KIND_LAYOUT)],
            |ops| relation_verdict_within("equal", ops, 1),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("ISL gave up"), "{e}");
    }

    #[test]
    fn the_verifier_check_runs_no_isl() {
        let ok = |args: &[(&str, i32)]| {
            crate::with_operands(args, |ops| relation_operands("equal", ops).map(|_| ()))
        };
        assert!(ok(&[("(4,8):(1,4)", KIND_LAYOUT), ("32:1", KIND_LAYOUT)]).is_ok());
        assert!(matches!(
            ok(&[("(?,8):(1,?)", KIND_LAYOUT), ("32:1", KIND_LAYOUT)]),
            Err(Error::Dynamic(_))
        ));
        assert!(ok(&[("(4,8)", super::super::KIND_TUPLE), ("32:1", KIND_LAYOUT)]).is_err());
    }
}
