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
        root: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."),
        ptxas: None,
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

/// The kernel target's seeds: the examples and the NVVM lit inputs, each with its pipeline
/// (the chip of its own `--lower-to-nvvm` line), none of them flagged by the thread oracle.
#[test]
fn kernel_seeds_and_their_pipelines() {
    use layout_fuzz::targets::kernel::{chip_of, seeds, Plan};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let s = seeds(&root);
    let by = |n: &str| s.iter().find(|x| x.name == n).map(|x| x.plan.clone());
    assert!(s.len() >= 20, "{} seeds", s.len());
    assert!(s.iter().all(|x| !x.name.ends_with("_errors.mlir")));
    assert!(s
        .iter()
        .all(|x| !x.name.contains("embed") && !x.name.contains("lego")));
    match by("examples/gemm_sm100.mlir") {
        Some(Plan::Nvvm { options, .. }) => {
            assert_eq!(chip_of(&options), "sm_100a");
            assert!(options.contains("features=+ptx86") && !options.contains("ptx="));
        }
        p => panic!("{p:?}"),
    }
    match by("examples/gemm_sm90.mlir") {
        Some(Plan::Nvvm { options, pre }) => {
            assert_eq!(chip_of(&options), "sm_90a");
            assert!(pre.is_empty());
        }
        p => panic!("{p:?}"),
    }
    match by("tests/lit/nvvm/mma.mlir") {
        Some(Plan::Nvvm { pre, .. }) => assert_eq!(pre, vec!["--layout-assign-layouts"]),
        p => panic!("{p:?}"),
    }
    // No gpu.module: the lowering pass of its RUN line, no ptxas.
    match by("tests/lit/nvvm/wgmma.mlir") {
        Some(Plan::Flags(f)) => assert!(f.iter().any(|w| w == "--layout-lower-to-nvvm")),
        p => panic!("{p:?}"),
    }
    // Only RUN lines over an example: not a seed of its own.
    assert!(by("tests/lit/nvvm/example_gemm_sm90.mlir").is_none());
    for x in &s {
        assert_eq!(
            layout_fuzz::kernel_oracle::thread_shortfall(&x.text),
            None,
            "{}",
            x.name
        );
    }
}

/// Each kernel mutator does what it says on inputs it applies to, and keeps its hands off
/// identifiers (`%c0`, `@smem_a`, `sm_90a`).
#[test]
fn kernel_mutators() {
    use layout_fuzz::kernel_mutate::*;
    let text = "\
#acc = #layout.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [1, 0]], warp = [[16, 0], [32, 0]], block = []}>
gpu.module @k attributes {layout.sm = 90 : i64} {
  llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>
  gpu.func @f(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %v = llvm.bitcast %w : vector<4xi32> to vector<4xf32>
    %a = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
    %b = layout.const #layout.layout<(8,64):(1,8)>
    %t = arith.constant dense<0.0> : tensor<64x32xf16, #acc>
    scf.if %q {
      layout.global_store %t, %g[] {align = 16 : i64} : tensor<64x32xf16, #acc>, !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
    }
    nvvm.barrier0
    gpu.return
  }
}
";
    let mut r = layout_fuzz::rng::Rng::new(7);
    // Integers: never one inside an identifier.
    let ints: Vec<&str> = integers(text).iter().map(|&(a, b)| &text[a..b]).collect();
    assert!(ints.contains(&"64") && ints.contains(&"128") && ints.contains(&"16"));
    assert!(integers("%c0 @smem_a sm_90a f16 %arg1 bf16 0.0").is_empty());
    assert_eq!(
        integers("tensor<64x32xf16>")
            .iter()
            .map(|&(a, b)| &"tensor<64x32xf16>"[a..b])
            .collect::<Vec<_>>(),
        vec!["64", "32"]
    );
    // Of the input's own LLVM ops, only a global's size changes.
    let mut sized = false;
    for _ in 0..300 {
        let t = tweak_integer(&mut r, text).unwrap();
        assert!(t.contains("%c0 ") && t.contains("gpu.func @f("));
        assert!(
            t.contains("{addr_space = 3 : i32, alignment = 16 : i64}"),
            "{t}"
        );
        assert!(t.contains("vector<4xi32> to vector<4xf32>"), "{t}");
        sized |= !t.contains("!llvm.array<8192 x i8>");
    }
    assert!(sized);
    // Element types: every use, or one.
    let mut swapped_all = false;
    for _ in 0..200 {
        let t = swap_element_type(&mut r, text).unwrap();
        let n16 = t.matches("xf16").count() + t.matches("<f16").count();
        assert!(n16 < 3, "{t}");
        swapped_all |= n16 == 0;
        assert!(t.contains("layout.sm = 90"));
        assert!(t.contains("vector<4xi32> to vector<4xf32>"), "{t}");
    }
    assert!(swapped_all);
    // Layouts of one op kind trade places.
    let t = swap_layouts(&mut r, text).unwrap();
    assert!(
        t.contains("%a = layout.const #layout.layout<(8,64):(1,8)>"),
        "{t}"
    );
    assert!(t.contains("%b = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>"));
    // Swizzles get new parameters, nothing else changes.
    for _ in 0..50 {
        let t = swizzle(&mut r, text).unwrap();
        assert!(t.contains("o 0 o (8,64):(64,1)>") && !t.contains("Sw<3,4,3>") || t == text);
    }
    // Linear bases: still a linear layout with the same number of warp bases.
    for _ in 0..50 {
        let t = linear_basis(&mut r, text).unwrap();
        let body = &t[t.find("#layout.linear<").unwrap()..];
        assert_eq!(layout_fuzz::kernel_oracle::warp_bases(body), Some(2), "{t}");
    }
    // Op lines without results: dropped or repeated, others untouched.
    for _ in 0..50 {
        let t = drop_or_dup_op(&mut r, text).unwrap();
        let d = t.lines().count() as i64 - text.lines().count() as i64;
        assert!(d == 1 || d == -1);
        assert!(t.contains("%a = layout.const") && t.contains("gpu.return"));
    }
    // The scf.if goes, its body stays.
    let t = unwrap_if(&mut r, text).unwrap();
    assert!(!t.contains("scf.if") && t.contains("layout.global_store"));
    assert_eq!(t.matches('}').count() + 1, text.matches('}').count());
    // An attribute entry goes.
    let t = drop_attr_entry(&mut r, text).unwrap();
    assert!(t.contains("layout.global_store %t, %g[] : tensor"), "{t}");
    // Operands trade places.
    let t = swap_operands(&mut r, text).unwrap();
    assert!(t.contains("layout.global_store %g, %t[]"), "{t}");
    // An index operand becomes a constant defined just before the op.
    let k = "    %s = layout.slice_tensor %sA[%kt] {modes = array<i64: 2>} : !a -> !b\n";
    let t = constant_coordinate(&mut r, k).unwrap();
    let (def, op) = t.split_once('\n').unwrap();
    let name = def.trim().split(' ').next().unwrap();
    assert!(
        name.starts_with("%fuzz_c") && def.starts_with("    %fuzz_c"),
        "{t}"
    );
    assert!(
        def.contains(" = arith.constant ") && def.ends_with(" : index"),
        "{t}"
    );
    assert_eq!(
        op.trim_end(),
        format!("    %s = layout.slice_tensor %sA[{name}] {{modes = array<i64: 2>}} : !a -> !b")
    );
    // Nothing to apply to: None.
    assert!(swizzle(&mut r, "gpu.return").is_none());
    assert!(unwrap_if(&mut r, "gpu.return").is_none());
    assert!(swap_layouts(&mut r, "gpu.return").is_none());
    // mutate_kernel changes the text (almost always) and never panics.
    let changed = (0..300)
        .filter(|_| mutate_kernel(&mut r, text) != text)
        .count();
    assert!(changed > 250, "{changed}");
}

