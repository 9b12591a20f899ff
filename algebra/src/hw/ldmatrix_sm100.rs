//! The sm_100 forms of ldmatrix / stmatrix beside `m8n8 .b16`:
//!
//! | form | matrices (`.num`) | rows per matrix | registers per matrix |
//! |------|------|------|------|
//! | `ldmatrix.m16n16.trans.b8` | 1, 2 | 16 | 2 |
//! | `stmatrix.m16n8.trans.b8` | 1, 2, 4 | 8 | 1 |
//! | `ldmatrix.m8n16.b8x16.b6x16_p32` | 1, 2, 4 | 8 | 1 |
//!
//! Every row is 16 bytes of shared memory; matrix i takes its row addresses from lanes
//! `R i .. R i + R - 1` (R rows per matrix). Where thread t's register j, byte k sits (matrix i,
//! row h, byte column c), as CuTe's `SM100_U8x8_LDSM_T` / `SM100_U8x16_LDSM_T`,
//! `SM100_U8x{4,8,16}_STSM_T` and `SM100_SU6_DU8x16_x{1,2,4}_LDSM_N` copy traits lay it out
//! (their source/destination layouts give the logical row each lane addresses):
//!
//! - `m16n16.trans.b8`: with L = 2(t%4) + k%2 + 8j (CuTe's logical row over all matrices) and
//!   r = L % 16: i = L / 16, h = (r%2) + 2((r/8)%2) + 4((r/2)%4), c = t/4 + 8(k/2);
//! - `m16n8.trans.b8`: i = j, h = 2(t%4) + k%2, c = t/4 + 8(k/2);
//! - `m8n16.b8x16.b6x16_p32`: i = j, h = t/4, c = 4(t%4) + k: 16 packed 6-bit values (12 bytes
//!   and 4 bytes of padding) per row, one value per register byte.
//!
//! The instruction kinds (`MatrixOp`) and forms (`MatrixForm`) of every ldmatrix/stmatrix are
//! defined here; ldmatrix.rs chooses among them.

/// Load (ldmatrix) or store (stmatrix).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixOp {
    Ld,
    St,
}

impl MatrixOp {
    pub fn name(self) -> &'static str {
        match self {
            MatrixOp::Ld => "ldmatrix",
            MatrixOp::St => "stmatrix",
        }
    }
}

/// The shape and element type of an ldmatrix/stmatrix form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixForm {
    /// `m8n8` `.b16` (sm_75+; 8-, 16-, 32-bit data as b16 pairs).
    M8n8B16,
    /// `ldmatrix.m16n16 .trans .b8` (sm_100).
    M16n16B8,
    /// `stmatrix.m16n8 .trans .b8` (sm_100).
    M16n8B8,
    /// `ldmatrix.m8n16 .b8x16.b6x16_p32` (sm_100): packed 6-bit values to 8-bit registers.
    M8n16B6,
}

impl MatrixForm {
    /// The first SM whose PTX has the form for `op` (PTX ISA, ldmatrix / stmatrix "Target ISA
    /// notes"): `m8n8 .b16` ldmatrix from sm_75, stmatrix from sm_90; the 8-bit and packed 6-bit
    /// forms from sm_100.
    pub fn min_sm(self, op: MatrixOp) -> u32 {
        match (self, op) {
            (MatrixForm::M8n8B16, MatrixOp::Ld) => 75,
            (MatrixForm::M8n8B16, MatrixOp::St) => 90,
            _ => 100,
        }
    }
    pub fn shape(self) -> &'static str {
        match self {
            MatrixForm::M8n8B16 => "m8n8",
            MatrixForm::M16n16B8 => "m16n16",
            MatrixForm::M16n8B8 => "m16n8",
            MatrixForm::M8n16B6 => "m8n16",
        }
    }
    /// (m, n) of the shape.
    pub fn dims(self) -> (i64, i64) {
        match self {
            MatrixForm::M8n8B16 => (8, 8),
            MatrixForm::M16n16B8 => (16, 16),
            MatrixForm::M16n8B8 => (16, 8),
            MatrixForm::M8n16B6 => (8, 16),
        }
    }
    /// The PTX element type.
    pub fn elt(self) -> &'static str {
        match self {
            MatrixForm::M8n8B16 => "b16",
            MatrixForm::M16n16B8 | MatrixForm::M16n8B8 => "b8",
            MatrixForm::M8n16B6 => "b8x16.b6x16_p32",
        }
    }
    /// Rows (lane addresses) per matrix.
    pub fn rows(self) -> i64 {
        match self {
            MatrixForm::M16n16B8 => 16,
            _ => 8,
        }
    }
    pub fn regs_per_matrix(self) -> i64 {
        match self {
            MatrixForm::M16n16B8 => 2,
            _ => 1,
        }
    }
    /// The allowed `.num`.
    fn nums(self) -> &'static [i64] {
        match self {
            MatrixForm::M16n16B8 => &[1, 2],
            _ => &[1, 2, 4],
        }
    }
    /// (matrix, row, byte column) of thread t's register j, byte k (`trans`: the m8n8 `.trans`
    /// of 16-bit elements, thread t holding elements (2(t%4), t/4) and (2(t%4)+1, t/4)).
    pub fn place(self, trans: bool, t: i64, j: i64, k: i64) -> (i64, i64, i64) {
        match self {
            MatrixForm::M8n8B16 if trans => (j, 2 * (t % 4) + k / 2, 2 * (t / 4) + k % 2),
            MatrixForm::M8n8B16 | MatrixForm::M8n16B6 => (j, t / 4, 4 * (t % 4) + k),
            MatrixForm::M16n8B8 => (j, 2 * (t % 4) + k % 2, t / 4 + 8 * (k / 2)),
            MatrixForm::M16n16B8 => {
                let l = 2 * (t % 4) + k % 2 + 8 * j;
                let r = l % 16;
                let h = (r % 2) + 2 * ((r / 8) % 2) + 4 * ((r / 2) % 4);
                (l / 16, h, t / 4 + 8 * (k / 2))
            }
        }
    }
}

