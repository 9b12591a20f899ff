//! The partition plans of `layout.partition` and `layout.partition_mma`
//! (`layout_algebra::ops::partition_plan`) over the C ABI: the tiled MMA's layouts as values
//! (handles), the slicing coordinates, and the bound of a predicated copy's mode with its table
//! as an integer array (capacity and length, as the other plans). The C++ passes the ops' attributes as handles and integers, never as text.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::ops::partition_plan::{
    self, is_permutation_mnk, MmaTiling, PERMUTATION_EXPECTED,
};
use layout_algebra::{text, Error, Value};

use std::mem::MaybeUninit;

use crate::abi::{type_text, write_all};
use crate::stored::Stored;
use crate::{
    from_error, kind_of, owned, utf8, with_value, LayoutResult, LayoutSlice, LayoutSliceMut,
    LayoutStr, FLAT_DYNAMIC, STATUS_ALGEBRA_ERROR, STATUS_OK,
};

/// `r` as a result, a panic as an internal error.
fn caught<T>(f: impl FnOnce() -> T) -> Result<T, LayoutResult> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
        owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        )
    })
}

/// The CuTe value of a handle, or the message that names `what`.
fn cute<'a>(h: Option<&'a Stored>, what: &str) -> Result<&'a Value, Error> {
    h.and_then(Stored::cute)
        .ok_or_else(|| Error::algebra(format!("{what}: expected a CuTe value")))
}

/// The attribute `#layout.<mnemonic><text>` of a value, as the dialect prints it.
fn attribute_text(v: &Value) -> String {
    type_text(&text::print(v), kind_of(v)).replacen('!', "#", 1)
}

/// The tiled MMA of the attributes of a partition_mma, C strings.
fn tiling(
    atom: LayoutStr,
    operand: LayoutStr,
    atoms: &[i64],
    permutation: Option<&Stored>,
) -> Result<MmaTiling, Error> {
    let (atom, operand) = (utf8(atom.bytes())?, utf8(operand.bytes())?);
    mma_tiling_of(atom, operand, atoms, permutation)
}

/// The tiled MMA of the attributes of a partition_mma (`partition_plan::mma_tiling`); a
/// permutation that is not CuTe's PermutationMNK is named as the attribute it is.
pub fn mma_tiling_of(
    atom: &str,
    operand: &str,
    atoms: &[i64],
    permutation: Option<&Stored>,
) -> Result<MmaTiling, Error> {
    let perm = permutation.and_then(Stored::cute);
    partition_plan::mma_tiling(atom, operand, atoms, perm).map_err(|e| match perm {
        Some(p) if !is_permutation_mnk(p) && e.to_string().starts_with(PERMUTATION_EXPECTED) => {
            Error::algebra(format!(
                "{PERMUTATION_EXPECTED}, found {}",
                attribute_text(p)
            ))
        }
        _ => e,
    })
}

/// A successful result without a value (empty text).
fn done() -> LayoutResult {
    owned(STATUS_OK, 0, 0, String::new())
}

