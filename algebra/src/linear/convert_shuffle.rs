//! A layout conversion inside each warp by `shfl.sync.idx`, with lane-dependent register
//! choices made by selects on both sides.
//!
//! With `P` a fixed preimage of each element of the warp in (source register, source lane)
//! (`P(v) = (P_reg(v), P_lane(v))`, linear), write for destination register bit `j`
//! `A_j = P_reg(D.reg[j])`, `C_j = P_lane(D.reg[j])` and for destination lane bit `i`
//! `B_i = P_reg(D.lane[i])`, `E_i = P_lane(D.lane[i])`.
//!
//! In round `k` (a destination register index) receiver lane `l` fills destination register
//! `k ^ M(l)`, for a linear `M` (lane bits -> register index): it reads lane `C(k) ^ F(l)` with
//! `F = E ^ C∘M`, and needs the sender's register `A(k) ^ G(l)` with `G = B ^ A∘M`. Every
//! sender can serve all its receivers with one register when `ker F ⊆ ker G`; then it sends
//! `A(k) ^ H(C(k)) ^ H(l_s)` with `H = G∘F^-1` on the image of `F` (a select over the lane
//! bits where `H` is not 0). `M = 0` is taken when it satisfies the condition (no receiver
//! choice); otherwise `M` is chosen lane bit by lane bit, the fewest register bits first, to
//! make `F` invertible. The receiver then takes destination register `r` from round
//! `r ^ M(l)` (a select over the lane bits where `M` is not 0). A round is a register move
//! when `F` is the identity and `C(k) = 0`.
//!
//! Elements are packed `32/bits` to a word when the first destination register bits are the
//! sender's consecutive registers from the same lane (`C_j = 0`, `A_j = e_j`) and no other
//! register choice touches those bits. Register indices are labels: the plan may first reorder
//! the bits of both sides' register indices (`src_order`, `dst_order`: bit `j` of a relabeled
//! index is bit `order[j]` of the layout's), which moves no data, so that the destination bits
//! whose elements one sender holds in registers come first. The 8-bit accumulator of `m64nNk32`
//! going to WGMMA's A fragment is such a case: a thread's columns `4q .. 4q+3` are bytes of two
//! lanes, but its rows `g` and `g + 8` are registers of one, so words of 4 bytes (two columns x
//! two rows) move in one shuffle each, and the receiver's byte order is only a relabeling (the
//! byte permutes happen where the words are packed and unpacked).

use super::distributed::{combine, Distributed, LANE_BITS};
use super::gauss::{in_span, Echelon};
use super::layout::low_mask;

/// One shuffle round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The destination register index the round fills at lane 0 (pack bits 0).
    pub k: u64,
    /// Source lane = `lane_const ^ F(l)`.
    pub lane_const: u64,
    /// Sender register = `reg_const ^ H(l_s)` (plus the pack offset).
    pub reg_const: u64,
    /// No shuffle: every lane reads itself.
    pub local: bool,
}

/// The shuffle plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShufflePlan {
    /// Destination register bits packed into one 32-bit word.
    pub pack: usize,
    /// Per receiver lane bit: `M` (destination register index) and `F` (sender lane).
    pub m: Vec<u64>,
    pub f: Vec<u64>,
    /// Per sender lane bit: `H` (sender register index).
    pub h: Vec<u64>,
    pub rounds: Vec<Round>,
    pub shuffles: i64,
    pub selects: i64,
    /// Bit `j` of a relabeled source / destination register index is bit `order[j]` of the
    /// layout's index (identity when nothing is relabeled).
    pub src_order: Vec<usize>,
    pub dst_order: Vec<usize>,
}

/// The layout's register index of relabeled index `i` (bit `j` of `i` is bit `order[j]`).
pub fn relabeled(order: &[usize], i: u64) -> u64 {
    order
        .iter()
        .enumerate()
        .filter(|(j, _)| i >> j & 1 == 1)
        .fold(0, |acc, (_, &o)| acc | 1u64 << o)
}

impl ShufflePlan {
    /// The source layout's register for the plan's source register `i`.
    pub fn src_register(&self, i: u64) -> u64 {
        relabeled(&self.src_order, i)
    }
    /// The destination layout's register for the plan's destination register `i`.
    pub fn dst_register(&self, i: u64) -> u64 {
        relabeled(&self.dst_order, i)
    }
}

/// Selects of a choice among `2^(number of nonzero entries)` values (a binary tree).
fn choice_cost(v: &[u64]) -> i64 {
    (1i64 << v.iter().filter(|&&x| x != 0).count()) - 1
}

