//! Every operation of ops::OP_NAMES on every combination of awkward arguments (empty and
//! rank-1 tuples, zero, negative and extreme integers, `?`, `_`, coordinates, stride
//! descriptors, scaled bases, swizzles, composed and nested composed layouts, tilers, huge
//! domains): an answer or an error, never a panic.

use layout_algebra::ops::{call, OP_NAMES};
use layout_algebra::text::{parse, print};
use layout_algebra::Value;

const POOL: &[&str] = &[
    "0",
    "1",
    "2",
    "-3",
    "9223372036854775807",
    "-9223372036854775808",
    "?",
    "()",
    "(0)",
    "(4,?)",
    "(2,(3,4))",
    "_",
    "(_,1)",
    "(2,_)",
    "4:1",
    "(4,8):(8,1)",
    "(2,2):(0,1)",
    "(3,4):(1,10)",
    "4:-1",
    "(4,2):(4611686018427387904,1)",
    "4611686018427387904:2",
    "(1000000,1000000):(1,1000000)",
    "(?,4):(1,?)",
    "(1@0,1@1)",
    "(4,8):(1@0,1@1)",
    "Sw<3,4,3>",
    "Sw<0,0,0>",
    "Sw<1,0,-2> o 0 o (4,4):(4,1)",
    "Sw<2,2,3> o 64 o (8,16):(1,8)",
    "Sw<1,0,1> o -4 o 4:1",
    "Sw<1,0,1> o 0 o Sw<1,0,1> o 0 o 4:1",
    "Sw<1,0,1> o 0 o Sw<1,0,1>",
    "(4,4):(4,1) o 0 o Sw<1,0,1> o 0 o 16:1",
    "[2,_]",
    "[4:1,(2,2):(1,2)]",
];

const THIRD: &[&str] = &["0", "1", "2", "-1", "32", "(1,0)", "(4,8)", "?", "_"];

fn attempt(op: &str, args: &[&str], failures: &mut Vec<String>) {
    let vals: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
    let r = std::panic::catch_unwind(|| call(op, &vals).map(|v| print(&v)));
    if r.is_err() {
        failures.push(format!("{op}({})", args.join(", ")));
    }
}

#[test]
fn no_operation_panics() {
    let loud = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut calls = 0;
    let mut failures = Vec::new();
    for op in OP_NAMES {
        attempt(op, &[], &mut failures);
        for a in POOL {
            attempt(op, &[a], &mut failures);
            for b in POOL {
                attempt(op, &[a, b], &mut failures);
                calls += 1;
            }
        }
        for a in POOL {
            for b in THIRD {
                for c in THIRD {
                    attempt(op, &[a, b, c], &mut failures);
                    calls += 1;
                }
            }
        }
    }
    std::panic::set_hook(loud);
    assert!(failures.is_empty(), "panics: {failures:#?}");
    assert!(calls > 50_000, "{calls}");
}