/// The tiled MMA of layout.partition_mma (`partition_plan::mma_tiling`) of the atom `atom`'s
/// operand `operand` ("A", "B" or "C") over `atoms` = [TM, TN, TK], after the
/// permutation tiler `permutation` (null for none). On success `values[0..5]` are: the atom's
/// TV layout of the operand, its tile (AM, AN), the grid of atoms along the operand's two modes,
/// the layout (lane, TM, TN, TK) -> thrfrg's mode-0 coordinate, and the operand's two modes of
/// the permutation (a result without a value when there is none); `ints[0..2]` the threads of
/// the tiled MMA and the atom's lanes. Nothing is written on error (the message).
///
/// # C caller's contract
/// `atom`, `operand` and `atoms` must be valid (see [`LayoutStr`] and [`LayoutSlice`]),
/// `permutation` null or a live handle; `values` must be null or point to 5 writable results
/// and `ints` null or to 2 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_mma_tiling(
    atom: LayoutStr,
    operand: LayoutStr,
    atoms: LayoutSlice<i64>,
    permutation: Option<&Stored>,
    values: Option<&mut [MaybeUninit<LayoutResult>; 5]>,
    ints: Option<&mut [MaybeUninit<i64>; 2]>,
) -> LayoutResult {
    let atoms = atoms.as_slice();
    let t = match caught(|| tiling(atom, operand, atoms, permutation)) {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => return from_error(e),
        Err(r) => return r,
    };
    let out = [
        with_value(Stored::Cute(Value::layout(t.atom_tv.clone()))),
        with_value(Stored::Cute(t.tile_value())),
        with_value(Stored::Cute(t.grid_value())),
        with_value(Stored::Cute(Value::layout(t.thread_coord.clone()))),
        match &t.permutation {
            Some(p) => with_value(Stored::Cute(p.clone())),
            None => done(),
        },
    ];
    if let Some(values) = values {
        for (v, r) in values.iter_mut().zip(out) {
            v.write(r);
        }
    }
    if let Some(ints) = ints {
        write_all(ints, &[t.threads, t.lanes]);
    }
    done()
}

/// The coordinate that slices thread 0's part out of the partition of `layout` (rank 1 when
/// it has none): CuTe's (0, _, repeat<rank>(_)) for a tiled copy, ((0,(0,0)),
/// (_, repeat<rank>(_))) for a tiled MMA (`mma`).
///
/// # C caller's contract
/// `layout` must be null or a live handle.
#[no_mangle]
pub extern "C" fn layout_ffi_partition_coordinate(
    layout: Option<&Stored>,
    mma: bool,
) -> LayoutResult {
    let l = layout.and_then(Stored::cute);
    match caught(|| {
        let rank = l.and_then(partition_plan::rank_of).unwrap_or(1);
        Value::Coord(if mma {
            partition_plan::mma_coordinate(rank)
        } else {
            partition_plan::copy_coordinate(rank)
        })
    }) {
        Ok(v) => with_value(Stored::Cute(v)),
        Err(r) => r,
    }
}

/// The integer `v` as a value (an operand of the layout ops, e.g. tidfrg's vector).
#[no_mangle]
pub extern "C" fn layout_ffi_integer(v: i64) -> LayoutResult {
    with_value(Stored::Cute(Value::int(v)))
}

/// The rank of a CuTe layout function (of its domain for a swizzled or composed layout) and
/// the number of elements of each top-level mode in `sizes[0..rank]` ([`FLAT_DYNAMIC`] for a
/// mode whose extents are not static); -1 for another value or more modes than `sizes` holds.
///
/// # C caller's contract
/// `layout` must be null or a live handle and `sizes` a valid [`LayoutSliceMut`].
#[no_mangle]
pub extern "C" fn layout_ffi_mode_sizes(
    layout: Option<&Stored>,
    sizes: LayoutSliceMut<i64>,
) -> i64 {
    let l = layout.and_then(Stored::cute);
    let modes = caught(|| match l {
        Some(Value::Func(f)) => f.domain_layout().ok().map(|d| {
            d.modes()
                .iter()
                .map(|m| {
                    if m.shape.is_static() {
                        m.size().unwrap_or(FLAT_DYNAMIC)
                    } else {
                        FLAT_DYNAMIC
                    }
                })
                .collect::<Vec<i64>>()
        }),
        _ => None,
    })
    .ok()
    .flatten();
    match modes {
        Some(m) if m.len() <= sizes.len() => {
            sizes.write(&m);
            m.len() as i64
        }
        _ => -1,
    }
}

/// `r` with its integers copied to `out` when they fit in it; on success `*length` (unless
/// null) is their number either way (call again with a larger buffer).
fn with_ints(
    r: Result<Result<(Option<Value>, Vec<i64>), Error>, LayoutResult>,
    out: LayoutSliceMut<i64>,
    length: Option<&mut MaybeUninit<usize>>,
) -> LayoutResult {
    match r {
        Err(panic) => panic,
        Ok(Err(e)) => from_error(e),
        Ok(Ok((value, flat))) => {
            if let Some(length) = length {
                length.write(flat.len());
            }
            if flat.len() <= out.len() {
                out.write(&flat);
            }
            match value {
                Some(v) => with_value(Stored::Cute(v)),
                None => done(),
            }
        }
    }
}

