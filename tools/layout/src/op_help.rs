//! The registry of every operation: its name, family (which engine answers it and how its
//! arguments are read), signature (arity and operand kinds), contract (what the result is and
//! which conditions the arguments must meet) and an example with its result. It is the one
//! list of operation names of the `layout` CLI and of the Python package (which includes this
//! file): `layout help` lists it, `layout help OP` prints one entry, `layout eval` and
//! `layout batch` route a call by its family, Python's `OP_NAMES` and functions are made from
//! it, and docs/cli.md's operation list is generated from it (`markdown`). The tests check
//! that its names are exactly those the dispatchers accept (`ops::all_op_names()` and
//! `layout_relation::ops::OP_NAMES`, family by family, in that order), that every example
//! evaluates to its result, and that docs/cli.md holds the current list.
//!
//! Argument names: S a shape (integer tuple), L a layout, F a layout, swizzle or composed
//! layout `Sw<B,M,S> o off o L`, T a tiler (a layout, an integer n = n:1, or by mode
//! `[T0,T1,...]`; a tuple of integers `(2,4)` is by mode too, as in CuTe), c a
//! coordinate (`_` marks a free mode), LL a linear layout (Triton's `#ttg.linear<{...}>` text,
//! its JSON, or a Triton encoding with its shape, `tensor<64x64xf16, #ttg.blocked<{...}>>` or
//! `!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{...}>>`; a CuTe layout is accepted and
//! converted), elem an element type (f16, bf16,
//! f32, ...); for the relation operations, L is a layout of any kind (CuTe, swizzled,
//! composed, linear, a LEGO chain or an ISL map).

/// Which engine answers an operation, and how its arguments are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// The CuTe algebra (`layout_algebra::ops::OP_NAMES`): arguments are values.
    Cute,
    /// Linear layouts (`layout_algebra::linear::OP_NAMES`).
    Linear,
    /// Hardware descriptors (`layout_algebra::hw::OP_NAMES`).
    Hardware,
    /// Bijective (LEGO) layouts (`layout_algebra::bijective::OP_NAMES`): arguments are texts
    /// (a chain `OrderBy(...).GroupBy(...)` is not a value of the layout syntax; in the
    /// arguments of a call, a call of a name that is no operation is such a text).
    Lego,
    /// Integer set relations on ISL (`layout_relation::ops::OP_NAMES`, through
    /// `layout_relation::ops::call_text`): arguments are texts.
    Relation,
    /// An op of the `layout` dialect that exists only in IR (the kernel-level ops of
    /// dialect/td/LayoutOps.td and the hardware ops of lowering-nvvm/td/LayoutNvgpuOps.td):
    /// `layout eval`, `layout batch` and Python do not dispatch it. Its name is the op's
    /// mnemonic (`layout.NAME`), its signature the ODS operands (`name: type`, `[, x]`
    /// optional, `[, x, ...]` variadic), then `{attributes}` (`x?` optional or defaulted) and
    /// `-> results`; it has no example or result.
    Kernel,
}

/// One operation's entry.
pub struct OpHelp {
    pub name: &'static str,
    pub family: Family,
    /// `name(operand, ...)`: the operand kinds; `[, x]` marks optional operands, `...` more of
    /// the same, `A | B` alternatives.
    pub signature: &'static str,
    pub contract: &'static str,
    /// An expression for `layout eval` ... (empty for an op that exists only in IR,
    /// [`Family::Kernel`])
    pub example: &'static str,
    /// ... and what it prints (empty with the example).
    pub result: &'static str,
}

impl OpHelp {
    /// The number of operands the signature allows: (least, most; None for no bound). Of
    /// alternative signatures (`f(a, b) | f(a, b, c)`), the widest range. (The Python package
    /// gives it in `op_info`; the binary uses it in its tests only.)
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn arity(&self) -> (usize, Option<usize>) {
        let (mut lo, mut hi) = (usize::MAX, Some(0));
        let call = format!(" | {}(", self.name);
        // An IR-only op's operands end at the parenthesis that closes the first: what follows
        // (`{attributes} -> results`) are no operands.
        let sig = match self.family {
            Family::Kernel => &self.signature[..operands_end(self.signature)],
            _ => self.signature,
        };
        let sig = sig.replace(&call, " | (");
        let sig = sig.strip_prefix(self.name).unwrap_or(&sig);
        for alt in sig.split(" | (") {
            let params = alt.strip_prefix('(').unwrap_or(alt);
            let params = params.strip_suffix(')').unwrap_or(params);
            let (a, b) = params_arity(params);
            lo = lo.min(a);
            hi = match (hi, b) {
                (Some(x), Some(y)) => Some(x.max(y)),
                _ => None,
            };
        }
        (lo, hi)
    }
}

