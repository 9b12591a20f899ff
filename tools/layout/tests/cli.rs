//! End-to-end tests of the `layout` binary: eval, show, batch, help and usage errors.

use std::io::Write;
use std::process::{Command, Stdio};

use layout_algebra::ops::{self, OP_NAMES};
use layout_algebra::{text, Value};

// Messages that come from the algebra are taken from the algebra; the tests check where the
// CLI puts them (offsets, carets, JSON fields).

/// The algebra's parse error for `arg`, as reported at `shift` bytes into a larger text.
fn parse_msg(arg: &str, shift: usize) -> String {
    text::parse(arg).unwrap_err().shifted(shift).to_string()
}

/// The algebra's error for `op(args)`.
fn call_msg(op: &str, args: &[&str]) -> String {
    let vals: Vec<Value> = args.iter().map(|a| text::parse(a).unwrap()).collect();
    ops::call(op, &vals).unwrap_err().to_string()
}

struct Out {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run(args: &[&str], stdin: &str) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn layout");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        input.write_all(&data).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Out {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().expect("exit code"),
    }
}

/// `layout eval EXPR` that must succeed with exactly `expect` (plus a newline).
fn eval_ok(expr: &str, expect: &str) {
    let o = run(&["eval", expr], "");
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        (format!("{expect}\n").as_str(), "", 0),
        "{expr}"
    );
}

/// `layout eval EXPR` that must fail with exactly `stderr`.
fn eval_err(expr: &str, stderr: &str) {
    let o = run(&["eval", expr], "");
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        ("", stderr, 1),
        "{expr}"
    );
}

fn has(op: &str) -> bool {
    let yes = OP_NAMES.contains(&op);
    if !yes {
        eprintln!("note: the algebra has no '{op}' yet; its CLI checks are skipped");
    }
    yes
}

// ---------------------------------------------------------------------------------------
// eval

#[test]
fn eval_prints_values_canonically() {
    eval_ok("(_2,_4):(_1,_2)", "(2,4):(1,2)");
    eval_ok(" 8 ", "8");
    eval_ok("(8)", "(8)");
    eval_ok("_8", "8");
    eval_ok("_", "_");
    eval_ok("((2, 4), 8) : ((1, 16), 2)", "((2,4),8):((1,16),2)");
    eval_ok(
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
    );
    eval_ok("[4:1, _]", "[4:1,_]");
    eval_ok("(1@0, 8@1)", "(1@0,8@1)");
}

#[test]
fn eval_calls_and_nested_calls() {
    eval_ok("print((2,4):(1,2))", "(2,4):(1,2)");
    eval_ok(
        " print( print( Sw<3,4,3> o 0 o (8,64):(64,1) ) ) ",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
    );
    eval_ok("print([(4,2):(1,4), _])", "[(4,2):(1,4),_]");
}

#[test]
fn eval_parse_error_in_an_argument_points_into_the_whole_expression() {
    // The bad ')' is byte 11 of the argument and byte 17 of the expression.
    let msg = parse_msg("(2,4):(1,2,)", 6);
    assert!(msg.starts_with("parse error at byte 17: "), "{msg}");
    eval_err(
        "print((2,4):(1,2,))",
        &format!("error: {msg}\n  print((2,4):(1,2,))\n                   ^\n"),
    );
    // In a nested call, after leading spaces.
    let o = run(&["eval", "  print( print(8:x) )"], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with("error: parse error at byte 17: "),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr
            .ends_with("\n    print( print(8:x) )\n                   ^\n"),
        "{}",
        o.stderr
    );
    assert_eq!(o.stdout, "");
}