/// The bound of mode `d` of a predicated tiled copy (`partition_plan::copy_mode_bound`) of a
/// tile of the static mode sizes `sizes`: the value R_d = tidfrg(E_d, thr, val, vector), and
/// the table of thread 0's slice of R_d in `out` (`*length` integers, copied when they fit in
/// it). The message says why the mode cannot be predicated.
///
/// # C caller's contract
/// The handles must be null or live; `sizes` must be a valid [`LayoutSlice`], `out` a valid
/// [`LayoutSliceMut`] and `length` null or a writable size.
#[no_mangle]
pub extern "C" fn layout_ffi_copy_mode_bound(
    thr: Option<&Stored>,
    val: Option<&Stored>,
    vector: i64,
    sizes: LayoutSlice<i64>,
    d: usize,
    out: LayoutSliceMut<i64>,
    length: Option<&mut MaybeUninit<usize>>,
) -> LayoutResult {
    let sizes = sizes.as_slice().to_vec();
    let r = caught(|| -> Result<_, Error> {
        let (thr, val) = (cute(thr, "partition")?, cute(val, "partition")?);
        let (rd, table) = partition_plan::copy_mode_bound(thr, val, vector, &sizes, d)?;
        Ok((Some(rd), table))
    });
    with_ints(r, out, length)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{test_str, KIND_LAYOUT, KIND_TILER};

    fn handle(text: &str, kind: i32) -> Option<&'static Stored> {
        Some(Box::leak(Box::new(Stored::parse(text, kind).unwrap())))
    }

    fn take(r: LayoutResult) -> (i32, String) {
        let (status, _, _, text) = crate::take_result(r);
        (status, text)
    }

    #[test]
    fn a_bad_permutation_is_named_as_its_attribute() {
        let p = handle("[_,(8,2,2):(1,16,8)]", KIND_TILER);
        let e = mma_tiling_of("sm80_16x8x16", "C", &[1, 2, 1], p).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{PERMUTATION_EXPECTED}, found #layout.tiler<[_,(8,2,2):(1,16,8)]>")
        );
    }

    #[test]
    fn mma_tiling_gives_its_values() {
        let atoms = [2i64, 2, 1];
        let mut values: [std::mem::MaybeUninit<LayoutResult>; 5] =
            [const { std::mem::MaybeUninit::uninit() }; 5];
        let mut ints = [std::mem::MaybeUninit::new(0i64); 2];
        let r = layout_ffi_mma_tiling(
            test_str("sm80_16x8x16"),
            test_str("A"),
            atoms[..].into(),
            None,
            Some(&mut values),
            Some(&mut ints),
        );
        assert_eq!(take(r).0, STATUS_OK);
        let texts: Vec<String> = values
            .into_iter()
            .map(|v| take(unsafe { v.assume_init() }).1)
            .collect();
        assert_eq!(texts[1..4], ["(16,16)", "(2,1)", "(32,2,2,1):(1,32,0,64)"]);
        assert_eq!(texts[4], "");
        // SAFETY: both were initialized above (and written by the call).
        assert_eq!(ints.map(|i| unsafe { i.assume_init() }), [128, 32]);
    }

    #[test]
    fn mode_sizes_and_partition_coordinate() {
        let mut sizes = [0i64; 4];
        let l = handle("Sw<3,3,3> o 0 o (128,(?,4)):(64,(1,?))", KIND_LAYOUT);
        assert_eq!(layout_ffi_mode_sizes(l, sizes.as_mut_slice().into()), 2);
        assert_eq!(sizes[..2], [128, FLAT_DYNAMIC]);
        let coordinate = take(layout_ffi_partition_coordinate(l, true));
        assert_eq!(coordinate, (STATUS_OK, "((0,(0,0)),(_,(_,_)))".to_string()));
    }
}
