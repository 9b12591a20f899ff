//! Partition plans: the facts of `layout.partition` (a tiled copy, CuTe's
//! `make_tiled_copy(thr, val).get_slice(t).partition_S`) and `layout.partition_mma` (a tiled
//! MMA, `make_tiled_mma(atom, Layout<Shape<TM,TN,TK>>, PermutationMNK).get_slice(t)
//! .partition_A/B/C`) that the verifier and the lowering read, computed once here.
//!
//! **The tiling of a tiled MMA** ([`mma_tiling`]). The atom (`hw::mma_atoms`) gives the TV
//! layout of operand X (A: M x K, B: N x K, C: M x N) over its (AM, AN) tile and its `lanes`
//! threads. The atoms grid [TM, TN, TK] (1 to 64 atoms each) repeats it: the operand spans two
//! of (M, N, K), so its grid is (TM, TN) for C, (TM, TK) for A and (TN, TK) for B, and its
//! permutation tile is the same two modes of the PermutationMNK [P_M, P_N, P_K] (a layout or
//! `_` each). Thread t of the tiled MMA is lane t mod lanes of atom t div lanes of the
//! column-major (TM, TN, TK) grid; mode 0 of thrfrg, (ThrV, (G_0, G_1)), is indexed by
//! v + lanes (g_0 + |G_0| g_1), so the thread -> mode-0 coordinate is the layout
//!
//! ```text
//!   (lanes, TM, TN, TK) : (1, s_M, s_N, s_K)
//!   C: s_M = lanes, s_N = lanes TM, s_K = 0
//!   A: s_M = lanes, s_N = 0,        s_K = lanes TM
//!   B: s_M = 0,     s_N = lanes,    s_K = lanes TN
//! ```
//!
//! (the grid mode the operand does not span broadcasts: those atoms hold the same part).
//!
//! **Thread 0's part** ([`copy_partition`], [`mma_partition`]). With the partition
//! R = tidfrg(L, thr, val, vector) (`tiled_copy`) or R = thrfrg(L, atom_tv, tile, grid, P)
//! (`tiled_mma`), mode 0 of R is the thread; fixing it must be a translation of the rest
//! (`Func::check_mode_translates`), so that thread t's part is thread 0's moved by R at t's
//! mode-0 coordinate. Thread 0's part is slice(c, R) with CuTe's coordinate
//! c = (0, _, repeat<rank L>(_)) for a copy ([`copy_coordinate`]) and
//! ((0,(0,0)), (_, repeat<rank L>(_))) for an MMA ([`mma_coordinate`]).
//!
//! **Thread coordinates** ([`copy_thread_coordinates`], [`mma_thread_coordinates`],
//! [`copy_mode_bound`]). For a tile of static mode sizes (s_0, ..., s_{n-1}) the coordinate of
//! mode d is itself a layout of the tile,
//!
//! ```text
//!   E_d = (s_0, ..., s_{n-1}) : (0, .., 1 at d, .., 0)
//! ```
//!
//! so its partition R_d (tidfrg or thrfrg of E_d) gives the tile coordinate (mode d) of every
//! (thread, value, rest) of the partition: thread t's element i is at R_d(mode0[t] + stride0 i)
//! (an index of R_d's domain, whose mode 0 is the thread), with mode0[t] = t and
//! stride0 = size(thr) for a copy, and for an MMA mode0 = the table of the thread-coordinate
//! layout and stride0 = lanes |G_0| |G_1|. A predicated copy reads R_d at (t, 0, 0) (index math
//! on the thread) plus thread 0's slice of R_d (a table).
//!
//! Bounds: every table has at most [`EVAL_LIMIT`] (2^20) entries and all of a plan's tables
//! together at most [`TABLE_LIMIT`]; past either the plan is an error, never a long loop.

use crate::error::{Error, Result};
use crate::hw::mma_atoms;
use crate::layout::Layout;
use crate::ops::dispatch::EVAL_LIMIT;
use crate::ops::{call, tiler};
use crate::text::print;
use crate::tuple::{IntTuple, Tree};
use crate::value::{Coord, CrdLeaf, Value};
use crate::Int;

