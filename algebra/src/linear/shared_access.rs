//! How the threads of a CTA load a register tensor from shared memory laid out by a given
//! layout, or store it there: the widest `ld/st.shared` vector each thread can move at once and
//! the shared offset of every access.
//!
//! The shared layout `S` maps the tensor's dimensions `dim0, ..., dim{n-1}` to one offset in
//! elements, linear over F2 (a CuTe layout of the tile's coordinates, swizzled or not, through
//! `to_linear`, or a linear layout): element `c` is at `smem + bytes * S(c)`. The register
//! layout `L` (`tensor_encoding`) gives thread `(lane t, warp w)` register `r` the element
//! `L(r, t, w)`; both are linear, so its offset is `S(L(r, t, w))`, the XOR of `S(L(b))` over
//! the set bits `b` of `(r, t, w)`.
//!
//! **Vector width.** `V = 2^k` registers are one access when register bits `0..k` select the
//! next offsets (`S(L(2^b)) = 2^b` for `b < k`: registers `r, .., r+V-1` are `V` consecutive
//! elements for every `r` with its low `k` bits zero) and every other basis (register bits from
//! `k`, lanes, warps) moves the offset by a multiple of `V` (each access `V * bytes` aligned,
//! given a 16-byte aligned buffer), and `V * bytes <= 16` (`ld/st.shared.v4.b32`). The widest
//! such `V` is taken; each wider one is reported with the condition it breaks. Registers that
//! repeat an offset (a broadcast register bit) share one access; a store writes from the first.
//!
//! **`ldmatrix` (loads of 16-bit elements, sm_75+).** `ldmatrix.m8n8.x{1,2,4}.b16` gives lane
//! `t` of matrix `j` the 32-bit register holding row `t/4`, columns `2(t%4)` and `2(t%4)+1` of
//! that 8x8 matrix, whose 8 rows (16 bytes each, anywhere 16-byte aligned) lane `8j + i`
//! addresses; `.trans` gives it rows `2(t%4)`, `2(t%4)+1` of column `t/4`. In offsets: without
//! `.trans`, register bit 0 (the half of a 32-bit register) is at offset 1 and lane bits 0, 1
//! at 2, 4 (a row's 8 elements), lane bits 2..4 pick the rows; with `.trans`, lane bits 2..4
//! are at 1, 2, 4 and register bit 0, lane bits 0, 1 pick the rows. Register bits 1.. select
//! the matrices (up to 4), the rest enumerate instructions; every row offset, matrix,
//! instruction and warp offset must be a multiple of 8 (16-byte rows). Lane `l` then supplies
//! the row address `smem + bytes * (thread XOR the XOR over l's bits of their row or matrix
//! offsets XOR the instruction's)`. When the load's elements are 16-bit, the target has
//! `ldmatrix` and the form holds, it replaces the vector loads if it needs fewer instructions;
//! otherwise the remark says which condition fails. Stores use `stmatrix` (sm_90+) the same
//! way: the same fragment and addressing, registers to shared memory.

use super::layout::LinearLayout;
use super::tensor_encoding::check_tensor_encoding;
use crate::error::{Error, Result};

/// The widest shared-memory access in bytes (`ld/st.shared.v4.b32`).
pub const MAX_SHARED_ACCESS_BYTES: i64 = 16;

/// One access: its register offset and the first register of each group of `vector`
/// registers it fills (a load) or reads (a store, from the first group).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedAccessItem {
    pub offset: i64,
    pub registers: Vec<usize>,
}

/// The `ldmatrix` form of a shared load, or the `stmatrix` form of a store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixAccess {
    /// `stmatrix` (a store) rather than `ldmatrix`.
    pub store: bool,
    /// Matrices per instruction: 1, 2 or 4.
    pub num: usize,
    pub trans: bool,
    /// The offset (elements, XOR) each lane bit adds to the row address the lane supplies.
    pub lane_rows: Vec<i64>,
    /// Per instruction: its register offset (XOR) and its first register; matrix `j`'s 32-bit
    /// register holds registers `first + 2j` and `first + 2j + 1`.
    pub instructions: Vec<(i64, usize)>,
}

