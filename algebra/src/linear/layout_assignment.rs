//! Layout assignment: choose the layout of every layout-polymorphic value of a kernel so that
//! the conversions the choice forces cost least in total.
//!
//! **Model.** Layouts are numbered `0..n`. A *slot* is either a fixed layout (an anchor: a
//! global load's or an MMA's result, an MMA operand, a layout the user fixed) or a variable
//! `x_i` whose value is one of its candidates `C_i`. Each SSA value `v` has the slot `def(v)`
//! of its definition and the slots `uses(v)` its users require. Given an assignment, `v` is
//! converted once to every distinct required layout other than its own (one convert per
//! target, shared by the users that need it), so it costs
//!
//! ```text
//! cost(v) = w(v) * sum_{L in {uses(v)} \ {def(v)}} c_{k(v)}(def(v), L)
//! ```
//!
//! with `c_k(A, B)` the cost of converting elements of class `k` (their bit width) from `A` to
//! `B` (`convert_plan`'s shared-memory crossbar accesses per warp; `None` when the conversion
//! is impossible, e.g. beyond the shared-memory budget) and `w(v)` how often `v`'s converts
//! run. The assignment minimizes `sum_v cost(v)`. This is a labeling problem with
//! hyperedge costs (NP-hard in general); it decomposes into the connected components of the
//! variables, each solved by branch and bound:
//!
//! - variables are taken in the order of their first value (program order), each child in
//!   the order of its bound;
//! - the bound of a partial assignment is `sum_v lb(v)`: for an assigned `def(v) = D`, the
//!   exact cost of the assigned distinct uses plus, for the unassigned uses, the largest over
//!   them of the cheapest way one of them can be served (`0` when it can take `D` or a layout
//!   already paid for): at least that convert remains; for an unassigned `def(v)`, the
//!   minimum of that over `D`. It is exact on a complete assignment and never exceeds the
//!   cost of any completion, so a subtree whose bound is not below the best cost found so far
//!   holds no better assignment;
//! - the first incumbent is the best "everything in candidate `L`" assignment, improved by
//!   single-variable moves while one lowers the cost.
//!
//! The search of a component stops after [`MAX_NODES`] nodes; the result is then the best
//! assignment found with the proven lower bound `min(best, min bound of the unexplored
//! subtrees)`, and the gap is reported. Otherwise it is optimal over the candidate sets.
//! Everything is deterministic: fixed orders, ties kept by the first found.
//!
//! **Weights.** `w(v)` counts executions: the product of the trip counts of the loops around
//! `v`'s definition when they are constants; a loop whose trip count is not known makes the
//! weight a power of an unknown `N`. [`Cost`] is a polynomial in `N` compared as `N` grows
//! (highest power first), so a convert that runs in an unknown loop always outweighs any
//! number outside it.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

/// Highest power of the unknown trip count `N` a cost keeps apart (deeper nests count as
/// this power).
pub const MAX_DEGREE: usize = 3;

/// Search nodes of one component before the search stops with a gap.
pub const MAX_NODES: u64 = 200_000;

/// Sweeps of single-variable moves that improve the first incumbent.
const MAX_SWEEPS: usize = 50;

/// A cost: `sum_d coef[d] * N^d`, `N` the trip count of loops whose trip count is not known.
/// Ordered as `N` grows: the highest differing power decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Cost(pub [u64; MAX_DEGREE + 1]);

impl Cost {
    pub const ZERO: Cost = Cost([0; MAX_DEGREE + 1]);

    /// `units` at power `degree` of `N` (capped at [`MAX_DEGREE`]).
    pub fn scaled(units: u64, weight: Weight) -> Cost {
        let mut c = [0; MAX_DEGREE + 1];
        c[weight.degree.min(MAX_DEGREE)] = units.saturating_mul(weight.factor);
        Cost(c)
    }

    pub fn add(self, other: Cost) -> Cost {
        let mut c = self.0;
        for (a, b) in c.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
        Cost(c)
    }

