//! A register tensor as the register-tensor lowerings see it: the `#layout.linear` encoding
//! of its type (which register of which thread holds which element), the LLVM type of one
//! register (the element type, or for a float LLVM has no type for, f8, the integer of its
//! bits), the thread's coordinates that the lane and warp bits of an encoding give, built
//! as i32 index math from `tid.x`, and the moves between the struct of a thread's registers
//! and one vector access of memory (a load's vector scattered into its register groups, a
//! store's vector gathered from consecutive registers), which the shared and global accesses
//! share.

use layout_algebra::linear::LinearLayout;
use layout_dialect::register_tile::Tile;
use melior::ir::r#type::Type;
use melior::ir::TypeLike;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, Arith};
use crate::build_llvm::struct_body;

/// The linear layout encoding the register tensor type `ty`; `None` for any other type.
pub(crate) fn register_encoding(ty: Type<'_>) -> Option<LinearLayout> {
    Tile::of(ty)?
        .encoding
        .and_then(layout_dialect::attr_linear)?
        .ok()
}

/// The encoding of the register tensor type `ty`, which the op's verifier made one.
pub(crate) fn encoding_of(ty: Type<'_>) -> Result<LinearLayout, String> {
    register_encoding(ty).ok_or_else(|| format!("internal: '{ty}' is not a register tensor"))
}

/// The type a register of elements `ty` has: `ty`, or for a float LLVM has no type for (f8)
/// the integer of its width.
pub(crate) fn llvm_element<'c>(b: &Builder<'c>, ty: Type<'c>) -> Type<'c> {
    held_as_integer(ty).map_or(ty, |bits| b.int(bits))
}

/// The width of the signless integer a register of elements `ty` holds them as when LLVM has
/// no type for `ty` itself (a signed or unsigned integer, a float LLVM lacks: f8); `None` when
/// the register holds `ty` (a signless integer, an LLVM float, any other type).
pub(crate) fn held_as_integer(ty: Type<'_>) -> Option<u32> {
    if let Ok(i) = melior::ir::r#type::IntegerType::try_from(ty) {
        return (!i.is_signless()).then(|| i.width());
    }
    (ty.is_float() && !llvm_has_float(ty)).then(|| ty.float_width())
}

/// The number of registers of the struct type `ty` (a converted register tensor).
pub(crate) fn register_count(ty: Type<'_>) -> Result<usize, String> {
    struct_body(ty)
        .map(|fields| fields.len())
        .ok_or_else(|| format!("internal: '{ty}' is not the struct of a register tensor"))
}

/// Whether the float type `ty` is one LLVM has (f16, bf16, f32, f64, f80, f128).
pub(crate) fn llvm_has_float(ty: Type<'_>) -> bool {
    ty.is_f16()
        || ty.is_bf16()
        || ty.is_f32()
        || ty.is_f64()
        || matches!(ty.to_string().as_str(), "f80" | "f128")
}

/// The thread's coordinate along each of `rank` dimensions (i32): the XOR of the coordinates
/// of its set lane bits (`lane_bits[i]`, bit i of lane = tid.x % 32) and warp bits
/// (`warp_bits[i]`, of warp = tid.x / 32).
pub(crate) fn thread_coordinates<'c>(
    b: &Builder<'c>,
    lane_bits: &[Vec<i64>],
    warp_bits: &[Vec<i64>],
    rank: usize,
) -> Vec<Val<'c>> {
    let tid = b.thread_id_x();
    let c31 = const_i32(b, 31);
    let lane = arith(b, Arith::AndI, tid, c31);
    let c5 = const_i32(b, 5);
    let warp = arith(b, Arith::ShRUI, tid, c5);
    (0..rank)
        .map(|d| {
            let mut c = const_i32(b, 0);
            for (id, bits) in [(lane, lane_bits), (warp, warp_bits)] {
                for (i, coordinate) in bits.iter().enumerate() {
                    let x = coordinate.get(d).copied().unwrap_or(0);
                    if x == 0 {
                        continue;
                    }
                    let one = const_i32(b, 1);
                    let shift = const_i32(b, i as i64);
                    let shifted = arith(b, Arith::ShRUI, id, shift);
                    let bit = arith(b, Arith::AndI, shifted, one);
                    let xc = const_i32(b, x);
                    let term = arith(b, Arith::MulI, bit, xc);
                    c = arith(b, Arith::XOrI, c, term);
                }
            }
            c
        })
        .collect()
}

/// `result` with the `vector` elements of the loaded `v` (a vector, or the element itself when
/// `vector` is 1) in registers `g + k` of each group `g`.
pub(crate) fn scatter<'c>(
    b: &Builder<'c>,
    mut result: Val<'c>,
    v: Val<'c>,
    vector: usize,
    groups: &[usize],
) -> Val<'c> {
    for k in 0..vector {
        let x = if vector == 1 {
            v
        } else {
            let at = const_i32(b, k as i64);
            b.extract_element(v, at)
        };
        for &g in groups {
            result = b.insert_value(result, x, g + k);
        }
    }
    result
}

/// Registers `first .. first + vector` of the struct `regs` as a vector of type `access` (the
/// register itself when `vector` is 1).
pub(crate) fn gather<'c>(
    b: &Builder<'c>,
    regs: Val<'c>,
    access: Type<'c>,
    vector: usize,
    first: usize,
) -> Result<Val<'c>, String> {
    if vector == 1 {
        return b.extract_value(regs, first);
    }
    let mut v = b.undef(access);
    for k in 0..vector {
        let at = const_i32(b, k as i64);
        let x = b.extract_value(regs, first + k)?;
        v = b.insert_element(v, x, at);
    }
    Ok(v)
}
