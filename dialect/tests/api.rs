//! The dialect through melior: register, parse, verify, print, fold.

use std::sync::{Arc, Mutex};

use layout_dialect::register;
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::Context;

/// Parse `src` in a fresh context; the printed module or the diagnostics ("loc: message").
fn parse(src: &str) -> Result<String, Vec<String>> {
    let context = Context::new();
    register(&context);
    let diags = Arc::new(Mutex::new(Vec::new()));
    let sink = diags.clone();
    context.attach_diagnostic_handler(move |d| {
        sink.lock()
            .unwrap()
            .push(format!("{}: {}", d.location(), d));
        true
    });
    match Module::parse(&context, src) {
        Some(m) if m.as_operation().verify() => Ok(m.as_operation().to_string()),
        _ => Err(diags.lock().unwrap().clone()),
    }
}

#[test]
fn attribute_round_trip() {
    let out = parse(
        r#"module attributes {t.l = #layout.layout<((2,4),8):((1,16),2)>, t.s = #layout.swizzle<3, 4,3>, t.c = #layout.layout< Sw<3,4,3> o 0 o (8,64):(64,1) >} {}"#,
    )
    .unwrap();
    assert!(
        out.contains("t.l = #layout.layout<((2,4),8):((1,16),2)>"),
        "{out}"
    );
    assert!(out.contains("t.s = #layout.swizzle<3,4,3>"), "{out}");
    assert!(
        out.contains("t.c = #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>"),
        "{out}"
    );
}

#[test]
fn malformed_attribute_is_located() {
    let err = parse("module attributes {t.l = #layout.layout<(4,8):(8,x)>} {}").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    // column of 'x': 1-based
    let col = "module attributes {t.l = #layout.layout<(4,8):(8,".len() + 1;
    assert!(err[0].contains(&format!(":1:{col})")), "{err:?}");
}

// ---------------------------------------------------------------------------------------------
// Canonicalization: every rewrite is checked by evaluating before and after with the algebra.
// ---------------------------------------------------------------------------------------------

use layout_algebra::{ops, text, Value};

/// Run `layout-canonicalize` on `src`; the printed result.
fn canonicalize(src: &str) -> String {
    let context = Context::new();
    register(&context);
    let mut module = Module::parse(&context, src).expect("parses");
    let pm = melior::pass::PassManager::new(&context);
    pm.add_pass(layout_dialect::create_canonicalize_pass());
    pm.run(&mut module).expect("pass runs");
    assert!(module.as_operation().verify());
    module.as_operation().to_string()
}

/// The type text of the layout operand of the (single) op `op` in printed IR.
fn operand_type(ir: &str, op: &str) -> String {
    let line = ir
        .lines()
        .find(|l| l.contains(op))
        .unwrap_or_else(|| panic!("no {op} in {ir}"));
    let start = line.rfind(": !layout.layout<").expect("typed operand") + ": !layout.layout<".len();
    line[start..line.len() - 1].to_string()
}