    /// `self - other` power by power of `N`, each floored at 0 (exact when `other` is a part
    /// of `self`, as a bound of a sum is of the sum).
    pub fn sub(self, other: Cost) -> Cost {
        let mut c = self.0;
        for (a, b) in c.iter_mut().zip(other.0) {
            *a = a.saturating_sub(b);
        }
        Cost(c)
    }
}

impl Ord for Cost {
    fn cmp(&self, other: &Cost) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Cost) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms: Vec<String> = (0..=MAX_DEGREE)
            .rev()
            .filter(|&d| self.0[d] != 0)
            .map(|d| match d {
                0 => self.0[0].to_string(),
                1 => format!("{}*N", self.0[1]),
                _ => format!("{}*N^{d}", self.0[d]),
            })
            .collect();
        if terms.is_empty() {
            write!(f, "0")
        } else {
            write!(f, "{}", terms.join(" + "))
        }
    }
}

/// How often a value's converts run: `factor * N^degree`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weight {
    pub factor: u64,
    pub degree: usize,
}

impl Weight {
    pub const ONCE: Weight = Weight {
        factor: 1,
        degree: 0,
    };
}

/// A layout an SSA value has or needs: fixed, or the value of a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Fixed(usize),
    Var(usize),
}

/// One SSA value: its definition's slot, its users' slots, its cost class and weight.
#[derive(Debug, Clone)]
pub struct ValueSlots {
    pub def: Slot,
    pub uses: Vec<Slot>,
    pub class: usize,
    pub weight: Weight,
}

/// An assignment problem: candidates of each variable (layout numbers) and the values.
#[derive(Debug, Clone, Default)]
pub struct Problem {
    pub candidates: Vec<Vec<usize>>,
    pub values: Vec<ValueSlots>,
}

/// The answer: one layout per variable, the total cost, a proven lower bound (equal to the
/// cost when `optimal`) and the search nodes spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    pub layouts: Vec<usize>,
    pub cost: Cost,
    pub lower_bound: Cost,
    pub optimal: bool,
    pub nodes: u64,
}

/// The conversion cost `c_class(from, to)` in units (e.g. crossbar accesses per warp), or
/// why it is impossible.
pub trait ConvertCost {
    fn cost(&mut self, class: usize, from: usize, to: usize) -> Result<u64, String>;
}

impl<F: FnMut(usize, usize, usize) -> Result<u64, String>> ConvertCost for F {
    fn cost(&mut self, class: usize, from: usize, to: usize) -> Result<u64, String> {
        self(class, from, to)
    }
}

/// Memoized conversion costs (a dense table over classes and layouts); remembers the first
/// impossibility it met.
struct Costs<'a> {
    oracle: &'a mut dyn ConvertCost,
    layouts: usize,
    memo: Vec<Option<Option<u64>>>,
    first_error: Option<String>,
}

impl<'a> Costs<'a> {
    fn new(p: &Problem, oracle: &'a mut dyn ConvertCost) -> Costs<'a> {
        let slot_layout = |s: &Slot| match s {
            Slot::Fixed(l) => *l,
            Slot::Var(_) => 0,
        };
        let layouts = 1 + p
            .candidates
            .iter()
            .flatten()
            .copied()
            .chain(p.values.iter().flat_map(|v| {
                std::iter::once(slot_layout(&v.def)).chain(v.uses.iter().map(slot_layout))
            }))
            .max()
            .unwrap_or(0);
        let classes = 1 + p.values.iter().map(|v| v.class).max().unwrap_or(0);
        Costs {
            oracle,
            layouts,
            memo: vec![None; classes * layouts * layouts],
            first_error: None,
        }
    }

    fn get(&mut self, class: usize, from: usize, to: usize) -> Option<u64> {
        if from == to {
            return Some(0);
        }
        let k = (class * self.layouts + from) * self.layouts + to;
        if let Some(c) = self.memo[k] {
            return c;
        }
        let c = match self.oracle.cost(class, from, to) {
            Ok(c) => Some(c),
            Err(e) => {
                self.first_error.get_or_insert(e);
                None
            }
        };
        self.memo[k] = Some(c);
        c
    }
}

/// Why a problem has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssignError {
    /// The problem is malformed (a variable without candidates, a slot out of range).
    Malformed(String),
    /// Every assignment needs a conversion that is impossible: the first reason met.
    Infeasible(String),
}

