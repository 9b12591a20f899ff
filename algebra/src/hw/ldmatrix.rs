//! ldmatrix / stmatrix: choose the instruction form (x1/x2/x4, `.trans`) that moves a register
//! fragment from/to a shared-memory layout, and the row address each of the 32 lanes supplies.
//!
//! The instructions move 8x8 matrices of b16 in rows of 16 contiguous bytes. Matrix i
//! (i < num) takes its 8 row addresses from lanes 8i..8i+7. Thread t holds, per matrix, one
//! 32-bit register:
//!
//! - plain: row t/4, bytes 4(t%4) .. 4(t%4)+3 of that row (for 16-bit elements the columns
//!   2(t%4) and 2(t%4)+1; for 8-bit elements four columns; for 32-bit one);
//! - `.trans` (16-bit elements only): the elements (row 2(t%4), column t/4) and
//!   (row 2(t%4)+1, column t/4) of the matrix as stored.
//!
//! The fragment is a thread-value layout `(32 threads, V values) -> tile index`; the value v
//! of a thread lives in register v / (values per register). The shared-memory layout maps the
//! tile index to an element offset (swizzle applied). A form matches when every matrix row
//! the hardware reads is 16 contiguous, 16-byte aligned bytes holding exactly the fragment's
//! elements at their places.
//!
//! Result: `{"instr": "...", "num": 4, "trans": false, "lane_offsets": [32 byte offsets]}`.
//! Lanes past 8·num (x1, x2) repeat the addresses of lanes l % (8·num) (the hardware ignores
//! them; repeating keeps every address valid).

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::json::J;
pub use crate::hw::ldmatrix_sm100::MatrixOp;
use crate::hw::ldmatrix_sm100::{self, MatrixForm};
use crate::hw::smem::AnySmem;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// The chosen form and the per-lane row addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixCopy {
    pub op: MatrixOp,
    /// Number of matrices: 1, 2 or 4.
    pub num: i64,
    pub trans: bool,
    /// The shape and element type (`m8n8` b16, or an sm_100 form).
    pub form: MatrixForm,
    /// Byte offset (relative to the shared-memory layout's origin) of the row lane l supplies.
    pub lane_offsets: Vec<i64>,
}

impl MatrixCopy {
    /// The PTX instruction, e.g. `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`.
    pub fn instr(&self) -> String {
        format!(
            "{}.sync.aligned.{}.x{}{}.shared.{}",
            self.op.name(),
            self.form.shape(),
            self.num,
            if self.trans { ".trans" } else { "" },
            self.form.elt()
        )
    }
    /// 32-bit registers per thread.
    pub fn regs(&self) -> i64 {
        self.num * self.form.regs_per_matrix()
    }
    pub fn to_json(&self) -> String {
        J::Obj(vec![
            ("instr", J::str(self.instr())),
            ("num", J::Int(self.num)),
            ("trans", J::Bool(self.trans)),
            ("lane_offsets", J::ints(&self.lane_offsets)),
        ])
        .render()
    }
}

