//! The harness itself: its oracles catch broken results (a harness whose checks cannot fail
//! finds nothing), its crash classification of subprocesses is right, and a short seeded run
//! of every in-process target finds nothing on the current algebra.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use layout_algebra::text::parse;
use layout_algebra::{Layout, Value};
use layout_fuzz::driver::{self, Limits, Target};
use layout_fuzz::oracle::{laws, reparses};
use layout_fuzz::targets::opt::{crashed, is_our_frame, layout_bodies, run_flags};
use layout_fuzz::{process, rng::Rng, targets};

fn v(s: &str) -> Value {
    parse(s).unwrap()
}

#[test]
fn oracles_reject_broken_results() {
    // A negative extent prints but does not re-parse (issue 10, row 4: CuTe's
    // left_inverse(4:-1)).
    let tuple = |t: &str| match v(t) {
        Value::Tuple(t) => t,
        _ => unreachable!(),
    };
    let bad = Value::layout(Layout {
        shape: tuple("(-1,4)"),
        stride: tuple("(0,1)").map(&mut |i| layout_algebra::Stride {
            coef: i.clone(),
            basis: vec![],
        }),
    });
    let e = reparses(&bad).unwrap_err();
    assert!(e.contains("(-1,4):(0,1) does not re-parse"), "{e}");
    assert!(reparses(&v("(2,4):(0,1)")).is_ok());
    assert!(reparses(&Value::Json("{\"in_dims\": oops".into())).is_err());
    // composition: R(c) must be A(B(c)) at every point.
    let (a, b) = (v("(4,8):(8,1)"), v("(2,4):(1,2)"));
    let good = layout_algebra::ops::call("composition", &[a.clone(), b.clone()]).unwrap();
    assert!(laws("composition", &[a.clone(), b.clone()], &good).is_ok());
    let e = laws("composition", &[a.clone(), b.clone()], &v("(2,4):(8,2)")).unwrap_err();
    assert!(
        e.starts_with("composition: R(") && e.contains("but A(B("),
        "{e}"
    );
    assert!(laws("composition", &[a, b], &v("4:1"))
        .unwrap_err()
        .contains("size"));
    // inverses, coalesce, size, eval
    let l = v("(4,2):(2,1)");
    assert!(laws("right_inverse", &[l.clone()], &v("(2,4):(4,1)")).is_ok());
    assert!(laws("right_inverse", &[l.clone()], &v("(2,4):(1,2)")).is_err());
    assert!(laws("left_inverse", &[l.clone()], &v("(2,4):(4,1)")).is_ok());
    assert!(laws("left_inverse", &[l.clone()], &v("8:1")).is_err());
    assert!(laws("coalesce", &[l.clone()], &v("8:1")).is_err());
    assert!(laws("size", &[l.clone()], &v("9")).is_err());
    assert!(laws("size", &[l.clone()], &v("8")).is_ok());
    assert!(laws("eval", &[l], &Value::Ints(vec![0, 2, 4, 6, 1, 3, 5, 8])).is_err());
}

/// The printed-text oracle flags a value the parser refuses.
#[test]
fn reparse_oracle_flags_unparsable_text() {
    let deep = format!("{}2{}", "(".repeat(64), ")".repeat(64));
    let t = match v(&deep) {
        Value::Tuple(t) => t,
        _ => unreachable!(),
    };
    let deeper = Value::Tuple(layout_algebra::Tree::Node(vec![t]));
    let e = reparses(&deeper).unwrap_err();
    assert!(e.contains("does not re-parse"), "{e}");
}

#[test]
fn subprocess_crashes_are_classified() {
    let run = |script: &str| {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        process::run(c, b"", Duration::from_secs(10), 1 << 30).unwrap()
    };
    assert!(crashed(&run("exit 0"), "t").is_none());
    assert!(crashed(&run("exit 1"), "t").is_none());
    assert_eq!(crashed(&run("exit 2"), "t").unwrap().kind, "exit");
    assert_eq!(crashed(&run("kill -SEGV $$"), "t").unwrap().kind, "signal");
    assert_eq!(
        crashed(&run("echo 'PLEASE submit a bug report' >&2; exit 1"), "t")
            .unwrap()
            .kind,
        "crash"
    );
    let slow = {
        let mut c = Command::new("sleep");
        c.arg("5");
        process::run(c, b"", Duration::from_millis(200), 1 << 30).unwrap()
    };
    assert!(slow.timed_out);
    assert_eq!(crashed(&slow, "t").unwrap().kind, "timeout");
}