/// The most integers of all the tables of one thread-coordinate plan together.
pub const TABLE_LIMIT: i64 = 1 << 22;

/// The start of the message for a permutation that is not CuTe's PermutationMNK (the caller
/// names the value it was given).
pub const PERMUTATION_EXPECTED: &str =
    "permutation is CuTe's PermutationMNK: a tiler of three modes [P_M, P_N, P_K] (a layout or _ each)";

/// Which operand of the MMA a partition_mma partitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaOperand {
    A,
    B,
    C,
}

/// The tiled MMA of a partition_mma (module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct MmaTiling {
    pub operand: MmaOperand,
    /// The atom's TV layout of the operand: (thread, value) -> index in the (AM, AN) tile.
    pub atom_tv: Layout,
    /// The atom's tile of the operand, (AM, AN).
    pub tile: [i64; 2],
    /// The atoms along the operand's two modes.
    pub grid: [i64; 2],
    /// (lanes, TM, TN, TK) -> the thread's mode-0 coordinate of thrfrg.
    pub thread_coord: Layout,
    /// The threads of the tiled MMA, lanes TM TN TK.
    pub threads: i64,
    /// The atom's threads.
    pub lanes: i64,
    /// The operand's two modes of the PermutationMNK (thrfrg's fifth operand), if any.
    pub permutation: Option<Value>,
}

impl MmaTiling {
    /// The atom tile (AM, AN) as an integer tuple.
    pub fn tile_value(&self) -> Value {
        pair(self.tile)
    }
    /// The grid of atoms as an integer tuple.
    pub fn grid_value(&self) -> Value {
        pair(self.grid)
    }
    /// thrfrg(l, atom_tv, tile, grid[, permutation]).
    pub fn thrfrg(&self, l: Value) -> Result<Value> {
        let mut args = vec![
            l,
            Value::layout(self.atom_tv.clone()),
            self.tile_value(),
            self.grid_value(),
        ];
        args.extend(self.permutation.clone());
        call("thrfrg", &args)
    }
    /// The distance in thrfrg's mode 0 between a thread's elements i and i + 1 of a
    /// thread-coordinate table: lanes |G_0| |G_1|.
    pub fn stride0(&self) -> i64 {
        self.lanes * self.grid[0] * self.grid[1]
    }
}

fn pair(x: [i64; 2]) -> Value {
    Value::Tuple(IntTuple::tuple(vec![
        IntTuple::lit(x[0]),
        IntTuple::lit(x[1]),
    ]))
}

/// Whether `p` is CuTe's PermutationMNK: a tiler of exactly three modes.
pub fn is_permutation_mnk(p: &Value) -> bool {
    matches!(p, Value::Tiler(modes) if modes.len() == 3)
}

/// The tiling of `atom`'s operand `operand` ("A", "B" or "C") over `atoms` = [TM, TN, TK]
/// after the permutation `permutation` ([P_M, P_N, P_K]) when given (module comment).
pub fn mma_tiling(
    atom: &str,
    operand: &str,
    atoms: &[i64],
    permutation: Option<&Value>,
) -> Result<MmaTiling> {
    let [tm, tn, tk] = match atoms {
        [tm, tn, tk] if atoms.iter().all(|a| (1..=64).contains(a)) => [*tm, *tn, *tk],
        _ => {
            let list: Vec<String> = atoms.iter().map(|a| a.to_string()).collect();
            return Err(Error::algebra(format!(
                "atoms is the grid [TM, TN, TK] of 1 to 64 atoms each, found [{}]",
                list.join(", ")
            )));
        }
    };
    let which = match operand {
        "A" => MmaOperand::A,
        "B" => MmaOperand::B,
        "C" => MmaOperand::C,
        _ => {
            return Err(Error::algebra(format!(
                "operand is \"A\", \"B\" or \"C\", found \"{operand}\""
            )))
        }
    };
    let atom = mma_atoms::atom(atom)?;
    let (atom_tv, tile) = atom.operand(operand.chars().next().unwrap_or('C'))?;
    let lanes = atom.threads;
    let overflow = || Error::overflow("partition_mma: the threads of the tiled MMA");
    let threads = [tm, tn, tk]
        .iter()
        .try_fold(lanes, |acc, &x| acc.checked_mul(x))
        .ok_or_else(overflow)?;
    // The operand's grid, the strides of (TM, TN, TK) in the mode-0 coordinate, and the
    // operand's two modes of the PermutationMNK.
    let (grid, strides, modes) = match which {
        MmaOperand::C => ([tm, tn], [lanes, lanes * tm, 0], [0, 1]),
        MmaOperand::A => ([tm, tk], [lanes, 0, lanes * tm], [0, 2]),
        MmaOperand::B => ([tn, tk], [0, lanes, lanes * tn], [1, 2]),
    };
    let thread_coord = Layout::flat(
        &[lanes, tm, tn, tk],
        &[1, strides[0], strides[1], strides[2]],
    );
    let permutation = match permutation {
        None => None,
        Some(Value::Tiler(items)) if items.len() == 3 => Some(tiler::select(items, &modes)?),
        Some(p) => {
            return Err(Error::algebra(format!(
                "{PERMUTATION_EXPECTED}, found {}",
                print(p)
            )))
        }
    };
    Ok(MmaTiling {
        operand: which,
        atom_tv,
        tile,
        grid,
        thread_coord,
        threads,
        lanes,
        permutation,
    })
}

