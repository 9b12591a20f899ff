//! Structured generators: texts of the layout syntax (integers, tuples, layouts, swizzles,
//! composed layouts, tilers, coordinates, stride descriptors), linear layouts (JSON and
//! Triton's text), GPU encodings and hardware names. Most values are well formed and small,
//! so that operations get past their argument checks; a steady fraction is hostile: extreme
//! integers, deep or wide nesting, huge extents, broken congruence.

use crate::rng::Rng;

/// Integers that sit on the edges of i64 arithmetic.
pub const EXTREMES: &[i64] = &[
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i64::MAX - 1,
    1 << 62,
    (1 << 62) + 1,
    1 << 32,
    (1 << 31) - 1,
    1 << 31,
    3037000499,
    3037000500,
    -1,
    0,
    4611686018427387905,
];

/// Knobs of one generated value.
#[derive(Clone, Copy)]
pub struct Shape {
    /// Deepest nesting of the tree.
    pub depth: usize,
    /// Most children of a node.
    pub width: usize,
}

pub const SMALL: Shape = Shape { depth: 3, width: 4 };

/// An extent: mostly small powers of two, sometimes odd, rarely hostile.
pub fn extent(r: &mut Rng) -> String {
    match r.below(40) {
        0 => r.pick(EXTREMES).to_string(),
        1 => "?".into(),
        2 => format!("_{}", 1 << r.below(5)),
        3..=8 => r.range(1, 12).to_string(),
        9 => "1".into(),
        _ => (1i64 << r.below(5)).to_string(),
    }
}

/// A stride leaf: small integers (also 0 and negative), scaled bases, rarely hostile.
pub fn stride(r: &mut Rng) -> String {
    match r.below(40) {
        0 => r.pick(EXTREMES).to_string(),
        1 => "?".into(),
        2 => format!("{}@{}", 1 << r.below(3), r.below(3)),
        3 => format!("{}@{}@{}", 1, r.below(2), r.below(2)),
        4 => format!("{}/{}@{}", r.range(-4, 8), r.range(-2, 4), r.below(2)),
        5..=7 => "0".into(),
        8 => r.range(-8, -1).to_string(),
        9..=15 => r.range(1, 64).to_string(),
        _ => (1i64 << r.below(9)).to_string(),
    }
}

/// A tree of leaves with the given knobs; its structure is returned so that a congruent
/// stride can follow it.
#[derive(Clone, Debug)]
pub enum Tree {
    Leaf,
    Node(Vec<Tree>),
}

pub fn tree(r: &mut Rng, k: Shape) -> Tree {
    if k.depth == 0 || r.below(3) == 0 {
        return Tree::Leaf;
    }
    let n = r.below(k.width + 1);
    let sub = Shape {
        depth: k.depth - 1,
        ..k
    };
    Tree::Node((0..n).map(|_| tree(r, sub)).collect())
}