impl fmt::Display for AssignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssignError::Malformed(m) => write!(f, "layout assignment: {m}"),
            AssignError::Infeasible(m) => write!(
                f,
                "layout assignment: every choice of the candidate layouts needs a conversion that is impossible: {m}"
            ),
        }
    }
}

/// Solve `p` with the conversion costs of `oracle`.
pub fn assign_layouts(
    p: &Problem,
    oracle: &mut dyn ConvertCost,
) -> Result<Assignment, AssignError> {
    check(p)?;
    let mut costs = Costs::new(p, oracle);
    let vars = p.candidates.len();
    let mut layouts: Vec<usize> = p.candidates.iter().map(|c| c[0]).collect();
    let (mut cost, mut lower_bound, mut optimal, mut nodes) = (Cost::ZERO, Cost::ZERO, true, 0);
    // Values without variables cost what they cost.
    for v in p.values.iter().filter(|v| slot_vars(v).next().is_none()) {
        let all = vec![None; vars];
        match edge_bound(p, v, &all, &mut costs) {
            Some(c) => {
                cost = cost.add(c);
                lower_bound = lower_bound.add(c);
            }
            None => return Err(infeasible(&costs)),
        }
    }
    for component in components(p) {
        let r = solve_component(p, &component, &mut costs)?;
        for (&x, &l) in component.vars.iter().zip(&r.layouts) {
            layouts[x] = l;
        }
        cost = cost.add(r.cost);
        lower_bound = lower_bound.add(r.lower_bound);
        optimal &= r.optimal;
        nodes += r.nodes;
    }
    Ok(Assignment {
        layouts,
        cost,
        lower_bound,
        optimal,
        nodes,
    })
}

/// The exact cost of `p` under a complete assignment (None: an impossible conversion).
pub fn total_cost(p: &Problem, layouts: &[usize], oracle: &mut dyn ConvertCost) -> Option<Cost> {
    if check(p).is_err() || layouts.len() != p.candidates.len() {
        return None;
    }
    let mut costs = Costs::new(p, oracle);
    let full: Vec<Option<usize>> = layouts.iter().map(|&l| Some(l)).collect();
    p.values.iter().try_fold(Cost::ZERO, |acc, v| {
        Some(acc.add(edge_bound(p, v, &full, &mut costs)?))
    })
}

fn infeasible(costs: &Costs) -> AssignError {
    AssignError::Infeasible(
        costs
            .first_error
            .clone()
            .unwrap_or_else(|| "no conversion cost was available".into()),
    )
}

fn check(p: &Problem) -> Result<(), AssignError> {
    if let Some(i) = p.candidates.iter().position(|c| c.is_empty()) {
        return Err(AssignError::Malformed(format!(
            "variable {i} has no candidate layout"
        )));
    }
    for (k, v) in p.values.iter().enumerate() {
        for s in std::iter::once(&v.def).chain(&v.uses) {
            if let Slot::Var(i) = s {
                if *i >= p.candidates.len() {
                    return Err(AssignError::Malformed(format!(
                        "value {k} names variable {i} of {}",
                        p.candidates.len()
                    )));
                }
            }
        }
        if v.weight.factor == 0 {
            return Err(AssignError::Malformed(format!("value {k} has weight 0")));
        }
    }
    Ok(())
}

fn slot_vars(v: &ValueSlots) -> impl Iterator<Item = usize> + '_ {
    std::iter::once(&v.def)
        .chain(&v.uses)
        .filter_map(|s| match s {
            Slot::Var(i) => Some(*i),
            Slot::Fixed(_) => None,
        })
}

