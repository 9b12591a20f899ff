//! The MMA atoms a tiled MMA repeats (CuTe's MMA_Traits, mma_traits_sm80.hpp): for each
//! instruction shape, the threads of one instruction and, per operand, the TV layout
//! `(thread, value) -> index in the operand's tile` (column-major over the tile: A is M x K, B
//! is N x K, C is M x N).
//!
//! `sm80_16x8x16` is `mma.sync.aligned.m16n8k16.row.col` (CuTe's SM80_16x8x16_*_TN: f16 or
//! bf16 operands, f16 or f32 accumulators; the layouts do not depend on the types): 32 lanes,
//! lane = 4 g + q (g the group 0..8, q 0..4):
//!
//!   C (16 x 8):  lane (q, g), value (j, i) -> (g + 8 i, 2 q + j)   ((4,8),(2,2)):((32,1),(16,8))
//!   A (16 x 16): value (j, i, h) -> (g + 8 i, 2 q + j + 8 h)       ((4,8),(2,2,2)):((32,1),(16,8,128))
//!   B (8 x 16):  value (j, h) -> (n = g, k = 2 q + j + 8 h)         ((4,8),(2,2)):((16,1),(8,64))
//!
//! `sm80_16x8x8` is m16n8k8 (SM80_16x8x8_*_TN): C as above, A (16 x 8) the same layout as C,
//! B (8 x 8) ((4,8),2):((16,1),8). These are the fragments that hw::mma_sync derives for
//! `layout.mma` register by register.

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::text::parse_layout;

/// One MMA instruction as an atom.
pub struct MmaAtom {
    pub name: &'static str,
    /// (M, N, K) of one instruction.
    pub shape_mnk: [i64; 3],
    /// The threads of one instruction.
    pub threads: i64,
    a: &'static str,
    b: &'static str,
    c: &'static str,
}

const ATOMS: &[MmaAtom] = &[
    MmaAtom {
        name: "sm80_16x8x16",
        shape_mnk: [16, 8, 16],
        threads: 32,
        a: "((4,8),(2,2,2)):((32,1),(16,8,128))",
        b: "((4,8),(2,2)):((16,1),(8,64))",
        c: "((4,8),(2,2)):((32,1),(16,8))",
    },
    MmaAtom {
        name: "sm80_16x8x8",
        shape_mnk: [16, 8, 8],
        threads: 32,
        a: "((4,8),(2,2)):((32,1),(16,8))",
        b: "((4,8),2):((16,1),8)",
        c: "((4,8),(2,2)):((32,1),(16,8))",
    },
];

/// The atom named `name`, or an error that lists the known ones.
pub fn atom(name: &str) -> Result<&'static MmaAtom> {
    ATOMS.iter().find(|a| a.name == name).ok_or_else(|| {
        Error::algebra(format!(
            "unknown MMA atom '{name}' (known: {})",
            ATOMS.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
        ))
    })
}

impl MmaAtom {
    /// The TV layout of `operand` ('A', 'B' or 'C') and its tile: (M, K), (N, K) or (M, N).
    pub fn operand(&self, operand: char) -> Result<(Layout, [i64; 2])> {
        let [m, n, k] = self.shape_mnk;
        let (text, tile) = match operand {
            'A' => (self.a, [m, k]),
            'B' => (self.b, [n, k]),
            'C' => (self.c, [m, n]),
            other => {
                return Err(Error::algebra(format!(
                    "an MMA operand is A, B or C, found '{other}'"
                )))
            }
        };
        Ok((parse_layout(text)?, tile))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each operand's TV layout is a bijection of the threads' values onto its tile, and the C
    /// layout puts lane 4 g + q, value (j, i) at row g + 8 i, column 2 q + j (PTX ISA, the
    /// m16n8k16 accumulator fragment).
    #[test]
    fn layouts_are_the_fragments() {
        for a in ATOMS {
            for op in ['A', 'B', 'C'] {
                let (tv, [r, c]) = a.operand(op).unwrap();
                let mut seen = vec![0u32; (r * c) as usize];
                for i in 0..tv.size().unwrap() {
                    seen[tv.eval(i).unwrap() as usize] += 1;
                }
                assert!(seen.iter().all(|&n| n == 1), "{} {op}", a.name);
                assert_eq!(tv.mode(0).unwrap().size().unwrap(), a.threads);
            }
            let (c, [rows, _]) = a.operand('C').unwrap();
            for lane in 0..32 {
                let (g, q) = (lane / 4, lane % 4);
                for v in 0..4 {
                    let (j, i) = (v % 2, v / 2);
                    let at = c.eval(lane + 32 * v).unwrap();
                    assert_eq!((at % rows, at / rows), (g + 8 * i, 2 * q + j));
                }
            }
        }
        assert!(atom("sm90_64x8x16").is_err());
    }
}