fn all() -> Coord {
    Tree::Leaf(CrdLeaf::All)
}

fn zero() -> Coord {
    Tree::Leaf(CrdLeaf::Int(Int::Lit(0)))
}

/// The coordinate that slices thread 0's part out of tidfrg(L) for a tensor of rank `rank`:
/// CuTe's `(0, _, repeat<rank>(_))` (`_` alone for rank 1).
pub fn copy_coordinate(rank: usize) -> Coord {
    let rest = if rank > 1 {
        Tree::Node(vec![all(); rank])
    } else {
        all()
    };
    Tree::Node(vec![zero(), all(), rest])
}

/// The coordinate that slices thread 0's part out of thrfrg(L) for a tensor of rank `rank`:
/// CuTe's `((0,(0,0)), (_, repeat<rank>(_)))`.
pub fn mma_coordinate(rank: usize) -> Coord {
    Tree::Node(vec![
        Tree::Node(vec![zero(), Tree::Node(vec![zero(), zero()])]),
        Tree::Node(vec![all(), Tree::Node(vec![all(); rank])]),
    ])
}

/// The rank of a layout value (of its domain, for a swizzled or composed layout).
pub fn rank_of(l: &Value) -> Option<usize> {
    match l {
        Value::Tuple(t) => Some(t.rank()),
        Value::Func(f) => f.domain_layout().ok().map(Layout::rank),
        _ => None,
    }
}

/// Why a thread's part could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum PartError {
    /// The partition (tidfrg, thrfrg) failed: the algebra's message.
    Algebra(Error),
    /// The slice at thread 0 failed: the algebra's message.
    Slice(Error),
    /// Fixing the thread is not a translation of the rest: the message names the stride and
    /// the period.
    NotTranslation(Error),
    /// The partitioned layout has no rank.
    NoRank,
}

/// A thread partition: R (mode 0 the thread) and thread 0's part, slice(c, R).
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadPart {
    pub partition: Value,
    pub part: Value,
}

fn thread_part(
    l: &Value,
    r: Result<Value>,
    coordinate: fn(usize) -> Coord,
) -> std::result::Result<ThreadPart, PartError> {
    let r = r.map_err(PartError::Algebra)?;
    match &r {
        Value::Func(f) => f
            .check_mode_translates(0)
            .map_err(PartError::NotTranslation)?,
        _ => {
            return Err(PartError::NotTranslation(Error::algebra(
                "expected a CuTe layout",
            )))
        }
    }
    let rank = rank_of(l).ok_or(PartError::NoRank)?;
    let part =
        call("slice", &[Value::Coord(coordinate(rank)), r.clone()]).map_err(PartError::Slice)?;
    Ok(ThreadPart { partition: r, part })
}