/// Match the fragment against the ldmatrix/stmatrix forms.
pub fn matrix_copy(op: MatrixOp, elem: Elem, smem: &Func, frag: &Layout) -> Result<MatrixCopy> {
    let name = op.name();
    let e = match elem.bits() {
        8 | 16 | 32 => elem.bits() / 8,
        b => {
            return Err(Error::algebra(format!(
                "{name}: {} elements are {b} bits; {name} moves 8-, 16- and 32-bit elements \
                 (and, on sm_100, 6-bit e2m3/e3m2 in 16-byte rows)",
                elem.name()
            )))
        }
    };
    let six_bit = matches!(elem, Elem::E2m3 | Elem::E3m2);
    if elem == Elem::E2m1Unpacksmem {
        return Err(Error::algebra(format!(
            "{name}: e2m1_unpacksmem (4-bit values in 8-bit slots) needs the unpacking \
             .b8x16.b4x16_p64 form, which {name} does not handle here"
        )));
    }
    let s = AnySmem::split(smem, name)?;
    let n = s.layout.size()?;
    if frag.shape.is_leaf() || frag.rank() != 2 {
        return Err(Error::algebra(format!(
            "{name}: the fragment must be a (thread, value) layout of rank 2, found {}",
            crate::text::print_layout(frag)
        )));
    }
    let threads = frag.mode(0)?.size()?;
    let vals = frag.mode(1)?.size()?;
    if threads != 32 {
        return Err(Error::algebra(format!(
            "{name}: the fragment's thread mode has {threads} threads; {name} is a warp \
             instruction (32 threads)"
        )));
    }
    let per_reg = 4 / e;
    if vals % per_reg != 0 || !matches!(vals / per_reg, 1 | 2 | 4) {
        return Err(Error::algebra(format!(
            "{name}: each thread holds {vals} {} values = {} bytes, but {name} moves 4, 8 or 16 \
             bytes per thread (x1, x2, x4: {}, {} or {} values)",
            elem.name(),
            vals * e,
            per_reg,
            2 * per_reg,
            4 * per_reg
        )));
    }
    let num = vals / per_reg;

    // Byte offset of every (thread, value).
    let mut addr = vec![vec![0i64; vals as usize]; 32];
    for t in 0..32 {
        for v in 0..vals {
            let crd = IntTuple::tuple(vec![IntTuple::lit(t), IntTuple::lit(v)]);
            let idx = frag.eval_crd(&crd)?;
            if idx < 0 || idx >= n {
                return Err(Error::algebra(format!(
                    "{name}: fragment (thread {t}, value {v}) is tile index {idx}, outside the \
                     shared-memory layout's domain [0, {n})"
                )));
            }
            let off = s.element_offset(idx)?;
            addr[t as usize][v as usize] = crate::int::mul(off, e)?;
        }
    }

    if six_bit {
        // 6-bit values are packed in shared memory (16 per 16-byte row): only the unpacking
        // sm_100 form moves them.
        let (rows, form) = ldmatrix_sm100::match_b6(op, &addr, vals)
            .map_err(|r| Error::algebra(format!("{name}: {r}")))?;
        return finish(op, num_of(&rows), false, form, rows);
    }
    let plain = ldmatrix_sm100::match_form(MatrixForm::M8n8B16, false, &addr, e, num);
    // The transposed alternative: m8n8 .trans for 16-bit elements, the sm_100 b8 forms
    // (ldmatrix.m16n16.trans.b8, stmatrix.m16n8.trans.b8) for 8-bit ones.
    let trans = match e {
        2 => Some(
            ldmatrix_sm100::match_form(MatrixForm::M8n8B16, true, &addr, e, num)
                .map(|r| (r, MatrixForm::M8n8B16)),
        ),
        1 => Some(ldmatrix_sm100::match_b8_trans(op, &addr, vals)),
        _ => None,
    };
    let (rows, is_trans, form) = match (plain, trans) {
        (Ok(r), _) => (r, false, MatrixForm::M8n8B16),
        (Err(_), Some(Ok((r, f)))) => (r, true, f),
        (Err(p), Some(Err(t))) => {
            return Err(Error::algebra(format!(
                "{name}: no .x{num} form matches the fragment: plain: {p}; .trans: {t}"
            )))
        }
        (Err(p), None) => {
            return Err(Error::algebra(format!(
                "{name}: no .x{num} form matches the fragment: {p} (.trans needs 8- or 16-bit \
                 elements)"
            )))
        }
    };
    finish(op, num_of(&rows), is_trans, form, rows)
}

fn num_of(rows: &[Vec<i64>]) -> i64 {
    rows.len() as i64
}

/// Check the rows (16-byte aligned) and spread them over the 32 lanes.
fn finish(
    op: MatrixOp,
    num: i64,
    is_trans: bool,
    form: MatrixForm,
    rows: Vec<Vec<i64>>,
) -> Result<MatrixCopy> {
    let name = op.name();
    for (i, m) in rows.iter().enumerate() {
        for (r, &a) in m.iter().enumerate() {
            if a < 0 || a % 16 != 0 {
                return Err(Error::algebra(format!(
                    "{name}: row {r} of matrix {i} starts at byte {a}, not 16-byte aligned \
                     ({name} rows are 16 contiguous, 16-byte aligned bytes)"
                )));
            }
        }
    }
    let r = form.rows() as usize;
    let span = r * num as usize;
    let lane_offsets = (0..32usize)
        .map(|l| {
            let l = l % span;
            rows[l / r][l % r]
        })
        .collect();
    Ok(MatrixCopy {
        op,
        num,
        trans: is_trans,
        form,
        lane_offsets,
    })
}