/// The variables of one connected component (in order of first appearance) and its values.
struct Component {
    vars: Vec<usize>,
    values: Vec<usize>,
}

/// The variables joined by sharing a value (union-find).
struct VarUnion {
    parent: Vec<usize>,
}

impl VarUnion {
    fn of(vars: usize, values: &[ValueSlots]) -> VarUnion {
        let mut u = VarUnion {
            parent: (0..vars).collect(),
        };
        for v in values {
            let xs: Vec<usize> = slot_vars(v).collect();
            for w in xs.windows(2) {
                let (a, b) = (u.find(w[0]), u.find(w[1]));
                u.parent[a.max(b)] = a.min(b);
            }
        }
        u
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }
}

/// The candidates of each of `vars` variables: the layouts of its connected component, in
/// order of first appearance in `values` (fixed slots, and `input[x]` for a variable `x`).
/// Variables no value mentions keep their input layout.
pub fn component_candidates(
    vars: usize,
    values: &[ValueSlots],
    input: &[usize],
) -> Vec<Vec<usize>> {
    let mut u = VarUnion::of(vars, values);
    let mut per_root: HashMap<usize, Vec<usize>> = HashMap::new();
    for v in values {
        let Some(x) = slot_vars(v).next() else {
            continue;
        };
        let list = per_root.entry(u.find(x)).or_default();
        for s in std::iter::once(&v.def).chain(&v.uses) {
            let l = match *s {
                Slot::Fixed(l) => l,
                Slot::Var(y) => input[y],
            };
            if !list.contains(&l) {
                list.push(l);
            }
        }
    }
    (0..vars)
        .map(|x| {
            let root = u.find(x);
            per_root
                .get(&root)
                .cloned()
                .unwrap_or_else(|| vec![input[x]])
        })
        .collect()
}

fn components(p: &Problem) -> Vec<Component> {
    let mut u = VarUnion::of(p.candidates.len(), &p.values);
    let n = p.candidates.len();
    let mut index: HashMap<usize, usize> = HashMap::new();
    let mut out: Vec<Component> = Vec::new();
    for (k, v) in p.values.iter().enumerate() {
        let mut first = true;
        for x in slot_vars(v).collect::<Vec<_>>() {
            let root = u.find(x);
            let c = *index.entry(root).or_insert_with(|| {
                out.push(Component {
                    vars: Vec::new(),
                    values: Vec::new(),
                });
                out.len() - 1
            });
            if !out[c].vars.contains(&x) {
                out[c].vars.push(x);
            }
            if first {
                out[c].values.push(k);
                first = false;
            }
        }
    }
    // A variable no value mentions is its own component.
    for x in 0..n {
        if !out.iter().any(|c| c.vars.contains(&x)) {
            out.push(Component {
                vars: vec![x],
                values: Vec::new(),
            });
        }
    }
    out
}

fn resolve(s: Slot, a: &[Option<usize>]) -> Option<usize> {
    match s {
        Slot::Fixed(l) => Some(l),
        Slot::Var(i) => a[i],
    }
}