#[test]
fn eval_structural_errors() {
    eval_err(
        "print((2,4):(1,2)",
        "error: expected ')' closing the call to print, found end of input\n  print((2,4):(1,2)\n                   ^\n",
    );
    eval_err(
        "print(8:1) 4",
        "error: unexpected text after the call to print\n  print(8:1) 4\n             ^\n",
    );
    eval_err(
        "print(8:1,)",
        "error: expected an argument of print\n  print(8:1,)\n            ^\n",
    );
    eval_err(
        "print(8:1]",
        "error: expected ')' closing the call to print, found ']'\n  print(8:1]\n           ^\n",
    );
}

#[test]
fn eval_unknown_operation_points_at_its_name() {
    eval_err(
        "print(frobnicate(8:1))",
        "error: unknown operation 'frobnicate' (`layout help` lists the operations)\n  print(frobnicate(8:1))\n        ^\n",
    );
}

#[test]
fn eval_operation_error_points_at_the_failing_call() {
    eval_err(
        "print(8:1, 4:1)",
        &format!(
            "error: {}\n  print(8:1, 4:1)\n  ^\n",
            call_msg("print", &["8:1", "4:1"])
        ),
    );
}

#[test]
fn eval_operations_of_the_algebra() {
    if has("composition") {
        eval_ok("composition((20):(2), (5,4):(4,1))", "(5,4):(8,2)");
    }
    if has("size") {
        eval_ok("size((2,4):(1,2))", "8");
    }
    if has("coalesce") {
        eval_ok("coalesce((_2,_4):(_1,_2))", "8:1");
    }
    if has("composition") && has("coalesce") {
        eval_ok(
            "coalesce(composition((20):(2), (5,4):(4,1)))",
            "(5,4):(8,2)",
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    let o = run(&[], "");
    assert_eq!((o.stdout.as_str(), o.code), ("", 2));
    assert!(
        o.stderr
            .starts_with("error: no command given\nusage: layout eval EXPR"),
        "{}",
        o.stderr
    );
    let o = run(&["eval", "8", "9"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr
            .starts_with("error: `layout eval` takes exactly one EXPR (quote it)\n"),
        "{}",
        o.stderr
    );
    let o = run(&["frob"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.starts_with("error: unknown command 'frob'\n"),
        "{}",
        o.stderr
    );
    let o = run(&["batch", "x"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr
            .starts_with("error: `layout batch` takes only --threads N"),
        "{}",
        o.stderr
    );
    let o = run(&["batch", "--threads", "0"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr
            .starts_with("error: --threads takes a positive integer\n"),
        "{}",
        o.stderr
    );
}

#[test]
fn help_lists_commands_and_every_operation() {
    for flag in ["help", "--help", "-h"] {
        let o = run(&[flag], "");
        assert_eq!((o.stderr.as_str(), o.code), ("", 0));
        for cmd in [
            "layout eval EXPR",
            "layout show EXPR",
            "layout batch",
            "docs/algebra.md",
        ] {
            assert!(o.stdout.contains(cmd), "{cmd} missing in:\n{}", o.stdout);
        }
        let listed: Vec<&str> = o
            .stdout
            .split("OPERATIONS")
            .nth(1)
            .unwrap()
            .lines()
            .skip(1)
            .flat_map(str::split_whitespace)
            .collect();
        let mut all = layout_algebra::ops::all_op_names();
        all.extend(layout_relation::ops::OP_NAMES);
        assert_eq!(listed, all);
    }
}

// ---------------------------------------------------------------------------------------
// show

fn show_ok(expr: &str, expect: &str) {
    let o = run(&["show", expr], "");
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        (expect, "", 0),
        "{expr}"
    );
}

#[test]
fn show_row_major() {
    show_ok(
        "(2,3):(3,1)",
        "\
(2,3):(3,1)
      0   1   2
    +---+---+---+
 0  | 0 | 1 | 2 |
    +---+---+---+
 1  | 3 | 4 | 5 |
    +---+---+---+
",
    );
}

#[test]
fn show_column_major_and_hierarchical_modes() {
    show_ok(
        "(_2,_3):(_1,_2)",
        "\
(2,3):(1,2)
      0   1   2
    +---+---+---+
 0  | 0 | 2 | 4 |
    +---+---+---+
 1  | 1 | 3 | 5 |
    +---+---+---+
",
    );
    // Mode 1 is (2,2):(4,1): columns 0..3 are offsets 0, 4, 1, 5 (plus 2*row).
    show_ok(
        "(2,(2,2)):(2,(4,1))",
        "\
(2,(2,2)):(2,(4,1))
      0   1   2   3
    +---+---+---+---+
 0  | 0 | 4 | 1 | 5 |
    +---+---+---+---+
 1  | 2 | 6 | 3 | 7 |
    +---+---+---+---+
",
    );
}

#[test]
fn show_widens_cells_for_wide_values() {
    show_ok(
        "(2,2):(1,100)",
        "\
(2,2):(1,100)
        0     1
    +-----+-----+
 0  |   0 | 100 |
    +-----+-----+
 1  |   1 | 101 |
    +-----+-----+
",
    );
}

#[test]
fn show_rank_one_is_one_column_and_a_shape_is_its_compact_layout() {
    show_ok(
        "3:2",
        "\
3:2
      0
    +---+
 0  | 0 |
    +---+
 1  | 2 |
    +---+
 2  | 4 |
    +---+
",
    );
    show_ok(
        "(2,2)",
        "\
(2,2)
      0   1
    +---+---+
 0  | 0 | 2 |
    +---+---+
 1  | 1 | 3 |
    +---+---+
",
    );
}

#[test]
fn show_swizzled_layout_and_expression() {
    // Sw<1,0,1> swaps offsets 2 and 3 (bit 1 is XORed into bit 0).
    let expect = "\
Sw<1,0,1> o 0 o (4,2):(1,4)
      0   1
    +---+---+
 0  | 0 | 4 |
    +---+---+
 1  | 1 | 5 |
    +---+---+
 2  | 3 | 7 |
    +---+---+
 3  | 2 | 6 |
    +---+---+
";
    show_ok("Sw<1,0,1> o 0 o (4,2):(1,4)", expect);
    show_ok("print(Sw<1,0,1> o _0 o (4,2):(1,4))", expect);
}

#[test]
fn show_errors() {
    let o = run(&["show", "(2,2,2):(1,2,4)"], "");
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        (
            "",
            "error: show prints rank-1 and rank-2 layouts, this one has rank 3: group its modes into two, e.g. ((a,b),c)\n",
            1
        )
    );
    let Value::Func(sw) = text::parse("Sw<3,4,3>").unwrap() else {
        panic!("a swizzle")
    };
    let swizzle_alone = sw.domain_layout().unwrap_err().to_string();
    let o = run(&["show", "Sw<3,4,3>"], "");
    assert_eq!(
        (o.stderr.as_str(), o.code),
        (format!("error: {}\n", swizzle_alone).as_str(), 1)
    );
    let o = run(&["show", "(1@0,8@1)"], "");
    assert_eq!(
        (o.stderr.as_str(), o.code),
        ("error: show needs a layout, found a stride descriptor\n", 1)
    );
    let o = run(&["show", "(256,512):(1,256)"], "");
    assert_eq!(
        (o.stderr.as_str(), o.code),
        (
            "error: the table has 131072 cells, show prints at most 65536\n",
            1
        )
    );
    let o = run(&["show", "print(4:)"], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with("error: parse error at byte 8: "),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr.ends_with("\n  print(4:)\n          ^\n"),
        "{}",
        o.stderr
    );
}

// ---------------------------------------------------------------------------------------
// batch

#[test]
fn batch_answers_every_line_in_order_and_echoes_ids() {
    let input = r#"{"id":1,"op":"print","args":["(_2,_4):(_1,_2)"]}
{"id":"seven","op":"print","args":["8"]}
{"id":{"b":1, "a":[2,3]},"op":"print","args":[8]}
{"id":null,"op":"print","args":["(8)"]}
{"op":"print","args":["Sw<3,4,3> o 0 o (8,64):(64,1)"],"id":-2.50}
{"id":[1,"x"],"op":"print","args":[-3]}
{"id":2,"op":"print","args":["[4:1,_]"],"extra":true}
"#;
    let o = run(&["batch"], input);
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        (
            r#"{"id":1,"result":"(2,4):(1,2)"}
{"id":"seven","result":8}
{"id":{"b":1, "a":[2,3]},"result":8}
{"id":null,"result":"(8)"}
{"id":-2.50,"result":"Sw<3,4,3> o 0 o (8,64):(64,1)"}
{"id":[1,"x"],"result":-3}
{"id":2,"result":"[4:1,_]"}
"#,
            "",
            0
        )
    );
}

#[test]
fn batch_malformed_lines_get_error_lines() {
    let input = concat!(
        "\n",
        "not json\n",
        "[1,2]\n",
        "{\"id\":3,\"args\":[\"8\"]}\n",
        "{\"id\":4,\"op\":\"print\"}\n",
        "{\"id\":5,\"op\":7,\"args\":[]}\n",
        "{\"id\":6,\"op\":\"print\",\"args\":\"8\"}\n",
        "{\"id\":7,\"op\":\"print\",\"args\":[1.5]}\n",
        "{\"id\":8,\"op\":\"print\",\"args\":[null]}\n",
        "{\"id\":9,\"op\":\"frob\",\"args\":[\"8\"]}\n",
        "   \r\n",
        "{\"id\":10,\"op\":\"print\",\"args\":[\"8\"]}\r\n",
        "{\"id\":11,\"op\":\"pr\\u0069nt\",\"args\":[\"(2,\\u0034):(1,2)\"]}\n",
        "{\"id\":12,\"op\":\"print\",\"args\":[\"8\"]", // no newline, truncated JSON
    );
    let o = run(&["batch"], input);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"id":null,"error":"empty request line"}"#,
            r#"{"id":null,"error":"malformed request: invalid JSON: expected ident at line 1 column 2"}"#,
            r#"{"id":null,"error":"malformed request: not a JSON object"}"#,
            r#"{"id":3,"error":"malformed request: missing \"op\""}"#,
            r#"{"id":4,"error":"malformed request: missing \"args\""}"#,
            r#"{"id":5,"error":"malformed request: \"op\" must be a string"}"#,
            r#"{"id":6,"error":"malformed request: \"args\" must be an array of strings"}"#,
            r#"{"id":7,"error":"malformed request: args[0] must be a string or an integer"}"#,
            r#"{"id":8,"error":"malformed request: args[0] must be a string or an integer"}"#,
            r#"{"id":9,"error":"unknown operation 'frob' (`layout help` lists the operations)"}"#,
            r#"{"id":null,"error":"empty request line"}"#,
            r#"{"id":10,"result":8}"#,
            r#"{"id":11,"result":"(2,4):(1,2)"}"#,
            r#"{"id":null,"error":"malformed request: invalid JSON: EOF while parsing an object at line 1 column 34"}"#,
        ]
    );
    assert_eq!((o.stderr.as_str(), o.code), ("", 0));
}