impl MatrixAccess {
    pub fn instruction(&self) -> String {
        format!(
            "{}.sync.aligned.m8n8.x{}{}.shared.b16",
            if self.store { "stmatrix" } else { "ldmatrix" },
            self.num,
            if self.trans { ".trans" } else { "" }
        )
    }
}

/// The `ldmatrix` (`stmatrix` when `store`) form of moving registers at shared offsets `reg`
/// (per register bit), `lane` and `warp` (per bit), or why there is none. The two instructions
/// have the same fragment and addressing.
pub fn matrix_access(
    reg: &[i64],
    lane: &[i64],
    warp: &[i64],
    store: bool,
) -> std::result::Result<MatrixAccess, String> {
    let op = if store { "stmatrix" } else { "ldmatrix" };
    if reg.is_empty() || lane.len() != 5 {
        return Err(format!(
            "{op}: a warp of 32 lanes with at least 2 elements each is needed, found {} register bit(s) and {} lane bit(s)",
            reg.len(),
            lane.len()
        ));
    }
    let m = (reg.len() - 1).min(2);
    let mut best = String::new();
    for trans in [false, true] {
        let name = if trans {
            format!("{op}.trans")
        } else {
            op.to_string()
        };
        // (what, offset, required): the in-row positions.
        let row: [(&str, i64, i64); 3] = if trans {
            [
                ("lane bit 2", lane[2], 1),
                ("lane bit 3", lane[3], 2),
                ("lane bit 4", lane[4], 4),
            ]
        } else {
            [
                ("register bit 0", reg[0], 1),
                ("lane bit 0", lane[0], 2),
                ("lane bit 1", lane[1], 4),
            ]
        };
        let rows: [(&str, i64); 3] = if trans {
            [
                ("register bit 0", reg[0]),
                ("lane bit 0", lane[0]),
                ("lane bit 1", lane[1]),
            ]
        } else {
            [
                ("lane bit 2", lane[2]),
                ("lane bit 3", lane[3]),
                ("lane bit 4", lane[4]),
            ]
        };
        if let Some((what, o, want)) = row.iter().find(|(_, o, want)| o != want) {
            best = format!(
                "{name}: {what} is at shared offset {o}, not {want} (within one 16-byte row)"
            );
            if !trans {
                continue;
            }
            return Err(format!(
                "{best}; and without .trans: {}",
                first_reason(reg, lane)
            ));
        }
        let aligned = rows
            .iter()
            .map(|(w, o)| (w.to_string(), *o))
            .chain(
                reg.iter()
                    .enumerate()
                    .skip(1)
                    .map(|(i, &o)| (format!("register bit {i}"), o)),
            )
            .chain(
                warp.iter()
                    .enumerate()
                    .map(|(i, &o)| (format!("warp bit {i}"), o)),
            )
            .find(|(_, o)| o % 8 != 0);
        if let Some((what, o)) = aligned {
            best = format!(
                "{name}: {what} moves the shared offset by {o}, not a multiple of 8 (rows of 16 bytes, 16-byte aligned)"
            );
            continue;
        }
        let lane_rows = (0..5)
            .map(|b| match b {
                0..=2 => rows[b].1,
                _ if b - 3 < m => reg[1 + (b - 3)],
                _ => 0,
            })
            .collect();
        let rest = reg.len() - 1 - m;
        let instructions = (0..1usize << rest)
            .map(|it| {
                let o = (0..rest)
                    .filter(|q| it >> q & 1 == 1)
                    .fold(0, |acc, q| acc ^ reg[1 + m + q]);
                (o, it << (1 + m))
            })
            .collect();
        return Ok(MatrixAccess {
            store,
            num: 1 << m,
            trans,
            lane_rows,
            instructions,
        });
    }
    Err(best)
}

/// The first in-row condition of the non-transposed form that fails (for the combined reason).
fn first_reason(reg: &[i64], lane: &[i64]) -> String {
    [
        ("register bit 0", reg[0], 1),
        ("lane bit 0", lane[0], 2),
        ("lane bit 1", lane[1], 4),
    ]
    .iter()
    .find(|(_, o, want)| o != want)
    .map(|(what, o, want)| format!("{what} is at shared offset {o}, not {want}"))
    .unwrap_or_default()
}

