//! `make bench` op-count report: every layout of the oracle corpus applied to a linear index,
//! lowered by `lower-to-index` (layout-lower-to-index, canonicalize, cse); the arith ops
//! (arith.constant not counted) against the bound 4 x non-trivial modes after coalescing
//! (+3 per swizzle, +1 per composition offset). Prints the distribution and the worst cases.

use layout_lowering::harness::{self, Case, Query};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let path = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(harness::oracle_path);
    let layouts = harness::oracle_layouts(&path)?;
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

    // (ops, bound, modes, label, text, ir)
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
        rows.push((
            ops,
            bound,
            modes,
            consts,
            c.label.clone(),
            c.text.clone(),
            name,
        ));
    }
    let n = rows.len();
    let above = rows.iter().filter(|r| r.0 > r.1).count();
    let at_or_below = n - above;
    let equal = rows.iter().filter(|r| r.0 == r.1).count();
    let total_ops: usize = rows.iter().map(|r| r.0).sum();
    let total_bound: usize = rows.iter().map(|r| r.1).sum();
    println!("op-count report: {} layouts of {}", n, path.display());
    println!("  pipeline: layout-lower-to-index, canonicalize, cse; counted: arith ops except arith.constant");
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
        rows.iter().map(|r| r.3).sum::<usize>()
    );

    println!("\n  distribution of ops - bound:");
    let mut hist = std::collections::BTreeMap::new();
    for r in &rows {
        *hist.entry(r.0 as i64 - r.1 as i64).or_insert(0usize) += 1;
    }
    for (d, k) in &hist {
        println!("    {d:>4}: {k:>5} {}", "#".repeat((k * 60).div_ceil(n)));
    }
    println!("\n  distribution of ops per non-trivial mode (layouts with >= 1 mode):");
    let mut per = std::collections::BTreeMap::new();
    for r in rows.iter().filter(|r| r.2 > 0) {
        let b = ((r.0 as f64 / r.2 as f64) * 2.0).floor() / 2.0;
        *per.entry(format!("{b:.1}")).or_insert(0usize) += 1;
    }
    for (b, k) in &per {
        println!("    [{b}, +0.5): {k:>5}");
    }
    let mut worst = rows.clone();
    worst.sort_by(|a, b| {
        let ra = a.0 as f64 / a.1.max(1) as f64;
        let rb = b.0 as f64 / b.1.max(1) as f64;
        rb.partial_cmp(&ra).unwrap().then(b.0.cmp(&a.0))
    });
    println!("\n  worst cases (ops / bound):");
    for r in worst.iter().take(10) {
        println!("    {:>3} / {:<3} {:<12} {}", r.0, r.1, r.4, r.5);
    }
    if let Some(r) = worst.first() {
        println!(
            "\n  IR of the worst case ({}):\n{}",
            r.4,
            harness::func_text(&m, &r.6)
        );
    }
    if above > 0 {
        return Err(format!("{above} layouts above the bound"));
    }
    Ok(())
}
