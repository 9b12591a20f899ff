//! `make bench` op-count report: every layout of the oracle corpus and of the bit-field corpus
//! (`layout_lowering_harness::bitfield_corpus`) applied to a linear index, lowered by `lower-to-index`
//! (the pass, then upstream canonicalize and cse); the arith ops (arith.constant not counted)
//! against
//! - the bound 4 x non-trivial modes after coalescing (+3 per swizzle, +1 per composition
//!   offset), and
//! - the baseline: the counts of the lowering before the bit-field rules (issue 15), kept in
//!   `bench/op_count_baseline.tsv` (label, ops, layout text).
//!
//! Prints the before/after totals per layout class, the distributions and the worst cases.
//! Exit status 1 if a layout is above its bound or above its baseline count.
//!
//! Usage: lowering-op-count [--oracle FILE] [--baseline FILE] [--write-baseline FILE]

use std::collections::{BTreeMap, HashMap};

use layout_algebra::ops::coalesce::coalesce;
use layout_algebra::{Func, Int};
use layout_lowering_harness::bitfield_corpus;
use layout_lowering_harness::harness::{self, Case, Query};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

struct Args {
    oracle: std::path::PathBuf,
    baseline: std::path::PathBuf,
    write_baseline: Option<std::path::PathBuf>,
}

fn args() -> Result<Args, String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut a = Args {
        oracle: harness::oracle_path(),
        baseline: root.join("bench/op_count_baseline.tsv"),
        write_baseline: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{x} needs a value"));
        match x.as_str() {
            "--oracle" => a.oracle = val()?.into(),
            "--baseline" => a.baseline = val()?.into(),
            "--write-baseline" => a.write_baseline = Some(val()?.into()),
            // The historical form: the oracle file as the only argument.
            p if !p.starts_with("--") => a.oracle = p.into(),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(a)
}

/// The class of a layout in the report.
fn class(f: &Func) -> &'static str {
    match f {
        Func::Swizzle(_) => "swizzled",
        Func::Composed(c) => {
            if matches!(c.outer, Func::Swizzle(_)) || matches!(c.inner, Func::Swizzle(_)) {
                "swizzled"
            } else {
                "composed"
            }
        }
        Func::Layout(l) => {
            let Ok(c) = coalesce(l) else {
                return "plain, other";
            };
            let modes: Vec<(i64, i64)> = c
                .leaf_modes()
                .iter()
                .filter_map(|(s, d)| match (s, &d.coef) {
                    (Int::Lit(s), Int::Lit(v)) if d.basis.is_empty() => Some((*s, *v)),
                    _ => None,
                })
                .filter(|(s, _)| *s != 1)
                .collect();
            let pow2 = |v: i64| v > 0 && v & (v - 1) == 0;
            let all_pow2 = modes.iter().all(|(s, d)| pow2(*s) && (*d == 0 || pow2(*d)));
            let has_zero = modes.iter().any(|(_, d)| *d == 0);
            match (all_pow2, has_zero) {
                (true, true) => "plain, powers of two, stride-0 modes",
                (true, false) => "plain, powers of two",
                (false, true) => "plain, other extents, stride-0 modes",
                (false, false) => "plain, other extents or strides",
            }
        }
    }
}

/// One layout of the report.
struct Row {
    label: String,
    text: String,
    class: &'static str,
    ops: usize,
    bound: usize,
    modes: usize,
    consts: usize,
    before: Option<usize>,
    func: String,
}

/// The baseline file: `label<TAB>ops<TAB>text` per line; `#` lines are comments.
fn read_baseline(path: &std::path::Path) -> Result<HashMap<String, usize>, String> {
    let data = match std::fs::read_to_string(path) {
        Ok(d) => d,
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut out = HashMap::new();
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.splitn(3, '\t');
        let (Some(_label), Some(ops), Some(text)) = (f.next(), f.next(), f.next()) else {
            return Err(format!(
                "{}:{}: expected label, ops, text",
                path.display(),
                n + 1
            ));
        };
        let ops: usize = ops
            .parse()
            .map_err(|_| format!("{}:{}: bad op count '{ops}'", path.display(), n + 1))?;
        out.insert(text.to_string(), ops);
    }
    Ok(out)
}