type Rows = Vec<Vec<i64>>;

/// The 8-bit transposed form of `op` (`ldmatrix.m16n16.trans.b8` / `stmatrix.m16n8.trans.b8`)
/// for the byte offsets `addr[thread][byte]`.
pub(crate) fn match_b8_trans(
    op: MatrixOp,
    addr: &[Vec<i64>],
    vals: i64,
) -> std::result::Result<(Rows, MatrixForm), String> {
    let form = match op {
        MatrixOp::Ld => MatrixForm::M16n16B8,
        MatrixOp::St => MatrixForm::M16n8B8,
    };
    check_count(form, op, vals)?;
    Ok((match_form(form, false, addr, 1, vals / 4)?, form))
}

/// `ldmatrix.m8n16.b8x16.b6x16_p32` (6-bit values; no stmatrix form).
pub(crate) fn match_b6(
    op: MatrixOp,
    addr: &[Vec<i64>],
    vals: i64,
) -> std::result::Result<(Rows, MatrixForm), String> {
    if op == MatrixOp::St {
        return Err(
            "6-bit (e2m3/e3m2) values have no stmatrix form (ldmatrix.m8n16.b8x16.b6x16_p32 \
             only loads them)"
                .to_string(),
        );
    }
    let form = MatrixForm::M8n16B6;
    check_count(form, op, vals)?;
    Ok((match_form(form, false, addr, 1, vals / 4)?, form))
}

/// 8-bit values per thread: a whole number of registers, an allowed `.num`.
fn check_count(form: MatrixForm, op: MatrixOp, vals: i64) -> std::result::Result<(), String> {
    let per = form.regs_per_matrix();
    let regs = vals / 4;
    if vals % 4 != 0 || regs % per != 0 || !form.nums().contains(&(regs / per)) {
        let allowed: Vec<String> = form
            .nums()
            .iter()
            .map(|x| format!("{} bytes (.x{x})", 4 * x * per))
            .collect();
        return Err(format!(
            "{}.{}.{} moves {} per thread, not {vals} bytes",
            op.name(),
            form.shape(),
            form.elt(),
            allowed.join(" or ")
        ));
    }
    Ok(())
}

/// Row start addresses `rows[matrix][row]` of `form` (`num` matrices) for the byte offsets
/// `addr[thread][value]` of values of `e` bytes, or why it does not match.
pub(crate) fn match_form(
    form: MatrixForm,
    trans: bool,
    addr: &[Vec<i64>],
    e: i64,
    regs: i64,
) -> std::result::Result<Rows, String> {
    let num = regs / form.regs_per_matrix();
    let per_reg = 4 / e;
    let r = form.rows();
    let mut rows: Vec<Vec<Option<(i64, i64, i64)>>> = vec![vec![None; r as usize]; num as usize];
    for (t, vs) in addr.iter().enumerate() {
        let t = t as i64;
        for (v, &a) in vs.iter().enumerate() {
            let v = v as i64;
            let (i, h, c) = form.place(trans, t, v / per_reg, (v % per_reg) * e);
            let start = a.saturating_sub(c);
            let slot = &mut rows[i as usize][h as usize];
            match *slot {
                None => *slot = Some((start, t, v)),
                Some((s0, t0, v0)) if s0 != start => {
                    return Err(format!(
                        "matrix {i} row {h} would start at byte {s0} (thread {t0} value {v0}) \
                         and at byte {start} (thread {t} value {v} at byte {a}): the row is not \
                         16 contiguous bytes in shared memory"
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(rows
        .into_iter()
        .map(|m| m.into_iter().map(|x| x.map_or(0, |x| x.0)).collect())
        .collect())
}