#[test]
fn batch_parse_errors_carry_argument_index_and_offset() {
    let input = r#"{"id":"a","op":"print","args":["(2,4):(1,2,)"]}
{"id":"b","op":"print","args":["8:1","  (2,"]}
{"id":"c","op":"print","args":["8:1","4:1"]}
"#;
    let o = run(&["batch"], input);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            format!(
                r#"{{"id":"a","error":"{}","offset":11,"arg":0}}"#,
                parse_msg("(2,4):(1,2,)", 0)
            ),
            format!(
                r#"{{"id":"b","error":"{}","offset":5,"arg":1}}"#,
                parse_msg("  (2,", 0)
            ),
            format!(
                r#"{{"id":"c","error":"{}"}}"#,
                call_msg("print", &["8:1", "4:1"])
            ),
        ]
    );
    assert_eq!(o.code, 0);
}

#[test]
fn batch_invalid_utf8_and_empty_input() {
    let o = run(&["batch"], "");
    assert_eq!((o.stdout.as_str(), o.code), ("", 0));
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"id\":1,\"op\":\"print\",\"args\":[\"\xff\"]}\n\"x\"\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"id\":null,\"error\":\"malformed request: not valid UTF-8\"}\n{\"id\":null,\"error\":\"malformed request: not a JSON object\"}\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn batch_answers_interactively_without_closing_stdin() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    for (i, v) in ["8:1", "(2,2):(1,2)"].iter().enumerate() {
        writeln!(input, r#"{{"id":{i},"op":"print","args":["{v}"]}}"#).unwrap();
        input.flush().unwrap();
        line.clear();
        output.read_line(&mut line).unwrap();
        assert_eq!(line, format!("{{\"id\":{i},\"result\":\"{v}\"}}\n"));
    }
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn batch_many_lines_one_answer_each() {
    // Every 1000th request has a bad stride (a trailing comma); the others succeed.
    let n = 20_000;
    let mut input = String::new();
    let mut expect = String::new();
    for i in 1..=n {
        if i % 1000 == 0 {
            let arg = format!("({i},2):(2,1,)");
            input.push_str(&format!(
                "{{\"id\":{i},\"op\":\"print\",\"args\":[\"{arg}\"]}}\n"
            ));
            let off = arg.len() - 1;
            expect.push_str(&format!(
                "{{\"id\":{i},\"error\":\"{}\",\"offset\":{off},\"arg\":0}}\n",
                parse_msg(&arg, 0)
            ));
        } else {
            input.push_str(&format!(
                "{{\"id\":{i},\"op\":\"print\",\"args\":[\"({i},2):(2,1)\"]}}\n"
            ));
            expect.push_str(&format!("{{\"id\":{i},\"result\":\"({i},2):(2,1)\"}}\n"));
        }
    }
    let o = run(&["batch"], &input);
    assert_eq!(o.code, 0);
    assert_eq!(o.stdout.lines().count(), n);
    assert!(
        o.stdout == expect,
        "batch output differs from the expected {n} lines"
    );
}

#[test]
fn batch_thread_counts_give_the_same_answers() {
    let mut input = String::new();
    for i in 0..3000 {
        input.push_str(&format!(
            "{{\"id\":{i},\"op\":\"print\",\"args\":[\"({},{i}):(1,7)\"]}}\n",
            i % 5
        ));
    }
    let one = run(&["batch", "--threads", "1"], &input);
    assert_eq!((one.code, one.stdout.lines().count()), (0, 3000));
    assert!(
        one.stdout.starts_with("{\"id\":0,\"error\":"),
        "{}",
        &one.stdout[..80]
    );
    for t in ["2", "5"] {
        let o = run(&["batch", "--threads", t], &input);
        assert_eq!(o.code, 0);
        assert!(o.stdout == one.stdout, "--threads {t} answers differ");
    }
}

#[test]
fn batch_operations_of_the_algebra() {
    let mut input = String::new();
    let mut expect = String::new();
    let cases = [
        (
            "composition",
            r#"["(20):(2)","(5,4):(4,1)"]"#,
            r#""(5,4):(8,2)""#,
        ),
        ("size", r#"["(2,4):(1,2)"]"#, "8"),
        ("cosize", r#"["(2,4):(1,3)"]"#, "11"),
        ("coalesce", r#"["(_2,_4):(_1,_2)"]"#, r#""8:1""#),
    ];
    for (i, (op, args, result)) in cases.iter().enumerate() {
        if has(op) {
            input.push_str(&format!("{{\"id\":{i},\"op\":\"{op}\",\"args\":{args}}}\n"));
            expect.push_str(&format!("{{\"id\":{i},\"result\":{result}}}\n"));
        }
    }
    let o = run(&["batch"], &input);
    assert_eq!(
        (o.stdout.as_str(), o.stderr.as_str(), o.code),
        (expect.as_str(), "", 0)
    );
}

#[test]
fn every_listed_operation_is_dispatched() {
    // No name in OP_NAMES may come back as an unknown operation.
    let mut input = String::new();
    for op in OP_NAMES {
        input.push_str(&format!(
            "{{\"id\":\"{op}\",\"op\":\"{op}\",\"args\":[\"8:1\"]}}\n"
        ));
    }
    let o = run(&["batch"], &input);
    assert_eq!(o.code, 0);
    assert_eq!(o.stdout.lines().count(), OP_NAMES.len());
    for line in o.stdout.lines() {
        assert!(!line.contains("unknown operation"), "{line}");
    }
}

// ---------------------------------------------------------------------------------------
// relation operations (layout-relation, on ISL)

#[test]
fn eval_relation_operations() {
    eval_ok("equal((4,2):(1,4), 8:1)", r#"{"equal":true}"#);
    check_injective_witness();
    // ISL text with `<`, `->` and commas inside braces is one argument.
    eval_ok(
        "from_relation({ [c] -> [31 + 4c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 })",
        "(8,4):(4,1)",
    );
    // A nested call's result is passed on as text.
    eval_ok(
        "from_relation(relation(right_inverse((4,8,2):(8,1,33))))",
        "(8,4):(4,1)",
    );
    eval_ok("complement_fill((2,2):(1,5), 20)", "(2,3):(2,9)");
    // A parse error inside an argument points into the whole expression.
    let o = run(&["eval", "equal(8:1, (2,4:(1,2)))"], "");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("parse error at byte 15"), "{}", o.stderr);
}

/// `is_injective((4,4):(1,2))` names a real collision (ISL's sample, not necessarily the
/// least).
fn check_injective_witness() {
    let o = run(&["eval", "is_injective((4,4):(1,2))"], "");
    let v: serde_json::Value = serde_json::from_str(o.stdout.trim()).unwrap();
    let w = v["witness"].as_array().unwrap();
    let (a, b) = (w[0].as_i64().unwrap(), w[1].as_i64().unwrap());
    let f = |c: i64| c % 4 + 2 * (c / 4);
    assert!(a < b && f(a) == f(b) && v["offset"] == f(a), "{v}");
    assert_eq!(v["holds"], false);
}

#[test]
fn batch_relation_operations() {
    let input = concat!(
        r#"{"id":1,"op":"relation","args":["(4,2,2):(2,1,8)"]}"#,
        "\n",
        r#"{"id":2,"op":"equal","args":["Sw<1,2,1>","{ [c] -> [c - (c mod 8) + ((c + 4*floor(c/8)) mod 8)] : 0 <= c <= 15 }"]}"#,
        "\n",
        r#"{"id":3,"op":"is_bijective","args":["(4,8):(8,1)"]}"#,
        "\n",
        r#"{"id":4,"op":"from_relation","args":["{ [c] -> [(-3c) mod 16] : 0 <= c < 16 }"]}"#,
        "\n",
        r#"{"id":5,"op":"relation","args":["(2,4:(1,2)"]}"#,
        "\n",
    );
    let o = run(&["batch", "--threads", "1"], input);
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{}", o.stdout);
    assert!(lines[0]["result"]
        .as_str()
        .unwrap()
        .starts_with("{ [c] -> [o]"));
    assert_eq!(lines[1]["result"]["equal"], true);
    assert_eq!(lines[2]["result"]["holds"], true);
    assert!(lines[3]["error"]
        .as_str()
        .unwrap()
        .contains("no CuTe layout has this relation"));
    assert_eq!(lines[4]["arg"], 0);
    assert_eq!(lines[4]["offset"], 4);
}