/// A constant offset XORed onto a thread's offset, as an XOR and an addition:
/// `thread ^ offset == (thread ^ x) + a` for `(x, a) = split_thread_xor(thread_bits, offset)`,
/// where every thread's offset is the XOR of some of `thread_bits` (the offsets of its lane and
/// warp bits, non-negative). `x` keeps the bits of `offset` that some thread offset can set (the
/// OR of `thread_bits`), `a` the others: `thread ^ x` sets only bits of that OR, which `a` does
/// not have, so XOR-ing `a` is adding it. Accesses whose offsets differ only in bits no thread
/// sets then share one address register, the rest an immediate (`[%r + a]`).
pub fn split_thread_xor(thread_bits: &[i64], offset: i64) -> (i64, i64) {
    let span = thread_bits.iter().fold(0, |m, &b| m | b);
    (offset & span, offset & !span)
}

/// The plan of a shared-memory load or store of a register tensor under a given layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedAccess {
    /// Elements per access.
    pub vector: usize,
    pub elem_bytes: i64,
    /// The shared offset (elements, XOR) each lane bit and each warp bit contributes.
    pub lane: Vec<i64>,
    pub warp: Vec<i64>,
    pub accesses: Vec<SharedAccessItem>,
    /// Why each wider vector was not taken.
    pub rejected: Vec<String>,
    /// A load by `ldmatrix` (a store by `stmatrix`) instead of the vector accesses (then
    /// `accesses` is the fallback the remark compares it with).
    pub matrix: Option<MatrixAccess>,
    /// Why the matrix instruction was not taken (16-bit loads on sm_75+, stores on sm_90+).
    pub matrix_rejected: Option<String>,
}

impl SharedAccess {
    /// `ld.shared.v4.b32`-style name of one access (`ld` or `st`).
    pub fn instruction(&self, kind: &str) -> String {
        let bytes = self.vector as i64 * self.elem_bytes;
        match bytes {
            16 => format!("{kind}.shared.v4.b32"),
            8 => format!("{kind}.shared.v2.b32"),
            b => format!("{kind}.shared.b{}", 8 * b),
        }
    }

    /// `4 x ld.shared.v4.b32 per thread (8 elements of 2 bytes each); wider: ...`, or the
    /// `ldmatrix` form with the vector loads it replaces.
    pub fn summary(&self, kind: &str) -> String {
        if let Some(m) = &self.matrix {
            return format!(
                "{} x {} per thread (instead of {} x {})",
                m.instructions.len(),
                m.instruction(),
                self.accesses.len(),
                self.instruction(kind)
            );
        }
        let mut s = format!(
            "{} x {} per thread ({} elements of {} bytes each)",
            self.accesses.len(),
            self.instruction(kind),
            self.vector,
            self.elem_bytes
        );
        if !self.rejected.is_empty() {
            s.push_str(&format!("; wider: {}", self.rejected.join("; ")));
        }
        if let Some(why) = &self.matrix_rejected {
            s.push_str(&format!("; not {why}"));
        }
        s
    }
}

