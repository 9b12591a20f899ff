//! The placement of `layout.shared_alloc`: where each shared tensor lies in one shared-memory
//! buffer, and how many bytes the buffer needs.
//!
//! Tensor i (static layout L_i of `bits_i`-bit elements, whole bytes b_i = bits_i / 8) takes
//! `cosize(L_i) b_i` bytes and is aligned to
//!
//! ```text
//!   a_i = max(16, period(L_i) b_i)      period: Func::translation_period (1 for a plain
//!                                       layout, 2^(B+M+|S|) for Sw<B,M,S> o off o L)
//! ```
//!
//! so that its swizzle, which reads the address bits below the period, sees offsets from a
//! multiple of it. In order, o_0 = 0 and o_i = round_up(o_{i-1} + bytes_{i-1}, a_i); the end is
//! E = o_last + bytes_last and the buffer's alignment A = max(16, a_i). From a base aligned to
//! `base` bytes (A is rounded up at run time, so up to A - base bytes of padding come first)
//! the buffer needs E + max(A - base, 0) bytes ([`SharedPlacement::needs_from`]); from a
//! 16-byte aligned base, E + A - 16.
//!
//! Bounds: cosize and period at most 2^20 elements each; a tensor past them (or with runtime
//! leaves, or elements of a part of a byte) is not placed (the error names it by index).

use crate::func::Func;
use crate::hw::smem_capacity::max_shared_bytes;
use crate::value::Value;

/// The most elements of a tensor's cosize and of its period.
pub const PLACEMENT_LIMIT: i64 = 1 << 20;

/// Where one tensor lies (module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub offset: i64,
    pub bytes: i64,
    pub align: i64,
}

/// The placement of all tensors of a shared_alloc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedPlacement {
    pub tensors: Vec<Placed>,
    /// E: the end of the last tensor.
    pub end: i64,
    /// A: the largest alignment (at least 16).
    pub align: i64,
}

impl SharedPlacement {
    /// The bytes the buffer needs from a base aligned to `base` bytes.
    pub fn needs_from(&self, base: i64) -> i64 {
        self.end + (self.align - base).max(0)
    }
    /// The bytes the buffer needs from a 16-byte aligned base.
    pub fn needs(&self) -> i64 {
        self.needs_from(16)
    }
    /// Whether it fits in one CTA of `sm_<sm>` (true for a chip without a known capacity),
    /// and that capacity.
    pub fn fits(&self, sm: i64) -> (bool, Option<i64>) {
        let most = max_shared_bytes(sm);
        (most.is_none_or(|m| self.needs() <= m), most)
    }
}

/// The static cosize of a layout function (none with runtime leaves).
fn cosize(l: &Value) -> Option<i64> {
    match l {
        Value::Func(Func::Layout(l)) if l.has_runtime_leaf() => None,
        Value::Func(f) => f.cosize().ok(),
        _ => None,
    }
}

/// The placement of tensors of the layouts and element bits `tensors`, in order, or the index
/// of the first that cannot be placed (module comment).
pub fn shared_placement(tensors: &[(&Value, i64)]) -> Result<SharedPlacement, usize> {
    let (mut at, mut align) = (0i64, 16i64);
    let mut placed = Vec::with_capacity(tensors.len());
    for (i, &(l, bits)) in tensors.iter().enumerate() {
        let period = match l {
            Value::Func(f) => f.translation_period(),
            _ => None,
        };
        let (Some(c), Some(p)) = (cosize(l), period) else {
            return Err(i);
        };
        if bits % 8 != 0 || bits < 8 || p < 1 || c > PLACEMENT_LIMIT || p > PLACEMENT_LIMIT {
            return Err(i);
        }
        let b = bits / 8;
        let a = (p * b).max(16);
        at = (at + a - 1) / a * a;
        placed.push(Placed {
            offset: at,
            bytes: c * b,
            align: a,
        });
        at += c * b;
        align = align.max(a);
    }
    Ok(SharedPlacement {
        tensors: placed,
        end: at,
        align,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    #[test]
    fn tensors_in_order_each_aligned_to_its_period() {
        let a = v("Sw<3,4,3> o 0 o (64,64):(64,1)");
        let bars = v("(4):(1)");
        let p = shared_placement(&[(&bars, 64), (&a, 16)]).unwrap();
        // Sw<3,4,3>: period 2^10 elements = 2048 bytes of f16.
        assert_eq!(
            p.tensors,
            vec![
                Placed {
                    offset: 0,
                    bytes: 32,
                    align: 16
                },
                Placed {
                    offset: 2048,
                    bytes: 8192,
                    align: 2048
                }
            ]
        );
        assert_eq!((p.end, p.align), (10240, 2048));
        assert_eq!(p.needs(), 10240 + 2048 - 16);
        assert_eq!(p.needs_from(4096), 10240);
        assert_eq!(p.fits(90), (true, Some(227 * 1024)));
    }

    #[test]
    fn too_much_for_the_chip() {
        let big = v("(256,256):(256,1)");
        let p = shared_placement(&[(&big, 32)]).unwrap();
        assert_eq!(p.needs(), 262144);
        assert_eq!(p.fits(90), (false, Some(232448)));
        assert_eq!(p.fits(7), (true, None));
    }

    #[test]
    fn tensors_that_cannot_be_placed_are_named() {
        let ok = v("(8):(1)");
        assert_eq!(shared_placement(&[(&ok, 8), (&v("(?):(1)"), 8)]), Err(1));
        assert_eq!(shared_placement(&[(&ok, 4)]), Err(0));
        assert_eq!(shared_placement(&[(&v("(2048,1024):(1024,1)"), 8)]), Err(0));
        assert_eq!(shared_placement(&[(&v("(8,4)"), 8)]), Err(0));
    }
}