fn run() -> Result<(), String> {
    let a = args()?;
    let mut layouts = harness::oracle_layouts(&a.oracle)?;
    layouts.extend(bitfield_corpus::layouts());
    let mut cases = Vec::new();
    for (label, text) in &layouts {
        cases.push(Case::fixed(label.clone(), text)?);
    }
    let ctx = harness::context();
    let funcs: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| harness::func_ir(&format!("f{i}"), c, Query::Linear))
        .collect();
    let mut m = harness::module(&ctx, &funcs)?;
    harness::lower(&ctx, &mut m)?;
    let counts = harness::op_counts(&m);
    let baseline = if a.write_baseline.is_some() {
        HashMap::new()
    } else {
        read_baseline(&a.baseline)?
    };

    let mut rows = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let name = format!("f{i}");
        let (ops, consts, other) = counts[&name];
        if other != 0 {
            return Err(format!(
                "{}: {} non-arith ops left after lowering",
                c.label, other
            ));
        }
        let (modes, bound) = harness::op_bound(&c.func)?;
        rows.push(Row {
            label: c.label.clone(),
            text: c.text.clone(),
            class: class(&c.func),
            ops,
            bound,
            modes,
            consts,
            before: baseline.get(&c.text).copied(),
            func: name,
        });
    }

    if let Some(path) = &a.write_baseline {
        let mut out = String::from(
            "# Op counts of lower-to-index before the bit-field rules (issue 15): label, arith ops\n\
             # (arith.constant not counted) of crd2idx with a linear index, layout text.\n\
             # Written by `lowering-op-count --write-baseline`; read by bench/op_count.sh.\n",
        );
        for r in &rows {
            out.push_str(&format!("{}\t{}\t{}\n", r.label, r.ops, r.text));
        }
        std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {} counts to {}", rows.len(), path.display());
        return Ok(());
    }
    report(&a, &rows, &m)
}