/// Thread 0's part of `l` under the tiled copy (thr, val, vector): R = tidfrg(L, thr, val,
/// vector), CuTe's (CPY, CPY_M, CPY_N, ...) (module comment).
pub fn copy_partition(
    l: &Value,
    thr: &Value,
    val: &Value,
    vector: i64,
) -> std::result::Result<ThreadPart, PartError> {
    let r = call(
        "tidfrg",
        &[l.clone(), thr.clone(), val.clone(), Value::int(vector)],
    );
    thread_part(l, r, copy_coordinate)
}

/// Thread 0's part of `l` under the tiled MMA `t`: R = thrfrg(L, ...), CuTe's (MMA, MMA_M,
/// MMA_N) (module comment).
pub fn mma_partition(l: &Value, t: &MmaTiling) -> std::result::Result<ThreadPart, PartError> {
    thread_part(l, t.thrfrg(l.clone()), mma_coordinate)
}

/// E_d = (s_0, ..., s_{n-1}) : (0, .., 1 at d, .., 0), the coordinate of mode d of a tile of
/// the static mode sizes `sizes` as a layout of the tile.
pub fn mode_coordinate_layout(sizes: &[i64], d: usize) -> Result<Layout> {
    if let Some(e) = sizes.iter().position(|&s| s < 1) {
        return Err(Error::algebra(format!(
            "the partitioned tile's mode {e} has no static extent"
        )));
    }
    if d >= sizes.len() {
        return Err(Error::algebra(format!(
            "mode {d} is out of range for a tile of {} modes",
            sizes.len()
        )));
    }
    let stride: Vec<i64> = (0..sizes.len()).map(|e| i64::from(e == d)).collect();
    Ok(Layout::flat(sizes, &stride))
}

/// tidfrg(E_d, thr, val, vector): the tile coordinate (mode d) of each (thread, value, rest)
/// of the tiled copy of a tile of the static mode sizes `sizes`.
pub fn copy_mode_coordinates(
    thr: &Value,
    val: &Value,
    vector: i64,
    sizes: &[i64],
    d: usize,
) -> Result<Value> {
    let e = mode_coordinate_layout(sizes, d)?;
    call(
        "tidfrg",
        &[
            Value::layout(e),
            thr.clone(),
            val.clone(),
            Value::int(vector),
        ],
    )
}

/// The integers of a layout function over its whole domain, at most [`EVAL_LIMIT`].
fn table(f: Value) -> Result<Vec<i64>> {
    match call("eval", &[f])? {
        Value::Ints(t) => Ok(t),
        other => Err(Error::algebra(format!(
            "eval gave {}, not a table",
            other.kind()
        ))),
    }
}

/// The message of an error as the dialect reports it (a parse error without its offset).
fn message(e: &Error) -> String {
    match e {
        Error::Parse { message, .. } => message.clone(),
        e => e.to_string(),
    }
}

/// The bound of mode d of a predicated tiled copy of a tile of static mode sizes `sizes`:
/// R_d = tidfrg(E_d, thr, val, vector) (the lowering evaluates it at (t, 0, 0)) and the table of
/// thread 0's slice of R_d (module comment). The errors say that the mode cannot be predicated.
pub fn copy_mode_bound(
    thr: &Value,
    val: &Value,
    vector: i64,
    sizes: &[i64],
    d: usize,
) -> Result<(Value, Vec<i64>)> {
    let rd = copy_mode_coordinates(thr, val, vector, sizes, d)
        .map_err(|e| Error::algebra(format!("{}: its bounds cannot be predicated", message(&e))))?;
    let slice = call(
        "slice",
        &[Value::Coord(copy_coordinate(sizes.len())), rd.clone()],
    )
    .and_then(table)
    .map_err(|e| {
        Error::algebra(format!(
            "cannot evaluate the coordinates of mode {d}: {}",
            message(&e)
        ))
    })?;
    Ok((rd, slice))
}

/// The tile coordinates of every element of every thread of a partition (module comment):
/// per mode d the table of R_d over its whole domain; thread t's element i is at
/// `tables[d][mode0[t] + stride0 * i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadCoordinates {
    pub tables: Vec<Vec<i64>>,
    pub mode0: Vec<i64>,
    pub stride0: i64,
}

