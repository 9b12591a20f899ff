//! Bijectivity of a LEGO chain proved with ISL, for any tile size.
//!
//! The algebra checks a GenP piece by evaluating it at every index of its tile, up to 2^22
//! elements (`algebra/src/bijective/verify.rs`). Here each GenP `(f, finv)` over the tile
//! `n_0 x ... x n_{d-1}` of `N` elements becomes two relations, built from the expressions
//! as in [`crate::bijective`]:
//!
//! ```text
//! F    = { [p_0, ..., p_{d-1}] -> [o] : 0 <= p_k < n_k and o = f(p) }
//! Finv = { [x] -> [q_0, ..., q_{d-1}] : 0 <= x < N and q_k = finv_k(x) }
//! ```
//!
//! The proof has two parts, each with a witness on failure: `F` is a bijection onto
//! `[0, N)` (no two indices share an offset, no offset outside `[0, N)`; with `N` indices
//! into `N` offsets that makes it onto), and `Finv` equals the reverse of `F` (at every
//! `x` in `[0, N)`, `finv(x)` is the index `f` sends to `x`). RegP pieces are bijections by
//! construction and the stages have equal sizes (checked when the chain is read), so the
//! chain is a bijection exactly when every GenP piece is. Expressions that multiply two
//! variables have no relation and are an error that says so.

use layout_algebra::bijective::{Chain, Expr, GenP, Piece};
use layout_algebra::{Error, Result};

use crate::bijective::value_constraint;
use crate::expr::{bounds, vars};
use crate::isl::{Ctx, Map, Set};
use crate::props::{self, Equality, Failure};

/// Why a GenP piece is not a bijection with the given inverse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenPFailure {
    /// `f` is not a bijection onto `[0, N)`.
    NotBijective(Failure),
    /// `finv(offset)` is not the index `f` maps to `offset`.
    WrongInverse {
        offset: i64,
        finv: Option<Vec<i64>>,
        inverse: Option<Vec<i64>>,
    },
}

/// The failing piece (`OrderBy k piece j`, 1-based) and its failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegoFailure {
    pub piece: String,
    pub failure: GenPFailure,
}

impl LegoFailure {
    pub fn reason(&self) -> String {
        let why = match &self.failure {
            GenPFailure::NotBijective(f) => format!("GenP f is not a bijection: {}", f.reason()),
            GenPFailure::WrongInverse {
                offset,
                finv,
                inverse,
            } => {
                format!(
                "GenP finv is not the inverse of f: finv({offset}) = {} but f maps {} to {offset}",
                finv.as_deref().map_or("nothing".into(), props::show_point),
                inverse.as_deref().map_or("nothing".into(), props::show_point),
            )
            }
        };
        format!("{}: {why}", self.piece)
    }
}

/// `{ [ins] -> [outs] : dom and outs_k = es_k }`, the parameters `names` read as `ins`.
fn expr_map<'c>(
    ctx: &'c Ctx,
    names: &[String],
    ins: &[String],
    dom: &str,
    outs: &[String],
    es: &[Expr],
) -> Result<Map<'c>> {
    let lookup = |x: &str| names.iter().position(|n| n == x).map(|k| ins[k].clone());
    let mut cons = vec![dom.to_string()];
    for (o, e) in outs.iter().zip(es) {
        cons.push(value_constraint(o, e, &lookup)?);
    }
    Map::parse(
        ctx,
        &format!(
            "{{ [{}] -> [{}] : {} }}",
            ins.join(", "),
            outs.join(", "),
            cons.join(" and ")
        ),
    )
}

/// None when the GenP piece is a bijection onto `[0, N)` with inverse `finv`.
pub fn genp_bijectivity(ctx: &Ctx, g: &GenP) -> Result<Option<GenPFailure>> {
    let n = layout_algebra::bijective::chain::product(&g.dims)?;
    let ps = vars("p", g.dims.len());
    let f = expr_map(
        ctx,
        &g.params,
        &ps,
        &bounds(&ps, &g.dims),
        &["o".to_string()],
        std::slice::from_ref(&g.f),
    )?;
    let codomain = Set::parse(ctx, &format!("{{ [o] : 0 <= o < {n} }}"))?;
    if let Some(fail) = props::bijectivity(&f, &codomain, true, true)? {
        return Ok(Some(GenPFailure::NotBijective(fail)));
    }
    let finv = expr_map(
        ctx,
        std::slice::from_ref(&g.inv_param),
        &["x".to_string()],
        &format!("0 <= x < {n}"),
        &vars("q", g.dims.len()),
        &g.finv,
    )?;
    let dom = Set::parse(ctx, &format!("{{ [x] : 0 <= x < {n} }}"))?;
    let reverse = f.reverse()?;
    // f is a bijection onto [0, N): its reverse has the domain [0, N) and is a function.
    match props::equal(&finv, &dom, &reverse, &dom, true)? {
        Equality::Equal => Ok(None),
        Equality::Unequal {
            witness,
            left,
            right,
            ..
        } => Ok(Some(GenPFailure::WrongInverse {
            offset: witness[0],
            finv: left,
            inverse: right,
        })),
    }
}

/// None when the chain is a bijection (every GenP piece proved), else the first failing piece.
pub fn chain_bijectivity(ctx: &Ctx, c: &Chain) -> Result<Option<LegoFailure>> {
    for (k, o) in c.orders.iter().enumerate() {
        for (j, p) in o.pieces.iter().enumerate() {
            let Piece::GenP(g) = p else { continue };
            let piece = format!("OrderBy {} piece {}", k + 1, j + 1);
            let verdict = genp_bijectivity(ctx, g)
                .map_err(|e| Error::algebra(format!("lego_is_bijective: {piece}: {e}")))?;
            if let Some(failure) = verdict {
                return Ok(Some(LegoFailure { piece, failure }));
            }
        }
    }
    Ok(None)
}