/// The plan of loading (`store` false) or storing the register tensor `shape` laid out by
/// `threads` from (to) shared memory laid out by `smem`, for the target `sm` (`ldmatrix` for
/// 16-bit loads from sm_75; 0: vector accesses only).
pub fn shared_access(
    threads: &LinearLayout,
    shape: &[i64],
    elem_bits: i64,
    smem: &LinearLayout,
    store: bool,
    sm: i64,
) -> Result<SharedAccess> {
    check_tensor_encoding(threads, shape, "the register layout")?;
    if elem_bits <= 0 || elem_bits % 8 != 0 || elem_bits > 128 {
        return Err(Error::algebra(format!(
            "shared_access: elements of {elem_bits} bits; whole bytes (8 to 128 bits) expected"
        )));
    }
    let elem_bytes = elem_bits / 8;
    let offset = shared_offsets(smem, shape, "shared_access")?;
    let bases = |name: &str| -> Vec<i64> {
        threads
            .in_index(name)
            .map(|i| threads.bases_of(i).iter().map(|c| offset(c)).collect())
            .unwrap_or_default()
    };
    let (reg, lane, warp) = (bases("register"), bases("lane"), bases("warp"));
    let most = (MAX_SHARED_ACCESS_BYTES / elem_bytes).max(1) as usize;
    let mut rejected = Vec::new();
    let mut cap = 1usize;
    while cap * 2 <= most && cap * 2 <= 1 << reg.len() {
        cap *= 2;
    }
    if cap * 2 <= 1 << reg.len() && cap * 2 > most {
        rejected.push(format!(
            "{} elements: {} bytes, more than one access moves ({MAX_SHARED_ACCESS_BYTES})",
            cap * 2,
            cap as i64 * 2 * elem_bytes
        ));
    }
    let (vector, why) = shared_width(&reg, &lane, &warp, cap);
    rejected.extend(why);
    let mut accesses: Vec<SharedAccessItem> = Vec::new();
    for r in (0..1usize << reg.len()).step_by(vector) {
        let o = (0..reg.len())
            .filter(|b| r >> b & 1 == 1)
            .fold(0, |acc, b| acc ^ reg[b]);
        match accesses.iter_mut().find(|a| a.offset == o) {
            Some(a) => a.registers.push(r),
            None => accesses.push(SharedAccessItem {
                offset: o,
                registers: vec![r],
            }),
        }
    }
    let (mut matrix, mut matrix_rejected) = (None, None);
    if elem_bits == 16 && sm >= if store { 90 } else { 75 } {
        match matrix_access(&reg, &lane, &warp, store) {
            Ok(m) if m.instructions.len() < accesses.len() => matrix = Some(m),
            Ok(m) => {
                matrix_rejected = Some(format!(
                    "{}: {} instructions, no fewer than the vector {}",
                    m.instruction(),
                    m.instructions.len(),
                    if store { "stores" } else { "loads" }
                ))
            }
            Err(why) => matrix_rejected = Some(why),
        }
    }
    Ok(SharedAccess {
        vector,
        elem_bytes,
        lane,
        warp,
        accesses,
        rejected,
        matrix,
        matrix_rejected,
    })
}

/// The widest `V <= most` (a power of two) with register bits `0..log2 V` at shared offsets
/// `1, 2, 4, ...` and every other basis at a multiple of `V`, with the reason each wider one
/// from `most` down fails.
pub(crate) fn shared_width(
    reg: &[i64],
    lane: &[i64],
    warp: &[i64],
    most: usize,
) -> (usize, Vec<String>) {
    let mut rejected = Vec::new();
    let mut vector = most;
    while vector > 1 {
        let k = vector.trailing_zeros() as usize;
        let contiguous = (0..k).find(|&b| reg.get(b) != Some(&(1 << b)));
        let aligned = reg
            .iter()
            .enumerate()
            .skip(k)
            .map(|(i, &o)| (format!("register bit {i}"), o))
            .chain(
                lane.iter()
                    .enumerate()
                    .map(|(i, &o)| (format!("lane bit {i}"), o)),
            )
            .chain(
                warp.iter()
                    .enumerate()
                    .map(|(i, &o)| (format!("warp bit {i}"), o)),
            )
            .find(|(_, o)| o % vector as i64 != 0);
        let why = match (contiguous, aligned) {
            (Some(b), _) => match reg.get(b) {
                Some(o) => format!(
                    "{vector} elements: register bit {b} is at shared offset {o}, not {} (the next element in shared memory)",
                    1 << b
                ),
                None => format!("{vector} elements: a thread holds {} register(s)", 1 << reg.len()),
            },
            (None, Some((what, o))) => format!(
                "{vector} elements: {what} moves the shared offset by {o}, not a multiple of {vector}, so an access would start unaligned in shared memory"
            ),
            (None, None) => break,
        };
        rejected.push(why);
        vector /= 2;
    }
    (vector, rejected)
}