/// The end of `name(...)` in a signature: one past the parenthesis that closes the first one
/// (brackets of every kind nest), or the whole length.
#[cfg_attr(not(test), allow(dead_code))]
fn operands_end(sig: &str) -> usize {
    let mut depth = 0i32;
    for (i, ch) in sig.char_indices() {
        match ch {
            '(' | '[' | '<' | '{' => depth += 1,
            ')' | ']' | '>' | '}' => {
                depth -= 1;
                if depth == 0 && ch == ')' {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    sig.len()
}

/// (least, most) operands of a parameter list `a, b[, c, d]` or `a, i, j, ...`: the
/// parameters outside `[, ...]` are required, those inside are optional; `...` repeats the
/// parameter before it (`i, j, ...`: one or more), so that one is optional and there is no
/// bound. Commas inside `<>`, `()`, `{}` and a literal list `[...]` (`Sw<B,M,S>`, `[i, ...]`)
/// do not separate operands, and a `|` inside one operand (`K | MN`) gives alternatives.
#[cfg_attr(not(test), allow(dead_code))]
fn params_arity(params: &str) -> (usize, Option<usize>) {
    let (mut req, mut opt, mut unbounded) = (0usize, 0usize, false);
    // Open brackets: true for an optional part `[, ...]`, false for nesting.
    let mut stack: Vec<bool> = Vec::new();
    let mut item = String::new();
    let chars: Vec<char> = params.chars().collect();
    let mut flush = |item: &mut String, optional: bool| {
        let t = item.trim();
        if t == "..." {
            unbounded = true;
            if optional {
                opt = opt.saturating_sub(1);
            } else {
                req = req.saturating_sub(1);
            }
        } else if !t.is_empty() {
            if optional {
                opt += 1;
            } else {
                req += 1;
            }
        }
        item.clear();
    };
    for (k, &ch) in chars.iter().enumerate() {
        let nested = stack.iter().any(|&o| !o);
        let optional = stack.iter().any(|&o| o);
        match ch {
            '[' if !nested && chars.get(k + 1) == Some(&',') => {
                flush(&mut item, optional);
                stack.push(true);
            }
            '[' | '<' | '(' | '{' => {
                stack.push(false);
                item.push(ch);
            }
            ']' if stack.last() == Some(&true) => {
                flush(&mut item, optional);
                stack.pop();
            }
            ']' | '>' | ')' | '}' => {
                stack.pop();
                item.push(ch);
            }
            ',' if !nested => flush(&mut item, optional),
            c => item.push(c),
        }
    }
    let optional = stack.iter().any(|&o| o);
    flush(&mut item, optional);
    (req, (!unbounded).then_some(req + opt))
}

/// Every operation, in the order of `ops::all_op_names()`, then the relation operations.
pub const OP_HELP: &[OpHelp] = &[
    OpHelp {
        name: r##"print"##,
        family: Family::Cute,
        signature: r##"print(X)"##,
        contract: r##"X itself, printed in canonical text (no _ marks, no spaces); parse(print(X)) == X."##,
        example: r##"print((_2,_4):(_1,_2))"##,
        result: r##"(2,4):(1,2)"##,
    },
    OpHelp {
        name: r##"size"##,
        family: Family::Cute,
        signature: r##"size(S | F)"##,
        contract: r##"The product of the extents of a shape S, or the domain size of a layout or composed layout F."##,
        example: r##"size(((2,4),8):((1,16),2))"##,
        result: r##"64"##,
    },
    OpHelp {
        name: r##"cosize"##,
        family: Family::Cute,
        signature: r##"cosize(F)"##,
        contract: r##"One past the largest offset F takes on its domain: L(size-1)+1 with |strides| for a layout, max F + 1 for a composed layout. With scaled-basis strides: the product over the basis coordinates of one past the largest |coordinate|."##,
        example: r##"cosize((4,2):(2,1))"##,
        result: r##"8"##,
    },
    OpHelp {
        name: r##"rank"##,
        family: Family::Cute,
        signature: r##"rank(S | L)"##,
        contract: r##"The number of top-level modes (1 for an integer)."##,
        example: r##"rank(((2,4),8):((1,16),2))"##,
        result: r##"2"##,
    },
    OpHelp {
        name: r##"depth"##,
        family: Family::Cute,
        signature: r##"depth(S | L)"##,
        contract: r##"The nesting depth: 0 for an integer, 1 for a flat tuple."##,
        example: r##"depth(((2,4),8):((1,16),2))"##,
        result: r##"2"##,
    },
    OpHelp {
        name: r##"shape"##,
        family: Family::Cute,
        signature: r##"shape(L)"##,
        contract: r##"The shape of L (of the inner layout of a composed layout)."##,
        example: r##"shape(((2,4),8):((1,16),2))"##,
        result: r##"((2,4),8)"##,
    },
    OpHelp {
        name: r##"stride"##,
        family: Family::Cute,
        signature: r##"stride(L)"##,
        contract: r##"The strides of L, a stride descriptor."##,
        example: r##"stride(((2,4),8):((1,16),2))"##,
        result: r##"((1,16),2)"##,
    },
    OpHelp {
        name: r##"coalesce"##,
        family: Family::Cute,
        signature: r##"coalesce(L[, profile])"##,
        contract: r##"Merge adjacent modes where stride_{i+1} = shape_i * stride_i and drop size-1 modes; with a profile, by mode. Post: size(R) = size(L), R(i) = L(i) for every i < size(L)."##,
        example: r##"coalesce((2,4,6):(1,2,8))"##,
        result: r##"48:1"##,
    },
    OpHelp {
        name: r##"filter_zeros"##,
        family: Family::Cute,
        signature: r##"filter_zeros(L[, profile])"##,
        contract: r##"Replace the extent of every stride-0 mode by 1. Post: the same function on the remaining coordinates."##,
        example: r##"filter_zeros((4,2,3):(1,0,4))"##,
        result: r##"(4,1,3):(1,0,4)"##,
    },
    OpHelp {
        name: r##"filter"##,
        family: Family::Cute,
        signature: r##"filter(L[, profile])"##,
        contract: r##"coalesce(filter_zeros(L)): drop stride-0 and size-1 modes. Post: the same image as L."##,
        example: r##"filter((4,2,3):(1,0,4))"##,
        result: r##"12:1"##,
    },
    OpHelp {
        name: r##"composition"##,
        family: Family::Cute,
        signature: r##"composition(A, B)"##,
        contract: r##"R = A o B: R(c) = A(B(c)) for every c in the domain of B, with the shape of B (by mode for a tiler [B0,B1,...]). Errors name the mode whose strides do not divide."##,
        example: r##"composition((6,2):(8,2), (4,3):(3,1))"##,
        result: r##"((2,2),3):((24,2),8)"##,
    },
    OpHelp {
        name: r##"complement"##,
        family: Family::Cute,
        signature: r##"complement(A[, M])"##,
        contract: r##"The layout R of the offsets A does not reach, up to M (default cosize(filter(A))): R is ordered (R(i-1) < R(i)), (filter(A), R) is injective, cosize((A, R)) >= M; CuTe's answer, with the last extent grown where CuTe's falls short of M. A non-injective or interleaved A is an error. With scaled-basis strides (no M): per basis coordinate, complement((2,5,3):(4@1,5@0,16@1)) = ((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))."##,
        example: r##"complement(4:2, 24)"##,
        result: r##"(2,3):(1,8)"##,
    },
    OpHelp {
        name: r##"right_inverse"##,
        family: Family::Cute,
        signature: r##"right_inverse(L)"##,
        contract: r##"R with L(R(i)) = i for every i < size(R), as large as possible (CuTe's right_inverse). With scaled-basis strides: one inverse per basis coordinate, L(R(c)) = c (right_inverse((2,3):(1@0,1@1)) = (2,3):(1,2))."##,
        example: r##"right_inverse((4,8):(8,1))"##,
        result: r##"(8,4):(4,1)"##,
    },
    OpHelp {
        name: r##"left_inverse"##,
        family: Family::Cute,
        signature: r##"left_inverse(L)"##,
        contract: r##"CuTe's quasi-inverse R: L(R(L(i))) = L(i), and R(L(i)) = i when L is injective. A non-injective L is accepted when CuTe's R satisfies this (proven from the strides, else checked on up to 2^20 points), else an error with a witness i."##,
        example: r##"left_inverse((4,2):(2,1))"##,
        result: r##"(2,4):(4,1)"##,
    },
    OpHelp {
        name: r##"logical_divide"##,
        family: Family::Cute,
        signature: r##"logical_divide(A, T)"##,
        contract: r##"A split into tiles of T: mode 0 the tile, mode 1 over the tiles (by mode for a tiler [T0,T1] or an integer tuple (2,4), as in CuTe: (2,4) = [2,4]). Post: R(c) = A(T*(c)) with T* = (T, C), C = CuTe's complement(T, shape(coalesce(A))); size(mode 0) = size(T); size(R) = size(T)*size(C), at least size(A) when (T, C) is onto [0, size(R)): with a tiler that does not divide A the size grows past size(A) and R reads A past its size along its last mode."##,
        example: r##"logical_divide(16:1, 4:2)"##,
        result: r##"(4,(2,2)):(2,(1,8))"##,
    },
    OpHelp {
        name: r##"zipped_divide"##,
        family: Family::Cute,
        signature: r##"zipped_divide(A, T)"##,
        contract: r##"logical_divide with the tile modes gathered into mode 0 and the rest into mode 1 (CuTe's zip2_by: a nested tiler keeps rank-1 tuples; a _ item needs a rank-2 mode, split into tile and rest)."##,
        example: r##"zipped_divide((8,8):(1,8), (2,4))"##,
        result: r##"((2,4),(4,2)):((1,8),(2,32))"##,
    },
    OpHelp {
        name: r##"tiled_divide"##,
        family: Family::Cute,
        signature: r##"tiled_divide(A, T)"##,
        contract: r##"zipped_divide with mode 1 unpacked into separate modes."##,
        example: r##"tiled_divide((8,8):(1,8), [2:1,4:1])"##,
        result: r##"((2,4),4,2):((1,8),2,32)"##,
    },
    OpHelp {
        name: r##"flat_divide"##,
        family: Family::Cute,
        signature: r##"flat_divide(A, T)"##,
        contract: r##"zipped_divide with both modes unpacked into separate modes."##,
        example: r##"flat_divide((8,8):(1,8), [2:1,4:1])"##,
        result: r##"(2,4,4,2):(1,8,2,32)"##,
    },
    OpHelp {
        name: r##"logical_product"##,
        family: Family::Cute,
        signature: r##"logical_product(A, B)"##,
        contract: r##"A repeated at the offsets of B scaled past A's footprint: mode 0 is A (by mode for a tiler [B0,B1] or an integer tuple), mode 1 is complement(A, size(A)*cosize(B)) o B. Post: size(R) = size(A)*size(B); the copies of A are disjoint (R injective when A and B are), else an error."##,
        example: r##"logical_product((2,2):(1,2), 3:1)"##,
        result: r##"((2,2),3):((1,2),4)"##,
    },
    OpHelp {
        name: r##"zipped_product"##,
        family: Family::Cute,
        signature: r##"zipped_product(A, B)"##,
        contract: r##"logical_product by mode, tile modes in mode 0, the repetitions in mode 1."##,
        example: r##"zipped_product((2,2):(1,2), [2:1,2:1])"##,
        result: r##"((2,2),(2,2)):((1,2),(2,1))"##,
    },
    OpHelp {
        name: r##"tiled_product"##,
        family: Family::Cute,
        signature: r##"tiled_product(A, B)"##,
        contract: r##"zipped_product with mode 1 unpacked."##,
        example: r##"tiled_product((2,2):(1,2), [2:1,2:1])"##,
        result: r##"((2,2),2,2):((1,2),2,1)"##,
    },
    OpHelp {
        name: r##"flat_product"##,
        family: Family::Cute,
        signature: r##"flat_product(A, B)"##,
        contract: r##"zipped_product with both modes unpacked."##,
        example: r##"flat_product((2,2):(1,2), [2:1,2:1])"##,
        result: r##"(2,2,2,2):(1,2,2,1)"##,
    },
    OpHelp {
        name: r##"blocked_product"##,
        family: Family::Cute,
        signature: r##"blocked_product(A, B)"##,
        contract: r##"Mode i of R is (A_i, B_i): B's blocks of A, A contiguous (CUTLASS 3.8+, no coalesce; ranks padded with 1:0). B is a layout (an integer n is n:1, a shape its compact layout)."##,
        example: r##"blocked_product((3,4):(4,1), (2,5):(1,2))"##,
        result: r##"((3,2),(4,5)):((4,12),(1,24))"##,
    },
    OpHelp {
        name: r##"raked_product"##,
        family: Family::Cute,
        signature: r##"raked_product(A, B)"##,
        contract: r##"Mode i of R is (B_i, A_i): A's elements raked across B (CUTLASS 3.8+, no coalesce; ranks padded with 1:0)."##,
        example: r##"raked_product((3,4):(4,1), (2,5):(1,2))"##,
        result: r##"((2,3),(5,4)):((12,4),(24,1))"##,
    },
    OpHelp {
        name: r##"slice"##,
        family: Family::Cute,
        signature: r##"slice(c, F)"##,
        contract: r##"The sub-layout of F at the modes where the coordinate c has _ (the offset of the fixed part goes to the pointer, as CuTe). A composed layout F o off o L keeps it in its offset; a swizzled one follows CuTe C++ (decayed to a plain layout when the slice misses the swizzle's paired bits). Post: R(j) - R(0) = F(c_j) - F(c_0)."##,
        example: r##"slice((_,2), (4,8):(8,1))"##,
        result: r##"(4):(8)"##,
    },
    OpHelp {
        name: r##"dice"##,
        family: Family::Cute,
        signature: r##"dice(c, L)"##,
        contract: r##"The complement of slice: the modes where c has an integer; an integer c keeps the whole layout (CuTe: dice(n, L) = L)."##,
        example: r##"dice((_,2), (4,8):(8,1))"##,
        result: r##"(8):(1)"##,
    },
    OpHelp {
        name: r##"crd2idx"##,
        family: Family::Cute,
        signature: r##"crd2idx(c, L) | crd2idx(c, S, strides)"##,
        contract: r##"L(c); c may be a linear index in any mode. Every coordinate leaf must lie in its extent. With scaled-basis strides L(c) is a coordinate vector (crd2idx((1,2), (2,3):(1@0,1@1)) = (1,2)); for A o (o0,o1) o B it is A(O + B(c))."##,
        example: r##"crd2idx((1,2), (4,8):(8,1))"##,
        result: r##"10"##,
    },
    OpHelp {
        name: r##"idx2crd"##,
        family: Family::Cute,
        signature: r##"idx2crd(i, S | L)"##,
        contract: r##"The colexicographic coordinate of i in S. Requires 0 <= i < size(S)."##,
        example: r##"idx2crd(13, (4,8))"##,
        result: r##"(1,3)"##,
    },
    OpHelp {
        name: r##"crd2crd"##,
        family: Family::Cute,
        signature: r##"crd2crd(c, S, S')"##,
        contract: r##"The coordinate of S' with the same linear index as c in S."##,
        example: r##"crd2crd((1,3), (4,8), (2,2,8))"##,
        result: r##"(1,0,3)"##,
    },
    OpHelp {
        name: r##"eval"##,
        family: Family::Cute,
        signature: r##"eval(F)"##,
        contract: r##"The table F(0), F(1), ..., F(size-1) (at most 2^20 points)."##,
        example: r##"eval((2,3):(3,1))"##,
        result: r##"[0,3,1,4,2,5]"##,
    },
    OpHelp {
        name: r##"select"##,
        family: Family::Cute,
        signature: r##"select(S | L | T, i, j, ...)"##,
        contract: r##"The modes i, j, ... of L (or the items of a tiler [T0,T1,...], or the modes of an integer tuple as a tuple) in that order."##,
        example: r##"select((2,3,4):(1,2,6), 2, 0)"##,
        result: r##"(4,2):(6,1)"##,
    },
    OpHelp {
        name: r##"take"##,
        family: Family::Cute,
        signature: r##"take(L, b, e)"##,
        contract: r##"The modes [b, e) of L."##,
        example: r##"take((2,3,4):(1,2,6), 1, 3)"##,
        result: r##"(3,4):(2,6)"##,
    },
    OpHelp {
        name: r##"group_modes"##,
        family: Family::Cute,
        signature: r##"group_modes(L, b, e)"##,
        contract: r##"The modes [b, e) of L grouped into one mode; b == e groups nothing (CuTe's group<B,E>)."##,
        example: r##"group_modes((2,3,4):(1,2,6), 0, 2)"##,
        result: r##"((2,3),4):((1,2),6)"##,
    },
    OpHelp {
        name: r##"flatten"##,
        family: Family::Cute,
        signature: r##"flatten(S | L | T)"##,
        contract: r##"The leaves as a depth-1 tuple (same function); for a tiler, its nested tilers spliced in."##,
        example: r##"flatten(((2,4),8):((1,16),2))"##,
        result: r##"(2,4,8):(1,16,2)"##,
    },
    OpHelp {
        name: r##"append"##,
        family: Family::Cute,
        signature: r##"append(L, X)"##,
        contract: r##"X added as the last mode of L."##,
        example: r##"append((2,3):(1,2), 4:6)"##,
        result: r##"(2,3,4):(1,2,6)"##,
    },
    OpHelp {
        name: r##"prepend"##,
        family: Family::Cute,
        signature: r##"prepend(L, X)"##,
        contract: r##"X added as the first mode of L."##,
        example: r##"prepend((2,3):(1,2), 4:6)"##,
        result: r##"(4,2,3):(6,1,2)"##,
    },
    OpHelp {
        name: r##"get"##,
        family: Family::Cute,
        signature: r##"get(S | L | T, i, j, ...)"##,
        contract: r##"The sub-layout at the mode path i, j, ... (for a tiler [T0,T1,...] the item there, for an integer tuple the sub-tuple)."##,
        example: r##"get(((2,4),8):((1,16),2), 0, 1)"##,
        result: r##"4:16"##,
    },
    OpHelp {
        name: r##"make_layout"##,
        family: Family::Cute,
        signature: r##"make_layout(S[, strides])"##,
        contract: r##"S with the given strides, or the compact column-major layout of S (static size-1 leaves get stride 0, as CuTe)."##,
        example: r##"make_layout((2,(3,4)))"##,
        result: r##"(2,(3,4)):(1,(2,6))"##,
    },
    OpHelp {
        name: r##"bind"##,
        family: Family::Cute,
        signature: r##"bind(EXPR, v0, v1, ...)"##,
        contract: r##"EXPR evaluated with its i-th runtime leaf '?' (left to right in EXPR's text) taking the value v_i: the layout CuTe C++ computes with int leaves of those values (without C++'s _ marks). Runtime leaves carry the expression of their value; a runtime condition C++ leaves unchecked (a divisibility condition) that the values break is an error naming it. Post: exactly one value per '?'."##,
        example: r##"bind(zipped_divide((?,?):(?,1), (128,64)), 500, 300, 512)"##,
        result: r##"((128,64),(4,5)):((512,1),(65536,64))"##,
    },
    OpHelp {
        name: r##"swizzle"##,
        family: Family::Cute,
        signature: r##"swizzle(Sw<B,M,S>, x)"##,
        contract: r##"Sw(x) = x XOR ((x & mask(B, M+S)) >> S) for x >= 0 (negative S shifts left)."##,
        example: r##"swizzle(Sw<3,4,3>, 1234)"##,
        result: r##"1218"##,
    },
    OpHelp {
        name: r##"nullspace"##,
        family: Family::Cute,
        signature: r##"nullspace(L)"##,
        contract: r##"The coordinates L maps to 0: R injective with L(R(i)) = 0, size(R) = size(L) / size(filter(L))."##,
        example: r##"nullspace((7,5,16):(3,1,0))"##,
        result: r##"16:35"##,
    },
    OpHelp {
        name: r##"domain_distribute"##,
        family: Family::Cute,
        signature: r##"domain_distribute(S | L, n)"##,
        contract: r##"The layout of the first n elements of S's domain spread over its modes, leading modes first (CuTe's domain_distribute); a layout L stands for its shape."##,
        example: r##"domain_distribute((15,14), 6)"##,
        result: r##"(3,2):(1,15)"##,
    },
    OpHelp {
        name: r##"max_common_vector"##,
        family: Family::Cute,
        signature: r##"max_common_vector(A, B)"##,
        contract: r##"The largest n such that A and B agree as the identity on their first n elements (the vector width of a copy A -> B)."##,
        example: r##"max_common_vector((8,4):(1,16), 32:1)"##,
        result: r##"8"##,
    },
    OpHelp {
        name: r##"max_common_layout"##,
        family: Family::Cute,
        signature: r##"max_common_layout(A, B)"##,
        contract: r##"The largest layout R with A(R(i)) = B(R(i)) contiguous: B(R(i)) = i for i < size(R)."##,
        example: r##"max_common_layout((4,8):(8,1), (4,8):(8,1))"##,
        result: r##"(8,4):(4,1)"##,
    },
    OpHelp {
        name: r##"max_alignment"##,
        family: Family::Cute,
        signature: r##"max_alignment(F)"##,
        contract: r##"The largest power of two n such that F maps every aligned run of n indices to n contiguous aligned offsets."##,
        example: r##"max_alignment((6,4):(1,8))"##,
        result: r##"2"##,
    },
    OpHelp {
        name: r##"upcast"##,
        family: Family::Cute,
        signature: r##"upcast(L, n)"##,
        contract: r##"L on elements n times larger (strides divided by n, stride-1 modes shortened). Post: image(R) = { L(i) / n }."##,
        example: r##"upcast((4,8):(1,4), 2)"##,
        result: r##"(2,8):(1,2)"##,
    },
    OpHelp {
        name: r##"downcast"##,
        family: Family::Cute,
        signature: r##"downcast(L, n)"##,
        contract: r##"L on elements n times smaller. Post: image(R) = { n*L(j) + k : k < n }."##,
        example: r##"downcast((4,2):(1,8), 2)"##,
        result: r##"(8,2):(1,16)"##,
    },
    OpHelp {
        name: r##"recast"##,
        family: Family::Cute,
        signature: r##"recast(L, old_bits, new_bits)"##,
        contract: r##"upcast or downcast from old_bits-wide to new_bits-wide elements."##,
        example: r##"recast((8,4):(1,8), 16, 32)"##,
        result: r##"(4,4):(1,4)"##,
    },
    OpHelp {
        name: r##"tile_to_shape"##,
        family: Family::Cute,
        signature: r##"tile_to_shape(L, S[, order])"##,
        contract: r##"blocked_product of L and the blocks in column-major order (or by order), no coalesce (CUTLASS 3.8+): mode i is (L_i, S_i / size(L_i)). Post: size(mode i of R) = S_i, R on the first block is L."##,
        example: r##"tile_to_shape((8,8):(8,1), (32,32))"##,
        result: r##"((8,4),(8,4)):((8,64),(1,256))"##,
    },
    OpHelp {
        name: r##"tidfrg"##,
        family: Family::Cute,
        signature: r##"tidfrg(F, L, L, n)"##,
        contract: r##"The partition of F among the threads of make_tiled_copy(atom of n values, thr = the first L, val = the second L) (CuTe's TiledCopy::tidfrg_S/D for a one-thread atom): (thr, (n, rest_val), (RestM, RestN, ...)) with R(t, v, r) = F(element layout_tv(t, v) of the tile at r), layout_tv = right_inverse(raked_product(thr, val)) shaped (size(thr), size(val)), the tile product_each(shape(raked_product(thr, val))). Pre: thr, val static, raked_product(thr, val) a bijection onto its tile, size(val) a multiple of n, rank(F) >= rank of the tile. Post: every element of F's tiles is read by exactly one (t, v). Fixing mode 0 at t is thread t's partition_S/D."##,
        example: r##"tidfrg((16,16):(16,1), (4,4):(4,1), (1,4), 2)"##,
        result: r##"((4,4),(2,2),(4,1)):((4,16),(1,2),(64,0))"##,
    },
    OpHelp {
        name: r##"thrfrg"##,
        family: Family::Cute,
        signature: r##"thrfrg(F, L, a, b[, T])"##,
        contract: r##"The partition of F among the threads of a tiled MMA (CuTe's TiledMMA::thrfrg_A/B/C): the atom's TV layout L maps (thread, value) onto its a = (AM, AN) tile, the atoms repeat over a b = (TM, TN) grid, after the permutation tile T = [T_M, T_N] (a layout or _ each: F := logical_divide(F, T)) when given; R = zipped_divide(zipped_divide(F, [AM:1, AN:1]) o [L, _], [_, [TM:1, TN:1]]) = ((ThrV, (ThrM, ThrN)), (FrgV, (RestM, RestN))) (an extent 1 tiles as 1:0, CuTe's make_layout(_1)). Pre: L static of size AM AN within the tile, F of rank >= 2. Post: R((v, (m, n)), (f, (i, j))) is the element of F that value f of thread v of atom (m, n) holds in atom tile (m + TM i, n + TN j); every element of F's tiles is held once when L is a bijection. Fixing mode 0 at a thread's (v, (m, n)) is its partition_A/B/C."##,
        example: r##"thrfrg((32,32):(1,32), ((4,8),(2,2)):((32,1),(16,8)), (16,8), (1,4))"##,
        result: r##"(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))"##,
    },
    OpHelp {
        name: r##"make_ordered_layout"##,
        family: Family::Cute,
        signature: r##"make_ordered_layout(S, order)"##,
        contract: r##"The compact layout of S whose modes are laid out from the smallest order to the largest."##,
        example: r##"make_ordered_layout((2,3,4), (1,2,0))"##,
        result: r##"(2,3,4):(4,8,1)"##,
    },
    OpHelp {
        name: r##"make_layout_like"##,
        family: Family::Cute,
        signature: r##"make_layout_like(L)"##,
        contract: r##"The compact layout with L's shape whose modes are ordered as L's strides (a bijection onto [0, size(filter_zeros(L)))."##,
        example: r##"make_layout_like((4,8):(100,3))"##,
        result: r##"(4,8):(8,1)"##,
    },
    OpHelp {
        name: r##"make_identity_layout"##,
        family: Family::Cute,
        signature: r##"make_identity_layout(S)"##,
        contract: r##"The layout mapping every coordinate of S to itself, with scaled-basis strides."##,
        example: r##"make_identity_layout((4,(2,3)))"##,
        result: r##"(4,(2,3)):(1@0,(1@0@1,1@1@1))"##,
    },
    OpHelp {
        name: r##"ceil_div"##,
        family: Family::Cute,
        signature: r##"ceil_div(a, b | T)"##,
        contract: r##"Element-wise ceiling division of shapes (a tuple by an integer divides the leading modes); by a layout T, shape(complement(T, a)) (the rest mode of a divide), by mode for a tiler [T0,T1,...]."##,
        example: r##"ceil_div((10,7), 8)"##,
        result: r##"(2,7)"##,
    },
    OpHelp {
        name: r##"shape_div"##,
        family: Family::Cute,
        signature: r##"shape_div(a, b)"##,
        contract: r##"CuTe's shape_div: a / b where one divides the other, by mode; an error otherwise."##,
        example: r##"shape_div((4,6), 8)"##,
        result: r##"(1,3)"##,
    },
    OpHelp {
        name: r##"linear_print"##,
        family: Family::Linear,
        signature: r##"linear_print(LL)"##,
        contract: r##"The linear layout in canonical JSON (checked: sizes powers of two, bases in range)."##,
        example: r##"linear_print(#ttg.linear<{register = [[1], [2]]}>)"##,
        result: r##"{"in_dims":[{"name":"register","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"dim0","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_to_triton"##,
        family: Family::Linear,
        signature: r##"linear_to_triton(LL)"##,
        contract: r##"The linear layout in Triton's text form, as a JSON string."##,
        example: r##"linear_to_triton(linear_identity(4, register, dim0))"##,
        result: r##""#ttg.linear<{register = [[1], [2]]}>""##,
    },
    OpHelp {
        name: r##"linear_identity"##,
        family: Family::Linear,
        signature: r##"linear_identity(n, in, out)"##,
        contract: r##"The identity of size n (a power of two) from in to out: bit k -> 2^k."##,
        example: r##"linear_identity(4, register, dim0)"##,
        result: r##"{"in_dims":[{"name":"register","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"dim0","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_zeros"##,
        family: Family::Linear,
        signature: r##"linear_zeros(n, in, out[, m])"##,
        contract: r##"The zero map of size n from in to out (out size m, default 1)."##,
        example: r##"linear_zeros(4, register, dim0, 2)"##,
        result: r##"{"in_dims":[{"name":"register","size":4,"bases":[[0],[0]]}],"out_dims":[{"name":"dim0","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_strided"##,
        family: Family::Linear,
        signature: r##"linear_strided(n, s, in, out)"##,
        contract: r##"bit k -> s * 2^k (s a power of two)."##,
        example: r##"linear_strided(4, 2, register, dim0)"##,
        result: r##"{"in_dims":[{"name":"register","size":4,"bases":[[2],[4]]}],"out_dims":[{"name":"dim0","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_apply"##,
        family: Family::Linear,
        signature: r##"linear_apply(LL, {"in": v, ...})"##,
        contract: r##"The outputs {"out": v, ...} at the given input point (every input named once, values in range)."##,
        example: r##"linear_apply(linear_identity(8, lane, dim0), {"lane": 5})"##,
        result: r##"{"dim0":5}"##,
    },
    OpHelp {
        name: r##"linear_compose"##,
        family: Family::Linear,
        signature: r##"linear_compose(A, B)"##,
        contract: r##"x -> B(A(x)) (Triton's A.compose(B)); A's outputs are B's inputs."##,
        example: r##"linear_compose(linear_identity(4, a, b), linear_strided(4, 2, b, c))"##,
        result: r##"{"in_dims":[{"name":"a","size":4,"bases":[[2],[4]]}],"out_dims":[{"name":"c","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_invert"##,
        family: Family::Linear,
        signature: r##"linear_invert(LL)"##,
        contract: r##"The inverse of a bijective layout; an error otherwise."##,
        example: r##"linear_invert(linear_strided(2, 1, a, b))"##,
        result: r##"{"in_dims":[{"name":"b","size":2,"bases":[[1]]}],"out_dims":[{"name":"a","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_pseudoinvert"##,
        family: Family::Linear,
        signature: r##"linear_pseudoinvert(LL)"##,
        contract: r##"A right inverse of a surjective layout (the smallest preimage)."##,
        example: r##"linear_pseudoinvert(linear_from_cute((4,2):(2,1)))"##,
        result: r##"{"in_dims":[{"name":"offset","size":8,"bases":[[0,1],[1,0],[2,0]]}],"out_dims":[{"name":"dim0","size":4},{"name":"dim1","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_invert_and_compose"##,
        family: Family::Linear,
        signature: r##"linear_invert_and_compose(A, B)"##,
        contract: r##"C with B(C(x)) = A(x) (Triton's A.invertAndCompose(B))."##,
        example: r##"linear_invert_and_compose(linear_identity(4, x, o), linear_identity(4, y, o))"##,
        result: r##"{"in_dims":[{"name":"x","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"y","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_product"##,
        family: Family::Linear,
        signature: r##"linear_product(A, B)"##,
        contract: r##"Triton's A * B: A is the minor part of each shared dimension."##,
        example: r##"linear_product(linear_identity(2, r, d), linear_identity(4, l, d))"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[1]]},{"name":"l","size":4,"bases":[[2],[4]]}],"out_dims":[{"name":"d","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_divide_left"##,
        family: Family::Linear,
        signature: r##"linear_divide_left(A, B)"##,
        contract: r##"C with B * C = A, or an error naming the basis that fails."##,
        example: r##"linear_divide_left(linear_product(linear_identity(2, r, d), linear_identity(4, l, d)), linear_identity(2, r, d))"##,
        result: r##"{"in_dims":[{"name":"r","size":1,"bases":[]},{"name":"l","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"d","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_divide_right"##,
        family: Family::Linear,
        signature: r##"linear_divide_right(A, B)"##,
        contract: r##"C with C * B = A, or an error naming the basis that fails."##,
        example: r##"linear_divide_right(linear_product(linear_identity(2, r, d), linear_identity(4, l, d)), linear_identity(4, l, d))"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[1]]},{"name":"l","size":1,"bases":[]}],"out_dims":[{"name":"d","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_quotient"##,
        family: Family::Linear,
        signature: r##"linear_quotient(LL, dims)"##,
        contract: r##"LL without the dimensions dims, when LL is the identity on them and uncoupled from the others; an error otherwise."##,
        example: r##"linear_quotient(linear_product(linear_identity(4, a, a), linear_identity(2, b, c)), ["a"])"##,
        result: r##"{"in_dims":[{"name":"b","size":2,"bases":[[1]]}],"out_dims":[{"name":"c","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_sublayout"##,
        family: Family::Linear,
        signature: r##"linear_sublayout(LL, ins, outs)"##,
        contract: r##"The restriction of LL to the in dimensions ins and out dimensions outs."##,
        example: r##"linear_sublayout(linear_from_cute((2,4):(4,1)), ["dim1"], ["offset"])"##,
        result: r##"{"in_dims":[{"name":"dim1","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_transpose_ins"##,
        family: Family::Linear,
        signature: r##"linear_transpose_ins(LL, order)"##,
        contract: r##"The same map with the in dimensions in the given order."##,
        example: r##"linear_transpose_ins(linear_from_cute((2,4):(4,1)), ["dim1","dim0"])"##,
        result: r##"{"in_dims":[{"name":"dim1","size":4,"bases":[[1],[2]]},{"name":"dim0","size":2,"bases":[[4]]}],"out_dims":[{"name":"offset","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_transpose_outs"##,
        family: Family::Linear,
        signature: r##"linear_transpose_outs(LL, order)"##,
        contract: r##"The same map with the out dimensions in the given order."##,
        example: r##"linear_transpose_outs(linear_product(linear_identity(2, r, d), linear_identity(4, l, e)), ["e","d"])"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[0,1]]},{"name":"l","size":4,"bases":[[1,0],[2,0]]}],"out_dims":[{"name":"e","size":4},{"name":"d","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_reshape_ins"##,
        family: Family::Linear,
        signature: r##"linear_reshape_ins(LL, [[name, size], ...])"##,
        contract: r##"The in dimensions flattened (minor to major) and split into the given ones."##,
        example: r##"linear_reshape_ins(linear_identity(8, r, d), [["a",2],["b",4]])"##,
        result: r##"{"in_dims":[{"name":"a","size":2,"bases":[[1]]},{"name":"b","size":4,"bases":[[2],[4]]}],"out_dims":[{"name":"d","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_reshape_outs"##,
        family: Family::Linear,
        signature: r##"linear_reshape_outs(LL, [[name, size], ...])"##,
        contract: r##"The out dimensions flattened (minor to major) and split into the given ones."##,
        example: r##"linear_reshape_outs(linear_identity(8, r, d), [["x",2],["y",4]])"##,
        result: r##"{"in_dims":[{"name":"r","size":8,"bases":[[1,0],[0,1],[0,2]]}],"out_dims":[{"name":"x","size":2},{"name":"y","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_flatten_ins"##,
        family: Family::Linear,
        signature: r##"linear_flatten_ins(LL)"##,
        contract: r##"All in dimensions as one, named like the first."##,
        example: r##"linear_flatten_ins(linear_from_cute((2,4):(4,1)))"##,
        result: r##"{"in_dims":[{"name":"dim0","size":8,"bases":[[4],[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_flatten_outs"##,
        family: Family::Linear,
        signature: r##"linear_flatten_outs(LL)"##,
        contract: r##"All out dimensions as one, named like the first."##,
        example: r##"linear_flatten_outs(linear_product(linear_identity(2, r, d), linear_identity(4, l, e)))"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[1]]},{"name":"l","size":4,"bases":[[2],[4]]}],"out_dims":[{"name":"d","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_concat_ins"##,
        family: Family::Linear,
        signature: r##"linear_concat_ins(A, B)"##,
        contract: r##"The in dimensions of A then those of B (the out dimensions must be equal)."##,
        example: r##"linear_concat_ins(linear_identity(2, r, d), linear_zeros(2, l, d, 2))"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[1]]},{"name":"l","size":2,"bases":[[0]]}],"out_dims":[{"name":"d","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_concat_outs"##,
        family: Family::Linear,
        signature: r##"linear_concat_outs(A, B)"##,
        contract: r##"The out dimensions of A then those of B (the in dimensions must be equal)."##,
        example: r##"linear_concat_outs(linear_identity(2, r, d), linear_identity(2, r, e))"##,
        result: r##"{"in_dims":[{"name":"r","size":2,"bases":[[1,1]]}],"out_dims":[{"name":"d","size":2},{"name":"e","size":2}]}"##,
    },
    OpHelp {
        name: r##"linear_column_action"##,
        family: Family::Linear,
        signature: r##"linear_column_action(LL, in, [i, ...])"##,
        contract: r##"The bases of in permuted or selected: bases'[j] = bases[action[j]]."##,
        example: r##"linear_column_action(linear_identity(4, r, d), r, [1,0])"##,
        result: r##"{"in_dims":[{"name":"r","size":4,"bases":[[2],[1]]}],"out_dims":[{"name":"d","size":4}]}"##,
    },
    OpHelp {
        name: r##"linear_is_surjective"##,
        family: Family::Linear,
        signature: r##"linear_is_surjective(LL)"##,
        contract: r##"Whether every output is reached."##,
        example: r##"linear_is_surjective(linear_identity(4, r, d))"##,
        result: r##"true"##,
    },
    OpHelp {
        name: r##"linear_is_injective"##,
        family: Family::Linear,
        signature: r##"linear_is_injective(LL)"##,
        contract: r##"Whether no two inputs map to the same output."##,
        example: r##"linear_is_injective(linear_zeros(2, r, d))"##,
        result: r##"false"##,
    },
    OpHelp {
        name: r##"linear_is_invertible"##,
        family: Family::Linear,
        signature: r##"linear_is_invertible(LL)"##,
        contract: r##"Whether LL is a bijection (square and surjective)."##,
        example: r##"linear_is_invertible(linear_identity(4, r, d))"##,
        result: r##"true"##,
    },
    OpHelp {
        name: r##"linear_rank"##,
        family: Family::Linear,
        signature: r##"linear_rank(LL)"##,
        contract: r##"The rank of LL's matrix over F2."##,
        example: r##"linear_rank(linear_zeros(4, a, b))"##,
        result: r##"0"##,
    },
    OpHelp {
        name: r##"linear_vector_width"##,
        family: Family::Linear,
        signature: r##"linear_vector_width(LL)"##,
        contract: r##"How many consecutive registers (values of the first in dimension) hold consecutive elements along the tensor's fastest dimension: out dimensions dim0, ..., dim{n-1} are a row-major tensor's (dim{n-1} fastest), any other out dimensions are read as Triton's getNumConsecutiveInOut does (the first one fastest)."##,
        example: r##"linear_vector_width(tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>)"##,
        result: r##"8"##,
    },
    OpHelp {
        name: r##"linear_free_variable_masks"##,
        family: Family::Linear,
        signature: r##"linear_free_variable_masks(LL)"##,
        contract: r##"{"in": mask, ...}: the input bits that are free variables (do not change the output independently)."##,
        example: r##"linear_free_variable_masks(linear_zeros(4, a, b))"##,
        result: r##"{"a":3}"##,
    },
    OpHelp {
        name: r##"linear_from_cute"##,
        family: Family::Linear,
        signature: r##"linear_from_cute(F[, ins[, out]])"##,
        contract: r##"A CuTe layout (power-of-two shapes, swizzles allowed) as a linear layout: one in dimension per mode (default names dim0, dim1, ...), out dimension offset."##,
        example: r##"linear_from_cute((4,2):(2,1))"##,
        result: r##"{"in_dims":[{"name":"dim0","size":4,"bases":[[2],[4]]},{"name":"dim1","size":2,"bases":[[1]]}],"out_dims":[{"name":"offset","size":8}]}"##,
    },
    OpHelp {
        name: r##"linear_to_cute"##,
        family: Family::Linear,
        signature: r##"linear_to_cute(LL)"##,
        contract: r##"The CuTe layout (maybe Sw<B,M,S> o 0 o L) of a linear layout, or an error when none exists."##,
        example: r##"linear_to_cute(linear_from_cute((4,2):(2,1)))"##,
        result: r##"(4,2):(2,1)"##,
    },
    OpHelp {
        name: r##"linear_encoding"##,
        family: Family::Linear,
        signature: r##"linear_encoding(ENC, [extents])"##,
        contract: r##"The linear layout of a Triton encoding over a tensor of power-of-two extents. ENC is Triton's attribute text (#ttg.blocked, #ttg.nvidia_mma, #ttg.dot_op, #ttg.slice, #ttg.swizzled_shared, #ttg.nvmma_shared, #ttg.linear; parents inline) or a JSON object with a kind (docs/linear.md)."##,
        example: r##"linear_encoding(#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, [4, 32])"##,
        result: r##"{"in_dims":[{"name":"register","size":4,"bases":[[0,1],[0,2]]},{"name":"lane","size":32,"bases":[[0,4],[0,8],[0,16],[1,0],[2,0]]},{"name":"warp","size":1,"bases":[]},{"name":"block","size":1,"bases":[]}],"out_dims":[{"name":"dim0","size":4},{"name":"dim1","size":32}]}"##,
    },
    OpHelp {
        name: r##"linear_bank_conflicts"##,
        family: Family::Linear,
        signature: r##"linear_bank_conflicts(R, S, bits) | (C, bits)"##,
        contract: r##"The shared-memory bank conflicts of a register layout R stored through S (or of a register -> offset map C) with elements of the given bit width."##,
        example: r##"linear_bank_conflicts(linear_from_cute((32,4):(4,1), ["lane","register"], "offset"), 16)"##,
        result: r##"0"##,
    },
    OpHelp {
        name: r##"linear_smem_access"##,
        family: Family::Linear,
        signature: r##"linear_smem_access(R, S, bits) | (C, bits)"##,
        contract: r##"The detail of that access: vector width, bytes, lanes per phase, conflicts, wavefronts, instructions."##,
        example: r##"linear_smem_access(linear_from_cute((32,4):(4,1), ["lane","register"], "offset"), 16)"##,
        result: r##"{"vector":4,"bytes":8,"lanes_per_phase":16,"conflicts":0,"wavefronts_per_phase":1,"instructions":1,"phases":2,"wavefronts_per_instruction":2,"extra_wavefronts":0}"##,
    },
    OpHelp {
        name: r##"linear_optimal_swizzling"##,
        family: Family::Linear,
        signature: r##"linear_optimal_swizzling(src, dst, bits)"##,
        contract: r##"A shared-memory layout through which src is written and dst read without bank conflicts, with its vector width."##,
        example: r##"linear_optimal_swizzling(linear_from_cute((32,4):(4,1), ["lane","register"], "dim0"), linear_from_cute((32,4):(1,32), ["lane","register"], "dim0"), 16)"##,
        result: r##"{"smem":{"in_dims":[{"name":"offset","size":128,"bases":[[1],[2],[4],[8],[16],[64],[34]]}],"out_dims":[{"name":"dim0","size":128}]},"vector":1,"write_conflicts":0,"read_conflicts":0}"##,
    },
    OpHelp {
        name: r##"linear_choose_swizzle"##,
        family: Family::Linear,
        signature: r##"linear_choose_swizzle(R, S, bits)"##,
        contract: r##"The CuTe swizzle Sw<B,M,S> for the smem layout S that minimizes R's bank conflicts, with the swizzled layout."##,
        example: r##"linear_choose_swizzle(linear_encoding(#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>, [64, 8]), (64,8):(8,1), 16)"##,
        result: r##"{"swizzle":"Sw<3,2,4>","vector":1,"conflicts":0,"smem":{"in_dims":[{"name":"dim0","size":64,"bases":[[8],[16],[32],[68],[136],[272]]},{"name":"dim1","size":8,"bases":[[1],[2],[4]]}],"out_dims":[{"name":"offset","size":512}]}}"##,
    },
    OpHelp {
        name: r##"convert_plan"##,
        family: Family::Linear,
        signature: r##"convert_plan(src, dst, bits[, smem_budget])"##,
        contract: r##"How a register tensor moves from layout src to layout dst (linear layouts or Triton encodings with their shape; warps follow from them): path registers, shuffle or shared; for shared, the smem layout and the st/ld.shared or stmatrix/ldmatrix instructions chosen together for the fewest wavefronts, then instructions, with the per-warp lower bound, the gap and a certificate re-derived by enumerating every lane (budget default 232448 bytes; a tensor larger than it is tiled over common register bits)."##,
        example: r##"convert_plan(tensor<32x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>>, tensor<32x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>>, 16)"##,
        result: r##"{"path":"shared","warps":1,"elem_bits":16,"instructions":[{"name":"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16","width":128,"count":4,"wavefronts":4},{"name":"bar.warp.sync","width":0,"count":1,"wavefronts":0},{"name":"ld.shared.v4.b32","width":128,"count":4,"wavefronts":4}],"smem":{"in_dims":[{"name":"offset","size":1024,"bases":[[1,0],[2,0],[4,0],[8,0],[16,0],[0,1],[0,2],[0,4],[8,8],[16,16]]}],"out_dims":[{"name":"dim0","size":32},{"name":"dim1","size":32}]},"smem_bytes":2048,"tiles":1,"measure":"wavefronts","cost":32,"lower_bound":32,"gap":0,"instruction_count":8,"instruction_lower_bound":8,"certificate":{"verified":true,"write_wavefronts":16,"read_wavefronts":16,"write_lower_bound":16,"read_lower_bound":16}}"##,
    },
    OpHelp {
        name: r##"wgmma_desc"##,
        family: Family::Hardware,
        signature: r##"wgmma_desc(elem, K | MN, smem[, byte_address])"##,
        contract: r##"The 64-bit WGMMA shared-memory matrix descriptor of the operand tile smem (swizzle included), as hex; errors say which field or condition fails."##,
        example: r##"wgmma_desc(f16, K, wgmma_k_block(f16, Sw<3,3,3> o 0 o ((8,8),64):((64,512),1), 1))"##,
        result: r##""0x4000004000010002""##,
    },
    OpHelp {
        name: r##"wgmma_k_block"##,
        family: Family::Hardware,
        signature: r##"wgmma_k_block(elem, tile, k)"##,
        contract: r##"The operand block k (one instruction's K) of a K-major WGMMA tile."##,
        example: r##"wgmma_k_block(f16, Sw<3,3,3> o 0 o ((8,8),64):((64,512),1), 1)"##,
        result: r##"Sw<3,3,3> o 16 o (64,16):(64,1)"##,
    },
    OpHelp {
        name: r##"tma_desc"##,
        family: Family::Hardware,
        signature: r##"tma_desc(elem, gmem, smem)"##,
        contract: r##"The cuTensorMapEncodeTiled arguments (JSON) of a TMA copy between the global layout gmem and the shared tile smem, with the box coordinates; the driver's rules are checked."##,
        example: r##"tma_desc(f32, (1024,256):(256,1), (64,32):(32,1))"##,
        result: r##"{"dataType":7,"dataTypeName":"CU_TENSOR_MAP_DATA_TYPE_FLOAT32","rank":2,"globalDim":[256,1024],"globalStrides":[1024],"boxDim":[32,64],"elementStrides":[1,1],"interleave":0,"swizzle":0,"swizzleName":"CU_TENSOR_MAP_SWIZZLE_NONE","l2Promotion":2,"oobFill":0,"boxBytes":8192,"boxes":[{"smemOffset":0,"tmaCoord":[0,0]}],"tmaBasis":"(32,64):(1@1,1@0)","smemToTma":"(64,32):(1@1,1@0)","gmemToTma":"(1024,256):(1@1,1@0)"}"##,
    },
    OpHelp {
        name: r##"ldmatrix"##,
        family: Family::Hardware,
        signature: r##"ldmatrix(elem, smem, fragment)"##,
        contract: r##"The ldmatrix form (x1/x2/x4, .trans) that loads the TV fragment (32 threads, V values) from smem, with each lane's row byte offset."##,
        example: r##"ldmatrix(f16, (16,16):(16,1), ((4,8),(2,2,2)):((32,1),(16,8,128)))"##,
        result: r##"{"instr":"ldmatrix.sync.aligned.m8n8.x4.shared.b16","num":4,"trans":false,"lane_offsets":[0,32,64,96,128,160,192,224,256,288,320,352,384,416,448,480,16,48,80,112,144,176,208,240,272,304,336,368,400,432,464,496]}"##,
    },
    OpHelp {
        name: r##"stmatrix"##,
        family: Family::Hardware,
        signature: r##"stmatrix(elem, smem, fragment)"##,
        contract: r##"The stmatrix form that stores the TV fragment to smem, with each lane's row byte offset."##,
        example: r##"stmatrix(f16, (16,16):(16,1), ((4,8),(2,2,2)):((32,1),(16,8,128)))"##,
        result: r##"{"instr":"stmatrix.sync.aligned.m8n8.x4.shared.b16","num":4,"trans":false,"lane_offsets":[0,32,64,96,128,160,192,224,256,288,320,352,384,416,448,480,16,48,80,112,144,176,208,240,272,304,336,368,400,432,464,496]}"##,
    },
    OpHelp {
        name: r##"umma_desc"##,
        family: Family::Hardware,
        signature: r##"umma_desc(elem, K | MN, smem[, byte_address])"##,
        contract: r##"The 64-bit tcgen05 (UMMA) shared-memory matrix descriptor of the operand tile smem, as hex: start address, LBO, SBO, version bits 46-48 = 0b001, base offset, LBO mode and layout type (bits 61-63), derived from the tile's canonical form (one of the five swizzle modes); an illegal tile is an error naming the rule."##,
        example: r##"umma_desc(f16, K, Sw<3,3,3> o 0 o (128,16):(64,1))"##,
        result: r##""0x4000404000010000""##,
    },
    OpHelp {
        name: r##"umma_instr_desc"##,
        family: Family::Hardware,
        signature: r##"umma_instr_desc(a, b, d, M, N, majorA, majorB[, modifier, ...])"##,
        contract: r##"The 32-bit tcgen05.mma instruction descriptor, as hex (CuTe's make_instr_desc), from the element types of A, B and the accumulator, the MMA shape and the operand majors; modifiers: negA, negB, sat, sparse, sel0-sel3 (sparsity selector), cta1/cta2, ws, maxshift8/16/32, and block scaling (kinds mxf8f6f4, mxf4, mxf4nvf4; make_instr_desc_block_scaled): the scale type ue8m0 or ue4m3, block16/block32, sfa0-sfa3, sfb0-sfb3; runtime gives the 64-bit runtime form. A kind, type, shape or modifier combination PTX does not define is an error naming the rule."##,
        example: r##"umma_instr_desc(f16, f16, f32, 128, 256, K, K)"##,
        result: r##""0x08400010""##,
    },
    OpHelp {
        name: r##"tmem_copy"##,
        family: Family::Hardware,
        signature: r##"tmem_copy(tmem, fragment[, warp])"##,
        contract: r##"The tcgen05.ld/st form (shape 32x32b, 16x64b, 16x128b, 16x256b or 16x32bx2, and .num) that moves the register fragment to or from the TMEM layout tmem (tile index -> lane<<16 | column), each warp's TMEM address and the allocation size (a power of two >= 32 columns); a warp that would reach outside its own 32-lane quadrant is an error."##,
        example: r##"tmem_copy((16,8):(65536,1), ((4,8),(2,2)):((32,1),(16,8)))"##,
        result: r##"{"ld":"tcgen05.ld.sync.aligned.16x256b.x1.b32","st":"tcgen05.st.sync.aligned.16x256b.x1.b32","shape":"16x256b","num":1,"regs":4,"warps":[{"warp":0,"lane":0,"column":0,"taddr":0}],"allocColumns":32}"##,
    },
    OpHelp {
        name: r##"fragment_store"##,
        family: Family::Hardware,
        signature: r##"fragment_store(elem, fragment, rows)"##,
        contract: r##"The plan of layout.fragment_store: the fragment (thread, register) -> m + rows*n of a tile split into each register's (row, column) offset, added to the thread's, when the two modes do not carry into each other's rows; the registers grouped into vector stores (adjacent columns of one row, aligned for every thread, up to 16 bytes of elem). A fragment that carries or stores two registers to one element is an error."##,
        example: r##"fragment_store(f16, ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)), 64)"##,
        result: r##"{"threads":128,"rows":64,"values":[[0,0],[0,1],[8,0],[8,1],[0,8],[0,9],[8,8],[8,9]],"groups":[[0,1],[2,3],[4,5],[6,7]],"widths":[2,2,2,2],"rejected":[{"width":8,"why":"register 0 is at (row 0, column 0) of the thread's part, but column 2 of that row is not one of its registers"},{"width":4,"why":"register 0 is at (row 0, column 0) of the thread's part, but column 2 of that row is not one of its registers"}]}"##,
    },
    OpHelp {
        name: r##"smem_layout"##,
        family: Family::Hardware,
        signature: r##"smem_layout(elem, K | MN, MN, K[, stages])"##,
        contract: r##"The shared-memory layout of an MN x K WGMMA operand (or epilogue) tile in stages: the widest swizzle atom (128, 64, 32-byte rows, else 16-byte interleaved) whose row divides the contiguous extent, tiled to (MN, K, stages) as CUTLASS's ss_smem_selector and tile_to_shape; each wider row rejected with its reason; certified a bijection with stage bases on atom boundaries and a WGMMA descriptor for stage 0's first K block; the stages must fit 227 KiB."##,
        example: r##"smem_layout(f16, K, 128, 64, 4)"##,
        result: r##"{"swizzle_bytes":128,"atom":"Sw<3,3,3> o 0 o (8,64):(64,1)","layout":"Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))","stage_bytes":16384,"bytes":65536,"rejected":[],"certificate":{"bijective":true,"stage_aligned":true,"descriptor":"0x4000004000010000","k_blocks":4}}"##,
    },
    OpHelp {
        name: r##"tmem_load"##,
        family: Family::Hardware,
        signature: r##"tmem_load(tmem, columns[, budget])"##,
        contract: r##"The tcgen05.ld (shape 32x32b, 16x256b, 16x128b or 16x64b, and .num) that reads the first `columns` columns of a TMEM accumulator layout (tile index -> lane << 16 | column) with the most registers per thread within the budget (default 128), and the (thread, register) -> tile index fragment it gives a warpgroup; wider candidates rejected with their reasons; certified by tmem_copy deriving the same instruction from the fragment."##,
        example: r##"tmem_load((128,64):(65536,1), 32)"##,
        result: r##"{"ld":"tcgen05.ld.sync.aligned.32x32b.x32.b32","shape":"32x32b","num":32,"regs":32,"fragment":"(128,32):(1,128)","columns":32,"rejected":[{"instr":"32x32b.x128","why":"thread 0 register 32 reads column 32, past the 32-column subtile"},{"instr":"32x32b.x64","why":"thread 0 register 32 reads column 32, past the 32-column subtile"},{"instr":"16x256b.x32","why":"thread 0 register 16 reads column 32, past the 32-column subtile"},{"instr":"16x256b.x16","why":"thread 0 register 16 reads column 32, past the 32-column subtile"},{"instr":"16x128b.x64","why":"thread 0 register 16 reads column 32, past the 32-column subtile"},{"instr":"16x128b.x32","why":"thread 0 register 16 reads column 32, past the 32-column subtile"},{"instr":"16x64b.x128","why":"thread 0 register 16 reads column 32, past the 32-column subtile"},{"instr":"16x64b.x64","why":"thread 0 register 16 reads column 32, past the 32-column subtile"}],"certificate":{"tmem_copy":"tcgen05.ld.sync.aligned.32x32b.x32.b32"}}"##,
    },
    OpHelp {
        name: r##"lego_apply"##,
        family: Family::Lego,
        signature: r##"lego_apply(L, i0, i1, ...)"##,
        contract: r##"The physical offset of the logical index (i0, i1, ...) under the bijective (LEGO) layout L; each index within its dim."##,
        example: r##"lego_apply(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]), 4, 2)"##,
        result: r##"23"##,
    },
    OpHelp {
        name: r##"lego_inv"##,
        family: Family::Lego,
        signature: r##"lego_inv(L, x)"##,
        contract: r##"The logical index of offset x (0 <= x < size): lego_apply(L, lego_inv(L, x)) == x."##,
        example: r##"lego_inv(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]), 23)"##,
        result: r##"[4,2]"##,
    },
    OpHelp {
        name: r##"lego_table"##,
        family: Family::Lego,
        signature: r##"lego_table(L)"##,
        contract: r##"lego_apply at every logical index in row-major order (size <= 2^20); a permutation of [0, size)."##,
        example: r##"lego_table(OrderBy(Col([2,3])).GroupBy([2,3]))"##,
        result: r##"[0,2,4,1,3,5]"##,
    },
    OpHelp {
        name: r##"lego_print"##,
        family: Family::Lego,
        signature: r##"lego_print(L)"##,
        contract: r##"L in canonical text (sugar expanded); it parses back to the same layout."##,
        example: r##"lego_print(TileBy([2,3],[4,5]))"##,
        result: r##""OrderBy(RegP([2, 3, 4, 5], [1, 3, 2, 4])).GroupBy([2, 3], [4, 5])""##,
    },
    OpHelp {
        name: r##"lego_index"##,
        family: Family::Lego,
        signature: r##"lego_index(L)"##,
        contract: r##"The index expressions of apply and inv, simplified and unsimplified, with their operation counts; each simplified expression equals its unsimplified one on the whole domain."##,
        example: r##"lego_index(OrderBy(Col([2,3])).GroupBy([2,3]))"##,
        result: r##"{"params":["i0","i1"],"apply":"i0 + 2 * i1","apply_raw":"2 * ((3 * i0 + i1) % 3) + (3 * i0 + i1) / 3","inv":["x % 2","x / 2"],"inv_raw":["(3 * (x % 2) + x / 2) / 3","(3 * (x % 2) + x / 2) % 3"],"ops":{"apply":2,"apply_raw":6,"inv":2,"inv_raw":6}}"##,
    },
    OpHelp {
        name: r##"lego_simplify"##,
        family: Family::Lego,
        signature: r##"lego_simplify(expr, x:n | x:lo..hi, ...)"##,
        contract: r##"expr simplified under the ranges 0 <= x < n (or lo <= x < hi) of its variables; equal to expr at every point of those ranges."##,
        example: r##"lego_simplify((6*q + r) / 6, r:6)"##,
        result: r##""q""##,
    },
    OpHelp {
        name: r##"lego_to_cute"##,
        family: Family::Lego,
        signature: r##"lego_to_cute(L)"##,
        contract: r##"The CuTe layout with the same function as L over one index per logical dim, when L is strided; an error naming the first piece that is not."##,
        example: r##"lego_to_cute(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]))"##,
        result: r##"((3,2),(3,2)):((3,18),(1,9))"##,
    },
    OpHelp {
        name: r##"lego_from_cute"##,
        family: Family::Lego,
        signature: r##"lego_from_cute(C)"##,
        contract: r##"A bijective layout equal to the static CuTe layout C, when C is a bijection onto [0, size(C)); an error naming the leaf otherwise."##,
        example: r##"lego_from_cute((2,3):(1,2))"##,
        result: r##""OrderBy(RegP([2, 3], [2, 1])).GroupBy([2, 3])""##,
    },
    OpHelp {
        name: r##"lego_codegen"##,
        family: Family::Lego,
        signature: r##"lego_codegen(L, c | triton | mlir[, name])"##,
        contract: r##"Source text of L's simplified apply and inv in C, Triton or MLIR (arith), as `layout codegen` prints it."##,
        example: r##"lego_codegen(OrderBy(Col([2,3])).GroupBy([2,3]), triton)"##,
        result: r##""# layout: OrderBy(RegP([2, 3], [2, 1])).GroupBy([2, 3])\n# apply: 2 ops (unsimplified 6)\n@triton.jit\ndef lego_apply(i0, i1):\n    return (i0 + (2 * i1))\n\n# inv: 2 ops (unsimplified 6)\n@triton.jit\ndef lego_inv(x):\n    return (x % 2), (x // 2)\n""##,
    },
    OpHelp {
        name: r##"lego_equal"##,
        family: Family::Lego,
        signature: r##"lego_equal(A, B)"##,
        contract: r##"Whether A and B (bijective, CuTe or linear layouts) are the same function over the same index box, checked at every point (at most 2^22); when not, the first index where they differ and both values."##,
        example: r##"lego_equal(OrderBy(Col([2,3])).GroupBy([2,3]), (2,3):(1,2))"##,
        result: r##"{"equal":true}"##,
    },
    OpHelp {
        name: r##"relation"##,
        family: Family::Relation,
        signature: r##"relation(L[, flat | coord | modes])"##,
        contract: r##"The integer set relation of the layout L (any kind) in ISL notation, simplified: over the flat coordinate `[c]` (default), the natural coordinate (coord: one input per leaf) or one input per top-level mode (modes)."##,
        example: r##"relation((2,2):(1,4), coord)"##,
        result: r##"{ [c0, c1] -> [o = c0 + 4c1] : 0 <= c0 <= 1 and 0 <= c1 <= 1 }"##,
    },
    OpHelp {
        name: r##"equal"##,
        family: Family::Relation,
        signature: r##"equal(L1, L2[, flat | coord | modes])"##,
        contract: r##"Whether L1 and L2 (layouts of any kind) are the same relation over the same domain, decided by ISL: {"equal": true}, or {"equal": false} with a coordinate where they differ (witness), both offsets there (left, right) and the reason."##,
        example: r##"equal((4,2):(1,4), 8:1)"##,
        result: r##"{"equal":true}"##,
    },
    OpHelp {
        name: r##"is_injective"##,
        family: Family::Relation,
        signature: r##"is_injective(L)"##,
        contract: r##"Whether no two coordinates of L map to one offset: {"holds": true, "witness": []}, or {"holds": false, "kind": "collision"} with two coordinates (witness), their offset and the reason."##,
        example: r##"is_injective((4,8):(8,1))"##,
        result: r##"{"holds":true,"witness":[]}"##,
    },
    OpHelp {
        name: r##"is_bijective"##,
        family: Family::Relation,
        signature: r##"is_bijective(L)"##,
        contract: r##"Whether L is a function, injective and onto its codomain ([0, size) for CuTe, swizzled, composed and LEGO layouts, [0, 2^N) for a linear layout with N output bits): as is_injective, with the failure kinds collision, missed (an offset no coordinate reaches), outside (a coordinate whose offset leaves the codomain) and not_a_function."##,
        example: r##"is_bijective(8:2)"##,
        result: r##"{"holds":false,"kind":"outside","witness":[4],"offset":8,"reason":"coordinate 4 maps to offset 8, outside the codomain"}"##,
    },
    OpHelp {
        name: r##"image"##,
        family: Family::Relation,
        signature: r##"image(L)"##,
        contract: r##"The set of offsets L reaches, in ISL notation."##,
        example: r##"image(4:2)"##,
        result: r##"{ [o] : (o) mod 2 = 0 and 0 <= o <= 6 }"##,
    },
    OpHelp {
        name: r##"gaps"##,
        family: Family::Relation,
        signature: r##"gaps(L)"##,
        contract: r##"The offsets between the least and the largest offset of L that L does not reach, in ISL notation."##,
        example: r##"gaps((2,3):(1,4))"##,
        result: r##"{ [o] : 2 <= o <= 7 and (o <= 3 or o >= 6) }"##,
    },
    OpHelp {
        name: r##"from_relation"##,
        family: Family::Relation,
        signature: r##"from_relation(MAP[, S])"##,
        contract: r##"The CuTe layout whose relation is the ISL map MAP (a function of static integers from a box to offsets, 0 at 0), coalesced mode by mode; with a shape S, the layout over S whose strides are the offsets at its mode boundaries. An error says why no layout exists."##,
        example: r##"from_relation({ [c] -> [31 + 4c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 })"##,
        result: r##"(8,4):(4,1)"##,
    },
    OpHelp {
        name: r##"relation_compose"##,
        family: Family::Relation,
        signature: r##"relation_compose(A, B)"##,
        contract: r##"The relation of A o B (B first) in ISL notation: ISL's apply_range, over A's own domain [0, size(A)) (a coordinate of B whose offset is outside it has no image; see out_of_domain)."##,
        example: r##"relation_compose((4,2):(1,4), 8:1)"##,
        result: r##"{ [c] -> [o = c] : 0 <= c <= 7 }"##,
    },
    OpHelp {
        name: r##"out_of_domain"##,
        family: Family::Relation,
        signature: r##"out_of_domain(A, B)"##,
        contract: r##"The coordinates c of B whose offset B(c) is outside A's domain [0, size(A)), in ISL notation: where CuTe's composition A o B reads A past its size."##,
        example: r##"out_of_domain(4:1, (2,4):(1,2))"##,
        result: r##"{ [c] : 4 <= c <= 7 }"##,
    },
    OpHelp {
        name: r##"relation_inverse"##,
        family: Family::Relation,
        signature: r##"relation_inverse(L)"##,
        contract: r##"The reverse relation of L (offset -> coordinate), in ISL notation."##,
        example: r##"relation_inverse(4:2)"##,
        result: r##"{ [o] -> [c] : 2c = o and 0 <= o <= 6 }"##,
    },
    OpHelp {
        name: r##"complement_fill"##,
        family: Family::Relation,
        signature: r##"complement_fill(L, D)"##,
        contract: r##"The paper's complement of the shape:stride layout L up to the size D: fill as many gaps of L's image as possible, each new mode floor(end/begin):begin from the least offset not reached; CuTe's complement is complement."##,
        example: r##"complement_fill((2,2):(1,5), 20)"##,
        result: r##"(2,3):(2,9)"##,
    },
    OpHelp {
        name: r##"lego_is_bijective"##,
        family: Family::Relation,
        signature: r##"lego_is_bijective(CHAIN)"##,
        contract: r##"Whether the LEGO chain is a bijection, each GenP piece proved by ISL at any size: {"holds": true, "witness": []}, or {"holds": false} with the piece, the kind of failure, a witness and the reason."##,
        example: r##"lego_is_bijective(OrderBy(Col([2,3])).GroupBy([2,3]))"##,
        result: r##"{"holds":true,"witness":[]}"##,
    },
    OpHelp {
        name: r##"complement_check"##,
        family: Family::Relation,
        signature: r##"complement_check(A, M)"##,
        contract: r##"CuTe's complement R of A up to M with its contract proved by ISL: {"holds": true, "complement": R}, or {"holds": false} with the complement, the condition that fails, a witness and the reason."##,
        example: r##"complement_check(4:2, 24)"##,
        result: r##"{"holds":true,"complement":"(2,3):(1,8)"}"##,
    }, // The ops of the dialect that exist only in IR: dialect/td/LayoutOps.td, then
    // lowering-nvvm/td/LayoutNvgpuOps.td, in the order of their definitions.
    OpHelp {
        name: r##"const"##,
        family: Family::Kernel,
        signature: r##"const() {value: #layout.<value>} -> !layout.<value>"##,
        contract: r##"A constant of the layout algebra (a layout, swizzle, tiler, tuple or linear layout); the result type is `!layout.<kind><text>` of the attribute, and the op folds to its attribute. Pre: the value is valid, in canonical text and static. Errors: an invalid value (the algebra's message), a text that is not canonical (naming the canonical one), a `?` leaf (build it with `layout.make`)."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"make"##,
        family: Family::Kernel,
        signature: r##"make([, leaves: index, ...]) -> !layout.<value>"##,
        contract: r##"The layout-dialect value of the result type whose `?` leaves are the `index` operands, one per `?` leaf in print order; folds to `layout.const` when there is none. Errors: a result type `*`, a linear layout (it has no runtime leaves: `layout.const`), an operand count that is not the number of `?` leaves."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"shape_leaf"##,
        family: Family::Kernel,
        signature: r##"shape_leaf(layout: !layout.<value>) {path: array<i64>} -> index"##,
        contract: r##"The leaf of the layout's shape at the mode path `path` (outermost first), as an `index`. Folds to an `arith.constant` when the leaf is static, and to the matching operand of `layout.make` when it is a runtime `?` leaf of a layout built by `layout.make`. Error: a path that names no leaf."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"stride_leaf"##,
        family: Family::Kernel,
        signature: r##"stride_leaf(layout: !layout.<value>) {path: array<i64>} -> index"##,
        contract: r##"The leaf of the layout's stride at the mode path `path` (outermost first), as an `index`; folds as `layout.shape_leaf` does (a static leaf to a constant, a `?` leaf of `layout.make` to its operand). Error: a path that names no leaf."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"apply"##,
        family: Family::Kernel,
        signature: r##"apply([, indices: index, ...]) {layout: #layout.<value>} -> index"##,
        contract: r##"The physical offset of a bijective (LEGO) layout `#layout.bijective<...>` at the logical index: one `index` operand per logical dim (its GroupBy dims), each in `[0, n_k)`. Folds to a constant when every index is a constant in the domain; `--layout-lower-to-index` lowers it to the simplified `arith` index math. Errors: a layout that is not bijective, an operand count other than the number of logical dims."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"inv"##,
        family: Family::Kernel,
        signature: r##"inv(offset: index) {layout: #layout.<value>} -> index, ..."##,
        contract: r##"The logical index of a physical offset in `[0, size)` under a bijective (LEGO) layout: one `index` result per logical dim. Folds to constants when the offset is a constant in the domain; `--layout-lower-to-index` lowers it to `arith` index math. Errors: a layout that is not bijective, a result count other than the number of logical dims."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"make_tensor"##,
        family: Family::Kernel,
        signature: r##"make_tensor(ptr: !llvm.ptr, layout: !layout.<value>) -> !layout.tensor"##,
        contract: r##"The tensor in memory whose element at coordinate c lies at `ptr + layout(c)` elements (CuTe's make_tensor). The layout operand has the result type's layout type; the pointer's address space is the tensor's memory space (`global`: 1 or the generic 0, `shared`: 3, `tmem`: 6); a `tma` tensor is made from its tensor map (an `!llvm.ptr`) and a plain layout of 1 to 5 modes. Errors: a pointer of another address space, a `tma` tensor of another pointer or layout."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"local_tile"##,
        family: Family::Kernel,
        signature: r##"local_tile(tensor: !layout.tensor[, coord: index, ...]) {tile: #layout.<value>} -> !layout.tensor"##,
        contract: r##"CuTe's local_tile(T, tile, coord): `tile` is a flat tuple of positive extents, one per top-level mode of the tensor's layout L, and there is one `index` coordinate per mode; the result's layout is mode 0 of zipped_divide(L, tile) and its first element is element (c_0 t_0, c_1 t_1, ...) of the tensor. The verifier computes the layout with the algebra and compares it with the result type; a tile of a swizzled tensor must be the first tile moved. Where an extent of L is not a static multiple of its tile extent, the copies of the tile (`async_copy`, `global_load`, `global_store`) are predicated on the residue. Errors: a tile that is not a flat tuple of positive extents, a tile or coordinate count other than L's rank, a result type other than the computed one."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"partition"##,
        family: Family::Kernel,
        signature: r##"partition(tensor: !layout.tensor, thread: index) {thr: #layout.<value>, val: #layout.<value>, vector: i64} -> !layout.tensor"##,
        contract: r##"Thread t's part of a global or shared tensor under CuTe's make_tiled_copy(atom, thr, val) with atoms of `vector` consecutive values (get_slice(t).partition_S(T), equal to partition_D): with R = tidfrg(L, thr, val, vector), the result's layout is (mode 1 of R, the modes of mode 2 of R ...), CuTe's (CPY, CPY_M, CPY_N), and its first element is R(t, 0, 0). Pre: `thr` and `val` are layouts; fixing the thread mode is a translation of the rest (a swizzle reads no bit the thread mode does not own). Errors: the algebra's message, a tensor in another memory space, thread partitions that are not one partition moved, a result type other than the computed one."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"partition_mma"##,
        family: Family::Kernel,
        signature: r##"partition_mma(tensor: !layout.tensor, thread: index) {atom: string, operand: string, atoms: array<i64>, permutation?: #layout.<value>} -> !layout.tensor"##,
        contract: r##"Thread t's part of MMA operand `operand` (A: M x K, B: N x K, C: M x N) under CuTe's make_tiled_mma(atom, Layout<Shape<TM,TN,TK>>[, permutation]) (partition_A/B/C): the atom (`sm80_16x8x16`, `sm80_16x8x8`) repeated over the column-major grid `atoms = [TM, TN, TK]`, thread t being lane t mod 32 of atom t div 32; with R = thrfrg(L, atom TV layout, atom tile, grid) the layout is slice(((0,(0,0)),(_,(_,_,...))), R), CuTe's (MMA, MMA_M, MMA_N), and the first element R at the thread's (lane, (atom row, atom column)). `permutation`, a tiler [P_M, P_N, P_K], reorders L by the operand's two modes first. Pre: fixing the thread is a translation. Errors: an unknown atom or operand, the algebra's message, a result type other than the computed one."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"copy"##,
        family: Family::Kernel,
        signature: r##"copy(src: !layout.tensor, dst: !layout.tensor) {align: i64, async?: unit}"##,
        contract: r##"CuTe's copy: element i of `src` goes to element i of `dst` (colexicographic index) for every i < size, each thread its partitions. Pre: both tensors in global or shared memory, the same whole-byte element type, the same static number of elements (at most 4096); `align`, a power of two of at least one element, is the byte alignment promised for both first elements and every runtime stride times the element size. `--layout-lower-tensors` picks the widest vector w (every aligned run of w indices consecutive and w-aligned in both tensors, at most 16 bytes and `align`); with `async` (global to shared only) each run is one cp.async of 4, 8 or 16 bytes. Errors: each violated precondition by name; a cp.async of fewer than 4 bytes."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"slice_tensor"##,
        family: Family::Kernel,
        signature: r##"slice_tensor(tensor: !layout.tensor[, coord: index, ...]) {modes: array<i64>, ring?: unit} -> !layout.tensor"##,
        contract: r##"CuTe's T(_, _, s): the top-level modes `modes` (increasing) of the tensor's layout L fixed at the `index` coordinates (one per mode, each the one-dimensional coordinate of its mode) and dropped; the result's layout is select of the other modes and its first element is the element at the fixed coordinates. Pre: that offset is a translation of the rest (for Sw<B,M,S> o o o L every stride of a fixed mode is a static multiple of 2^(B+M+|S|)). With `ring` each coordinate is a ring position k and the mode (of static extent) is fixed at k mod extent. Errors: a coordinate count other than the modes', modes not increasing or out of range, every mode fixed, a fixed mode that is not a translation, a result type other than the computed one."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"select_tensor"##,
        family: Family::Kernel,
        signature: r##"select_tensor(tensor: !layout.tensor) {modes: array<i64>} -> !layout.tensor"##,
        contract: r##"CuTe's select: the same pointer and bytes through the layout of the distinct top-level modes `modes`, in that order (a permutation of all modes transposes the tensor; a subset is the tensor at coordinate 0 of the others; a swizzle and offset stay). Free at run time. Errors: a result type other than the computed view (or another element type), a `tma` tensor, a tile that may reach past its tensor."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"group_tensor"##,
        family: Family::Kernel,
        signature: r##"group_tensor(tensor: !layout.tensor) {begin: i64, end: i64} -> !layout.tensor"##,
        contract: r##"CuTe's group_modes<begin, end>: the same pointer and bytes, the modes [begin, end) of the tensor's layout as one mode whose coordinate is the colexicographic coordinate of the grouped ones. Free at run time. Errors: a result type other than the computed view, a `tma` tensor, a tile that may reach past its tensor."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"recast_tensor"##,
        family: Family::Kernel,
        signature: r##"recast_tensor(tensor: !layout.tensor) -> !layout.tensor"##,
        contract: r##"CuTe's recast<T>: the same pointer and bytes read as elements of the result's element type, the layout recast from the source's width to the result's (upcast by the ratio when wider, downcast when narrower; whole-byte integer or float types of integral ratio). Free at run time. Errors: where the bytes do not make whole elements the algebra's error names the mode; a result type other than the computed one, a `tma` tensor, a tile that may reach past its tensor."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"shared_alloc"##,
        family: Family::Kernel,
        signature: r##"shared_alloc(base: !llvm.ptr<3>) -> !layout.tensor, ..."##,
        contract: r##"Shared tensors laid out one after another from `base` (CuTe's SharedStorage): each result's layout is static, its bytes cosize(L) * sizeof(T), placed at the next multiple of its alignment (16 bytes, or its layout's translation period in bytes when larger: 1024 for Sw<3,3,3> of f16); the base is rounded up to the largest alignment at run time, and a remark of `--layout-lower-tensors` prints the bytes the kernel needs. A base that is a global of static size must hold them. Errors: a base that is not `!llvm.ptr<3>`, no result, a result whose layout is not static."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tensor_ptr"##,
        family: Family::Kernel,
        signature: r##"tensor_ptr(tensor: !layout.tensor) -> !llvm.ptr"##,
        contract: r##"The address of the tensor's element at coordinate 0 (CuTe's t.data()), after the tiles and slices that made it, as a pointer of the tensor's address space (a global tensor's may be the generic one; a `tma` tensor's is its tensor map); `--layout-lower-tensors` resolves it. Error: a pointer type of another address space."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mbarrier_init"##,
        family: Family::Kernel,
        signature: r##"mbarrier_init(bars: !layout.tensor) {arrivals: i64}"##,
        contract: r##"Every i64 of the shared tensor `bars` (a static layout) becomes an mbarrier expecting `arrivals` arrivals per phase, then fence.mbarrier_init makes them visible. One thread executes it, before a CTA barrier. Errors: a tensor that is not a shared tensor of i64 with a static layout, `arrivals` outside [1, 2^20 - 1]."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mbarrier_wait"##,
        family: Family::Kernel,
        signature: r##"mbarrier_wait(bars: !layout.tensor, position: index) {free?: unit}"##,
        contract: r##"For a ring of S barriers (a rank-1 shared i64 tensor of static size S), waits until position k = `position` has completed: barrier k mod S in its phase k div S, testing the parity (k div S) mod 2 (mbarrier.try_wait.parity in a loop). With `free` it waits until the stage of position k is free: the phase of position k - S has completed (parity (k div S + 1) mod 2), at once for k < S. Pre: the thread knows position k - S has completed (a parity names a phase only among two neighbours). Error: a ring whose layout is not rank 1."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mbarrier_arrive"##,
        family: Family::Kernel,
        signature: r##"mbarrier_arrive(bars: !layout.tensor, position: index) {multicast?: i64}"##,
        contract: r##"Every executing thread arrives once (mbarrier.arrive, release at CTA scope) on barrier k mod S of the ring, towards its phase k div S: a consumer releases the stage of position k. With `multicast = n` (2 to 16) it arrives on that barrier of each of the cluster's CTAs 0..n-1 (cluster scope); the kernel's nvvm.cluster_dim must have n CTAs. Errors: a ring whose layout is not rank 1, `multicast` outside [2, 16]."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tma_copy"##,
        family: Family::Kernel,
        signature: r##"tma_copy(src: !layout.tensor, dst: !layout.tensor[, bars: !layout.tensor][, position: index]) {multicast?: i64}"##,
        contract: r##"A TMA copy of a tile between a `tma` tensor and a shared tensor: a load (tma -> shared) completes on the barrier of ring position k (`barrier(%ring[%k] : ...)`: it sets the barrier's expected transaction bytes to the tile's and arrives on it); a store (shared -> tma) has no barrier. The TMA coordinates, box and bytes follow from the global and shared layouts (hw::tma_desc); elements past the global tensor are zero-filled by loads and not written by stores. One thread issues it. A load with `multicast = n` (2 to 16) cuts mode 0 in n slices, the CTA of cluster rank r loading slice r into every CTA. Errors: not one tma and one shared tensor, a load without a barrier, tiles of different static extents per mode, multicast on a store or a mode 0 not a multiple of n, the algebra's message."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"encode_tensor_map"##,
        family: Family::Kernel,
        signature: r##"encode_tensor_map(tensorMap: !llvm.ptr, tensor: !layout.tensor) {smem: #layout.<value>} -> i32"##,
        contract: r##"Host: writes into `tensorMap` (128 bytes, 64-byte aligned) the TMA tensor map of the global tensor (made by `layout.make_tensor`) for tiles laid out by the static shared layout `smem` (one copy's box) and returns cuTensorMapEncodeTiled's status (0: success). Data type, rank, box, swizzle, global extents and byte strides all come from the two layouts (hw::tma_desc), the runtime ones from the leaves of the tensor's layout; `--layout-lower-tensors` turns it into `layout.tma_desc`, where the algebra's rules are checked by name. Errors: a tensor map that is not an `!llvm.ptr`, an `smem` that is not a static CuTe layout; a runtime stride not a multiple of 16 bytes is the driver's error status."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tma_encodable"##,
        family: Family::Kernel,
        signature: r##"tma_encodable(tensor: !layout.tensor) -> i1"##,
        contract: r##"Whether cuTensorMapEncodeTiled accepts the global extents and strides of the `tma` or `global` tensor (made by `layout.make_tensor`, every top-level mode a leaf): every extent in [1, 2^32], every stride of a mode other than the contiguous one (static stride 1) a multiple of 16 bytes below 2^40 bytes. The host encoder derived by `layout.tensor_map_encoder` tests the same condition; `--layout-lower-tensors` turns it into index math on the leaves. Error: a tensor in another memory space."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mma_async"##,
        family: Family::Kernel,
        signature: r##"mma_async(a: !layout.tensor | tensor, b: !layout.tensor, c: tensor) -> tensor"##,
        contract: r##"D = A B^T + C by warpgroup MMAs in flight (sm_90a): A (M x K) and B (N x K) shared tensors with static layouts of two modes, both f16 or both bf16 (m64nNk16) or each f8E4M3FN/f8E5M2 (m64nNk32, K-major only, K a multiple of 32); C and D M x N f32 register tensors of one layout that holds the wgmma accumulator (hw::wgmma_accumulator, warpgroup G at rows 64 G ..). A may be an f16/bf16 M x K register tensor holding the ISA's A fragment for every k block of 16 (the RS form). `--layout-lower-tensors` emits wgmma.fence, one wgmma.mma_async per warpgroup and k block (descriptors from the shared layouts) and commit_group; the kernel waits (nvvm.wgmma.wait.group.sync.aligned) before it reads D or overwrites A and B. Errors: the element types, shapes or layouts above, naming the lane, warp and field where the accumulator or A fragment fails."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mma_tmem"##,
        family: Family::Kernel,
        signature: r##"mma_tmem(a: !layout.tensor, b: !layout.tensor, d: !layout.tensor, accumulate: i1[, commitBars: !layout.tensor][, commitPosition: index]) {ctaGroup?: i64}"##,
        contract: r##"D (TMEM) = A B^T (+ D) by tcgen05.mma (sm_100a): A (128 x K) and B (N x K) shared f16 or bf16 tensors (the same) with static layouts, D the M x N f32 TMEM accumulator laid out (128,N):(65536,1) (N a multiple of 16 in [16, 256]); per k block of 16 the UMMA descriptors and one `layout.tcgen05_mma` (cta_group::1, kind::f16) that adds to D when `accumulate` is true. One thread issues it. With `commit(%ring[%k] : ...)`, tcgen05.commit to the barrier of ring position k. `ctaGroup = 2`: the MMA of a CTA pair (M = 256, each CTA 128 rows of A and N/2 rows of B). Errors: a commit without its position, ctaGroup other than 1 or 2, operand shapes or types other than these, an accumulator layout other than tcgen05.mma's."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tensor_memory_load"##,
        family: Family::Kernel,
        signature: r##"tensor_memory_load(src: !layout.tensor) -> tensor"##,
        contract: r##"A register tensor (`#layout.linear` encoding) whose element c is element c of the TMEM tensor (same shape, rank 2, the same 32-bit element type f32 or i32), by tcgen05.ld: the shape (32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2) and .num derived from the TMEM layout and the register tensor's thread-value layout ((lane, warp), register) -> tile index, with the quadrant rule; valid after the tcgen05.wait::ld it ends with. One warp or a warpgroup. Errors: element types or shapes that differ, elements that are not 32-bit; an encoding no shape moves (the rule each shape breaks), a swizzled encoding, more or fewer warps."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tensor_memory_store"##,
        family: Family::Kernel,
        signature: r##"tensor_memory_store(value: tensor, dst: !layout.tensor)"##,
        contract: r##"The inverse of `layout.tensor_memory_load`: element c of the register tensor `value` goes to element c of the TMEM tensor `dst`, by the tcgen05.st shape derived as there; ends with tcgen05.wait::st. Errors: as `layout.tensor_memory_load`."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"convert_layout"##,
        family: Family::Kernel,
        signature: r##"convert_layout(src: tensor) -> tensor"##,
        contract: r##"The same register tensor distributed by the result's encoding instead of the source's (Triton's ttg.convert_layout): equal values element by element. Pre: both encodings are register layouts of the CTA (register, lane with 32 lanes, optionally warp) that lay out the tensor's extents, name the same dimensions and keep the number of warps. Folds to `src` when the encodings are equal, and a convert of a convert to one convert. `--layout-assign-layouts` removes, moves and inserts these ops (cost: convert_plan); the lowering is `layout.convert`. Errors: each violated precondition, naming the dimensions or warp counts."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"retile"##,
        family: Family::Kernel,
        signature: r##"retile(src: tensor) -> tensor"##,
        contract: r##"CuTe's retile: the registers each thread holds under the source encoding, read through the result encoding; no data moves. Pre: convert_layout's conditions, and the result gives every lane and warp bit the element the source gives it and reads only registers the thread already holds (linear::retile: D.lane = S.lane, D.warp = S.warp, span(D.reg) in span(S.reg)). Lowers to a renaming of registers; folds as convert_layout. Error: the first bit where the encodings part and the elements it selects on each side (`layout.convert_layout` moves data)."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"transpose"##,
        family: Family::Kernel,
        signature: r##"transpose(src: tensor) {order: array<i64>} -> tensor"##,
        contract: r##"Triton's tt.trans: dimension j of the result is dimension order[j] of the source (`order` a permutation), T[x] = S[y] with y[order[j]] = x[j]. Pre: the result's encoding is the source's with its out dimensions permuted the same way (linear::tensor_transpose), so every thread keeps its registers and the op lowers to nothing. Folds to the source when `order` is the identity. Errors: `order` not a permutation of the rank; the first basis that differs (convert_layout moves data)."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"reduce"##,
        family: Family::Kernel,
        signature: r##"reduce(src: tensor) {dim: i64, kind: string} -> tensor"##,
        contract: r##"Triton's tt.reduce: the elements along dimension `dim` combined with arith.<kind> (addf, mulf, maxnumf, minnumf, maximumf, minimumf on floats; addi, muli, maxsi, minsi, maxui, minui, andi, ori, xori on integers). Pre: the result's encoding is the source's slice along `dim` (Triton's #ttg.slice); elements of 16 or 32 bits. linear::reduce_plan reads the work off the layout: in-thread combinations, one butterfly shuffle per lane bit along `dim`, a shared- memory stage when warps hold parts of a row; a remark states the plan. Errors: a kind that is not a combiner of the element type, another element width, an encoding that is not the slice, bases that move along `dim` only together with another dimension."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"broadcast"##,
        family: Family::Kernel,
        signature: r##"broadcast(src: tensor) {dim: i64} -> tensor"##,
        contract: r##"Triton's expand_dims + broadcast: element x of the result is element x without coordinate `dim` of the source. Pre: the source's encoding is the result's slice along `dim`, so every result register copies one source register of the thread (no instruction). Error: the first basis that differs."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"coordinate"##,
        family: Family::Kernel,
        signature: r##"coordinate() {dim: i64} -> tensor"##,
        contract: r##"Element x of the result is x[dim], as the register tensor's encoding places it (CuTe's identity tensor partitioned like the fragment, Triton's make_range broadcast): the thread's part from tid.x (the XOR of its lane and warp bits' coordinates, linear::tensor_coordinates) XOR each register's constant. Pre: integer elements of at most 32 bits, wide enough for the extent. Errors: `dim` not a dimension, elements too narrow for the coordinates, an encoding that is not a register layout."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"global_load"##,
        family: Family::Kernel,
        signature: r##"global_load(base: !llvm.ptr | !layout.tensor[, strides: i64, ...][, bounds: i64, ...]) {align: i64} -> tensor"##,
        contract: r##"Each thread loads the registers its encoding gives it from a row-major tensor in global memory: element (c_0, .., c_{n-1}) at base + bytes * (sum_{d<n-1} c_d s_d + c_{n-1}), one i64 stride per dimension but the last; or the base is a global `!layout.tensor` with no strides (one flat mode per dimension, the tile's extents, the last of stride 1, then only modes of extent 1). With `bounds` (one i64 per dimension) only elements with c_d < b_d are read, the others are zero. `align` is the byte alignment promised for the base and every stride times the element size; the widest vectors the layout and `align` allow (linear::global_access). Errors: a base of another address space, a stride or bound count other than these, a tensor base of another shape, a known stride that breaks `align`."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"shared_load"##,
        family: Family::Kernel,
        signature: r##"shared_load(base: !llvm.ptr<3> | !layout.tensor[, smemLayout: !layout.<value>]) {smem?: #layout.<value>} -> tensor"##,
        contract: r##"Each thread loads the registers its encoding gives it from shared memory laid out by the shared layout: element c at base + bytes * smem(c) (base 16-byte aligned); `smem` is a CuTe layout of the coordinates (swizzled or not, linear over F2) or a linear layout, given as the attribute or as a static layout operand `smem(%l : ...)`, or it is the static layout of a shared tensor base. Vector ld.shared, or ldmatrix(.trans) when the layouts are its form (linear::shared_access). Errors: no shared layout or two, a layout operand that is not static, a base in another memory space, no access plan (the algebra's message)."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"shared_store"##,
        family: Family::Kernel,
        signature: r##"shared_store(value: tensor, base: !llvm.ptr<3> | !layout.tensor[, smemLayout: !layout.<value>]) {smem?: #layout.<value>}"##,
        contract: r##"The addressing and vectors of `layout.shared_load`, storing: an element that several registers of a thread hold is stored once per thread; vector st.shared, or stmatrix(.trans) on sm_90+ when the layouts are its form. The kernel synchronizes the CTA before other threads read the tile. Errors: as `layout.shared_load`."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"async_copy"##,
        family: Family::Kernel,
        signature: r##"async_copy(src: !llvm.ptr<1> | !layout.tensor[, strides: i64, ...][, bounds: i64, ...], dst: !llvm.ptr<3> | !layout.tensor[, smemLayout: !layout.<value>]) {tile: type, smem?: #layout.<value>, align: i64}"##,
        contract: r##"cp.async of the tile of the register tensor type `tile` (its encoding says which elements each thread copies) from global memory, addressed as `layout.global_load` (strides or a global tensor, `bounds`, `align`), into shared memory at `dst`, element c at dst + bytes * smem(c) (`smem` a CuTe layout linear over F2 or a linear layout, attribute or operand, or the layout of a shared tensor). Each copy is 4, 8 or 16 bytes, the widest both sides allow (linear::async_copy); with `bounds` the elements outside are zero-filled. The kernel commits, waits and synchronizes before reading the tile. Errors: as global_load and shared_load; a tile no cp.async can copy (fewer than 4 contiguous bytes) names the register, lane or warp bit and the condition."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"global_store"##,
        family: Family::Kernel,
        signature: r##"global_store(value: tensor, base: !llvm.ptr | !layout.tensor[, strides: i64, ...][, bounds: i64, ...]) {align: i64}"##,
        contract: r##"The addressing of `layout.global_load`, storing: each element is stored by every thread that holds it, each thread in the widest vectors the layout and `align` allow; with `bounds` only the elements inside are written. Errors: as `layout.global_load`."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"mma"##,
        family: Family::Kernel,
        signature: r##"mma(a: tensor, b: tensor, c: tensor) -> tensor"##,
        contract: r##"D = A B + C with mma.sync m16n8k16 (sm_80+): A M x K, B K x N, C and D M x N; A and B both f16 or both bf16, C and D f32 in one layout. Pre: the layouts hold the instruction's fragments in registers that are the same in every thread (hw::mma_sync, checked for every lane and warp). `--layout-lower-register-tensors` emits one nvvm.mma.sync per 16x8 accumulator tile and k step. Errors: a result type other than C's, shapes or element types other than these, the operand, lane, warp and fragment element where a layout fails."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"lane_offset"##,
        family: Family::Kernel,
        signature: r##"lane_offset(lane: i32[, smemLayout: !layout.<value>][, fragmentLayout: !layout.<value>]) {instr: string, elem: type, smem?: #layout.<value>, fragment?: #layout.<value>} -> i32"##,
        contract: r##"The byte offset from the tile origin of the row that lane `lane` hands to ldmatrix/stmatrix (`instr`) for the shared layout `smem` and the fragment `fragment` (each an attribute or a static layout operand): the address arithmetic `layout.ldmatrix` and `layout.stmatrix` lower to, as i32 math (runs on any target). Errors: a layout given both ways or neither, a layout operand that is not static, an element type the hardware lacks, the algebra's message when no ldmatrix/stmatrix form loads the fragment."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"wgmma"##,
        family: Family::Kernel,
        signature: r##"wgmma(a: i64 | !llvm.struct, descB: i64, acc: !llvm.struct) {n: i64, elemA: type, majorA: #layout.major, elemB: type, majorB: #layout.major, elemD: type, async?: unit} -> !llvm.struct"##,
        contract: r##"Warpgroup MMA m64nNk: D = A * B + D with B from a shared-memory descriptor; A is an i64 descriptor or the warp's A fragment in four i32 registers (then K-major). Lowers to wgmma.fence, wgmma.mma_async, commit_group and wait_group 0; with `async` to the wgmma.mma_async alone (the kernel fences, commits and waits). Errors: element types or N the instruction lacks, A from registers not K-major or not four i32, an accumulator other than the n/2 f32 per thread (`!llvm.struct`), a result type other than the accumulator's."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"convert"##,
        family: Family::Kernel,
        signature: r##"convert(src: !llvm.struct[, smem: !llvm.ptr<3>], thread: i32) {elem: type, from: #layout.<value>, to: #layout.<value>, smemBudget?: i64, sm?: i64} -> !llvm.struct"##,
        contract: r##"Moves a register tensor from the register layout `from` to `to` (in dimensions register, lane, warp, over the same tensor); register r of a thread is field r of the struct, `thread` is the thread's index in the CTA. The lowering follows convert_plan(from, to, bits, smemBudget): register moves, warp shuffles, or stores to the shared buffer `smem`, a barrier and loads (st/ld.shared widths, stmatrix from sm_90, ldmatrix from sm_75, `sm` default 90); a remark names the plan. Errors: structs that are not one field of `elem` per register, a shared path without the buffer, an element type that cannot be converted, the plan's message."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tma_load"##,
        family: Family::Kernel,
        signature: r##"tma_load(dst: !llvm.ptr<3>, tensorMap: !llvm.ptr, mbar: !llvm.ptr<3>[, coords: i32, ...][, gmemLayout: !layout.<value>][, smemLayout: !layout.<value>]) {elem: type, gmem?: #layout.<value>, smem?: #layout.<value>, multicast?: i64}"##,
        contract: r##"Device: TMA load of a tile into shared memory at `dst`, completing on the mbarrier `mbar`: arrive.expect_tx with the tile's byte count, then one cp.async.bulk.tensor per box; `coords` are the TMA coordinates of the tile's origin (innermost first). The boxes follow from tma_desc(elem, gmem, smem) (each layout an attribute or a static operand). With `multicast = n` (2 to 16) the boxes go to the same address in each of the cluster's CTAs 0..n-1 and every barrier expects n tiles. Errors: pointers of other address spaces, a coordinate count other than the TMA rank, a layout given both ways or neither, the algebra's message."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tma_store"##,
        family: Family::Kernel,
        signature: r##"tma_store(tensorMap: !llvm.ptr, src: !llvm.ptr<3>[, coords: i32, ...][, gmemLayout: !layout.<value>][, smemLayout: !layout.<value>]) {elem: type, gmem?: #layout.<value>, smem?: #layout.<value>}"##,
        contract: r##"Device: TMA store of the shared-memory tile at `src` to global memory through the tensor map: a proxy fence, one cp.async.bulk.tensor store per box (from tma_desc(elem, gmem, smem)), commit and wait; `coords` are the TMA coordinates of the tile's origin. Errors: as `layout.tma_load`."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tcgen05_mma"##,
        family: Family::Kernel,
        signature: r##"tcgen05_mma(tmemD: i32, descA: i64, descB: i64, accumulate: i1) {elemA: type, elemB: type, elemD: type, m: i64, n: i64, majorA: #layout.major, majorB: #layout.major, negA?: unit, negB?: unit, ctaGroup?: i64}"##,
        contract: r##"tcgen05.mma, descriptor form (sm_100a): D (TMEM at `tmemD`) = A * B (+ D when `accumulate`) with A and B given by UMMA shared-memory descriptors (e.g. `layout.umma_desc`). The kind and the 32-bit instruction descriptor are derived from the types, shape, majors and `negA`/`negB` (umma_instr_desc); `ctaGroup` is 1 (default) or 2. Errors: a combination umma_instr_desc rejects (its message), ctaGroup other than 1 or 2."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tmem_store"##,
        family: Family::Kernel,
        signature: r##"tmem_store(taddr: i32, values: i32 | vector<N x i32>[, tmemLayout: !layout.<value>][, fragmentLayout: !layout.<value>]) {tmem?: #layout.<value>, fragment?: #layout.<value>, warp?: i64}"##,
        contract: r##"tcgen05.st of a register fragment to tensor memory: as `layout.tmem_load`, `tmem` maps the tile index to the TMEM address (lane << 16 | column) relative to `taddr` and `fragment` is the (threads, values) -> tile index layout of the registers (or a register tensor's encoding); the shape and .num are derived (tmem_copy) with the quadrant rule; ends with tcgen05.wait::st. Errors: values other than one i32 per register, a layout given both ways or neither, a fragment no tcgen05 shape moves."##,
        example: "",
        result: "",
    },
    OpHelp {
        name: r##"tcgen05_cp"##,
        family: Family::Kernel,
        signature: r##"tcgen05_cp(taddr: i32, base: !llvm.ptr<3>[, tileLayout: !layout.<value>]) {elem: type, tile?: #layout.<value>}"##,
        contract: r##"tcgen05.cp (128x256b) of a 128-row x 32-byte shared-memory tile (K-major canonical layout, any UMMA swizzle) at `base` into 128 lanes x 8 columns of TMEM at `taddr`, row r to lane r; the source descriptor is umma_desc(elem, K, tile) with the start address from `base`. Errors: a base that is not `!llvm.ptr<3>`, a tile of another shape or layout (the algebra's message), a layout given both ways or neither."##,
        example: "",
        result: "",
    },
];

/// The entry of `name`, if it is an operation (a hashed lookup, built once).
pub fn lookup(name: &str) -> Option<&'static OpHelp> {
    static INDEX: std::sync::OnceLock<std::collections::HashMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        OP_HELP
            .iter()
            .enumerate()
            .map(|(i, h)| (h.name, i))
            .collect()
    });
    index.get(name).map(|&i| &OP_HELP[i])
}

/// The family of `name`, if it is an operation.
pub fn family(name: &str) -> Option<Family> {
    lookup(name).map(|h| h.family)
}

/// Every operation that `layout eval`, `layout batch` and Python call, in table order (the
/// ops that exist only in IR, [`kernel_names`], are not among them).
pub fn names() -> Vec<&'static str> {
    OP_HELP
        .iter()
        .filter(|h| h.family != Family::Kernel)
        .map(|h| h.name)
        .collect()
}

