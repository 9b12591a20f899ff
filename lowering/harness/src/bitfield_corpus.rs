//! The bit-field corpus: layouts whose index math is a few masks and shifts of the index
//! (power-of-two extents and strides, stride-0 and identity modes between fields, fields that
//! move, runs broken by a non-power-of-two extent). Shared by the evaluation test (every point
//! against the algebra) and the op-count report (`bench/op_count.sh`), next to the oracle
//! corpus.

use crate::harness::Rng;

/// Hand-picked layouts, one per pattern of docs/lowering.md ("Bit fields").
pub const FIXED: &[&str] = &[
    // stride-0 modes between identity fields: one mask
    "(4,2,8):(1,0,8)",
    "(8,4):(0,8)",
    "(2,4,2):(1,0,8)",
    "(2,2,2,2):(1,0,4,0)",
    "(4,4,4,4):(1,0,16,0)",
    "(16,4,16):(1,0,64)",
    "((4,2),(2,8)):((1,0),(0,8))",
    "(2,(4,2),8):(1,(0,8),0)",
    // the top field alone: (i >> k) << k
    "(8,64):(0,8)",
    "(32,1024):(0,32)",
    // moved fields: one mask per distinct shift
    "(4,8):(8,1)",
    "(2,2,2):(4,2,1)",
    "(8,4,2):(2,32,1)",
    "(4,2,8):(2,0,16)",
    "(2,8,4):(1,0,2)",
    "(4,2,8):(1,0,16)",
    "(4,4,4):(1,0,4)",
    "(2,4,2,4):(1,0,2,0)",
    "(4,4,4,4):(1,64,0,4)",
    "(8,8,8):(64,1,8)",
    // fields and non-power-of-two extents or strides
    "(3,4,2):(1,0,12)",
    "(3,2,4):(8,0,1)",
    "(5,4,8):(1,0,20)",
    "(4,3,4):(1,0,12)",
    "(6,4,4):(4,0,1)",
    "(4,4,3):(1,0,16)",
    "(4,2,8):(3,0,12)",
    "(4,3):(1,8)",
    // large domains (sampled)
    "(1024,2,1024):(1,0,1024)",
    "(64,4,64,4):(1,0,256,0)",
    // composed with a swizzle or a layout outer
    "Sw<3,4,3> o 0 o (8,2,64):(64,0,1)",
    "Sw<2,4,3> o 0 o (4,2,8,2):(1,0,8,0)",
    "(4,2,8):(1,0,8) o 0 o 64:1",
    "(16,8):(8,0) o 3 o (4,4):(2,16)",
];

/// Deterministic random layouts of power-of-two extents (and a few other ones) whose strides
/// are 0, the identity (the product of the extents before), or another power of two.
pub fn generated(n: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    while out.len() < n {
        let rank = 2 + rng.below(4) as usize;
        let mut shape = Vec::new();
        let mut stride = Vec::new();
        let mut before: i64 = 1;
        for _ in 0..rank {
            let s: i64 = if rng.below(8) == 0 {
                [3, 5, 6][rng.below(3) as usize]
            } else {
                1 << (1 + rng.below(4))
            };
            let d: i64 = match rng.below(4) {
                0 => 0,
                1 | 2 => before,
                _ => 1 << rng.below(12),
            };
            shape.push(s.to_string());
            stride.push(d.to_string());
            before *= s;
        }
        if before > 1 << 20 {
            continue;
        }
        out.push(format!("({}):({})", shape.join(","), stride.join(",")));
    }
    out
}

/// The whole corpus: (label, layout text).
pub fn layouts() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = FIXED
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("bitfield#{i}"), t.to_string()))
        .collect();
    for (i, t) in generated(300, 0x5eed_b17f).into_iter().enumerate() {
        out.push((format!("bitgen#{i}"), t));
    }
    out
}