fn report(a: &Args, rows: &[Row], m: &melior::ir::Module) -> Result<(), String> {
    let n = rows.len();
    let above = rows.iter().filter(|r| r.ops > r.bound).count();
    let at_or_below = n - above;
    let equal = rows.iter().filter(|r| r.ops == r.bound).count();
    let total_ops: usize = rows.iter().map(|r| r.ops).sum();
    let total_bound: usize = rows.iter().map(|r| r.bound).sum();
    println!(
        "op-count report: {} layouts ({} and the bit-field corpus)",
        n,
        a.oracle.display()
    );
    println!("  pipeline: layout-lower-to-index (no canonicalize/cse after it); counted: arith ops except arith.constant");
    println!(
        "  bound: 4 x non-trivial modes of coalesce(L) (+3 per swizzle, +1 per composition offset)"
    );
    println!("  at or below the bound: {at_or_below}/{n} ({:.1}%), equal: {equal}, below: {}, above: {above}",
        100.0 * at_or_below as f64 / n as f64, at_or_below - equal);
    println!(
        "  total ops {total_ops} vs total bound {total_bound} ({:.1}% of the bound)",
        100.0 * total_ops as f64 / total_bound.max(1) as f64
    );
    println!(
        "  constants materialized (not counted): {}",
        rows.iter().map(|r| r.consts).sum::<usize>()
    );

    // Before/after per class, against the baseline.
    println!(
        "\n  before (baseline {}) / after, per layout class:",
        a.baseline.display()
    );
    println!(
        "    {:<40} {:>7} {:>8} {:>8} {:>6} {:>9} {:>7} {:>6}",
        "class", "layouts", "before", "after", "change", "improved", "equal", "worse"
    );
    let mut classes: BTreeMap<&str, (usize, usize, usize, usize, usize, usize)> = BTreeMap::new();
    let mut missing = 0;
    for r in rows {
        let Some(b) = r.before else {
            missing += 1;
            continue;
        };
        let e = classes.entry(r.class).or_default();
        e.0 += 1;
        e.1 += b;
        e.2 += r.ops;
        e.3 += (r.ops < b) as usize;
        e.4 += (r.ops == b) as usize;
        e.5 += (r.ops > b) as usize;
    }
    let mut total = (0, 0, 0, 0, 0, 0);
    let pct = |b: usize, x: usize| {
        if b == 0 {
            0.0
        } else {
            100.0 * (x as f64 - b as f64) / b as f64
        }
    };
    for (c, e) in &classes {
        println!(
            "    {:<40} {:>7} {:>8} {:>8} {:>5.1}% {:>9} {:>7} {:>6}",
            c,
            e.0,
            e.1,
            e.2,
            pct(e.1, e.2),
            e.3,
            e.4,
            e.5
        );
        total = (
            total.0 + e.0,
            total.1 + e.1,
            total.2 + e.2,
            total.3 + e.3,
            total.4 + e.4,
            total.5 + e.5,
        );
    }
    println!(
        "    {:<40} {:>7} {:>8} {:>8} {:>5.1}% {:>9} {:>7} {:>6}",
        "total",
        total.0,
        total.1,
        total.2,
        pct(total.1, total.2),
        total.3,
        total.4,
        total.5
    );
    if missing > 0 {
        println!("    ({missing} layouts have no baseline count)");
    }
    let mut gains: Vec<&Row> = rows
        .iter()
        .filter(|r| r.before.is_some_and(|b| r.ops < b))
        .collect();
    gains.sort_by_key(|r| std::cmp::Reverse(r.before.unwrap_or(0) - r.ops));
    println!("\n  largest reductions (before -> after):");
    for r in gains.iter().take(12) {
        println!(
            "    {:>3} -> {:<3} {:<12} {}",
            r.before.unwrap_or(0),
            r.ops,
            r.label,
            r.text
        );
    }

    println!("\n  distribution of ops - bound:");
    let mut hist = BTreeMap::new();
    for r in rows {
        *hist.entry(r.ops as i64 - r.bound as i64).or_insert(0usize) += 1;
    }
    for (d, k) in &hist {
        println!("    {d:>4}: {k:>5} {}", "#".repeat((k * 60).div_ceil(n)));
    }
    println!("\n  distribution of ops per non-trivial mode (layouts with >= 1 mode):");
    let mut per = BTreeMap::new();
    for r in rows.iter().filter(|r| r.modes > 0) {
        let b = ((r.ops as f64 / r.modes as f64) * 2.0).floor() / 2.0;
        *per.entry(format!("{b:.1}")).or_insert(0usize) += 1;
    }
    for (b, k) in &per {
        println!("    [{b}, +0.5): {k:>5}");
    }
    let mut worst: Vec<&Row> = rows.iter().collect();
    worst.sort_by(|a, b| {
        let ra = a.ops as f64 / a.bound.max(1) as f64;
        let rb = b.ops as f64 / b.bound.max(1) as f64;
        rb.partial_cmp(&ra).unwrap().then(b.ops.cmp(&a.ops))
    });
    println!("\n  worst cases (ops / bound):");
    for r in worst.iter().take(10) {
        println!(
            "    {:>3} / {:<3} {:<12} {}",
            r.ops, r.bound, r.label, r.text
        );
    }
    if let Some(r) = worst.first() {
        println!(
            "\n  IR of the worst case ({}):\n{}",
            r.label,
            harness::func_text(m, &r.func)
        );
    }
    let worse: Vec<&Row> = rows
        .iter()
        .filter(|r| r.before.is_some_and(|b| r.ops > b))
        .collect();
    for r in &worse {
        eprintln!(
            "above the baseline: {} {}: {} ops, {} before",
            r.label,
            r.text,
            r.ops,
            r.before.unwrap_or(0)
        );
    }
    if above > 0 || !worse.is_empty() {
        return Err(format!(
            "{above} layouts above the bound, {} above their baseline count",
            worse.len()
        ));
    }
    Ok(())
}
