//! `layout` against current CuTe C++ (CUTLASS 7107b05, compiled on the host) on the seeded
//! random corpus tests/data/oracle/cute_cpp_v4_corpus.jsonl (bench/cute_cpp/gen.py; README
//! there and in tests/data/oracle).
//!
//! Each row holds C++'s printed answer (or "C++ rejects": a static_assert or a runtime
//! assert) and the check of that answer against the operation's contract ("ok", "broken: ...",
//! or "n/a" where the contract is not checkable by evaluation, e.g. basis-valued images).
//!
//! - C++ answers within its contract (or n/a): ours agrees when the text is identical or the
//!   shape and the function table are the same. The agreement figure is printed; the test
//!   fails when it drops below `MIN_AGREEMENT` (set from the branch point, to be raised as the
//!   algebra fixes of issue 16 land) or when a case of `cute_cpp_v4_must_agree.txt` (every
//!   case that agreed at the branch point) stops agreeing.
//! - C++'s answer breaks its contract: ours must be an error (or a result within the contract,
//!   which bench/cute_cpp/compare.py checks); the number of such cases we answer with C++'s
//!   own broken result must not grow past `MAX_BROKEN_COPIED`.
//! - C++ rejects: reported (ours may extend C++ where CuTe IR defines the op, issue 16 item 3).
//! - `KNOWN_DIFFERENCES`: cases excluded from the figure, each with its reason.

use super::{agrees, id_list, oracle_dir, run};
use serde_json::Value as Json;
use std::collections::BTreeMap;

/// Agreement (identical or same shape and function) on cases where C++ answers within its
/// contract: 1941/2593 = 74.86% at the branch point of issue 16's work (main @ 67f8200,
/// 2026-11-23); 2574/2593 = 99.27% after the tiler/basis/contracts merges (the 15 missed
/// are divides by a tiler that does not divide where C++'s composition step breaks
/// R(c) = A((T, C)(c)), which we refuse, docs/algebra.md). The target of issue 16 is 99.5%.
const MIN_AGREEMENT: f64 = 0.99;

/// Cases where C++'s answer breaks its contract and we return that same answer: 3 at the
/// branch point (complement((4,2):(5,32), 128) reaches cosize 116 < 128; a composition and a
/// zipped_divide of scaled-basis layouts read past A's domain differently from A extended
/// along its last mode).
/// 0 after the contracts and basis merges.
const MAX_BROKEN_COPIED: usize = 0;

/// Cases left out of the agreement figure, with the reason. Kept short: a disagreement that
/// is a bug of ours is not listed here, it is a failure to fix. Empty at the branch point:
/// every disagreement found is either routed to a fix (issue 16) or a C++ answer that breaks
/// its contract (counted apart above).
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

struct Row {
    id: String,
    op: String,
    args: Vec<String>,
    cpp: Result<String, String>,
    contract: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(oracle_dir().join("cute_cpp_v4_corpus.jsonl"))
        .expect("tests/data/oracle/cute_cpp_v4_corpus.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let j: Json = serde_json::from_str(line).expect("corpus line is JSON");
            let cpp = match j["cpp"].get("result").and_then(|r| r.as_str()) {
                Some(r) => Ok(r.to_string()),
                None => Err(j["cpp"]["message"].as_str().unwrap_or("").to_string()),
            };
            Row {
                id: j["id"].as_str().unwrap().to_string(),
                op: j["op"].as_str().unwrap().to_string(),
                args: j["args"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap().to_string())
                    .collect(),
                cpp,
                contract: j["contract"].as_str().unwrap().to_string(),
            }
        })
        .collect()
}

#[derive(Default)]
struct OpTally {
    agree: usize,
    differ: usize,
    missed: usize,
    broken_rejected: usize,
    broken_copied: usize,
    broken_other: usize,
    both_reject: usize,
    we_extend: usize,
}