/// Replace the `?` leaves of `t` by `vals` in order.
fn instantiate(t: &str, vals: &[i64]) -> String {
    let mut it = vals.iter();
    t.chars()
        .map(|c| {
            if c == '?' {
                it.next().expect("enough values").to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn call(op: &str, args: &[&str]) -> Value {
    let args: Vec<Value> = args.iter().map(|a| text::parse(a).unwrap()).collect();
    ops::call(op, &args).unwrap_or_else(|e| panic!("{op}({args:?}): {e}"))
}

fn int(v: Value) -> i64 {
    text::print(&v).parse().unwrap()
}

/// crd2idx with a linear index: the layout is replaced by its coalesce, and L(i) is unchanged
/// for every i of the domain (and for several instantiations of the runtime leaves).
#[test]
fn crd2idx_linear_coalesce_preserves_every_offset() {
    let cases = [
        "(2,4):(1,2)",
        "((2,4),8):((1,2),8)",
        "(4,1,2):(1,7,4)",
        "(2,(1,3)):(3,(5,1))",
        "(4,2,?):(1,4,8)",
        "(?,4,2):(1,?,32)",
    ];
    let mut rewritten = 0;
    for before in cases {
        let src = format!(
            "func.func @f(%i: index, %m: index, %n: index) -> index {{\n  {make}\n  %o = layout.crd2idx %l[%i] : !layout.layout<{before}>\n  return %o : index\n}}",
            make = match before.matches('?').count() {
                0 => format!("%l = layout.const #layout.layout<{before}>"),
                1 => format!("%l = layout.make %m : !layout.layout<{before}>"),
                _ => format!("%l = layout.make %m, %n : !layout.layout<{before}>"),
            }
        );
        let ir = canonicalize(&src);
        let after = operand_type(&ir, "layout.crd2idx");
        if after != before {
            rewritten += 1;
        }
        assert_eq!(
            after.matches('?').count(),
            before.matches('?').count(),
            "{ir}"
        );
        for vals in [[1, 1], [3, 2], [5, 16]] {
            let (b, a) = (instantiate(before, &vals), instantiate(&after, &vals));
            let size = int(call("size", &[&b]));
            assert_eq!(size, int(call("size", &[&a])), "{b} vs {a}");
            for i in 0..size {
                let i = i.to_string();
                assert_eq!(
                    int(call("crd2idx", &[&i, &b])),
                    int(call("crd2idx", &[&i, &a])),
                    "L({i}): {b} vs {a}"
                );
            }
        }
    }
    assert!(
        rewritten >= 4,
        "the rewrite fired on only {rewritten} cases"
    );
}

/// A multi-index coordinate observes the coordinate interface: no rewrite.
#[test]
fn crd2idx_with_coordinates_is_not_rewritten() {
    let ir = canonicalize(
        "func.func @f(%i: index, %j: index) -> index {\n  %l = layout.const #layout.layout<(2,4):(1,2)>\n  %o = layout.crd2idx %l[%i, %j] : !layout.layout<(2,4):(1,2)>\n  return %o : index\n}",
    );
    assert_eq!(operand_type(&ir, "layout.crd2idx"), "(2,4):(1,2)", "{ir}");
}

/// cosize observes the footprint: the layout is replaced by its filter, the cosize is unchanged.
#[test]
fn cosize_filter_preserves_cosize() {
    let cases = ["(4,2,?):(1,0,4)", "(?,2,3):(1,0,?)", "(2,(3,?)):(0,(1,3))"];
    for before in cases {
        let n = before.matches('?').count();
        let args = ["%m", "%n"][..n].join(", ");
        let src = format!(
            "func.func @f(%m: index, %n: index) -> index {{\n  %l = layout.make {args} : !layout.layout<{before}>\n  %c = layout.cosize %l : !layout.layout<{before}>\n  return %c : index\n}}"
        );
        let ir = canonicalize(&src);
        let after = operand_type(&ir, "layout.cosize");
        assert_ne!(after, before, "not rewritten: {ir}");
        assert!(ir.contains("layout.filter"), "{ir}");
        assert_eq!(after.matches('?').count(), n, "{ir}");
        for vals in [[1, 1], [3, 2], [5, 16]] {
            let (b, a) = (instantiate(before, &vals), instantiate(&after, &vals));
            assert_eq!(
                int(call("cosize", &[&b])),
                int(call("cosize", &[&a])),
                "{b} vs {a}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed text: mutations of valid attributes never crash; each rejected one is a located
// diagnostic inside the attribute.
// ---------------------------------------------------------------------------------------------

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn mutated_attributes_never_crash_and_errors_are_located() {
    let seeds = [
        "((2,4),8):((1,16),2)",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "(4,8):(1@0,1@1)",
        "(1/2@0, 4@1)",
        "(?,8):(1,?)",
        "[4:1,_]",
    ];
    let alphabet: Vec<char> = "()[]<>,:;@?_/-+ o0123456789xSw*#{}\"".chars().collect();
    let prefix = "module attributes {t.a = #layout.layout<";
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut rejected) = (0, 0);
    // One context for the whole run (creating one registers every upstream dialect).
    let context = Context::new();
    register(&context);
    let diags = Arc::new(Mutex::new(Vec::new()));
    let sink = diags.clone();
    context.attach_diagnostic_handler(move |d| {
        sink.lock()
            .unwrap()
            .push(format!("{}: {}", d.location(), d));
        true
    });
    let parse = |src: &str| -> Result<String, Vec<String>> {
        diags.lock().unwrap().clear();
        match Module::parse(&context, src) {
            Some(m) if m.as_operation().verify() => Ok(m.as_operation().to_string()),
            _ => Err(diags.lock().unwrap().clone()),
        }
    };
    for i in 0..600 {
        let mut body: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let pos = rng.below(body.len() + 1);
            match rng.below(3) {
                0 if pos < body.len() => {
                    body.remove(pos);
                }
                1 => body.insert(pos, alphabet[rng.below(alphabet.len())]),
                _ if pos < body.len() => body[pos] = alphabet[rng.below(alphabet.len())],
                _ => body.push(alphabet[rng.below(alphabet.len())]),
            }
        }
        let body: String = body.into_iter().collect();
        let src = format!("{prefix}{body}>}} {{}}");
        match parse(&src) {
            Ok(out) => {
                accepted += 1;
                // Accepted text round-trips through the canonical printer.
                let again = parse(&out).unwrap_or_else(|e| panic!("reparse of {out}: {e:?}"));
                assert_eq!(again, out);
            }
            Err(diags) => {
                rejected += 1;
                assert!(!diags.is_empty(), "{src}: rejected without a diagnostic");
                // The first diagnostic is on line 1, at or after the attribute's opening '<'
                // (MLIR's own lexer errors point at the '<' of the body).
                let d = &diags[0];
                let col: usize = d
                    .split(":1:")
                    .nth(1)
                    .and_then(|r| r.split(')').next())
                    .and_then(|c| c.parse().ok())
                    .unwrap_or_else(|| panic!("{src}: diagnostic without line 1 location: {d}"));
                // (An unterminated `"` in the body makes MLIR's lexer report the end of the input.)
                assert!(
                    col >= prefix.len() - 1 && col <= src.len() + 1,
                    "{src}: column {col} outside the attribute: {d}"
                );
            }
        }
    }
    assert!(
        accepted > 20 && rejected > 200,
        "accepted {accepted}, rejected {rejected}"
    );
}
