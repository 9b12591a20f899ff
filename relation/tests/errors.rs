//! Bad input gets a precise error, never a panic or an unbounded computation.

use std::sync::mpsc;
use std::time::Duration;

use layout_relation::isl::{Budget, Ctx, Map};
use layout_relation::ops::{call_text, call_text_with_budget, Answer};
use layout_relation::AnyLayout;

fn err(op: &str, args: &[&str]) -> (String, Option<usize>) {
    match call_text(op, args).expect("a relation op") {
        Ok(a) => panic!("{op}{args:?} succeeded: {a:?}"),
        Err((e, arg)) => (e.to_string(), arg),
    }
}

fn ok(op: &str, args: &[&str]) -> String {
    match call_text(op, args).expect("a relation op") {
        Ok(Answer::Text(t)) | Ok(Answer::Json(t)) => t,
        Err((e, _)) => panic!("{op}{args:?}: {e}"),
    }
}

#[test]
fn dynamic_and_scaled_basis_layouts_are_refused_with_the_leaf() {
    let (m, _) = err("relation", &["(2,?):(1,2)"]);
    assert!(m.contains("leaf 1 has a dynamic extent '?'"), "{m}");
    let (m, _) = err("relation", &["(2,4):(1,?)"]);
    assert!(m.contains("leaf 1 has a dynamic stride '?'"), "{m}");
    let (m, _) = err("relation", &["(2,4):(1@0,1@1)"]);
    assert!(m.contains("scaled-basis stride"), "{m}");
}

#[test]
fn parse_errors_name_the_argument() {
    let (m, arg) = err("equal", &["(4,2):(1,4)", "(2,4:(1,2)"]);
    assert_eq!(arg, Some(1), "{m}");
    assert!(m.starts_with("parse error at byte"), "{m}");
    let (m, arg) = err("from_relation", &["{ [c] -> [c*c] : 0 <= c < 4 }"]);
    assert_eq!(arg, Some(0));
    assert!(m.contains("no product of variables"), "{m}");
    let (m, _) = err("relation", &["(4,2):(1,4)", "natural"]);
    assert!(m.contains("unknown coordinate space 'natural'"), "{m}");
    let (m, _) = err("equal", &["(4,2):(1,4)"]);
    assert!(m.contains("expected 2 to 3 arguments, found 1"), "{m}");
}

#[test]
fn from_relation_says_why_no_layout_exists() {
    // Not a function.
    let (m, _) = err(
        "from_relation",
        &["{ [c] -> [o] : 0 <= c < 4 and c <= o <= c + 1 }"],
    );
    assert!(
        m.contains("not a function: coordinate 0 maps to both 0 and 1"),
        "{m}"
    );
    // Not a box domain.
    let (m, _) = err("from_relation", &["{ [c] -> [c] : 0 <= c < 8 and c != 3 }"]);
    assert!(m.contains("coordinate 3 is missing"), "{m}");
    let (m, _) = err("from_relation", &["{ [c] -> [c] : 2 <= c < 8 }"]);
    assert!(m.contains("starts at 2"), "{m}");
    // Offset 0 must be at coordinate 0.
    let (m, _) = err("from_relation", &["{ [c] -> [c + 1] : 0 <= c < 8 }"]);
    assert!(m.contains("coordinate 0 maps to 1"), "{m}");
    // The paper's shuffle (-3c) mod 16: neither strided nor a layout.
    let (m, _) = err(
        "from_relation",
        &["{ [c] -> [(-3c) mod 16] : 0 <= c < 16 }"],
    );
    assert!(m.contains("no CuTe layout has this relation"), "{m}");
    // A run that does not divide the extent: offsets 0,1,2,3 then 10,11 over 6 coordinates.
    let (m, _) = err(
        "from_relation",
        &["{ [0] -> [0]; [1] -> [1]; [2] -> [2]; [3] -> [3]; [4] -> [10]; [5] -> [11] }"],
    );
    assert!(
        m.contains("1*j for 4 steps, and 4 does not divide the remaining extent 6"),
        "{m}"
    );
    // With a shape: the paper's quasi-affine index mapping over (4,4).
    let h = ok("relation", &["(4,(2,2)):(2,(1,8))"]);
    let (m, _) = err("from_relation", &[&h, "(4,4)"]);
    assert!(m.contains("not strictly affine"), "{m}");
    assert_eq!(
        ok("from_relation", &[&h, "(4,(2,2))"]),
        "(4,(2,2)):(2,(1,8))"
    );
    let (m, _) = err("from_relation", &[&h, "(4,8)"]);
    assert!(m.contains("has size 32"), "{m}");
    // Parameters and several outputs.
    let (m, _) = err("from_relation", &["[N] -> { [c] -> [c] : 0 <= c < N }"]);
    assert!(m.contains("parameters"), "{m}");
    let (m, _) = err("from_relation", &["{ [c] -> [c, c] : 0 <= c < 4 }"]);
    assert!(m.contains("one output"), "{m}");
}