/// `lb(v)` under the partial assignment `a` (exact when every slot of `v` is assigned);
/// None when no completion of `a` can serve `v`.
fn edge_bound(p: &Problem, v: &ValueSlots, a: &[Option<usize>], costs: &mut Costs) -> Option<Cost> {
    let defs: Vec<usize> = match resolve(v.def, a) {
        Some(d) => vec![d],
        None => match v.def {
            Slot::Var(i) => p.candidates[i].clone(),
            Slot::Fixed(_) => unreachable!("a fixed slot resolves"),
        },
    };
    let mut assigned: Vec<usize> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for &u in &v.uses {
        match (resolve(u, a), u) {
            (Some(l), _) => {
                if !assigned.contains(&l) {
                    assigned.push(l)
                }
            }
            (None, Slot::Var(i)) => open.push(i),
            (None, Slot::Fixed(_)) => unreachable!("a fixed slot resolves"),
        }
    }
    let mut best: Option<u64> = None;
    'def: for d in defs {
        let mut units: u64 = 0;
        for &l in &assigned {
            match costs.get(v.class, d, l) {
                Some(c) => units = units.saturating_add(c),
                None => continue 'def,
            }
        }
        let mut extra: u64 = 0;
        for &i in &open {
            let mut cheapest: Option<u64> = None;
            for &l in &p.candidates[i] {
                let c = if l == d || assigned.contains(&l) {
                    Some(0)
                } else {
                    costs.get(v.class, d, l)
                };
                if let Some(c) = c {
                    cheapest = Some(cheapest.map_or(c, |b: u64| b.min(c)));
                }
            }
            match cheapest {
                Some(c) => extra = extra.max(c),
                None => continue 'def,
            }
        }
        let total = units.saturating_add(extra);
        best = Some(best.map_or(total, |b| b.min(total)));
    }
    best.map(|u| Cost::scaled(u, v.weight))
}

/// Branch and bound over one component. `lbs[k]` is `lb` of the component's `k`-th value
/// under the partial assignment `a`, `total` their sum; assigning a variable recomputes only
/// the values that mention it (`touch`).
struct Search<'p, 'c, 'o> {
    p: &'p Problem,
    comp: &'p Component,
    costs: &'c mut Costs<'o>,
    a: Vec<Option<usize>>,
    touch: Vec<Vec<usize>>,
    lbs: Vec<Cost>,
    total: Cost,
    best: Option<(Cost, Vec<usize>)>,
    frontier: Option<Cost>,
    nodes: u64,
}

impl Search<'_, '_, '_> {
    /// The bound of every value from scratch (None: no completion is feasible).
    fn reset(&mut self) -> Option<()> {
        self.total = Cost::ZERO;
        for k in 0..self.comp.values.len() {
            let lb = edge_bound(
                self.p,
                &self.p.values[self.comp.values[k]],
                &self.a,
                self.costs,
            )?;
            self.lbs[k] = lb;
            self.total = self.total.add(lb);
        }
        Some(())
    }

    /// The bounds after setting variable `depth` to `l`: the touched values' new bounds and
    /// the new total (None: infeasible).
    fn try_assign(&mut self, depth: usize, l: Option<usize>) -> Option<(Vec<Cost>, Cost)> {
        let x = self.comp.vars[depth];
        self.a[x] = l;
        let mut total = self.total;
        let mut fresh = Vec::with_capacity(self.touch[depth].len());
        for &k in &self.touch[depth] {
            let lb = edge_bound(
                self.p,
                &self.p.values[self.comp.values[k]],
                &self.a,
                self.costs,
            );
            let Some(lb) = lb else {
                return None;
            };
            total = total.sub(self.lbs[k]).add(lb);
            fresh.push(lb);
        }
        Some((fresh, total))
    }

    fn set(&mut self, depth: usize, fresh: &[Cost], total: Cost) {
        for (&k, &lb) in self.touch[depth].iter().zip(fresh) {
            self.lbs[k] = lb;
        }
        self.total = total;
    }

    /// Improve the incumbent by single-variable moves until none helps (at most
    /// [`MAX_SWEEPS`] sweeps): every move keeps a complete, feasible assignment.
    fn descend(&mut self) {
        let Some((_, layouts)) = self.best.clone() else {
            return;
        };
        for (&x, &l) in self.comp.vars.iter().zip(&layouts) {
            self.a[x] = Some(l);
        }
        if self.reset().is_none() {
            return;
        }
        for _ in 0..MAX_SWEEPS {
            let mut moved = false;
            for depth in 0..self.comp.vars.len() {
                let x = self.comp.vars[depth];
                let current = self.a[x];
                for &l in &self.p.candidates[x].clone() {
                    if Some(l) == current {
                        continue;
                    }
                    match self.try_assign(depth, Some(l)) {
                        Some((fresh, total)) if total < self.total => {
                            self.set(depth, &fresh, total);
                            moved = true;
                            break;
                        }
                        _ => self.a[x] = current,
                    }
                }
            }
            if !moved {
                break;
            }
        }
        if self.improves(self.total) {
            let layouts = self.comp.vars.iter().map(|&x| self.a[x].unwrap()).collect();
            self.best = Some((self.total, layouts));
        }
    }

    fn improves(&self, c: Cost) -> bool {
        self.best.as_ref().map_or(true, |(b, _)| c < *b)
    }

    fn dfs(&mut self, depth: usize) {
        if depth == self.comp.vars.len() {
            // Every slot is assigned: the bound is the exact cost.
            if self.improves(self.total) {
                let layouts = self.comp.vars.iter().map(|&x| self.a[x].unwrap()).collect();
                self.best = Some((self.total, layouts));
            }
            return;
        }
        let x = self.comp.vars[depth];
        let mut children: Vec<(Cost, usize, usize)> = Vec::new();
        for (order, &l) in self.p.candidates[x].iter().enumerate() {
            if let Some((_, b)) = self.try_assign(depth, Some(l)) {
                children.push((b, order, l));
            }
        }
        self.a[x] = None;
        children.sort();
        let saved: Vec<Cost> = self.touch[depth].iter().map(|&k| self.lbs[k]).collect();
        let saved_total = self.total;
        for (b, _, l) in children {
            if !self.improves(b) {
                break;
            }
            if self.nodes >= MAX_NODES {
                self.frontier = Some(self.frontier.map_or(b, |f| f.min(b)));
                continue;
            }
            self.nodes += 1;
            let (fresh, total) = self
                .try_assign(depth, Some(l))
                .expect("a child kept for its bound is feasible");
            self.set(depth, &fresh, total);
            self.dfs(depth + 1);
            self.a[x] = None;
            self.set(depth, &saved, saved_total);
        }
    }
}