/// Every op of the dialect that exists only in IR ([`Family::Kernel`]), in table order.
pub fn kernel_names() -> Vec<&'static str> {
    OP_HELP
        .iter()
        .filter(|h| h.family == Family::Kernel)
        .map(|h| h.name)
        .collect()
}

/// The IR-only ops defined by lowering-nvvm/td/LayoutNvgpuOps.td (the others of
/// [`Family::Kernel`] are dialect/td/LayoutOps.td's); a test checks the list against the .td.
pub const NVGPU_KERNEL_OPS: &[&str] = &[
    "lane_offset",
    "wgmma",
    "convert",
    "tma_load",
    "tma_store",
    "tcgen05_mma",
    "tmem_store",
    "tcgen05_cp",
];

/// `layout help OP`.
pub fn render(h: &OpHelp) -> String {
    if h.family == Family::Kernel {
        return format!(
            "{}\n\n{}\n\nThis op exists only in IR (`layout.{}` of the dialect): `layout eval` and\n\
             `layout batch` do not run it; no example.\n\nMore: {}\n",
            h.signature,
            wrap(h.contract, 92, ""),
            h.name,
            reference(h.name)
        );
    }
    format!(
        "{}\n\n{}\n\nExample:\n    $ layout eval '{}'\n    {}\n\nMore: {}\n",
        h.signature,
        wrap(h.contract, 92, ""),
        h.example,
        h.result,
        reference(h.name)
    )
}