pub fn render(t: &Tree, leaf: &mut dyn FnMut() -> String) -> String {
    match t {
        Tree::Leaf => leaf(),
        Tree::Node(v) => {
            let parts: Vec<String> = v.iter().map(|c| render(c, leaf)).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// An integer tuple (also an integer).
pub fn int_tuple(r: &mut Rng, k: Shape) -> String {
    let t = tree(r, k);
    let mut rr = Rng::new(r.next_u64());
    render(&t, &mut || extent(&mut rr))
}

/// A shape:stride layout; congruent unless the dice say otherwise.
pub fn layout(r: &mut Rng, k: Shape) -> String {
    let t = tree(r, k);
    let mut a = Rng::new(r.next_u64());
    let shape = render(&t, &mut || extent(&mut a));
    let t2 = if r.one_in(25) { tree(r, k) } else { t };
    let mut b = Rng::new(r.next_u64());
    if r.one_in(3) {
        // compact-ish strides: a real layout with distinct offsets
        let mut acc: i64 = 1;
        let mut c = Rng::new(r.next_u64());
        let stride = render(&t2, &mut || {
            let s = acc;
            acc = acc.saturating_mul(1 << c.below(4));
            s.to_string()
        });
        return format!("{shape}:{stride}");
    }
    let stride = render(&t2, &mut || stride(&mut b));
    format!("{shape}:{stride}")
}

pub fn swizzle(r: &mut Rng) -> String {
    if r.one_in(15) {
        let e = |r: &mut Rng| {
            if r.one_in(2) {
                r.pick(EXTREMES).to_string()
            } else {
                r.range(-70, 70).to_string()
            }
        };
        return format!("Sw<{},{},{}>", e(r), e(r), e(r));
    }
    let b = r.range(0, 4);
    let s = if r.one_in(4) {
        -r.range(b, 5)
    } else {
        r.range(b, 5)
    };
    format!("Sw<{b},{},{s}>", r.range(0, 5))
}

/// A layout function: a layout, a swizzle, or a composed layout (sometimes nested).
pub fn func(r: &mut Rng, k: Shape) -> String {
    match r.below(6) {
        0 => swizzle(r),
        1 | 2 => {
            let off = if r.one_in(4) { r.range(-8, 64) } else { 0 };
            format!("{} o {off} o {}", swizzle(r), layout(r, k))
        }
        3 if r.one_in(3) => format!(
            "{} o 0 o {} o 0 o {}",
            layout(r, k),
            swizzle(r),
            layout(r, k)
        ),
        _ => layout(r, k),
    }
}

/// A by-mode tiler `[t0, t1, ...]`.
pub fn tiler(r: &mut Rng, k: Shape) -> String {
    let n = r.range(1, 3);
    let parts: Vec<String> = (0..n)
        .map(|_| match r.below(4) {
            0 => "_".into(),
            1 => extent(r),
            _ => layout(r, Shape { depth: 1, ..k }),
        })
        .collect();
    format!("[{}]", parts.join(","))
}

/// A coordinate with `_` (for slice and dice) or plain integers.
pub fn coord(r: &mut Rng, k: Shape) -> String {
    let t = tree(r, k);
    let mut a = Rng::new(r.next_u64());
    render(&t, &mut || match a.below(4) {
        0 => "_".into(),
        1 => a.range(-1, 8).to_string(),
        _ => a.range(0, 3).to_string(),
    })
}

/// A nesting of `depth` levels around a leaf or a layout (the parser's limit is 64).
pub fn deep(r: &mut Rng) -> String {
    let d = r.range(55, 66) as usize;
    let inner = if r.one_in(2) { "2" } else { "(2,2)" };
    let shape = format!("{}{inner}{}", "(".repeat(d), ")".repeat(d));
    match r.below(3) {
        0 => shape,
        1 => {
            let stride = shape.replace('2', "1");
            format!("{shape}:{stride}")
        }
        _ => format!("[{shape}:{}]", shape.replace('2', "1")),
    }
}

/// A flat layout or tuple with many leaves (cost checks).
pub fn wide(r: &mut Rng) -> String {
    let n = r.range(100, 3000) as usize;
    let sh: Vec<String> = (0..n).map(|_| (1 + r.below(2) * 1).to_string()).collect();
    let st: Vec<String> = (0..n).map(|i| (i % 7).to_string()).collect();
    format!("({}):({})", sh.join(","), st.join(","))
}

/// Any value of the layout syntax.
pub fn value(r: &mut Rng) -> String {
    let k = Shape {
        depth: if r.one_in(10) { 5 } else { 3 },
        width: if r.one_in(10) { 6 } else { 3 },
    };
    match r.below(60) {
        0 => deep(r),
        1 => wide(r),
        2..=5 => int_tuple(r, k),
        6..=8 => extent(r),
        9..=11 => tiler(r, k),
        12..=13 => coord(r, k),
        14 => "_".into(),
        15 => {
            let t = tree(r, k);
            let mut a = Rng::new(r.next_u64());
            render(&t, &mut || format!("{}@{}", a.range(1, 4), a.below(3)))
        }
        16..=30 => func(r, k),
        _ => layout(r, k),
    }
}

pub const NAMES: &[&str] = &[
    "register", "lane", "warp", "block", "offset", "dim0", "dim1", "dim2", "in", "out",
];
pub const HW_NAMES: &[&str] = &[
    "f16", "bf16", "f32", "tf32", "e4m3", "e5m2", "s8", "u8", "b16", "f64", "K", "MN", "k", "mn",
    "x1", "x2", "x4", "trans",
];

/// A linear layout in JSON form (names, power-of-two sizes, bases within the sizes unless the
/// dice say otherwise).
pub fn linear_json(r: &mut Rng) -> String {
    let n_out = r.range(1, 3) as usize;
    let out_bits: Vec<u32> = (0..n_out).map(|_| r.below(5) as u32).collect();
    let n_in = r.range(1, 3) as usize;
    let mut ins = Vec::new();
    for i in 0..n_in {
        let nb = r.below(5);
        let bases: Vec<String> = (0..nb)
            .map(|_| {
                let v: Vec<String> = out_bits
                    .iter()
                    .map(|&b| {
                        if r.one_in(30) {
                            r.pick(EXTREMES).to_string()
                        } else if b == 0 {
                            "0".into()
                        } else {
                            (r.below(1 << b)).to_string()
                        }
                    })
                    .collect();
                format!("[{}]", v.join(","))
            })
            .collect();
        ins.push(format!(
            "{{\"name\":\"{}\",\"bases\":[{}]}}",
            NAMES[i % 4],
            bases.join(",")
        ));
    }
    let outs: Vec<String> = out_bits
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{{\"name\":\"dim{i}\",\"size\":{}}}", 1i64 << b))
        .collect();
    format!(
        "{{\"in_dims\":[{}],\"out_dims\":[{}]}}",
        ins.join(","),
        outs.join(",")
    )
}

/// A linear layout in Triton's text form.
pub fn linear_triton(r: &mut Rng) -> String {
    let rank = r.range(1, 2) as usize;
    let dims = ["register", "lane", "warp", "block"];
    let parts: Vec<String> = dims
        .iter()
        .map(|d| {
            let nb = r.below(4);
            let bases: Vec<String> = (0..nb)
                .map(|_| {
                    let v: Vec<String> = (0..rank)
                        .map(|_| {
                            (1i64 << r.below(5))
                                .min(if r.one_in(5) { 0 } else { 64 })
                                .to_string()
                        })
                        .collect();
                    format!("[{}]", v.join(", "))
                })
                .collect();
            format!("{d} = [{}]", bases.join(", "))
        })
        .collect();
    format!("#ttg.linear<{{{}}}>", parts.join(", "))
}

fn int_list(r: &mut Rng, n: usize) -> String {
    let v: Vec<String> = (0..n)
        .map(|_| {
            if r.one_in(30) {
                r.pick(EXTREMES).to_string()
            } else {
                (1i64 << r.below(4)).to_string()
            }
        })
        .collect();
    format!("[{}]", v.join(","))
}

/// A Triton GPU encoding as a JSON object, with the fields of its kind (lengths sometimes
/// wrong on purpose).
pub fn encoding(r: &mut Rng) -> String {
    let lo = if r.one_in(20) { 0 } else { 1 };
    let rank = r.range(lo, 3) as usize;
    let len = |r: &mut Rng| if r.one_in(8) { r.below(4) } else { rank };
    let order = |r: &mut Rng| {
        let mut v: Vec<usize> = (0..rank).rev().collect();
        if r.one_in(10) {
            v.push(r.below(4));
        }
        format!(
            "[{}]",
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
    };
    let blocked = |r: &mut Rng| {
        let (a, b, c) = (len(r), len(r), len(r));
        format!(
            "{{\"kind\":\"blocked\",\"size_per_thread\":{},\"threads_per_warp\":{},\"warps_per_cta\":{},\"order\":{}}}",
            int_list(r, a),
            int_list(r, b),
            int_list(r, c),
            order(r)
        )
    };
    let mma = |r: &mut Rng| {
        let w = len(r);
        format!(
            "{{\"kind\":\"nvidia_mma\",\"version\":[{}],\"warps_per_cta\":{},\"instr_shape\":[16,{},16]}}",
            r.range(1, 3),
            int_list(r, w),
            8 * r.range(0, 4)
        )
    };
    match r.below(7) {
        0 => blocked(r),
        1 => mma(r),
        2 => {
            let p = if r.one_in(2) { blocked(r) } else { mma(r) };
            format!(
                "{{\"kind\":\"dot_operand\",\"op_idx\":{},\"k_width\":{},\"parent\":{p}}}",
                r.range(-1, 2),
                1 << r.below(4)
            )
        }
        3 => {
            let p = blocked(r);
            format!("{{\"kind\":\"slice\",\"dim\":{},\"parent\":{p}}}", r.range(-1, 3))
        }
        4 => format!(
            "{{\"kind\":\"swizzled_shared\",\"vec\":{},\"per_phase\":{},\"max_phase\":{},\"order\":{}}}",
            if r.one_in(10) { *r.pick(EXTREMES) } else { 1 << r.below(4) },
            1 << r.below(3),
            1 << r.below(4),
            order(r)
        ),
        5 => format!(
            "{{\"kind\":\"nvmma_shared\",\"swizzle_bytes\":{},\"element_bitwidth\":{},\"transposed\":{},\"fp4_padded\":{}}}",
            [0, 32, 64, 128, 16][r.below(5)],
            [8, 16, 32, 4, 0][r.below(5)],
            r.one_in(2),
            r.one_in(6)
        ),
        _ => format!(
            "{{\"kind\":\"tensor_memory\",\"block_m\":{},\"block_n\":{}}}",
            [64, 128, 32][r.below(3)],
            1 << r.below(8)
        ),
    }
}

/// A Triton encoding in its attribute text (`#ttg.blocked<{...}>`, ..., parents inline) of
/// rank `rank` (lists sometimes of another length on purpose).
fn encoding_text(r: &mut Rng, rank: usize, depth: usize) -> String {
    let list = |r: &mut Rng, n: usize| {
        let n = if r.one_in(10) { r.below(4) } else { n };
        let v: Vec<String> = (0..n).map(|_| (1i64 << r.below(4)).to_string()).collect();
        format!("[{}]", v.join(", "))
    };
    let order = |r: &mut Rng, n: usize| {
        let mut v: Vec<String> = (0..n).rev().map(|x| x.to_string()).collect();
        if r.one_in(3) {
            v.reverse();
        }
        format!("[{}]", v.join(", "))
    };
    let blocked = |r: &mut Rng, n: usize| {
        format!(
            "#ttg.blocked<{{sizePerThread = {}, threadsPerWarp = {}, warpsPerCTA = {}, order = {}}}>",
            list(r, n),
            list(r, n),
            list(r, n),
            order(r, n)
        )
    };
    let mma = |r: &mut Rng, n: usize| {
        let v = r.range(2, 3);
        let instr = if v == 2 {
            "[16, 8]".to_string()
        } else {
            format!("[16, {}, 16]", 8 << r.below(4))
        };
        format!(
            "#ttg.nvidia_mma<{{versionMajor = {v}, versionMinor = 0, warpsPerCTA = {}, instrShape = {instr}}}>",
            list(r, n)
        )
    };
    match r.below(if depth > 2 { 3 } else { 8 }) {
        0 => blocked(r, rank),
        1 => mma(r, rank),
        2 => linear_triton(r),
        3 => {
            let parent = if r.one_in(2) {
                blocked(r, rank)
            } else {
                mma(r, rank)
            };
            format!(
                "#ttg.dot_op<{{opIdx = {}, parent = {parent}, kWidth = {}}}>",
                r.range(0, 1),
                1 << r.below(4)
            )
        }
        4 | 5 => format!(
            "#ttg.slice<{{dim = {}, parent = {}}}>",
            r.range(0, rank as i64),
            encoding_text(r, rank + 1, depth + 1)
        ),
        6 => format!(
            "#ttg.swizzled_shared<{{vec = {}, perPhase = {}, maxPhase = {}, order = {}}}>",
            1 << r.below(4),
            1 << r.below(3),
            1 << r.below(4),
            order(r, rank)
        ),
        _ => format!(
            "#ttg.nvmma_shared<{{swizzlingByteWidth = {}, transposed = {}, elementBitWidth = {}, fp4Padded = {}}}>",
            [0, 32, 64, 128][r.below(4)],
            r.one_in(2),
            [8, 16, 32][r.below(3)],
            r.one_in(6)
        ),
    }
}

/// A Triton encoding with its shape, in Triton's type syntax: `tensor<16x64xf16, #ttg...>` or
/// `!ttg.memdesc<...>` (the kind of type sometimes not the one the encoding needs).
pub fn typed_encoding(r: &mut Rng) -> String {
    let rank = r.range(1, 3) as usize;
    let enc = encoding_text(r, rank, 0);
    let dims: Vec<String> = (0..rank)
        .map(|_| {
            if r.one_in(40) {
                "?".to_string()
            } else if r.one_in(40) {
                "48".to_string()
            } else {
                (1i64 << r.below(8)).to_string()
            }
        })
        .collect();
    let shape = dims.join("x");
    let shared = enc.contains("_shared<");
    if shared != r.one_in(10) {
        let alloc = if r.one_in(3) {
            format!(", {}x{shape}", r.range(1, 4))
        } else {
            String::new()
        };
        format!("!ttg.memdesc<{shape}xf16, {enc}, #ttg.shared_memory, mutable{alloc}>")
    } else {
        format!("tensor<{shape}xf16, {enc}>")
    }
}

/// A tensor shape for an encoding: a JSON list of powers of two.
pub fn enc_shape(r: &mut Rng) -> String {
    let n = r.range(0, 3) as usize;
    int_list(r, n)
}

/// One argument for any operation: a layout-syntax value, a linear layout, an encoding, a
/// name, a JSON object or an integer.
pub fn any_arg(r: &mut Rng) -> String {
    match r.below(30) {
        0 => linear_json(r),
        1 => typed_encoding(r),
        2 => linear_triton(r),
        3 => encoding(r),
        4 => enc_shape(r),
        5 => r.pick(HW_NAMES).to_string(),
        6 => format!("\"{}\"", r.pick(NAMES)),
        7 => format!("[\"{}\",\"{}\"]", r.pick(NAMES), r.pick(NAMES)),
        8 => format!("{{\"{}\":{}}}", r.pick(NAMES), r.range(0, 8)),
        9..=11 => r.range(-2, 64).to_string(),
        _ => value(r),
    }
}