fn checked_total(tables: &[Vec<i64>], mode0: &[i64]) -> Result<()> {
    let total: usize = tables.iter().map(Vec::len).sum::<usize>() + mode0.len();
    if total as i64 > TABLE_LIMIT {
        return Err(Error::algebra(format!(
            "the thread coordinates of the partition have {total} entries, more than the limit of {TABLE_LIMIT}"
        )));
    }
    if tables.windows(2).any(|w| w[0].len() != w[1].len()) {
        return Err(Error::algebra(
            "the thread coordinates of the partition's modes have different domains",
        ));
    }
    Ok(())
}

/// The thread coordinates of the tiled copy (thr, val, vector) of a tile of the static mode
/// sizes `sizes`: mode0[t] = t for the size(thr) threads, stride0 = size(thr).
pub fn copy_thread_coordinates(
    thr: &Value,
    val: &Value,
    vector: i64,
    sizes: &[i64],
) -> Result<ThreadCoordinates> {
    let mut tables = Vec::with_capacity(sizes.len());
    for d in 0..sizes.len() {
        tables.push(table(copy_mode_coordinates(thr, val, vector, sizes, d)?)?);
        checked_total(&tables, &[])?;
    }
    let stride0 = match thr {
        Value::Func(f) => f.size().unwrap_or(1),
        _ => 1,
    };
    if !(0..=EVAL_LIMIT).contains(&stride0) {
        return Err(Error::algebra(format!(
            "the tiled copy has {stride0} threads, more than the limit of {EVAL_LIMIT}"
        )));
    }
    let mode0: Vec<i64> = (0..stride0).collect();
    checked_total(&tables, &mode0)?;
    Ok(ThreadCoordinates {
        tables,
        mode0,
        stride0,
    })
}