#[test]
fn from_relation_of_natural_coordinates() {
    // One top-level mode per input dimension.
    assert_eq!(
        ok(
            "from_relation",
            &["{ [i, j] -> [8i + j] : 0 <= i < 4 and 0 <= j < 8 }"]
        ),
        "(4,8):(8,1)"
    );
    assert_eq!(
        ok(
            "from_relation",
            &[&ok("relation", &["(4,(2,2)):(2,(1,8))", "modes"])]
        ),
        "(4,(2,2)):(2,(1,8))"
    );
}

#[test]
fn a_swizzle_at_a_negative_offset_is_an_error_with_the_coordinate() {
    let (m, _) = err("relation", &["Sw<1,2,1> o -4 o 8:1"]);
    assert!(
        m.contains("at coordinate 0 a swizzle is applied to a negative offset"),
        "{m}"
    );
}

#[test]
fn equal_across_spaces_is_refused_and_domains_are_compared_first() {
    let (m, _) = err(
        "equal",
        &["(4,2):(1,4)", "{ [c] -> [c] : 0 <= c < 8 }", "coord"],
    );
    assert!(
        m.contains("a relation of 2 inputs and 1 outputs with one of 1 inputs"),
        "{m}"
    );
    let got = ok("equal", &["8:1", "16:1"]);
    assert_eq!(
        got,
        r#"{"equal":false,"witness":8,"left":"none","right":8,"reason":"the domains differ: coordinate 8 is in the domain of the right relation only"}"#
    );
}

#[test]
fn isl_work_is_bounded() {
    // A tiny budget: ISL gives up with an error, not a hang or an abort.
    let ctx = Ctx::new(10).unwrap();
    let r = Map::parse(
        &ctx,
        "{ [c] -> [o] : o = (c + floor(c/3) + floor(c/7)) mod 11 and 0 <= c < 1000 }",
    )
    .and_then(|m| m.clone().apply_range(m.reverse()?))
    .and_then(|m| m.wrapped()?.lexmin_point());
    let e = r.expect_err("the budget is too small");
    assert!(e.to_string().contains("ISL gave up"), "{e}");
}

#[test]
fn gaps_image_and_out_of_domain() {
    let ctx = Ctx::new(1_000_000).unwrap();
    let same = |a: &str, b: &str| {
        let (x, y) = (
            layout_relation::Set::parse(&ctx, a).unwrap(),
            layout_relation::Set::parse(&ctx, b).unwrap(),
        );
        assert!(x.is_equal(&y).unwrap(), "{a} vs {b}");
    };
    same(&ok("image", &["(2,2):(1,5)"]), "{ [0]; [1]; [5]; [6] }");
    same(&ok("gaps", &["(2,2):(1,5)"]), "{ [o] : 2 <= o <= 4 }");
    same(&ok("gaps", &["8:1"]), "{ [o] : false }");
    same(
        &ok("out_of_domain", &["4:1", "(2,2):(2,1)"]),
        "{ [c] : false }",
    );
    same(
        &ok("out_of_domain", &["2:1", "(2,2):(2,1)"]),
        "{ [1]; [3] }",
    );
}

#[test]
fn chain_and_complement_check_errors_name_what_is_wrong() {
    // A chain whose stages disagree in size: the algebra's message, argument 0.
    let (m, arg) = err(
        "lego_is_bijective",
        &["OrderBy(RegP([2, 3], [1, 2])).GroupBy([2, 2])"],
    );
    assert_eq!(arg, Some(0), "{m}");
    assert!(m.contains("OrderBy 1 of the chain has 6 elements"), "{m}");
    let (m, _) = err("lego_is_bijective", &["OrderBy(RegP([2], [1]))", "x"]);
    assert!(m.contains("expected 1 argument"), "{m}");
    // A GenP past the exhaustive limit is refused by the generic ops, with the reason.
    let big = "OrderBy(GenP([4096, 4096], (i, j) -> j*4096 + i, (x) -> [x % 4096, x / 4096])).GroupBy([4096, 4096])";
    let (m, _) = err("is_bijective", &[big]);
    assert!(m.contains("exhaustive"), "{m}");
    // complement_check: A must be a shape:stride layout, M an integer or shape.
    let (m, arg) = err("complement_check", &["Sw<1,2,3>", "8"]);
    assert_eq!(arg, Some(0), "{m}");
    assert!(m.contains("shape:stride layout"), "{m}");
    let (m, arg) = err("complement_check", &["4:1", "4:1"]);
    assert_eq!(arg, Some(1), "{m}");
    assert!(m.contains("cotarget must be an integer or a shape"), "{m}");
    let (m, _) = err("complement_check", &["(2,2):(1,1)", "8"]);
    assert!(m.contains("has no complement"), "{m}");
    let (m, _) = err("complement_check", &["4:1", "0"]);
    assert!(m.contains("cotarget extent 0 is not positive"), "{m}");
    assert_eq!(
        ok("complement_check", &["4:1", "16"]),
        r#"{"holds":true,"complement":"4:4"}"#
    );
}