/// The user document that describes the operation `name` in full.
fn reference(name: &str) -> &'static str {
    match family(name) {
        Some(Family::Linear) => "docs/linear.md",
        Some(Family::Hardware) => "docs/nvvm.md",
        Some(Family::Relation) => "docs/relations.md",
        Some(Family::Kernel) if NVGPU_KERNEL_OPS.contains(&name) => "docs/nvvm.md",
        Some(Family::Kernel) => "docs/dialect.md",
        _ => "docs/algebra.md",
    }
}

/// `text` wrapped at `width` columns, every line after `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split(' ') {
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// The contracts of the registry as TableGen records (dialect/td/LayoutOpContracts.td): one
/// `Layout_Contract_<name>` per operation, whose text the `layout` dialect's ODS appends to
/// the description of the op that runs it (LayoutOps.td), so that the op documentation, `layout
/// help` and docs/cli.md state the same contract and example.
#[cfg(test)]
pub fn ods_contracts() -> String {
    let mut s = String::from(
        "//===- LayoutOpContracts.td - the contracts of the dialect's ops -------===//\n\
         //\n\
         // Generated from the operation registry (tools/layout/src/op_help.rs) by\n\
         // `LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help`; do not edit.\n\
         // LayoutOps.td and LayoutNvgpuOps.td append each op's contract to its\n\
         // description.\n\
         //\n\
         //===----------------------------------------------------------------------===//\n\n\
         #ifndef LAYOUT_OP_CONTRACTS_TD\n#define LAYOUT_OP_CONTRACTS_TD\n\n\
         class Layout_Contract<string contractText> {\n  string text = contractText;\n}\n",
    );
    for h in OP_HELP {
        let body = format!(
            "Contract of `{}` (the operation registry, as `layout help {}` prints it): {}",
            h.signature, h.name, h.contract
        );
        // One string literal per line (the texts may hold `}]`, which would end a code block).
        let text = if h.family == Family::Kernel {
            let body = format!(
                "Contract of `{}` (the operation registry, as `layout help {}` prints it; the op \
                 exists only in IR): {}",
                h.signature, h.name, h.contract
            );
            format!("\n\n{}\n", wrap(&body, 80, "    "))
        } else {
            format!(
                "\n\n{}\n\n    Example: `{}` = `{}`\n",
                wrap(&body, 80, "    "),
                h.example,
                h.result
            )
        };
        let lines: Vec<String> = text
            .split_inclusive('\n')
            .map(|l| {
                let l = l
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
                    .replace('\n', "\\n");
                format!("  \"{l}\"")
            })
            .collect();
        s.push_str(&format!(
            "\ndef Layout_Contract_{} : Layout_Contract<\n{}>;\n",
            h.name,
            lines.join(" #\n")
        ));
    }
    s.push_str("\n#endif // LAYOUT_OP_CONTRACTS_TD\n");
    s
}

