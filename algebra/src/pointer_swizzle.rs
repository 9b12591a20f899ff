//! A swizzle over a typed pointer, read on element offsets: what CuTe C++ prints as
//! `Sw<B,M,S> o smem_ptr[Nb](unset) o L` (every GMMA/UMMA shared-memory atom) means
//! `c -> Sw<B,M,S>(byte address of element L(c))`, because CuTe's `swizzle_ptr`
//! (pointer_swizzle.hpp) applies the swizzle to the pointer value, in bytes. A composed layout
//! of this crate is in element offsets, so the swizzle is rewritten on element offsets where
//! that is the same function, and refused otherwise.
//!
//! Sw<B,M,S>(x) = x ^ ((x & yyy) >> S) moves the B address bits [M+max(S,0), ...) onto the B
//! bits [M-min(S,0), ...) (swizzle.rs): read bit M+i+S onto written bit M+i for S > 0, read
//! bit M+i onto written bit M+i+|S| for S < 0, i < B. Let N be the element width in bits.
//!
//! N = 8·2^t, t >= 0 (8, 16, 32, 64, ... bits): element x starts at byte 2^t·x, whose low t
//! bits are 0, and the swizzled address must again be a multiple of 2^t (an element start).
//! Shifting a pair of bits (read r, written w) down by t: a pair with r < t reads a bit that
//! is always 0 and does nothing; a pair with r, w >= t becomes the pair (r-t, w-t) on element
//! offsets; a pair with w < t <= r sets a bit inside an element (no element offset). So:
//! - M >= t: every touched bit is >= t; the element swizzle is Sw<B,M-t,S> (t = 0, bytes:
//!   the same swizzle);
//! - M < t, S < 0: the read bit is below the written one, so no pair has w < t <= r; the
//!   pairs with r >= t are i >= t-M: Sw<max(B+M-t,0),0,S>;
//! - M < t, S > 0: bit M (w = M < t) reads r = M+S; exact only when every touched bit is
//!   below t (M+B+S <= t), where the swizzle does nothing on element starts: Sw<0,0,S>;
//!   otherwise refused (no swizzle on element offsets is this function).
//!
//! These results are CuTe's own recast of a swizzle from bytes to elements
//! (`recast_layout<uint8_t,T>(Swizzle)`, swizzle_layout.hpp: upcast by 2^t gives
//! `Sw<B,M-t,S>`, or `Sw<max(B+M-t,0),0,S>` when M < t), which `as_position_independent_swizzle
//! _layout` uses to read such a layout on elements. Where CuTe's upcast truncates a swizzle
//! that sets bits inside an element (M < t, S > 0) we refuse instead.
//!
//! N = 8/2^j, j = 1, 2, 3 (4, 2, 1 bits): CuTe's `subbyte_iterator` is a byte pointer and a
//! bit index; `swizzle_ptr` swizzles the byte pointer and keeps the index. Element x is at
//! byte x >> j, index x mod 2^j, and lands at Sw(x >> j)·2^j + (x mod 2^j), which is
//! Sw<B,M+j,S>(x): the byte address bits are the element offset bits from j up, and the
//! swizzle never touches bits below M + j >= j. Always exact (CuTe's downcast by 2^j). CuTe's
//! `Layout_K_SW128_Atom_Bits` is `Sw<3,4,3> o smem_ptr[1b](unset) o (8,1024):(1024,1)`, read
//! as `Sw<3,7,3> o 0 o (8,1024):(1024,1)`.
//!
//! Other widths (6, 12, 24, 48, ... bits; CuTe's recast asserts a power of two): element starts
//! are at multiples of N/8 = 2^a·c bytes (c odd; a = 0 when 8 does not divide N), whose address
//! bits below a are always 0 and whose higher bits take every value. A swizzle that reads only
//! bits below a never fires: the identity, Sw<0,M,S>. Any other swizzle moves some element by a
//! distance that is not a whole number of elements (checked by brute force in the tests):
//! refused. Sw<0,M,S> itself is kept as printed.
//!
//! The address. `(unset)` is CuTe's `smem_ptr_flag_bits`, the integer 0: the layout gives
//! offsets from a pointer that is supplied later, as without a swizzle. A printed address A
//! (hexadecimal, bytes) is read the same way, relative to the pointer, which is exact when A
//! is a multiple of 2^(B+M+|S|): the swizzle reads and writes only address bits below
//! B+M+|S|, so Sw(A + y) = A + Sw(y) for every byte offset y >= 0. Any other address is
//! refused: carries from A's low bits reach the bits the swizzle reads, and the function
//! relative to the pointer depends on A (for S > 0 every such A < 2^(B+M+|S|) has a byte
//! offset that tells it apart, checked in the tests; for S < 0 the rule is kept the same).