/// `op(args)` on a thread: its result, or a failure after 60 s (a regression that hangs fails
/// instead of hanging the suite).
fn within_a_minute(op: &'static str, args: Vec<String>) -> Result<String, String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r = match call_text(op, &args).expect("a relation op") {
            Ok(Answer::Text(t)) | Ok(Answer::Json(t)) => Ok(t),
            Err((e, _)) => Err(e.to_string()),
        };
        let _ = tx.send(r);
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{op} did not answer within 60 s"))
}

/// An error of an exhausted budget (the only error a reproducer may give).
fn assert_budget_error(e: &str) {
    assert!(
        e.contains("ISL gave up on") && e.contains("budget") && e.contains("was exhausted"),
        "not a budget error: {e}"
    );
}

/// A dense random 8-bit bijective linear layout (ISL's integer programming over the bits of
/// its flat relation took past 10 s).
const LINEAR8: &str = r#"{"in_dims": [{"name": "dim0", "size": 256, "bases": [[176], [193], [16], [37], [20], [32], [204], [10]]}], "out_dims": [{"name": "offset", "size": 256}]}"#;

#[test]
fn issue29_reproducers_answer_within_the_bound() {
    let ctx = Ctx::new(1_000_000).unwrap();
    let same = |got: &str, want: &str| {
        let (x, y) = (
            layout_relation::Set::parse(&ctx, got).unwrap(),
            layout_relation::Set::parse(&ctx, want).unwrap(),
        );
        assert!(x.is_equal(&y).unwrap(), "{got} vs {want}");
    };
    // gaps(Sw<4,5,-4>) ran past 300 s: a swizzle is a bijection of [0, 2^13).
    match within_a_minute("gaps", vec!["Sw<4,5,-4>".into()]) {
        Ok(t) => same(&t, "{ [o] : false }"),
        Err(e) => assert_budget_error(&e),
    }
    // complement_fill(((2,64)):((5,32)), 17) ran past 120 s.
    match within_a_minute(
        "complement_fill",
        vec!["((2,64)):((5,32))".into(), "17".into()],
    ) {
        Ok(t) => assert_eq!(t, "(5,3):(1,10)"),
        Err(e) => assert_budget_error(&e),
    }
    // is_bijective of a small linear layout took past 10 s.
    let lin = layout_algebra::linear::parse_linear(LINEAR8).unwrap();
    assert!(lin.is_invertible());
    match within_a_minute("is_bijective", vec![LINEAR8.into()]) {
        Ok(t) => assert_eq!(t, r#"{"holds":true,"witness":[]}"#),
        Err(e) => assert_budget_error(&e),
    }
    // out_of_domain hung for 20 minutes in isl_map_subtract: B(c) = 2 c0 + c1 >= 32 exactly
    // when c0 >= 16, i.e. the flat coordinates c with c mod 32 >= 16.
    match within_a_minute(
        "out_of_domain",
        vec!["((8,4)):((4,1))".into(), "((32,2)):((2,1))".into()],
    ) {
        Ok(t) => same(&t, "{ [c] : 0 <= c < 64 and c mod 32 >= 16 }"),
        Err(e) => assert_budget_error(&e),
    }
}

#[test]
fn out_of_domain_natural_is_readable_and_exact() {
    let ctx = Ctx::new(1_000_000).unwrap();
    let (a, b) = (
        AnyLayout::parse("((8,4)):((4,1))").unwrap(),
        AnyLayout::parse("((32,2)):((2,1))").unwrap(),
    );
    let s = layout_relation::ops::out_of_domain_natural(&ctx, &a, &b).unwrap();
    let text = s.to_text().unwrap();
    assert!(
        !text.contains("floor") && !text.contains("exists"),
        "{text}"
    );
    let want = layout_relation::Set::parse(&ctx, "{ [c0, c1] : 16 <= c0 <= 31 and 0 <= c1 <= 1 }")
        .unwrap();
    assert!(s.is_equal(&want).unwrap(), "{text}");
    // The flat form is the same set over the colexicographic coordinate c0 + 32 c1, and the
    // general form (domain minus the domain of the composition) agrees with both.
    let flat = layout_relation::ops::out_of_domain_flat(&ctx, &a, &b).unwrap();
    let ra = a.relation(&ctx, layout_relation::Space::Flat).unwrap();
    let rb = b.relation(&ctx, layout_relation::Space::Flat).unwrap();
    let fast = layout_relation::ops::out_of_domain(&ra, &rb).unwrap();
    assert!(flat.is_equal(&fast).unwrap());
    let small = |a: &str, b: &str| {
        let (a, b) = (AnyLayout::parse(a).unwrap(), AnyLayout::parse(b).unwrap());
        let ra = a.relation(&ctx, layout_relation::Space::Flat).unwrap();
        let rb = b.relation(&ctx, layout_relation::Space::Flat).unwrap();
        let general = layout_relation::ops::out_of_domain_general(&ra, &rb).unwrap();
        let flat = layout_relation::ops::out_of_domain_flat(&ctx, &a, &b).unwrap();
        assert!(general.is_equal(&flat).unwrap());
    };
    small("6:1", "(4,3):(3,1)");
    small("2:1", "(2,2):(2,1)");
    small("Sw<1,2,1>", "(4,8):(1,4)");
    // Offsets 3i + j >= 6 for i in {2, 3}.
    let s = layout_relation::ops::out_of_domain_natural(
        &ctx,
        &AnyLayout::parse("6:1").unwrap(),
        &AnyLayout::parse("(4,3):(3,1)").unwrap(),
    )
    .unwrap();
    let want =
        layout_relation::Set::parse(&ctx, "{ [i, j] : 2 <= i <= 3 and 0 <= j <= 2 }").unwrap();
    assert!(s.is_equal(&want).unwrap());
}

#[test]
fn an_exhausted_budget_is_a_precise_error() {
    // Ten operations: the request names itself and the bound.
    let tiny = Budget {
        operations: 10,
        time: None,
    };
    let e = match call_text_with_budget("is_injective", &["(4,2):(1,2)"], tiny).unwrap() {
        Ok(a) => panic!("succeeded with 10 operations: {a:?}"),
        Err((e, _)) => e.to_string(),
    };
    assert!(
        e.starts_with("ISL gave up on ")
            && e.contains(" in the request is_injective((4,2):(1,2)): ")
            && e.contains("the operation budget of 10 ISL operations was exhausted"),
        "{e}"
    );
    // No time: the first call does not start.
    let none = Budget {
        operations: 1_000_000,
        time: Some(Duration::ZERO),
    };
    let e = match call_text_with_budget("image", &["8:1"], none).unwrap() {
        Ok(a) => panic!("succeeded without time: {a:?}"),
        Err((e, _)) => e.to_string(),
    };
    assert!(
        e.contains("in the request image(8:1)")
            && e.contains("the time budget of 0 s was exhausted"),
        "{e}"
    );
    // A call that runs past the deadline is stopped inside ISL (the watchdog aborts the
    // context): the old form of out_of_domain pivoted for 20 minutes on this pair.
    let ctx = Ctx::with_budget(Budget {
        operations: u64::MAX,
        time: Some(Duration::from_millis(300)),
    })
    .unwrap();
    let ra = AnyLayout::parse("((8,4)):((4,1))")
        .unwrap()
        .relation(&ctx, layout_relation::Space::Flat)
        .unwrap();
    let rb = AnyLayout::parse("((32,2)):((2,1))")
        .unwrap()
        .relation(&ctx, layout_relation::Space::Flat)
        .unwrap();
    let start = std::time::Instant::now();
    let r = layout_relation::ops::out_of_domain_general(&ra, &rb);
    let took = start.elapsed();
    let e = r.err().expect("20 minutes of work in 300 ms").to_string();
    assert!(e.contains("the time budget of 300 ms was exhausted"), "{e}");
    assert!(took < Duration::from_secs(30), "stopped after {took:?}");
    assert_eq!(ctx.exhausted(), Some(layout_relation::isl::Exhausted::Time));
    // The exhausted context starts no more work: every later call is the same error.
    let e = layout_relation::Set::parse(&ctx, "{ [c] : 0 <= c < 4 }")
        .err()
        .expect("an exhausted context")
        .to_string();
    assert!(e.contains("time budget of 300 ms was exhausted"), "{e}");
}