fn solve_component(
    p: &Problem,
    comp: &Component,
    costs: &mut Costs,
) -> Result<Assignment, AssignError> {
    let touch = comp
        .vars
        .iter()
        .map(|&x| {
            (0..comp.values.len())
                .filter(|&k| slot_vars(&p.values[comp.values[k]]).any(|y| y == x))
                .collect()
        })
        .collect();
    let mut s = Search {
        p,
        comp,
        costs,
        a: vec![None; p.candidates.len()],
        touch,
        lbs: vec![Cost::ZERO; comp.values.len()],
        total: Cost::ZERO,
        best: None,
        frontier: None,
        nodes: 0,
    };
    // First incumbents: every variable in one layout (its first candidate when it cannot).
    let mut uniform: Vec<usize> = Vec::new();
    for &x in &comp.vars {
        for &l in &p.candidates[x] {
            if !uniform.contains(&l) {
                uniform.push(l);
            }
        }
    }
    for l in uniform {
        for &x in &comp.vars {
            let c = &p.candidates[x];
            s.a[x] = Some(if c.contains(&l) { l } else { c[0] });
        }
        if s.reset().is_some() && s.improves(s.total) {
            let layouts = comp.vars.iter().map(|&x| s.a[x].unwrap()).collect();
            s.best = Some((s.total, layouts));
        }
    }
    s.descend();
    for &x in &comp.vars {
        s.a[x] = None;
    }
    if s.reset().is_some() {
        s.dfs(0);
    }
    let (frontier, nodes) = (s.frontier, s.nodes);
    let Some((cost, layouts)) = s.best else {
        return Err(infeasible(s.costs));
    };
    let lower_bound = frontier.map_or(cost, |f| f.min(cost));
    Ok(Assignment {
        layouts,
        cost,
        lower_bound,
        optimal: lower_bound == cost,
        nodes,
    })
}