use crate::error::{Error, Result};
use crate::swizzle::Swizzle;

/// The text of a swizzle over an N-bit pointer, for messages.
fn shown(sw: &Swizzle, bits: u64) -> String {
    format!(
        "Sw<{},{},{}> over a {bits}-bit element pointer",
        sw.b, sw.m, sw.s
    )
}

/// The swizzle `sw`, which acts on the byte addresses of `bits`-bit elements, as a swizzle
/// on element offsets, or an error that names the swizzle, the width and the failed
/// condition. `address` is the pointer's printed byte address (None: `unset`).
pub fn element_swizzle(sw: &Swizzle, bits: u64, address: Option<u64>) -> Result<Swizzle> {
    if bits == 0 {
        return Err(Error::algebra(format!(
            "{}: the element width must be at least 1 bit",
            shown(sw, bits)
        )));
    }
    if let Some(a) = address {
        check_address(sw, bits, a)?;
    }
    let (b, m, s) = (sw.b as i64, sw.m as i64, sw.s as i64);
    let rebuilt = |b: i64, m: i64, s: i64| {
        Swizzle::new(b, m, s).map_err(|e| {
            Error::algebra(format!(
                "{} is Sw<{b},{m},{s}> on element offsets, which is not a swizzle: {e}",
                shown(sw, bits)
            ))
        })
    };
    if sw.is_identity() {
        // The identity at any width; CuTe's recast formula where it has one (and where the
        // result fits: any Sw<0,M,S> is the same function).
        let id = if !bits.is_power_of_two() {
            None
        } else {
            let t = bits.trailing_zeros() as i64 - 3;
            Swizzle::new(0, if t > 0 { (m - t).max(0) } else { m - t }, s).ok()
        };
        return Ok(id.unwrap_or(*sw));
    }
    if !bits.is_power_of_two() {
        // Element starts are at multiples of N/8 = 2^a·c bytes (c odd) when 8 | N: their
        // address bits below a are 0 and every higher bit varies. For other N every bit varies.
        let a = if bits % 8 == 0 {
            (bits / 8).trailing_zeros() as i64
        } else {
            0
        };
        let read = m + s.max(0);
        if read + b <= a {
            // the swizzle reads only bits that are 0 at every element start: the identity
            return rebuilt(0, m, s);
        }
        return Err(Error::algebra(format!(
            "{}: the element width {bits} is not a power of two, and the swizzle reads \
             byte-address {}, which vary between element starts: it moves elements by \
             distances that are not whole elements (at this width only a swizzle that reads \
             bits below {a}, always 0 at an element start, is read)",
            shown(sw, bits),
            bit_range(read, b)
        )));
    }
    // t = log2(bytes per element): negative for sub-byte widths.
    let t = bits.trailing_zeros() as i64 - 3;
    if t <= 0 {
        return rebuilt(b, m - t, s);
    }
    if m >= t {
        return rebuilt(b, m - t, s);
    }
    if s < 0 {
        return rebuilt((b + m - t).max(0), 0, s);
    }
    if m + b + s <= t {
        return rebuilt(0, 0, s);
    }
    let bytes = 1u64 << t;
    let inside = (t - m).min(b);
    let (inside, verb) = if inside == 1 {
        (format!("bit {m}"), "lies")
    } else {
        (format!("bits {m}..{}", m + inside - 1), "lie")
    };
    Err(Error::algebra(format!(
        "{}: the swizzle XORs byte-address {} into {}, and {inside} {verb} inside an element \
         of {bytes} bytes, so elements would start mid-element (a swizzle on element offsets \
         needs M >= log2({bytes}) = {t}, here M = {m})",
        shown(sw, bits),
        bit_range(m + s, b),
        bit_range(m, b),
    )))
}

/// `bit 5` or `bits 5..7`: the `n` bits from `lo`.
fn bit_range(lo: i64, n: i64) -> String {
    if n == 1 {
        format!("bit {lo}")
    } else {
        format!("bits {lo}..{}", lo + n - 1)
    }
}