/// The kernel target's diagnostics oracle: errors of layout ops and of the input's own ops are
/// precise, others (an op the lowering made, a failed legalization) are not; the thread oracle
/// flags a kernel whose block is smaller than a register layout's warps.
#[test]
fn kernel_oracles() {
    use layout_fuzz::kernel_oracle::*;
    let input =
        "nvvm.tcgen05.alloc %slot, %n : !llvm.ptr<3>, i32\n%d = layout.mma %a, %b, %c : ...\n";
    let e = errors("f.mlir:3:5: error: 'layout.mma' op operand A is f32\nf.mlir:3:5: note: see current operation\n");
    assert_eq!(e, vec!["'layout.mma' op operand A is f32".to_string()]);
    assert!(is_precise(&e[0], input));
    assert!(is_precise(
        "'nvvm.tcgen05.alloc' op is not supported on sm_90a",
        input
    ));
    assert!(!is_precise("'llvm.getelementptr' op type mismatch", input));
    // A layout op the lowering made (a slice's crd2idx) is not the input's.
    assert!(!is_precise(
        "'layout.crd2idx' op crd2idx: coordinate 5 is outside [0, 2)",
        input
    ));
    assert!(!is_precise(
        "failed to legalize operation 'layout.tma_copy' that was explicitly marked illegal",
        input
    ));
    assert!(!is_precise(
        "lower-to-nvvm: no gpu.module to emit PTX for",
        input
    ));
    let k = |bs: i64| {
        format!("#m = #layout.linear<{{register = [[0, 1]], lane = [[0, 2]], warp = [[16, 0], [32, 0]], block = []}}>\n\
gpu.module @k {{\n  gpu.func @f() kernel attributes {{known_block_size = array<i32: {bs}, 1, 1>}} {{\n    %t = arith.constant dense<0.0> : tensor<64x32xf16, #m>\n    gpu.return\n  }}\n}}\n")
    };
    assert_eq!(thread_shortfall(&k(128)), None);
    assert_eq!(thread_shortfall(&k(64)), Some(("f".to_string(), 64, 128)));
    assert_eq!(thread_shortfall(&k(64).replace("#m>", "#other>")), None);
    // No register layout, no TMEM access: nothing to need.
    assert_eq!(thread_shortfall(&k(4).replace("#m>", "#other>")), None);
    // A 128-lane TMEM read needs 128 threads.
    let t = |bs: i64| {
        k(bs).replace(
        "    gpu.return",
        "    %acc = layout.tmem_load %tmem {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>\n    gpu.return",
    ).replace("#m>", "#other>")
    };
    assert_eq!(thread_shortfall(&t(128)), None);
    assert_eq!(thread_shortfall(&t(4)), Some(("f".to_string(), 4, 128)));
    assert_eq!(first_mode_size("((32,2,2),8):((1,1056,64),128)"), Some(128));
    assert_eq!(first_mode_size("128:1"), Some(128));
    assert_eq!(first_mode_size("(16,5):(65536,1)"), Some(16));
}