#[test]
fn cute_cpp_v4_corpus() {
    let known: BTreeMap<&str, &str> = KNOWN_DIFFERENCES.iter().copied().collect();
    let mut per_op: BTreeMap<String, OpTally> = BTreeMap::new();
    let mut agreeing = Vec::new();
    let mut failures = Vec::new();
    for row in rows() {
        let args: Vec<&str> = row.args.iter().map(String::as_str).collect();
        let ours = run(&row.op, &args);
        let t = per_op.entry(row.op.clone()).or_default();
        let show = |ours: &Result<String, String>| {
            format!(
                "{} {}({}): C++ {:?}, ours {:?}",
                row.id,
                row.op,
                row.args.join(", "),
                row.cpp,
                ours
            )
        };
        match (&row.cpp, row.contract.starts_with("broken")) {
            (Ok(theirs), false) => {
                if known.contains_key(row.id.as_str()) {
                    continue;
                }
                match &ours {
                    Ok(o) if agrees(o, theirs) => {
                        t.agree += 1;
                        agreeing.push(row.id.clone());
                    }
                    Ok(_) => {
                        t.differ += 1;
                        failures.push(show(&ours));
                    }
                    Err(_) => {
                        t.missed += 1;
                        failures.push(show(&ours));
                    }
                }
            }
            (Ok(theirs), true) => match &ours {
                Err(_) => t.broken_rejected += 1,
                Ok(o) if o == theirs => {
                    t.broken_copied += 1;
                    failures.push(format!("{} [C++ {}]", show(&ours), row.contract));
                }
                Ok(_) => t.broken_other += 1,
            },
            (Err(_), _) => match ours {
                Err(_) => t.both_reject += 1,
                Ok(_) => t.we_extend += 1,
            },
        }
    }
    let mut total = OpTally::default();
    eprintln!(
        "{:<16} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "op", "agree", "differ", "missed", "brk-rej", "brk-copy", "brk-oth", "both-rej", "extend"
    );
    for (op, t) in &per_op {
        eprintln!(
            "{:<16} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8}",
            op,
            t.agree,
            t.differ,
            t.missed,
            t.broken_rejected,
            t.broken_copied,
            t.broken_other,
            t.both_reject,
            t.we_extend
        );
        total.agree += t.agree;
        total.differ += t.differ;
        total.missed += t.missed;
        total.broken_copied += t.broken_copied;
    }
    let base = total.agree + total.differ + total.missed;
    let rate = total.agree as f64 / base.max(1) as f64;
    eprintln!(
        "cute_cpp_v4: agreement {}/{} = {:.2}% (missed {}), C++ contract-broken answers copied {}",
        total.agree,
        base,
        100.0 * rate,
        total.missed,
        total.broken_copied
    );
    for f in failures.iter().take(40) {
        eprintln!("  {f}");
    }
    id_list::write_if_asked(
        "CUTE_CPP_V4_WRITE_MUST_AGREE",
        "# Cases of cute_cpp_v4_corpus.jsonl on which `layout` agreed with CuTe C++ when this\n\
         # list was written (the branch point of issue 16's algebra work); each must keep\n\
         # agreeing. Regenerate with CUTE_CPP_V4_WRITE_MUST_AGREE=<path>.\n",
        &agreeing,
    );
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let must = id_list::read(&here.join("tests/oracle/cute_cpp_v4_must_agree.txt"));
    id_list::assert_kept("must-agree CuTe C++ cases", &must, &agreeing);
    assert!(
        rate >= MIN_AGREEMENT,
        "agreement with CuTe C++ {:.2}% < {:.2}%",
        100.0 * rate,
        100.0 * MIN_AGREEMENT
    );
    assert!(
        total.broken_copied <= MAX_BROKEN_COPIED,
        "{} C++ answers that break their contract are returned as they are (at most {})",
        total.broken_copied,
        MAX_BROKEN_COPIED
    );
}