/// The shared offset of a tile coordinate under `smem` (XOR of the bases of its set bits),
/// after checking that `smem` lays out exactly this tile: in dimensions `dim0, ...` of the
/// tile's extents, one out dimension. `op` names the operation in errors.
pub(crate) fn shared_offsets(
    smem: &LinearLayout,
    shape: &[i64],
    op: &str,
) -> Result<impl Fn(&[i64]) -> i64> {
    let ins = smem.in_names();
    let want: Vec<String> = (0..shape.len()).map(|d| format!("dim{d}")).collect();
    if ins != want.iter().map(|s| s.as_str()).collect::<Vec<_>>() {
        return Err(Error::algebra(format!(
            "{op}: the shared layout must map the tile dimensions {} to an offset, it maps [{}]",
            want.join(", "),
            ins.join(", ")
        )));
    }
    if smem.out_names().len() != 1 {
        return Err(Error::algebra(format!(
            "{op}: the shared layout must give one offset, it gives [{}]",
            smem.out_names().join(", ")
        )));
    }
    for (d, &n) in shape.iter().enumerate() {
        let size = 1i64 << smem.bases_of(d).len();
        if size != n {
            return Err(Error::algebra(format!(
                "{op}: the shared layout covers {size} along dim{d}, the tile {n}"
            )));
        }
    }
    let bases: Vec<Vec<i64>> = (0..shape.len())
        .map(|d| smem.bases_of(d).iter().map(|b| b[0]).collect())
        .collect();
    Ok(move |c: &[i64]| {
        let mut o = 0;
        for (d, bs) in bases.iter().enumerate() {
            for (j, b) in bs.iter().enumerate() {
                if c[d] >> j & 1 == 1 {
                    o ^= b;
                }
            }
        }
        o
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    fn cute(text: &str) -> LinearLayout {
        let f = crate::text::parse_func(text).unwrap();
        crate::linear::from_cute::from_cute(&f, &["dim0", "dim1"], "offset").unwrap()
    }

    /// 128 threads, 8 consecutive halves each, rows of 64.
    const ROWS: &str = "{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}";
    /// The m16n8k16 A fragment (PTX ISA) of a 64x32 f16 tile, 4 warps along M.
    const DOT_A: &str = "{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}";

    #[test]
    fn a_thread_xor_splits_into_an_xor_and_an_addition() {
        // Lane bits of a 128B-swizzled K^T tile (rows 64 elements apart, swizzled) and a
        // matrix bit; instruction offsets along k (inside the span) and along n (outside).
        let bits = [72, 144, 288, 8, 512];
        assert_eq!(split_thread_xor(&bits, 16 | 2048), (16, 2048));
        assert_eq!(split_thread_xor(&bits, 0), (0, 0));
        assert_eq!(split_thread_xor(&[], 4096), (0, 4096));
        for offset in [0, 8, 16, 40, 1024, 1040, 3064, 4096 + 24] {
            let (x, a) = split_thread_xor(&bits, offset);
            for t in 0..(1usize << bits.len()) {
                let thread = (0..bits.len())
                    .filter(|i| t >> i & 1 == 1)
                    .fold(0, |o, i| o ^ bits[i]);
                assert_eq!(
                    (thread ^ x) + a,
                    thread ^ offset,
                    "thread {thread}, offset {offset}"
                );
            }
        }
    }

    #[test]
    fn rows_of_a_swizzled_tile_are_sixteen_byte_accesses() {
        let p = shared_access(
            &parse_linear(ROWS).unwrap(),
            &[64, 64],
            16,
            &cute("Sw<3,3,3> o 0 o (64,64):(64,1)"),
            false,
            90,
        )
        .unwrap();
        assert_eq!((p.vector, p.accesses.len()), (8, 4));
        assert_eq!(p.instruction("ld"), "ld.shared.v4.b32");
        assert!(
            p.rejected[0].contains("16 elements: 32 bytes, more than one access moves"),
            "{:?}",
            p.rejected
        );
    }

    #[test]
    fn the_mma_operand_reads_pairs() {
        let p = shared_access(
            &parse_linear(DOT_A).unwrap(),
            &[64, 32],
            16,
            &cute("(64,32):(32,1)"),
            false,
            70,
        )
        .unwrap();
        assert_eq!((p.vector, p.accesses.len()), (2, 8));
        assert_eq!(p.instruction("ld"), "ld.shared.b32");
        assert!(
            p.rejected
                .iter()
                .any(|w| w.contains("4 elements: register bit 1 is at shared offset 256, not 2")),
            "{:?}",
            p.rejected
        );
        // Every register's offset is S of its element.
        let t = parse_linear(DOT_A).unwrap();
        let lane_bases = t.bases_of(t.in_index("lane").unwrap());
        for (i, c) in lane_bases.iter().enumerate() {
            assert_eq!(p.lane[i], c[0] * 32 + c[1]);
        }
    }

    #[test]
    fn the_mma_operands_are_ldmatrix_and_ldmatrix_trans() {
        // A (64x32, K-major, 64B swizzle): two ldmatrix.x4 instead of eight ld.shared.b32.
        let a = parse_linear(DOT_A).unwrap();
        let p = shared_access(
            &a,
            &[64, 32],
            16,
            &cute("Sw<2,3,3> o 0 o (64,32):(32,1)"),
            false,
            80,
        )
        .unwrap();
        let m = p.matrix.clone().expect("ldmatrix");
        assert_eq!((m.num, m.trans, m.instructions.len()), (4, false, 2));
        assert!(p.summary("ld").starts_with("2 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 8 x ld.shared.b32)"), "{}", p.summary("ld"));
        // Lane l supplies row l%8 of matrix l/8: lane bits 0..2 pick rows 1, 2, 4 (offsets 32,
        // 64 and 128 under the swizzle: 32, 72, 144), lane bits 3, 4 the matrices of register
        // bits 1 (row 8: 256 -> 256) and 2 (column 8: 8).
        assert_eq!(m.lane_rows, vec![32, 72, 144, 256, 8]);
        // B (32x64, N-major: k rows of 64 n): the k pairs are rows apart, so .trans.
        let b = parse_linear("{register = [[1, 0], [8, 0], [0, 8], [16, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}").unwrap();
        let p = shared_access(&b, &[32, 64], 16, &cute("(32,64):(64,1)"), false, 80).unwrap();
        let m = p.matrix.expect("ldmatrix.trans");
        assert_eq!((m.num, m.trans, m.instructions.len()), (4, true, 2));
        // Stores: stmatrix from sm_90, the vector accesses before.
        let st = shared_access(&a, &[64, 32], 16, &cute("(64,32):(32,1)"), true, 90).unwrap();
        assert_eq!(
            st.matrix.expect("stmatrix").instruction(),
            "stmatrix.sync.aligned.m8n8.x4.shared.b16"
        );
        let st80 = shared_access(&a, &[64, 32], 16, &cute("(64,32):(32,1)"), true, 80).unwrap();
        assert!(st80.matrix.is_none());
        // A column-major (M-major) A tile: the halves are 64 apart, so .trans.
        let p = shared_access(&a, &[64, 32], 16, &cute("(64,32):(1,64)"), false, 90).unwrap();
        assert!(p.matrix.expect("ldmatrix.trans of an M-major A").trans);
        // Rows of 8 halves per thread: no ldmatrix form, and the remark says why.
        let rows = parse_linear(ROWS).unwrap();
        let p = shared_access(&rows, &[64, 64], 16, &cute("(64,64):(64,1)"), false, 90).unwrap();
        let why = p.matrix_rejected.unwrap();
        assert!(
            why.starts_with("ldmatrix.trans: lane bit 2 is at shared offset 32, not 1 (within one 16-byte row); and without .trans: lane bit 0 is at shared offset 8, not 2"),
            "{why}"
        );
    }

    #[test]
    fn a_column_major_tile_is_read_element_by_element() {
        let p = shared_access(
            &parse_linear(ROWS).unwrap(),
            &[64, 64],
            16,
            &cute("(64,64):(1,64)"),
            true,
            90,
        )
        .unwrap();
        assert_eq!((p.vector, p.accesses.len()), (1, 32));
        assert!(
            p.summary("st").starts_with("32 x st.shared.b16 per thread"),
            "{}",
            p.summary("st")
        );
    }
}