#[test]
fn lit_run_lines_and_attribute_bodies() {
    let text = "// RUN: layout-opt %s --canonicalize | FileCheck %s\n// RUN: layout-opt %s --lower-to-nvvm=\"ptx=%t.ptx\" 2>&1 | FileCheck %s\n%a = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>\n";
    assert_eq!(
        run_flags(text),
        vec![
            vec!["--canonicalize".to_string()],
            vec!["--lower-to-nvvm=ptx=%t.ptx".to_string()]
        ]
    );
    let b = layout_bodies(text);
    assert_eq!(b.len(), 1);
    assert_eq!(&text[b[0].0..b[0].1], "Sw<3,4,3> o 0 o (8,64):(64,1)");
}

/// A short seeded run of each in-process target: many executions, no finding.
#[test]
fn bounded_run_of_the_in_process_targets_finds_nothing() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-test-crashes");
    let limits = Limits::default();
    driver::init(dir, &limits);
    let setup = layout_fuzz::Setup {
        layout: PathBuf::new(),
        layout_opt: PathBuf::new(),
        lit_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/lit"),
        work: std::env::temp_dir(),
    };
    for name in ["parse", "ops", "linear"] {
        let mut t = layout_fuzz::target(name, &setup).unwrap();
        let rep = driver::run(t.as_mut(), 11, Duration::from_secs(4), &limits, false);
        assert!(rep.execs > 500, "{name}: only {} executions", rep.execs);
        assert!(rep.findings.is_empty(), "{name}: {:?}", rep.findings);
    }
    // Generated inputs reach the operations: a good share of them succeed.
    let mut ops = targets::ops::Ops::all();
    let mut r = Rng::new(5);
    let mut ok = 0;
    for _ in 0..2000 {
        let input = ops.input(&mut r);
        let (op, args) = targets::read_request(&input).unwrap();
        if layout_algebra::ops::call_text_at(&op, &args).is_ok() {
            ok += 1;
        }
    }
    assert!(ok > 300, "only {ok} of 2000 generated requests succeed");
}

/// A signal whose stack dump shows only upstream MLIR frames (and the driver's entry) is
/// upstream's own: `llvm.insertvalue %a, %u[140737488355328]` crashes Debian's mlir-opt-22 too.
#[test]
fn stack_frames_of_this_project_are_told_from_upstream_ones() {
    let upstream = " #6 0x000055b2f83b11b1 mlir::LLVM::InsertValueOp::parse(mlir::OpAsmParser&, mlir::OperationState&) (target/debug/layout-opt+0x70f01b1)";
    let driver = "#24 0x000055b2f5ea0481 layout_opt_main /work/tools/layout-opt/cpp/layout_opt_main.cpp:28:32";
    let driver2 = "#26 0x000055b2f5e9f7d0 layout_opt::main::hd556ceec7f194cf7 /work/tools/layout-opt/src/main.rs:5:24";
    let ours = " #9 0x000055b2f5e9f7d0 layout_lowering::lower::crd2idx::h0123 /work/lowering/src/lower.rs:5:24";
    let ours2 = " #9 0x000055b2f5e9f7d0 mlir::layout::LayoutAttr::verify(...) (target/debug/layout-opt+0x1)";
    assert!(!is_our_frame(upstream));
    assert!(!is_our_frame(driver));
    assert!(!is_our_frame(driver2));
    assert!(!is_our_frame(
        "0.	Program arguments: target/debug/layout-opt /tmp/layout-fuzz/in.mlir"
    ));
    assert!(is_our_frame(ours));
    assert!(is_our_frame(ours2));
}
