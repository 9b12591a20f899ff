//! A Triton encoding together with the shape it lays out, in Triton's own type syntax: the
//! linear layout of a ranked tensor type or of a shared-memory descriptor type.
//!
//! ```text
//! tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], ...}>>
//! !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{...}>, #ttg.shared_memory, mutable>
//! !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{...}>, #ttg.shared_memory, mutable, 2x64x64>
//! ```
//!
//! `L = to_linear_layout(encoding, shape)` (`encodings`), as Triton's `toLinearLayout` of the
//! type: for `tensor<d0 x ... x d{n-1} x elem, E>` the shape is `[d0, ..., d{n-1}]`; for a
//! memory descriptor it is the last n extents of its allocation shape (the trailing
//! `a0 x ... x a{m-1}`, m >= n), or the shape itself when none is written. A tensor holds a
//! distributed encoding (`blocked`, `nvidia_mma`, `dot_op`, `slice`, `linear`), a memory
//! descriptor a shared one (`swizzled_shared`, `nvmma_shared`); the memory space, when
//! written, is `#ttg.shared_memory`, and `mutable` may follow it. Extents are static powers
//! of two; the element type is read (a word such as `f16`, `bf16`, `i8`, `f8E4M3FN`, or
//! `!tt.ptr<...>`) and does not enter the layout (`nvmma_shared` carries its own
//! `elementBitWidth`). Every error is a parse error at its byte offset; a refusal of the
//! conversion (a shape smaller than an NVMMA swizzle atom, a slice dimension past the
//! parent's rank, ...) points at the encoding.

use super::encoding_text::{encoding_rank, parse_encoding_at, Cursor, SHARED_KINDS};
use super::encodings::to_linear_layout;
use super::json::Json;
use super::layout::LinearLayout;
use crate::error::{Error, Result};

const TENSOR: &str = "tensor<";
const MEMDESC: [&str; 2] = ["!ttg.memdesc<", "!triton_gpu.memdesc<"];
const SHARED_MEMORY: [&str; 2] = ["#ttg.shared_memory", "#triton_gpu.shared_memory"];

/// Whether `src` (after blanks) starts like a typed encoding: `tensor<` or `!ttg.memdesc<`.
pub fn is_typed_encoding_text(src: &str) -> bool {
    let t = src.trim_start();
    t.starts_with(TENSOR) || MEMDESC.iter().any(|p| t.starts_with(p))
}

/// The linear layout of a `tensor<...>` or `!ttg.memdesc<...>` type text.
pub fn parse_typed_encoding(src: &str) -> Result<LinearLayout> {
    let mut p = Cursor { src, at: 0 };
    p.ws();
    let memdesc = if p.eat(TENSOR) {
        false
    } else if MEMDESC.iter().any(|m| p.eat(m)) {
        true
    } else {
        return Err(Error::parse(
            p.at,
            "expected a Triton type 'tensor<64x64xf16, #ttg.ENC<{...}>>' or '!ttg.memdesc<64x64xf16, #ttg.ENC<{...}>>'",
        ));
    };
    p.ws();
    let shape_at = p.at;
    let shape = pow2(p.dims(true)?)?;
    p.elem_type()?;
    if shape.is_empty() {
        return Err(Error::parse(
            shape_at,
            "a rank-0 type has no layout: give the extents, e.g. 64x64xf16",
        ));
    }
    p.expect(",")?;
    p.ws();
    let enc_at = p.at;
    let (enc, end) = parse_encoding_at(src, p.at)?;
    p.at = end;
    let kind = enc.get("kind").and_then(Json::as_str).unwrap_or("");
    let shared = SHARED_KINDS.contains(&kind);
    if memdesc && !shared {
        return Err(Error::parse(
            enc_at,
            format!("a !ttg.memdesc holds a shared encoding (swizzled_shared, nvmma_shared), not {kind}: write a distributed encoding as tensor<..., #ttg.{kind}<...>>"),
        ));
    }
    if !memdesc && shared {
        return Err(Error::parse(
            enc_at,
            format!("a tensor holds a distributed encoding, not the shared {kind}: write it as !ttg.memdesc<..., #ttg.{kind}<...>>"),
        ));
    }
    let mut layout_shape = shape.clone();
    // A memory descriptor's optional parameters, in Triton's order: the memory space,
    // `mutable`, the allocation shape.
    let mut next = 0;
    if memdesc {
        loop {
            p.ws();
            if !p.eat(",") {
                break;
            }
            p.ws();
            let item_at = p.at;
            if next == 0 && SHARED_MEMORY.iter().any(|m| p.eat(m)) {
                next = 1;
            } else if p.peek("#") {
                return Err(Error::parse(
                    item_at,
                    "expected the memory space #ttg.shared_memory (aliases such as #smem are not resolved here)",
                ));
            } else if next <= 1 && p.eat("mutable") {
                next = 2;
            } else if next <= 2 && p.src.as_bytes().get(p.at).is_some_and(u8::is_ascii_digit) {
                // The leading extents (buffers, stages) are not laid out: any positive count.
                let alloc = p.dims(false)?;
                if alloc.len() < shape.len() {
                    return Err(Error::parse(
                        item_at,
                        format!(
                            "the allocation shape has {} extents, fewer than the {} of the type",
                            alloc.len(),
                            shape.len()
                        ),
                    ));
                }
                layout_shape = pow2(alloc[alloc.len() - shape.len()..].to_vec())?;
                next = 3;
            } else {
                return Err(Error::parse(
                    item_at,
                    format!(
                        "expected #ttg.shared_memory, mutable or the allocation shape (in this order), found {}",
                        p.found()
                    ),
                ));
            }
        }
    }
    p.expect(">")?;
    p.ws();
    if p.at < src.len() {
        return Err(Error::parse(p.at, "unexpected text after the type"));
    }
    if let Some(r) = encoding_rank(&enc).filter(|&r| r != layout_shape.len()) {
        return Err(Error::parse(
            enc_at,
            format!(
                "the encoding has rank {r}, the shape {:?} rank {}",
                layout_shape,
                layout_shape.len()
            ),
        ));
    }
    to_linear_layout(&enc, &layout_shape).map_err(|e| match e {
        Error::Algebra(m) => Error::parse(enc_at, m),
        e => e,
    })
}