/// Markers around the generated list in docs/cli.md.
pub const DOC_BEGIN: &str =
    "<!-- BEGIN OPERATIONS: generated from tools/layout/src/op_help.rs by `layout help --markdown`; do not edit -->";
pub const DOC_END: &str = "<!-- END OPERATIONS -->";

/// The operation list of docs/cli.md (between the markers): the operations `layout eval` runs,
/// then the ops that exist only in IR.
pub fn markdown() -> String {
    let kernel = kernel_names().len();
    let mut s = format!(
        "{DOC_BEGIN}\n\n{} operations.\n\n| operation | contract | example |\n|---|---|---|\n",
        OP_HELP.len() - kernel
    );
    let cell = |t: &str| t.replace('|', "\\|");
    for h in OP_HELP.iter().filter(|h| h.family != Family::Kernel) {
        s.push_str(&format!(
            "| `{}` | {} | `{}` = `{}` |\n",
            cell(h.signature),
            cell(h.contract),
            cell(h.example),
            cell(h.result)
        ));
    }
    s.push_str(&format!(
        "\n{kernel} ops of the dialect exist only in IR (family `kernel`: `layout help OP` prints \
         them; `layout eval` does not run them). Each signature lists the ODS operands \
         (`name: type`, `[, x]` optional, `[, x, ...]` variadic), then `{{attributes}}` (`x?` \
         optional or defaulted) and `-> results`.\n\n| op | contract |\n|---|---|\n"
    ));
    for h in OP_HELP.iter().filter(|h| h.family == Family::Kernel) {
        s.push_str(&format!(
            "| `layout.{}` | {} |\n",
            cell(h.signature),
            cell(h.contract)
        ));
    }
    s.push('\n');
    s.push_str(DOC_END);
    s.push('\n');
    s
}