/// A printed (non-`unset`) address under the swizzle: exact relative to the pointer when it
/// is a multiple of 2^(B+M+|S|) bytes (the identity swizzle takes any address).
fn check_address(sw: &Swizzle, bits: u64, address: u64) -> Result<()> {
    if sw.is_identity() {
        return Ok(());
    }
    // B + M + |S| <= 63 (Swizzle::new), so the shift fits.
    let h = sw.b as u32 + sw.m as u32 + sw.s.unsigned_abs();
    let align = 1u64 << h;
    if address % align != 0 {
        return Err(Error::algebra(format!(
            "{}: the swizzle acts on absolute byte addresses and touches address bits below \
             {h}, and the address {address:#x} is not a multiple of {align} bytes, so the \
             layout relative to the pointer depends on the address (`unset` and multiples \
             of {align} are read)",
            shown(sw, bits)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every valid swizzle with small parameters.
    fn swizzles() -> Vec<Swizzle> {
        let mut out = Vec::new();
        for b in 0..=3 {
            for m in 0..=6 {
                for s in -6..=6 {
                    if let Ok(sw) = Swizzle::new(b, m, s) {
                        out.push(sw);
                    }
                }
            }
        }
        out
    }

    /// Highest touched bit + 1.
    fn top(sw: &Swizzle) -> u32 {
        sw.b as u32 + sw.m as u32 + sw.s.unsigned_abs()
    }

    /// CuTe's swizzle_ptr on `bits`-bit elements (a power of two), element offset in,
    /// element offset out: None when the swizzled address is not an element start.
    fn cute(sw: &Swizzle, bits: u64, x: i64) -> Option<i64> {
        if bits >= 8 {
            let t = (bits / 8).trailing_zeros();
            let y = sw.apply(x << t);
            (y % (1 << t) == 0).then_some(y >> t)
        } else {
            // subbyte_iterator: byte pointer x >> j and bit index (x mod 2^j)·bits.
            let j = (8 / bits).trailing_zeros();
            let (byte, idx) = (x >> j, x & ((1 << j) - 1));
            Some((sw.apply(byte) << j) | idx)
        }
    }

    /// Brute force over a full period (two periods of the highest touched bit) at each width:
    /// the conversion succeeds exactly when CuTe's pointer swizzle maps element starts to
    /// element starts, and then agrees with it at every element offset.
    #[test]
    fn element_swizzle_matches_cute_swizzle_ptr() {
        let mut refused = 0;
        for bits in [1u64, 2, 4, 8, 16, 32, 64, 128, 256] {
            for sw in swizzles() {
                let n = 1i64 << (top(&sw) + 1);
                let exact = (0..n).all(|x| cute(&sw, bits, x).is_some());
                match element_swizzle(&sw, bits, None) {
                    Ok(e) => {
                        assert!(exact, "{sw:?} {bits}b accepted as {e:?}");
                        for x in 0..n {
                            assert_eq!(
                                Some(e.apply(x)),
                                cute(&sw, bits, x),
                                "{sw:?} {bits}b -> {e:?} at {x}"
                            );
                        }
                    }
                    Err(err) => {
                        assert!(!exact, "{sw:?} {bits}b refused: {err}");
                        refused += 1;
                    }
                }
            }
        }
        assert!(refused > 100, "only {refused} refusals");
    }

    #[test]
    fn gmma_swizzles_per_width() {
        let sw = |b, m, s| Swizzle::new(b, m, s).unwrap();
        for (b, bits, want) in [
            (3, 8, sw(3, 4, 3)),
            (3, 16, sw(3, 3, 3)),
            (2, 16, sw(2, 3, 3)),
            (1, 16, sw(1, 3, 3)),
            (3, 32, sw(3, 2, 3)),
            (3, 64, sw(3, 1, 3)),
            (3, 128, sw(3, 0, 3)),
            (3, 4, sw(3, 5, 3)),
            (3, 2, sw(3, 6, 3)),
            (3, 1, sw(3, 7, 3)),
        ] {
            assert_eq!(
                element_swizzle(&sw(b, 4, 3), bits, None).unwrap(),
                want,
                "Sw<{b},4,3> {bits}b"
            );
        }
        // SM100's 128B-base-32B atom Sw<2,5,2>
        assert_eq!(
            element_swizzle(&sw(2, 5, 2), 16, None).unwrap(),
            sw(2, 4, 2)
        );
        // the INTER (no swizzle) atom: CuTe's upcast gives Sw<0,M-t,S>
        assert_eq!(
            element_swizzle(&sw(0, 4, 3), 16, None).unwrap(),
            sw(0, 3, 3)
        );
        assert_eq!(
            element_swizzle(&sw(0, 4, 3), 256, None).unwrap(),
            sw(0, 0, 3)
        );
    }

    #[test]
    fn refusals_name_the_swizzle_width_and_condition() {
        let sw = |b, m, s| Swizzle::new(b, m, s).unwrap();
        let e = element_swizzle(&sw(3, 2, 3), 64, None)
            .unwrap_err()
            .to_string();
        for want in [
            "Sw<3,2,3> over a 64-bit element pointer",
            "bits 5..7 into bits 2..4, and bit 2 lies inside",
            "8 bytes",
            "M >= log2(8) = 3, here M = 2",
        ] {
            assert!(e.contains(want), "{want} missing in: {e}");
        }
        let e = element_swizzle(&sw(3, 4, 3), 256, None)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("and bit 4 lies inside an element of 32 bytes"),
            "{e}"
        );
        let e = element_swizzle(&sw(3, 4, 3), 6, None)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the element width 6 is not a power of two"),
            "{e}"
        );
        assert_eq!(
            element_swizzle(&sw(0, 4, 3), 24, None).unwrap(),
            sw(0, 4, 3)
        );
        let e = element_swizzle(&sw(3, 4, 3), 0, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("at least 1 bit"), "{e}");
        // sub-byte: the element swizzle must still fit an i64 offset
        let e = element_swizzle(&sw(3, 55, 3), 1, None)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("Sw<3,55,3> over a 1-bit element pointer is Sw<3,58,3> on element offsets"),
            "{e}"
        );
        // huge widths: no overflow; a swizzle below the element size is the identity
        assert_eq!(
            element_swizzle(&sw(3, 4, 3), 1 << 63, None).unwrap(),
            sw(0, 0, 3)
        );
        assert!(element_swizzle(&sw(3, 4, 3), u64::MAX, None).is_err());
    }

    /// Non-power-of-two widths: a swizzle is accepted exactly when it leaves every element
    /// start in place, and every refused one sends some element start mid-element (brute
    /// force on bit positions: element x at bit N·x, byte N·x / 8, bit index N·x mod 8).
    #[test]
    fn other_widths_only_identities() {
        let mut accepted = 0;
        for bits in [3u64, 5, 6, 7, 12, 20, 24, 40, 48, 96] {
            for sw in swizzles() {
                let n = 1i64 << (top(&sw) + 4);
                let moved = |x: i64| {
                    let bit = x * bits as i64;
                    sw.apply(bit / 8) * 8 + bit % 8
                };
                let identity = (0..n).all(|x| moved(x) == x * bits as i64);
                let exact = (0..n).all(|x| moved(x) % bits as i64 == 0);
                match element_swizzle(&sw, bits, None) {
                    Ok(e) => {
                        assert!(identity && e.is_identity(), "{sw:?} {bits}b -> {e:?}");
                        accepted += usize::from(sw.b > 0);
                    }
                    Err(err) => assert!(!exact, "{sw:?} {bits}b refused: {err}"),
                }
            }
        }
        assert!(accepted > 10, "only {accepted} non-trivial identities");
    }

    /// A printed address: accepted when a multiple of 2^(B+M+|S|), where the swizzle
    /// commutes with adding it; a smaller alignment is refused and does not commute.
    #[test]
    fn addresses_aligned_to_the_swizzle_commute() {
        for sw in swizzles().iter().filter(|s| s.b > 0) {
            let h = top(sw);
            for a in [0u64, 1 << h, 3 << h] {
                assert!(element_swizzle(sw, 16, Some(a)).is_ok() || sw.m < 1);
                for y in 0..(1i64 << (h + 1)) {
                    assert_eq!(sw.apply(a as i64 + y), a as i64 + sw.apply(y), "{sw:?}");
                }
            }
            // Every unaligned address below 2^h is refused, and (for S > 0) some byte offset
            // tells it apart from the aligned reading.
            if h > 9 {
                continue;
            }
            for a in 1..(1u64 << h) {
                let e = element_swizzle(sw, 8, Some(a)).unwrap_err().to_string();
                assert!(e.contains("not a multiple of"), "{e}");
                if sw.s > 0 {
                    let differs = (0..(1i64 << (h + 1)))
                        .any(|y| sw.apply(a as i64 + y) != a as i64 + sw.apply(y));
                    assert!(differs, "{sw:?} address {a}");
                }
            }
        }
        let sw = Swizzle::new(2, 4, 3).unwrap();
        let e = element_swizzle(&sw, 32, Some(0x7f00a0))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the address 0x7f00a0 is not a multiple of 512 bytes"),
            "{e}"
        );
        assert_eq!(
            element_swizzle(&sw, 32, Some(0x7f0000)).unwrap(),
            Swizzle::new(2, 2, 3).unwrap()
        );
        // the identity takes any address
        let id = Swizzle::new(0, 4, 3).unwrap();
        assert!(element_swizzle(&id, 16, Some(0x7f00a1)).is_ok());
    }
}