/// The extents, each a power of two (a linear layout's extents are).
fn pow2(dims: Vec<(i64, usize)>) -> Result<Vec<i64>> {
    dims.into_iter()
        .map(|(x, at)| {
            if x & (x - 1) != 0 {
                return Err(Error::parse(
                    at,
                    format!("extent {x} is not a power of two (a linear layout's extents are)"),
                ));
            }
            Ok(x)
        })
        .collect()
}

impl Cursor<'_> {
    fn dims(&mut self, then_type: bool) -> Result<Vec<(i64, usize)>> {
        let b = self.src.as_bytes();
        let mut out = Vec::new();
        loop {
            let start = self.at;
            if b.get(self.at) == Some(&b'?') {
                return Err(Error::parse(
                    start,
                    "a dynamic extent '?' has no linear layout: the extents are static",
                ));
            }
            if !b.get(self.at).is_some_and(u8::is_ascii_digit) {
                if then_type {
                    return Ok(out);
                }
                return Err(Error::parse(
                    start,
                    format!("expected an extent, found {}", self.found()),
                ));
            }
            while self.at < b.len() && b[self.at].is_ascii_digit() {
                self.at += 1;
            }
            let x = self.src[start..self.at]
                .parse::<i64>()
                .map_err(|_| Error::parse(start, "extent out of the i64 range"))?;
            if x <= 0 {
                return Err(Error::parse(start, "an extent is positive"));
            }
            out.push((x, start));
            if !self.eat("x") {
                if then_type {
                    return Err(Error::parse(
                        self.at,
                        format!("expected 'x' and the element type after the extent {x}"),
                    ));
                }
                return Ok(out);
            }
        }
    }
    /// The element type: a word (`f16`, `f8E4M3FN`, `i32`) or `!dialect.name<...>`.
    fn elem_type(&mut self) -> Result<()> {
        let b = self.src.as_bytes();
        let start = self.at;
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.';
        if b.get(self.at) == Some(&b'!') {
            self.at += 1;
            while self.at < b.len() && word(b[self.at]) {
                self.at += 1;
            }
            if b.get(self.at) == Some(&b'<') {
                let mut depth = 0usize;
                while self.at < b.len() {
                    match b[self.at] {
                        b'<' => depth += 1,
                        b'>' => {
                            depth -= 1;
                            if depth == 0 {
                                self.at += 1;
                                return Ok(());
                            }
                        }
                        _ => {}
                    }
                    self.at += 1;
                }
                return Err(Error::parse(start, "unclosed '<' in the element type"));
            }
        } else if b.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
            while self.at < b.len() && word(b[self.at]) {
                self.at += 1;
            }
        }
        if self.at == start || (b[start] == b'!' && self.at == start + 1) {
            return Err(Error::parse(
                start,
                format!(
                    "expected the element type (f16, bf16, i8, ...), found {}",
                    self.found()
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::encoding_text::parse_encoding_text;

    const BLOCKED_1X8: &str = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";

    #[test]
    fn a_tensor_type_is_its_encoding_over_its_shape() {
        let t = parse_typed_encoding(&format!("tensor<16x64xf16, {BLOCKED_1X8}>")).unwrap();
        let e = to_linear_layout(&parse_encoding_text(BLOCKED_1X8).unwrap(), &[16, 64]).unwrap();
        assert_eq!(t, e);
        // Blanks anywhere, the old prefix, a pointer element type.
        let t2 = parse_typed_encoding(&format!(
            "  tensor< 16x64x!tt.ptr<f16> ,  {} >  ",
            BLOCKED_1X8.replace("#ttg.", "#triton_gpu.")
        ))
        .unwrap();
        assert_eq!(t2, e);
    }

    #[test]
    fn a_memdesc_uses_the_trailing_allocation_shape() {
        let enc = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
        let want = to_linear_layout(&parse_encoding_text(enc).unwrap(), &[8, 64]).unwrap();
        for text in [
            format!("!ttg.memdesc<8x64xf16, {enc}>"),
            format!("!ttg.memdesc<8x64xf16, {enc}, #ttg.shared_memory>"),
            format!("!ttg.memdesc<8x64xf16, {enc}, #ttg.shared_memory, mutable>"),
            format!("!ttg.memdesc<8x64xf16, {enc}, mutable, 3x8x64>"),
            // A 4x64 view of an 8x64 allocation: Triton lays out the allocation.
            format!("!ttg.memdesc<4x64xf16, {enc}, #ttg.shared_memory, mutable, 2x8x64>"),
        ] {
            assert_eq!(parse_typed_encoding(&text).unwrap(), want, "{text}");
        }
    }

    fn lin(text: &str) -> LinearLayout {
        crate::linear::triton_text::parse_triton_text(text).unwrap()
    }

    /// Triton's slice along dim 0 keeps each basis's dim1 component and drops the register
    /// bases that become 0 (lane and warp bases stay, as broadcasts). The 16x64 blocked
    /// layout fitted to the parent shape 1x64 has lanes [0,8], [0,16], [0,32], then [1,0],
    /// [2,0] zeroed by the fit, and warps [4,0], [8,0] zeroed.
    #[test]
    fn a_slice_keeps_the_other_dimensions_components() {
        let got = parse_typed_encoding(&format!(
            "tensor<64xf16, #ttg.slice<{{dim = 0, parent = {BLOCKED_1X8}}}>>"
        ))
        .unwrap();
        let want = lin("#ttg.linear<{register = [[1], [2], [4]], lane = [[8], [16], [32], [0], [0]], warp = [[0], [0]], block = []}>");
        assert_eq!(got, want);
        // Along dim 1 the dim0 components stay: registers [0,1], [0,2], [0,4] become 0 and
        // are dropped, the parent over 16x1 keeps lanes [1,0], [2,0] and warps [4,0], [8,0].
        let got = parse_typed_encoding(&format!(
            "tensor<16xf16, #ttg.slice<{{dim = 1, parent = {BLOCKED_1X8}}}>>"
        ))
        .unwrap();
        let want = lin("#ttg.linear<{register = [], lane = [[0], [0], [0], [1], [2]], warp = [[4], [8]], block = []}>");
        assert_eq!(got, want);
    }

    /// A #ttg.linear encoding over another shape, by Triton's LinearEncodingAttr rules: its
    /// register bases move along dim1 first, so dim1 is minor. Over 32x64 the register gets
    /// one more basis [16, 0], as the blocked layout does; over 16x4, dim1 shrinks from 64 to
    /// 4 by its largest bases: lanes [0,32], [0,16], [0,8] become 0 (broadcast) and the
    /// register basis [0,4] is removed (a blocked layout would zero it instead).
    #[test]
    fn a_linear_encoding_is_fitted_to_the_shape() {
        let bases = "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>";
        let big = parse_typed_encoding(&format!("tensor<32x64xf16, {bases}>")).unwrap();
        let blocked = parse_typed_encoding(&format!("tensor<32x64xf16, {BLOCKED_1X8}>")).unwrap();
        assert_eq!(big, blocked);
        assert_eq!(big.bases_of(0).last(), Some(&vec![16, 0]));
        let small = parse_typed_encoding(&format!("tensor<16x4xf16, {bases}>")).unwrap();
        let want = lin("#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 0], [0, 0], [0, 0], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>");
        assert_eq!(small, want);
        let blocked = parse_typed_encoding(&format!("tensor<16x4xf16, {BLOCKED_1X8}>")).unwrap();
        assert_eq!(
            blocked.bases_of(0),
            vec![vec![0, 1], vec![0, 2], vec![0, 0]]
        );
        // Triton's rules for the bases of a #ttg.linear encoding.
        let e = parse_typed_encoding(
            "tensor<4x4xf16, #ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>>",
        )
        .unwrap_err();
        assert_eq!(e.offset(), Some(16));
        assert!(e.to_string().contains("moves along two dimensions"), "{e}");
        let e = parse_typed_encoding(
            "tensor<4x4xf16, #ttg.linear<{register = [[0, 2]], lane = [], warp = [], block = []}>>",
        )
        .unwrap_err();
        assert!(e.to_string().contains("surjective"), "{e}");
    }

    /// The f16 128-byte NVMMA swizzle is CuTe's Sw<3,3,3> in element units (16-byte chunks of
    /// 8 elements, XORed by the row within an 8-row atom of 64-element rows): the shared
    /// layout maps each offset o to the (row, col) whose swizzled offset is o.
    #[test]
    fn the_nvmma_128b_f16_swizzle_is_sw333() {
        let smem = parse_typed_encoding("!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>").unwrap();
        let crate::Value::Func(f) = crate::text::parse("Sw<3,3,3> o 0 o (8,64):(64,1)").unwrap()
        else {
            panic!("not a layout")
        };
        let cute = crate::linear::from_cute::from_cute(&f, &["dim0", "dim1"], "offset").unwrap();
        for o in 0..512 {
            let rc = smem
                .apply(&[("offset".into(), o), ("block".into(), 0)])
                .unwrap();
            let back = cute.apply(&rc).unwrap();
            assert_eq!(
                back,
                vec![("offset".to_string(), o)],
                "offset {o} -> {rc:?}"
            );
        }
    }

    fn err(text: &str) -> (usize, String) {
        let e = parse_typed_encoding(text).unwrap_err();
        (e.offset().unwrap(), e.to_string())
    }

    #[test]
    fn errors_name_the_place() {
        let (at, m) = err(&format!("tensor<48x64xf16, {BLOCKED_1X8}>"));
        assert_eq!(at, 7);
        assert!(m.contains("extent 48 is not a power of two"), "{m}");
        let (at, m) = err(&format!("tensor<?x64xf16, {BLOCKED_1X8}>"));
        assert_eq!(at, 7);
        assert!(m.contains("dynamic extent"), "{m}");
        let (at, m) = err(&format!("tensor<f16, {BLOCKED_1X8}>"));
        assert_eq!(at, 7);
        assert!(m.contains("rank-0"), "{m}");
        let (at, m) = err("tensor<16x64xf16>");
        assert_eq!(at, 16);
        assert!(m.contains("expected ','"), "{m}");
        let (at, m) = err(&format!("tensor<16x64x32xf16, {BLOCKED_1X8}>"));
        assert_eq!(at, 21);
        assert!(
            m.contains("the encoding has rank 2, the shape [16, 64, 32] rank 3"),
            "{m}"
        );
        let (at, m) = err("tensor<16x64xf16, #blocked>");
        assert_eq!(at, 18);
        assert!(m.contains("'#blocked' is an attribute alias"), "{m}");
        let (at, m) = err(
            "tensor<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>>",
        );
        assert_eq!(at, 17);
        assert!(m.contains("a tensor holds a distributed encoding"), "{m}");
        let (at, m) = err(&format!("!ttg.memdesc<16x64xf16, {BLOCKED_1X8}>"));
        assert_eq!(at, 24);
        assert!(m.contains("a !ttg.memdesc holds a shared encoding"), "{m}");
        let enc = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>";
        let (at, m) = err(&format!("!ttg.memdesc<8x64xf16, {enc}, #smem>"));
        assert_eq!(at, 23 + enc.len() + 2);
        assert!(m.contains("#ttg.shared_memory"), "{m}");
        let (at, m) = err(&format!("!ttg.memdesc<8x64xf16, {enc}, mutable, 64>"));
        assert_eq!(at, 23 + enc.len() + 11);
        assert!(m.contains("fewer than the 2 of the type"), "{m}");
        // The conversion's refusal points at the encoding: 4 rows are under the 8-row atom.
        let (at, m) = err(&format!("!ttg.memdesc<4x64xf16, {enc}>"));
        assert_eq!(at, 23);
        assert!(m.contains("at least [8, 64]"), "{m}");
        let (at, m) = err(&format!("tensor<16x64xf16, {BLOCKED_1X8}> x"));
        assert_eq!(at, 18 + BLOCKED_1X8.len() + 2);
        assert!(m.contains("unexpected text after the type"), "{m}");
    }
}