/// The thread coordinates of the tiled MMA `t` of a tile of the static mode sizes `sizes`:
/// R_d = thrfrg(E_d, ...), mode0 the table of the thread-coordinate layout, stride0 = lanes
/// |G_0| |G_1|.
pub fn mma_thread_coordinates(t: &MmaTiling, sizes: &[i64]) -> Result<ThreadCoordinates> {
    let mut tables = Vec::with_capacity(sizes.len());
    for d in 0..sizes.len() {
        let e = mode_coordinate_layout(sizes, d)?;
        tables.push(table(t.thrfrg(Value::layout(e))?)?);
        checked_total(&tables, &[])?;
    }
    let mode0 = t.thread_coord.table(EVAL_LIMIT)?;
    checked_total(&tables, &mode0)?;
    Ok(ThreadCoordinates {
        tables,
        mode0,
        stride0: t.stride0(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    fn err(r: Result<MmaTiling>) -> String {
        r.unwrap_err().to_string()
    }

    #[test]
    fn mma_tiling_of_each_operand() {
        let c = mma_tiling("sm80_16x8x16", "C", &[2, 2, 1], None).unwrap();
        assert_eq!(c.operand, MmaOperand::C);
        assert_eq!(
            (c.tile, c.grid, c.lanes, c.threads),
            ([16, 8], [2, 2], 32, 128)
        );
        assert_eq!(
            print(&Value::layout(c.thread_coord.clone())),
            "(32,2,2,1):(1,32,64,0)"
        );
        assert_eq!(c.stride0(), 128);
        assert_eq!(print(&c.tile_value()), "(16,8)");
        assert_eq!(print(&c.grid_value()), "(2,2)");
        let a = mma_tiling("sm80_16x8x16", "A", &[2, 2, 1], None).unwrap();
        assert_eq!((a.tile, a.grid), ([16, 16], [2, 1]));
        assert_eq!(
            print(&Value::layout(a.thread_coord)),
            "(32,2,2,1):(1,32,0,64)"
        );
        let b = mma_tiling("sm80_16x8x16", "B", &[2, 2, 1], None).unwrap();
        assert_eq!((b.tile, b.grid), ([8, 16], [2, 1]));
        assert_eq!(
            print(&Value::layout(b.thread_coord)),
            "(32,2,2,1):(1,0,32,64)"
        );
    }

    #[test]
    fn mma_tiling_selects_the_operands_permutation_modes() {
        let p = v("[_,(8,2,2):(1,16,8),4:1]");
        let c = mma_tiling("sm80_16x8x16", "C", &[1, 2, 1], Some(&p)).unwrap();
        assert_eq!(
            print(c.permutation.as_ref().unwrap()),
            "[_,(8,2,2):(1,16,8)]"
        );
        let a = mma_tiling("sm80_16x8x16", "A", &[1, 2, 1], Some(&p)).unwrap();
        assert_eq!(print(a.permutation.as_ref().unwrap()), "[_,4:1]");
        let b = mma_tiling("sm80_16x8x16", "B", &[1, 2, 1], Some(&p)).unwrap();
        assert_eq!(
            print(b.permutation.as_ref().unwrap()),
            "[(8,2,2):(1,16,8),4:1]"
        );
    }

    #[test]
    fn mma_tiling_errors() {
        assert_eq!(
            err(mma_tiling("sm80_16x8x16", "C", &[2, 2], None)),
            "atoms is the grid [TM, TN, TK] of 1 to 64 atoms each, found [2, 2]"
        );
        assert_eq!(
            err(mma_tiling("sm80_16x8x16", "C", &[2, 65, 1], None)),
            "atoms is the grid [TM, TN, TK] of 1 to 64 atoms each, found [2, 65, 1]"
        );
        assert_eq!(
            err(mma_tiling("sm80_16x8x16", "D", &[1, 1, 1], None)),
            "operand is \"A\", \"B\" or \"C\", found \"D\""
        );
        assert!(err(mma_tiling("sm99", "C", &[1, 1, 1], None)).starts_with("unknown MMA atom"));
        let two = v("[_,(8,2,2):(1,16,8)]");
        assert_eq!(
            err(mma_tiling("sm80_16x8x16", "C", &[1, 1, 1], Some(&two))),
            format!("{PERMUTATION_EXPECTED}, found [_,(8,2,2):(1,16,8)]")
        );
        assert!(!is_permutation_mnk(&two));
        assert!(!is_permutation_mnk(&v("(8,2,2):(1,16,8)")));
    }

    #[test]
    fn coordinates_are_cutes() {
        for (rank, text) in [(1, "(0,_,_)"), (2, "(0,_,(_,_))"), (3, "(0,_,(_,_,_))")] {
            assert_eq!(Value::Coord(copy_coordinate(rank)), v(text));
        }
        for (rank, text) in [
            (1, "((0,(0,0)),(_,(_)))"),
            (2, "((0,(0,0)),(_,(_,_)))"),
            (3, "((0,(0,0)),(_,(_,_,_)))"),
        ] {
            assert_eq!(Value::Coord(mma_coordinate(rank)), v(text));
        }
    }

    #[test]
    fn mode_coordinate_layouts() {
        let e = mode_coordinate_layout(&[8, 4], 1).unwrap();
        assert_eq!(Value::layout(e), v("(8,4):(0,1)"));
        let e = mode_coordinate_layout(&[16], 0).unwrap();
        assert_eq!(Value::layout(e), v("(16):(1)"));
        assert_eq!(
            mode_coordinate_layout(&[8, -1], 0).unwrap_err().to_string(),
            "the partitioned tile's mode 1 has no static extent"
        );
        assert!(mode_coordinate_layout(&[8, 4], 2).is_err());
    }

    #[test]
    fn copy_partition_is_tidfrg_sliced_at_thread_0() {
        let l = v("(32,8):(8,1)");
        let (thr, val) = (v("(8,4):(4,1)"), v("(1,2):(0,1)"));
        let p = copy_partition(&l, &thr, &val, 2).unwrap();
        let r = call(
            "tidfrg",
            &[l.clone(), thr.clone(), val.clone(), Value::int(2)],
        )
        .unwrap();
        assert_eq!(p.partition, r);
        let s = call("slice", &[v("(0,_,(_,_))"), r]).unwrap();
        assert_eq!(p.part, s);
    }

    #[test]
    fn copy_partition_errors() {
        // A swizzle that reads the thread's bits together with the values': not a translation.
        let l = v("Sw<3,3,3> o 0 o (128,64):(64,1)");
        let (thr, val) = (v("(16,8):(8,1)"), v("(1,4):(0,1)"));
        match copy_partition(&l, &thr, &val, 4) {
            Err(PartError::NotTranslation(e)) => assert!(e.to_string().starts_with(
                "mode 0 of Sw<3,3,3> o 0 o ((8,16),(4,1),(8,2)):((4,64),(1,0),(1024,32)) has the stride 4, not a static multiple of 512"
            )),
            other => panic!("{other:?}"),
        }
        // A thread layout larger than the tile: tidfrg's own message.
        let small = v("(4,4):(4,1)");
        assert!(matches!(
            copy_partition(&small, &thr, &val, 8),
            Err(PartError::Algebra(_))
        ));
    }

    #[test]
    fn mma_partition_is_thrfrg_sliced_at_thread_0() {
        let t = mma_tiling("sm80_16x8x16", "C", &[2, 2, 1], None).unwrap();
        let p = mma_partition(&v("(64,64):(64,1)"), &t).unwrap();
        assert_eq!(print(&p.part), "((2,2),2,4):((1,512),2048,16)");
        assert_eq!(
            print(&p.partition),
            "(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))"
        );
    }

    #[test]
    fn copy_thread_coordinates_follow_the_thread_layout() {
        // 8x8 threads (row-major) with 1x4 values each over an 8x32 tile.
        let (thr, val) = (v("(8,8):(8,1)"), v("(1,4):(0,1)"));
        let c = copy_thread_coordinates(&thr, &val, 4, &[8, 32]).unwrap();
        assert_eq!(c.stride0, 64);
        assert_eq!(c.mode0, (0..64).collect::<Vec<_>>());
        // Thread t holds row t / 8, columns 4 (t mod 8) + i.
        for t in 0..64 {
            for i in 0..4 {
                let at = (c.mode0[t as usize] + c.stride0 * i) as usize;
                assert_eq!((c.tables[0][at], c.tables[1][at]), (t / 8, 4 * (t % 8) + i));
            }
        }
        assert!(copy_thread_coordinates(&thr, &val, 4, &[8, -1]).is_err());
    }

    #[test]
    fn mma_thread_coordinates_match_the_partition() {
        // Every thread's element i of the C partition of a 32x16 tile: the layout of the
        // partition at the thread's mode-0 coordinate gives the same offset as the coordinates.
        let t = mma_tiling("sm80_16x8x16", "C", &[2, 2, 1], None).unwrap();
        let c = mma_thread_coordinates(&t, &[32, 16]).unwrap();
        assert_eq!(c.stride0, 128);
        assert_eq!(c.mode0.len(), 128);
        let r = t.thrfrg(v("(32,16):(16,1)")).unwrap();
        let offsets = table(r).unwrap();
        for th in 0..128usize {
            for i in 0..4i64 {
                let at = (c.mode0[th] + c.stride0 * i) as usize;
                assert_eq!(offsets[at], 16 * c.tables[0][at] + c.tables[1][at]);
            }
        }
        assert!(mma_thread_coordinates(&t, &[32, 0]).is_err());
    }

    #[test]
    fn copy_mode_bound_is_thread_0s_slice() {
        let (thr, val) = (v("(8,8):(8,1)"), v("(1,4):(0,1)"));
        let (rd, table0) = copy_mode_bound(&thr, &val, 4, &[8, 32], 1).unwrap();
        assert_eq!(table0, vec![0, 1, 2, 3]);
        assert!(matches!(rd, Value::Func(_)));
        assert_eq!(
            copy_mode_bound(&thr, &val, 4, &[8, 0], 0)
                .unwrap_err()
                .to_string(),
            "the partitioned tile's mode 1 has no static extent: its bounds cannot be predicated"
        );
    }

    #[test]
    fn tables_are_bounded() {
        // 2^11 x 2^10 elements: each table is past the evaluation limit.
        let (thr, val) = (v("(32,1):(1,0)"), v("(1,1):(0,1)"));
        let e = copy_thread_coordinates(&thr, &val, 1, &[2048, 1024]).unwrap_err();
        assert!(e.to_string().contains("exceeds the limit"), "{e}");
    }
}