/// The plan, or `None` when the data leaves its warp or no `M` makes `F` invertible: the cheapest
/// (shuffles, then selects) of the layouts' own register order and of each reordering that puts
/// `log2(32 / bits)` destination bits held by one sender's registers first.
pub fn plan(s: &Distributed, d: &Distributed, bits: u32) -> Option<ShufflePlan> {
    let want = if bits < 32 {
        (32 / bits).trailing_zeros() as usize
    } else {
        0
    };
    let cost = |p: &ShufflePlan| (p.shuffles + (p.selects + 3) / 4, p.selects);
    let mut best = plan_in_order(s, d, bits);
    if want == 0 || best.as_ref().is_some_and(|p| p.pack == want) || d.reg.len() < want {
        return best;
    }
    let (a, c) = register_preimages(s, d)?;
    // Destination bits one sender holds in a single register bit of its own (`C_j = 0`, `A_j` a
    // unit vector), each subset of `want` with distinct source bits, in increasing order.
    let single: Vec<usize> = (0..d.reg.len())
        .filter(|&j| c[j] == 0 && a[j].count_ones() == 1)
        .collect();
    let mut subsets: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..want {
        subsets = subsets
            .into_iter()
            .flat_map(|p| {
                single
                    .iter()
                    .filter(|&&j| p.last().map_or(true, |&l| j > l))
                    .filter(|&&j| p.iter().all(|&i| a[i] != a[j]))
                    .map(|&j| {
                        let mut q = p.clone();
                        q.push(j);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    for first in subsets {
        let order = |n: usize, first: &[usize]| -> Vec<usize> {
            let mut o = first.to_vec();
            o.extend((0..n).filter(|x| !first.contains(x)));
            o
        };
        let src_first: Vec<usize> = first
            .iter()
            .map(|&j| a[j].trailing_zeros() as usize)
            .collect();
        let (so, dord) = (order(s.reg.len(), &src_first), order(d.reg.len(), &first));
        let s2 = Distributed {
            reg: so.iter().map(|&i| s.reg[i]).collect(),
            ..s.clone()
        };
        let d2 = Distributed {
            reg: dord.iter().map(|&i| d.reg[i]).collect(),
            ..d.clone()
        };
        if let Some(mut p) = plan_in_order(&s2, &d2, bits) {
            if p.pack == want && best.as_ref().map_or(true, |b| cost(&p) < cost(b)) {
                p.src_order = so;
                p.dst_order = dord;
                best = Some(p);
            }
        }
    }
    best
}

/// `(A, C)`: for each destination register bit, the source register and lane indices of its
/// element's preimage; `None` when the data leaves the warp.
fn register_preimages(s: &Distributed, d: &Distributed) -> Option<(Vec<u64>, Vec<u64>)> {
    let within: Vec<u64> = s.reg.iter().chain(&s.lane).copied().collect();
    if s.warp != d.warp || d.reg.iter().chain(&d.lane).any(|&v| !in_span(&within, v)) {
        return None;
    }
    let nr = s.reg.len();
    let mut e = Echelon::new();
    for (i, &v) in within.iter().enumerate() {
        e.insert(i as u32, v);
    }
    Some(
        d.reg
            .iter()
            .map(|&v| {
                let c = e.solve(v).unwrap_or(0);
                (c & low_mask(nr as u32), c >> nr)
            })
            .unzip(),
    )
}

/// The plan with the layouts' register indices as they are.
fn plan_in_order(s: &Distributed, d: &Distributed, bits: u32) -> Option<ShufflePlan> {
    if s.warp != d.warp {
        return None;
    }
    let within: Vec<u64> = s.reg.iter().chain(&s.lane).copied().collect();
    if d.reg.iter().chain(&d.lane).any(|&v| !in_span(&within, v)) {
        return None;
    }
    let nr = s.reg.len();
    let mut e = Echelon::new();
    for (i, &v) in within.iter().enumerate() {
        e.insert(i as u32, v);
    }
    let pre = |v: u64| -> (u64, u64) {
        let c = e.solve(v).unwrap_or(0);
        (c & low_mask(nr as u32), c >> nr)
    };
    let (a, c): (Vec<u64>, Vec<u64>) = d.reg.iter().map(|&v| pre(v)).unzip();
    let (b, el): (Vec<u64>, Vec<u64>) = d.lane.iter().map(|&v| pre(v)).unzip();
    // Packing.
    let want = if bits < 32 {
        (32 / bits).trailing_zeros() as usize
    } else {
        0
    };
    let pmask = low_mask(want as u32);
    let packs = want <= d.reg.len()
        && (0..want).all(|j| a[j] == 1u64 << j && c[j] == 0)
        && a[want..].iter().all(|x| x & pmask == 0)
        && b.iter().all(|x| x & pmask == 0);
    let pack = if packs { want } else { 0 };
    // M: none when every sender is asked for one register per round already
    // (`ker F ⊆ ker G` with `M = 0`); else per lane bit the register index (no pack bits) with
    // the fewest bits making `F_i` independent of the earlier ones (`F` invertible).
    let g_of =
        |m: &[u64]| -> Vec<u64> { (0..LANE_BITS).map(|i| b[i] ^ combine(&a, m[i])).collect() };
    let f_of =
        |m: &[u64]| -> Vec<u64> { (0..LANE_BITS).map(|i| el[i] ^ combine(&c, m[i])).collect() };
    let one_value = |m: &[u64]| -> bool {
        let (f, g) = (f_of(m), g_of(m));
        (0..32u64).all(|l| combine(&f, l) != 0 || combine(&g, l) == 0)
    };
    let mut m = vec![0u64; LANE_BITS];
    if !one_value(&m) {
        let free = d.reg.len() - pack;
        let mut order: Vec<u64> = (0..1u64 << free).map(|x| x << pack).collect();
        order.sort_by_key(|x| (x.count_ones(), *x));
        let mut f: Vec<u64> = Vec::with_capacity(LANE_BITS);
        for i in 0..LANE_BITS {
            let pick = order.iter().copied().find(|&x| {
                let fi = el[i] ^ combine(&c, x);
                fi != 0 && !in_span(&f, fi)
            })?;
            m[i] = pick;
            f.push(el[i] ^ combine(&c, pick));
        }
    }
    let (f, g) = (f_of(&m), g_of(&m));
    // H: G∘F^-1 on the image of F (well defined: ker F ⊆ ker G), 0 on a complement of unit
    // vectors.
    let mut fe = Echelon::new();
    let mut owner: Vec<Option<usize>> = Vec::new();
    for (i, &v) in f.iter().enumerate() {
        if fe.insert(owner.len() as u32, v) {
            owner.push(Some(i));
        }
    }
    for u in 0..LANE_BITS {
        if fe.insert(owner.len() as u32, 1u64 << u) {
            owner.push(None);
        }
    }
    let h: Vec<u64> = (0..LANE_BITS)
        .map(|j| {
            let combo = fe.solve(1u64 << j).unwrap_or(0);
            owner
                .iter()
                .enumerate()
                .filter(|(col, _)| combo >> col & 1 == 1)
                .filter_map(|(_, o)| o.map(|i| g[i]))
                .fold(0, |acc, x| acc ^ x)
        })
        .collect();
    let identity = f.iter().enumerate().all(|(i, &x)| x == 1u64 << i);
    let mut rounds = Vec::new();
    for k in (0..1u64 << d.reg.len()).step_by(1 << pack) {
        let ck = combine(&c, k);
        rounds.push(Round {
            k,
            lane_const: ck,
            reg_const: combine(&a, k) ^ combine(&h, ck),
            local: identity && ck == 0,
        });
    }
    let per_word = if bits == 64 { 2 } else { 1 };
    let shuffles = rounds.iter().filter(|r| !r.local).count() as i64 * per_word;
    let words = rounds.len() as i64;
    let selects = words * (choice_cost(&h) + choice_cost(&m)) * per_word;
    Some(ShufflePlan {
        pack,
        m,
        f,
        h,
        rounds,
        shuffles,
        selects,
        src_order: (0..s.reg.len()).collect(),
        dst_order: (0..d.reg.len()).collect(),
    })
}

/// The lower bound of a warp conversion in shuffles: a shuffle brings a lane 32 bits, and lane
/// `l` lacks the elements of `D(l) + span(D.reg)` outside `S(l) + span(S.reg)`.
pub fn lower_bound(s: &Distributed, d: &Distributed, bits: u32) -> i64 {
    let dvals: std::collections::BTreeSet<u64> = (0..1u64 << d.reg.len())
        .map(|r| combine(&d.reg, r))
        .collect();
    let mut worst = 0i64;
    for l in 0..32u64 {
        let need = combine(&d.lane, l);
        let have = combine(&s.lane, l);
        let missing = dvals
            .iter()
            .filter(|&&v| !in_span(&s.reg, v ^ need ^ have))
            .count() as i64;
        worst = worst.max((missing * bits as i64 + 31) / 32);
    }
    worst
}