/// `text` with the generated list replaced by the current one (None without the markers).
#[cfg(test)]
pub fn splice_markdown(text: &str) -> Option<String> {
    let a = text.find(DOC_BEGIN)?;
    let b = text[a..].find(DOC_END)? + a + DOC_END.len();
    let rest = text[b..].strip_prefix('\n').unwrap_or(&text[b..]);
    Some(format!("{}{}{}", &text[..a], markdown(), rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_algebra::{expression, ops, text};

    /// The registry holds exactly the operations the dispatchers accept (the algebra's
    /// `ops::all_op_names()`, then the relation operations), in that order, each in the
    /// family of the dispatcher that answers it: an operation in a dispatcher but not here, or
    /// here but in no dispatcher, fails.
    #[test]
    fn registry_is_exactly_the_dispatchers_operations() {
        let mut dispatched = ops::all_op_names();
        dispatched.extend(layout_relation::ops::OP_NAMES);
        assert_eq!(names(), dispatched);
        let lists: [(Family, &[&str]); 5] = [
            (Family::Cute, ops::OP_NAMES),
            (Family::Linear, layout_algebra::linear::OP_NAMES),
            (Family::Hardware, layout_algebra::hw::OP_NAMES),
            (Family::Lego, layout_algebra::bijective::OP_NAMES),
            (Family::Relation, layout_relation::ops::OP_NAMES),
        ];
        for (fam, list) in lists {
            let ours: Vec<&str> = OP_HELP
                .iter()
                .filter(|h| h.family == fam)
                .map(|h| h.name)
                .collect();
            assert_eq!(ours, list, "{fam:?}");
        }
        for h in OP_HELP {
            let accepted = ops::is_op(h.name) || layout_relation::ops::OP_NAMES.contains(&h.name);
            if h.family == Family::Kernel {
                assert!(!accepted, "{} is dispatched but in family Kernel", h.name);
            } else {
                assert!(
                    accepted,
                    "{} is in the registry but no dispatcher accepts it",
                    h.name
                );
            }
            assert_eq!(lookup(h.name).unwrap().signature, h.signature, "{}", h.name);
        }
        let unique: std::collections::HashSet<&str> = OP_HELP.iter().map(|h| h.name).collect();
        assert_eq!(unique.len(), OP_HELP.len(), "a name twice in the registry");
        for name in dispatched {
            assert!(
                lookup(name).is_some(),
                "{name} is dispatched but not in the registry"
            );
        }
    }

    /// Every example's operand count is within the arity its signature gives.
    #[test]
    fn arity_from_the_signature_fits_the_example() {
        for h in OP_HELP {
            let (lo, hi) = h.arity();
            assert!(lo <= hi.unwrap_or(usize::MAX), "{}: {lo}..{hi:?}", h.name);
            if h.family == Family::Kernel {
                continue;
            }
            let n = match expression::parse_expr(h.example, &crate::registry::Ops).unwrap() {
                expression::Expr::Call { args, .. } => args.len(),
                _ => panic!("{}: the example is not a call", h.name),
            };
            assert!(
                lo <= n && hi.is_none_or(|hi| n <= hi),
                "{}: {n} operands outside {lo}..{hi:?}",
                h.name
            );
        }
        let arity = |name| lookup(name).unwrap().arity();
        assert_eq!(arity("coalesce"), (1, Some(2)));
        assert_eq!(arity("crd2idx"), (2, Some(3)));
        assert_eq!(arity("select"), (2, None));
        assert_eq!(arity("wgmma_desc"), (3, Some(4)));
        assert_eq!(arity("umma_instr_desc"), (7, None));
        assert_eq!(arity("equal"), (2, Some(3)));
        assert_eq!(arity("lego_apply"), (2, None));
        // IR-only ops: the ODS operands, not the attributes or results.
        assert_eq!(arity("const"), (0, Some(0)));
        assert_eq!(arity("local_tile"), (1, None));
        assert_eq!(arity("tma_copy"), (2, Some(4)));
        assert_eq!(arity("mma_async"), (3, Some(3)));
        assert_eq!(arity("convert"), (2, Some(3)));
        assert_eq!(arity("async_copy"), (2, None));
    }

    #[test]
    fn signatures_name_their_operation() {
        for h in OP_HELP {
            assert!(
                h.signature.starts_with(&format!("{}(", h.name)),
                "{}",
                h.name
            );
            if h.family == Family::Kernel {
                // An op that exists only in IR has no `layout eval` example.
                assert!(h.example.is_empty() && h.result.is_empty(), "{}", h.name);
            } else {
                assert!(h.example.starts_with(&format!("{}(", h.name)), "{}", h.name);
            }
            assert!(
                !h.contract.is_empty() && h.contract.ends_with('.'),
                "{}",
                h.name
            );
        }
    }

    #[test]
    fn every_example_evaluates_to_its_result() {
        let mut evaluated = 0;
        for h in OP_HELP.iter().filter(|h| h.family != Family::Kernel) {
            let v = expression::eval_str(h.example, &crate::registry::Ops)
                .unwrap_or_else(|e| panic!("{}: {}", h.example, e.message));
            assert_eq!(text::print(&v), h.result, "{}", h.example);
            evaluated += 1;
        }
        // Every dispatched operation has its example (only the IR-only ops have none).
        assert_eq!(evaluated, names().len());
        assert!(evaluated >= 100, "only {evaluated} examples");
    }

    #[test]
    fn render_shows_signature_contract_and_example() {
        let t = render(lookup("composition").unwrap());
        assert!(
            t.starts_with("composition(A, B)\n\nR = A o B: R(c) = A(B(c))"),
            "{t}"
        );
        assert!(t.contains(
            "$ layout eval 'composition((6,2):(8,2), (4,3):(3,1))'\n    ((2,2),3):((24,2),8)\n"
        ));
        assert!(lookup("frob").is_none());
        let t = render(lookup("make_tensor").unwrap());
        assert!(
            t.starts_with(
                "make_tensor(ptr: !llvm.ptr, layout: !layout.<value>) -> !layout.tensor\n\n"
            ),
            "{t}"
        );
        assert!(
            t.contains("This op exists only in IR (`layout.make_tensor`"),
            "{t}"
        );
        assert!(!t.contains("$ layout eval"), "{t}");
        assert!(t.ends_with("More: docs/dialect.md\n"), "{t}");
        assert!(render(lookup("wgmma").unwrap()).ends_with("More: docs/nvvm.md\n"));
    }

    #[test]
    fn wrap_keeps_words_and_width() {
        let w = wrap("aa bb cc dd", 5, "");
        assert_eq!(w, "aa bb\ncc dd");
    }

    /// dialect/td/LayoutOpContracts.td holds the contracts generated from this table (the ODS
    /// descriptions of the dialect's ops append them). After changing the table, run
    /// `LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help` to rewrite it.
    #[test]
    fn ods_contracts_are_the_registry() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../dialect/td/LayoutOpContracts.td"
        );
        let want = ods_contracts();
        if std::env::var_os("LAYOUT_BLESS_DOCS").is_some() {
            std::fs::write(path, &want).unwrap();
            return;
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "dialect/td/LayoutOpContracts.td is stale: run LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help"
        );
    }

    /// The value kinds of the dialect's types (ValueKind) each parameter name of a signature
    /// stands for, by family: the legend at the top of this file.
    fn param_kinds(family: Family, name: &str) -> Option<&'static [&'static str]> {
        const FUNCTION: &[&str] = &["Layout", "Swizzle", "Tuple"];
        const TUPLE: &[&str] = &["Tuple"];
        const CUTE: &[&str] = &["Layout", "Swizzle", "Tiler", "Tuple"];
        const LINEAR: &[&str] = &["Linear"];
        const LINEAR_OR_LAYOUT: &[&str] = &["Linear", "Layout", "Swizzle"];
        const RELATION: &[&str] = &["Layout", "Swizzle", "Linear", "Bijective"];
        Some(match (family, name) {
            (Family::Relation, "L" | "L1" | "L2") => RELATION,
            (Family::Linear, "S") => LINEAR_OR_LAYOUT,
            (Family::Linear, "LL" | "A" | "B" | "R" | "C" | "src" | "dst") => LINEAR,
            (_, "L" | "F" | "A") => FUNCTION,
            (_, "T" | "B" | "X" | "M") => CUTE,
            (
                _,
                "S" | "c" | "n" | "a" | "b" | "profile" | "order" | "strides" | "old_bits"
                | "new_bits",
            ) => TUPLE,
            _ => return None,
        })
    }

    /// The parameters of one alternative of a signature: (name alternatives, optional).
    fn signature_params(sig: &str) -> Vec<Vec<(Vec<String>, bool)>> {
        let open = sig.find('(').unwrap();
        let name = &sig[..open];
        let mut alts = Vec::new();
        for alt in sig.split(" | (").map(|a| a.trim()) {
            let body = alt.strip_prefix(name).unwrap_or(alt);
            let body = body.strip_prefix('(').unwrap_or(body);
            let body = body.strip_suffix(')').unwrap_or(body);
            let mut params = Vec::new();
            let (mut depth, mut optional, mut item) = (0i32, false, String::new());
            let push = |item: &mut String, optional: bool, params: &mut Vec<_>| {
                let t = item.trim().trim_start_matches('[').trim();
                if !t.is_empty() {
                    params.push((
                        t.split('|')
                            .map(|p| p.trim().to_string())
                            .collect::<Vec<_>>(),
                        optional,
                    ));
                }
                item.clear();
            };
            let chars: Vec<char> = body.chars().collect();
            for (k, &ch) in chars.iter().enumerate() {
                match ch {
                    '[' if chars.get(k + 1) == Some(&',') => {
                        push(&mut item, optional, &mut params);
                        optional = true;
                    }
                    '(' | '<' | '{' | '[' => {
                        depth += 1;
                        item.push(ch);
                    }
                    ')' | '>' | '}' => {
                        depth -= 1;
                        item.push(ch);
                    }
                    ']' if depth == 0 => {}
                    ']' => {
                        depth -= 1;
                        item.push(ch);
                    }
                    ',' if depth == 0 => push(&mut item, optional, &mut params),
                    _ => item.push(ch),
                }
            }
            push(&mut item, optional, &mut params);
            alts.push(params);
        }
        alts
    }

    /// One typed op of dialect/td/LayoutOps.td: its mnemonic, the registry operation it runs,
    /// its operands (kind constraint, optional) and whether it has integer attributes (bits,
    /// mode indices) where the registry has integer parameters.
    struct OdsOp {
        mnemonic: String,
        runs: String,
        operands: Vec<(String, bool)>,
        attrs: bool,
    }

    /// The ops of the algebra op classes of LayoutOps.td, read from the ODS source.
    fn ods_ops(td: &str) -> Vec<OdsOp> {
        const CLASSES: &[&str] = &[
            "Layout_AlgebraOp",
            "Layout_IndexedAlgebraOp",
            "Layout_IndexOp",
            "Layout_LinearOp",
            "Layout_LinearIndexAnalysisOp",
            "Layout_LinearSwizzleOp",
            "Layout_RelationOp",
        ];
        let mut ops = Vec::new();
        let defs: Vec<&str> = td.split("\ndef ").skip(1).collect();
        for def in defs {
            let Some(colon) = def.find(" : ") else {
                continue;
            };
            let rest = &def[colon + 3..];
            let Some(lt) = rest.find('<') else { continue };
            let class = &rest[..lt];
            if !CLASSES.contains(&class) {
                continue;
            }
            let args = &rest[lt + 1..];
            let quoted: Vec<&str> = args.split('"').skip(1).step_by(2).collect();
            let mnemonic = quoted[0].to_string();
            let runs = if class == "Layout_LinearOp" {
                quoted[1]
            } else {
                quoted[0]
            }
            .to_string();
            let mut operands = Vec::new();
            let mut attrs = false;
            if class == "Layout_IndexedAlgebraOp" {
                let head = &args[..args.find(">;").expect("the def ends with '>;'")];
                let kind = head.rsplit(", ").next().unwrap();
                operands.push((kind.trim().to_string(), false));
                attrs = true;
            } else {
                let ins = args.find("(ins ").expect("an (ins ...) dag") + 5;
                let end = ins + args[ins..].find(')').unwrap();
                for item in args[ins..end].split(',') {
                    let ty = item.trim().split(":$").next().unwrap().trim();
                    if ty.contains("Attr") {
                        attrs = true;
                    } else if let Some(inner) = ty.strip_prefix("Optional<") {
                        operands.push((inner.trim_end_matches('>').to_string(), true));
                    } else {
                        operands.push((ty.to_string(), false));
                    }
                }
            }
            ops.push(OdsOp {
                mnemonic,
                runs,
                operands,
                attrs,
            });
        }
        ops
    }

    /// The kinds of each operand constraint of LayoutTypes.td (`Layout_ValueOfKind<[...]>`).
    fn ods_kinds(types_td: &str) -> std::collections::HashMap<String, Vec<String>> {
        let mut kinds = std::collections::HashMap::new();
        for def in types_td.split("\ndef ").skip(1) {
            let Some((name, rest)) = def.split_once(" : Layout_ValueOfKind<[") else {
                continue;
            };
            let list = rest.split(']').next().unwrap();
            let mut ks: Vec<String> = list
                .split(',')
                .map(|k| k.trim().trim_matches('"').to_string())
                .collect();
            ks.sort();
            kinds.insert(name.trim().to_string(), ks);
        }
        kinds
    }

    /// The registry's integer parameters that the dialect's ops take as attributes (`bits`,
    /// the mode indices of `modes [...]`).
    fn is_int_attr(name: &str) -> bool {
        matches!(name, "bits" | "i" | "j" | "..." | "b" | "e")
    }

    /// Every algebra op of the dialect runs a registry operation, and its ODS states the
    /// operand count and kinds the registry's signature gives: operand i of the op takes
    /// exactly the kinds that parameter i stands for (the union over `A | B`), optional where
    /// the signature's parameter is; the registry's integer parameters past the operands are
    /// the op's attributes (`bits`, `modes [...]`) or optional arguments the op does not take.
    #[test]
    fn ods_operand_kinds_are_the_registry_signatures() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../dialect/td/");
        let td = std::fs::read_to_string(format!("{dir}LayoutOps.td")).unwrap();
        let kinds = ods_kinds(&std::fs::read_to_string(format!("{dir}LayoutTypes.td")).unwrap());
        let ops = ods_ops(&td);
        assert!(
            ops.len() >= 55,
            "found only {} typed ops in LayoutOps.td",
            ops.len()
        );
        for op in &ops {
            let h = OP_HELP
                .iter()
                .find(|h| h.name == op.runs)
                .unwrap_or_else(|| {
                    panic!(
                        "layout.{} runs '{}', which the registry lacks",
                        op.mnemonic, op.runs
                    )
                });
            let alts = signature_params(h.signature);
            let width = alts.iter().map(|a| a.len()).max().unwrap();
            for (i, (constraint, optional)) in op.operands.iter().enumerate() {
                let ods: &Vec<String> = kinds.get(constraint).unwrap_or_else(|| {
                    panic!(
                        "layout.{}: operand {i} has no kind ({constraint})",
                        op.mnemonic
                    )
                });
                let mut want: Vec<String> = Vec::new();
                let mut opt = false;
                for alt in &alts {
                    let attr =
                        |names: &Vec<String>| op.attrs && names.iter().all(|n| is_int_attr(n));
                    let Some((names, o)) = alt.get(i).filter(|(names, _)| !attr(names)) else {
                        opt = true;
                        continue;
                    };
                    opt |= *o;
                    for n in names {
                        let ks = param_kinds(h.family, n).unwrap_or_else(|| {
                            panic!("{}: parameter '{n}' has no kind in the legend", h.signature)
                        });
                        want.extend(ks.iter().map(|k| k.to_string()));
                    }
                }
                want.sort();
                want.dedup();
                assert_eq!(
                    ods, &want,
                    "layout.{} operand {i} ({constraint}) vs parameter {i} of {}",
                    op.mnemonic, h.signature
                );
                assert_eq!(
                    *optional, opt,
                    "layout.{} operand {i}: optional in ODS vs in {}",
                    op.mnemonic, h.signature
                );
            }
            // Parameters past the operands: integers the op takes as attributes, or optional.
            for alt in &alts {
                for (names, o) in alt.iter().skip(op.operands.len()) {
                    let integer = names.iter().all(|n| is_int_attr(n));
                    assert!(
                        *o || (integer && op.attrs),
                        "layout.{} lacks the parameter {names:?} of {}",
                        op.mnemonic,
                        h.signature
                    );
                }
            }
            assert!(
                op.operands.len() <= width,
                "layout.{}: more operands than {}",
                op.mnemonic,
                h.signature
            );
        }
    }

    /// How an operand or attribute of an IR-only op is given: required, optional, variadic.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Arity {
        One,
        Optional,
        Variadic,
    }

    /// Items of `text` separated by commas outside brackets of every kind.
    fn top_level_items(text: &str) -> Vec<String> {
        let (mut items, mut item, mut depth) = (Vec::new(), String::new(), 0i32);
        for ch in text.chars() {
            match ch {
                '(' | '[' | '<' | '{' => depth += 1,
                ')' | ']' | '>' | '}' => depth -= 1,
                _ => {}
            }
            if ch == ',' && depth == 0 {
                items.push(item.trim().to_string());
                item.clear();
            } else {
                item.push(ch);
            }
        }
        if !item.trim().is_empty() {
            items.push(item.trim().to_string());
        }
        items
    }

    /// One op definition of an ODS file: mnemonic, class, the text of its `def` (to the next
    /// `def` or `class`) and the text of its class's definition in the same file, if any.
    struct TdOp {
        mnemonic: String,
        class: String,
        quoted: Vec<String>,
        body: String,
        class_body: String,
    }

    /// Every op `def NAME : CLASS<"mnemonic", ...>` of an ODS file.
    fn td_ops(td: &str) -> Vec<TdOp> {
        let mut ops = Vec::new();
        for def in td.split("\ndef ").skip(1) {
            let def = def.split("\nclass ").next().unwrap();
            let Some((name, rest)) = def.split_once(" : ") else {
                continue;
            };
            // An op's record is named `..Op`; other records (a trait) are not ops.
            if !name.ends_with("Op") {
                continue;
            }
            let Some((class, args)) = rest.split_once("<\"") else {
                continue;
            };
            if class.contains(char::is_whitespace) {
                continue;
            }
            let quoted: Vec<String> = format!("\"{args}")
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            let class_body = td
                .split("\nclass ")
                .skip(1)
                .find(|c| c.starts_with(&format!("{class}<")))
                .map(|c| c.split("\ndef ").next().unwrap().to_string())
                .unwrap_or_default();
            ops.push(TdOp {
                mnemonic: quoted[0].clone(),
                class: class.to_string(),
                quoted,
                body: def.to_string(),
                class_body,
            });
        }
        ops
    }

    /// The operands and attributes of an op's `(ins ...)` dag: (name, arity, is attribute).
    fn td_arguments(op: &TdOp) -> Vec<(String, Arity, bool)> {
        let text = if op.body.contains("(ins") {
            &op.body
        } else {
            &op.class_body
        };
        let start = text.find("(ins").expect("an (ins ...) dag") + 4;
        let mut depth = 1i32;
        let mut end = start;
        for (i, ch) in text[start..].char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = start + i;
                break;
            }
        }
        top_level_items(&text[start..end])
            .into_iter()
            .map(|item| {
                let (ty, name) = item.rsplit_once(":$").expect("a named argument");
                let ty = ty.trim();
                let ty = ty.strip_prefix("Arg<").unwrap_or(ty);
                let attr = ty.contains("Attr");
                let arity = if ty.starts_with("Variadic<") {
                    Arity::Variadic
                } else if ty.starts_with("Optional<")
                    || ty.starts_with("OptionalAttr<")
                    || ty.starts_with("DefaultValuedAttr<")
                    || ty == "UnitAttr"
                {
                    Arity::Optional
                } else {
                    Arity::One
                };
                (name.trim().to_string(), arity, attr)
            })
            .collect()
    }

    /// The operands and attributes an IR-only op's signature names, as `td_arguments` gives
    /// them (operands in order, then attributes in order).
    fn signature_arguments(sig: &str) -> Vec<(String, Arity, bool)> {
        let end = operands_end(sig);
        let open = sig.find('(').unwrap();
        let mut out: Vec<(String, Arity, bool)> = Vec::new();
        let (mut depth, mut optional, mut item) = (0i32, false, String::new());
        let chars: Vec<char> = sig[open + 1..end - 1].chars().collect();
        let flush = |item: &mut String, optional: bool, out: &mut Vec<_>| {
            let t = item.trim().trim_start_matches(',').trim().to_string();
            item.clear();
            if t == "..." {
                let last: &mut (String, Arity, bool) = out.last_mut().unwrap();
                last.1 = Arity::Variadic;
            } else if !t.is_empty() {
                let name = t.split(':').next().unwrap().trim().to_string();
                let arity = if optional {
                    Arity::Optional
                } else {
                    Arity::One
                };
                out.push((name, arity, false));
            }
        };
        for (k, &ch) in chars.iter().enumerate() {
            match ch {
                '[' if depth == 0 && chars.get(k + 1) == Some(&',') => {
                    flush(&mut item, optional, &mut out);
                    optional = true;
                }
                ']' if depth == 0 => {
                    flush(&mut item, optional, &mut out);
                    optional = false;
                }
                ',' if depth == 0 => flush(&mut item, optional, &mut out),
                '(' | '<' | '{' | '[' => {
                    depth += 1;
                    item.push(ch);
                }
                ')' | '>' | '}' | ']' => {
                    depth -= 1;
                    item.push(ch);
                }
                _ => item.push(ch),
            }
        }
        flush(&mut item, optional, &mut out);
        let rest = sig[end..].trim_start();
        if let Some(attrs) = rest.strip_prefix('{') {
            let attrs = &attrs[..attrs.find('}').expect("attributes end with '}'")];
            for a in top_level_items(attrs) {
                let name = a.split(':').next().unwrap().trim();
                let (name, arity) = match name.strip_suffix('?') {
                    Some(n) => (n, Arity::Optional),
                    None => (name, Arity::One),
                };
                out.push((name.to_string(), arity, true));
            }
        }
        out
    }

    /// Every op of the dialect is in the registry, and the registry names no op that the
    /// dialect lacks: an op defined in dialect/td/LayoutOps.td or
    /// lowering-nvvm/td/LayoutNvgpuOps.td that runs an algebra call is the registry entry of
    /// that call (`layout.to_linear` runs `linear_from_cute`), every other op is an entry of
    /// family Kernel under its mnemonic, whose signature names the ODS operands (in order,
    /// optional and variadic as in ODS) and attributes; every Kernel entry is such an op; and
    /// each op's description ends with its registry contract (LayoutOpContracts.td).
    #[test]
    fn every_td_op_is_in_the_registry() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
        let mut defined = std::collections::HashSet::new();
        let mut nvgpu_kernel = Vec::new();
        for file in [
            "dialect/td/LayoutOps.td",
            "lowering-nvvm/td/LayoutNvgpuOps.td",
        ] {
            let td = std::fs::read_to_string(format!("{root}{file}")).unwrap();
            let ops = td_ops(&td);
            assert!(ops.len() >= 15, "found only {} ops in {file}", ops.len());
            for op in &ops {
                // The registry operation the op runs: a linear op names it after its mnemonic.
                let runs = if op.class == "Layout_LinearOp" {
                    &op.quoted[1]
                } else {
                    &op.mnemonic
                };
                let h = lookup(runs).unwrap_or_else(|| {
                    panic!(
                        "layout.{} ({file}) is not in the registry: add an entry (family Kernel \
                         for an op that exists only in IR) to tools/layout/src/op_help.rs",
                        op.mnemonic
                    )
                });
                defined.insert(runs.clone());
                let contract = format!("!cast<Layout_Contract>(\"Layout_Contract_{runs}\").text");
                let by_class = op
                    .class_body
                    .contains("!cast<Layout_Contract>(\"Layout_Contract_\" #");
                assert!(
                    op.body.contains(&contract) || by_class,
                    "the description of layout.{} ({file}) does not end with {contract}",
                    op.mnemonic
                );
                let in_nvgpu = file.starts_with("lowering-nvvm");
                if h.family == Family::Kernel {
                    // Operands in order, then attributes in order (ODS may interleave them).
                    let ordered = |mut a: Vec<(String, Arity, bool)>| {
                        a.sort_by_key(|x| x.2);
                        a
                    };
                    assert_eq!(
                        signature_arguments(h.signature),
                        ordered(td_arguments(op)),
                        "layout.{}: the registry signature vs the ODS arguments ({file})",
                        op.mnemonic
                    );
                    if in_nvgpu {
                        nvgpu_kernel.push(op.mnemonic.clone());
                    }
                } else {
                    assert!(
                        h.family == Family::Hardware || !in_nvgpu,
                        "layout.{} of {file} runs a {:?} operation",
                        op.mnemonic,
                        h.family
                    );
                }
            }
        }
        for name in kernel_names() {
            assert!(
                defined.contains(name),
                "the registry's IR-only op '{name}' is defined by no .td file"
            );
        }
        assert_eq!(NVGPU_KERNEL_OPS, nvgpu_kernel.as_slice());
        assert!(kernel_names().len() >= 40);
    }

    /// docs/cli.md holds the list generated from this table. After changing the table, run
    /// `LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help` to rewrite it.
    #[test]
    fn docs_cli_md_lists_every_operation() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let want = splice_markdown(&doc).expect("docs/cli.md has the operation markers");
        if std::env::var_os("LAYOUT_BLESS_DOCS").is_some() {
            std::fs::write(path, &want).unwrap();
            return;
        }
        assert!(
            doc == want,
            "docs/cli.md's operation list is stale: run LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help"
        );
        for name in ops::all_op_names() {
            assert!(
                doc.contains(&format!("| `{name}(")),
                "{name} missing from docs/cli.md"
            );
        }
    }
}
