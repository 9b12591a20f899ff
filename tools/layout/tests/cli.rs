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
            .take_while(|l| !l.is_empty())
            .flat_map(str::split_whitespace)
            .collect();
        assert_eq!(listed, dispatched_op_names());
        // Then the ops of the dialect that exist only in IR, none of them dispatched.
        let ir_only: Vec<&str> = o
            .stdout
            .split("IR-ONLY OPS")
            .nth(1)
            .unwrap()
            .lines()
            .skip_while(|l| !l.starts_with("    "))
            .flat_map(str::split_whitespace)
            .collect();
        for op in [
            "const",
            "make_tensor",
            "local_tile",
            "tma_copy",
            "mma",
            "wgmma",
            "tcgen05_cp",
        ] {
            assert!(ir_only.contains(&op), "{op} missing in:\n{}", o.stdout);
        }
        assert!(ir_only.len() >= 40, "{ir_only:?}");
        assert!(ir_only.iter().all(|op| !listed.contains(op)), "{ir_only:?}");
    }
}

/// An op of the dialect that exists only in IR has its help (signature, contract, the note that
/// it is not evaluated), also under its MLIR name; `layout eval` and `layout batch` refuse it
/// and say so.
#[test]
fn help_of_an_ir_only_op_and_its_refusal() {
    for name in ["make_tensor", "layout.make_tensor"] {
        let o = run(&["help", name], "");
        assert_eq!((o.stderr.as_str(), o.code), ("", 0), "{name}");
        assert!(
            o.stdout.starts_with(
                "make_tensor(ptr: !llvm.ptr, layout: !layout.<value>) -> !layout.tensor\n\n"
            ),
            "{}",
            o.stdout
        );
        assert!(o.stdout.contains("exists only in IR"), "{}", o.stdout);
        assert!(!o.stdout.contains("Example:"), "{}", o.stdout);
    }
    let o = run(&["help", "tcgen05_mma"], "");
    assert!(o.stdout.ends_with("More: docs/nvvm.md\n"), "{}", o.stdout);
    let o = run(&["eval", "make_tensor(1, 2)"], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("unknown operation 'make_tensor'"),
        "{}",
        o.stderr
    );
    let o = run(
        &["batch"],
        "{\"id\":1,\"op\":\"tma_copy\",\"args\":[\"1\"]}\n",
    );
    assert!(
        o.stdout
            .contains("'tma_copy' is an op of the dialect that exists only in IR"),
        "{}",
        o.stdout
    );
}

/// Every operation name a dispatcher accepts (the algebra's and the relation operations).
fn dispatched_op_names() -> Vec<&'static str> {
    let mut all = layout_algebra::ops::all_op_names();
    all.extend(layout_relation::ops::OP_NAMES);
    all
}

/// Every operation the dispatchers accept has its help: `layout help OP` succeeds with the
/// signature, a contract and an example that evaluates to the printed result (issue 29:
/// `layout help equal` exited 2 for the 13 relation operations).
#[test]
fn help_op_prints_signature_contract_and_a_checked_example() {
    let names = dispatched_op_names();
    assert!(names.contains(&"equal") && names.contains(&"complement_check"));
    for name in names {
        let o = run(&["help", name], "");
        assert_eq!((o.stderr.as_str(), o.code), ("", 0), "{name}");
        assert!(o.stdout.starts_with(&format!("{name}(")), "{}", o.stdout);
        // The example line is runnable as printed and gives the printed result.
        let mut lines = o
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with("Example:"))
            .skip(1);
        let cmd = lines.next().unwrap().trim();
        let expr = cmd
            .strip_prefix("$ layout eval '")
            .and_then(|c| c.strip_suffix('\''))
            .unwrap_or_else(|| panic!("{name}: {cmd}"));
        let result = lines.next().unwrap().trim();
        eval_ok(expr, result);
        let contract = o.stdout.split("\n\n").nth(1).unwrap_or("");
        assert!(
            contract.trim().len() > 10,
            "{name}: no contract in\n{}",
            o.stdout
        );
    }
    let o = run(&["help", "frob"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.starts_with("error: unknown operation 'frob'"),
        "{}",
        o.stderr
    );
    assert_eq!(run(&["help", "size", "cosize"], "").code, 2);
}

#[test]
fn version() {
    for flag in ["--version", "-V"] {
        let o = run(&[flag], "");
        assert_eq!(
            (o.stdout.as_str(), o.stderr.as_str(), o.code),
            (concat!("layout ", env!("CARGO_PKG_VERSION"), "\n"), "", 0)
        );
    }
}

#[test]
fn a_bare_word_is_an_error_not_an_echo() {
    eval_err(
        "foo",
        "error: 'foo' is not a value: expected a layout, shape or linear layout, or a call NAME(...); bare words (f16, K) are arguments of a call only\n  foo\n  ^\n",
    );
    eval_err(
        " size",
        "error: 'size' is an operation: call it with its arguments, size(...) (`layout help size`)\n   size\n   ^\n",
    );
    let o = run(&["show", "f16"], "");
    assert_eq!((o.stdout.as_str(), o.code), ("", 1));
    // A linear layout alone is checked and printed canonically, not echoed.
    eval_ok(
        "#ttg.linear<{register = [[1], [2]]}>",
        r#"{"in_dims":[{"name":"register","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"dim0","size":4}]}"#,
    );
    let o = run(&["eval", "#ttg.linear<{register = [[1], [2]}>"], "");
    assert_eq!((o.stdout.as_str(), o.code), ("", 1));
}

#[test]
fn linear_encoding_reads_triton_encoding_text() {
    let json =
        r#"{"kind":"nvidia_mma","version":[3,0],"warps_per_cta":[4,1],"instr_shape":[16,64,16]}"#;
    let text = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>";
    let a = run(&["eval", &format!("linear_encoding({json}, [64, 64])")], "");
    let b = run(&["eval", &format!("linear_encoding({text}, [64, 64])")], "");
    assert_eq!((a.code, b.code), (0, 0), "{}{}", a.stderr, b.stderr);
    assert_eq!(a.stdout, b.stdout);
    // The same through the batch, with the argument index of a parse error.
    let req = format!(
        "{{\"id\":1,\"op\":\"linear_encoding\",\"args\":[{},\"[64,64]\"]}}\n{{\"id\":2,\"op\":\"linear_encoding\",\"args\":[\"#ttg.blocked<{{sizePerThread = [1 4]}}>\",\"[64,64]\"]}}\n",
        serde_json::to_string(text).unwrap()
    );
    let o = run(&["batch"], &req);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("{{\"id\":1,\"result\":{}}}", a.stdout.trim_end())
    );
    assert_eq!(
        lines[1],
        r#"{"id":2,"error":"parse error at byte 33: expected ',', found '4'","offset":33,"arg":0}"#
    );
}

/// Issue 32: a Triton encoding with its shape is a linear layout wherever one is read (eval,
/// batch), and `linear_vector_width` counts along the fastest (last) tensor dimension.
#[test]
fn typed_encodings_are_linear_layouts_and_their_vector_width_is_row_major() {
    let blocked = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
    let typed = format!("tensor<16x64xf16, {blocked}>");
    // Registers [0,1], [0,2], [0,4]: 8 consecutive elements of a row.
    eval_ok(&format!("linear_vector_width({typed})"), "8");
    eval_ok(
        &format!("linear_vector_width(linear_encoding({blocked}, [16, 64]))"),
        "8",
    );
    // Alone it is checked and printed canonically, as linear_print does.
    let a = run(&["eval", &typed], "");
    let b = run(
        &["eval", &format!("linear_encoding({blocked}, [16, 64])")],
        "",
    );
    assert_eq!((a.code, b.code), (0, 0), "{}{}", a.stderr, b.stderr);
    assert_eq!(a.stdout, b.stdout);
    // Shared encodings in a memory descriptor: the 128-byte f16 swizzle keeps 16 bytes.
    eval_ok(
        "linear_vector_width(!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>)",
        "8",
    );
    // dot_op and slice with their parent inline.
    eval_ok(
        "linear_vector_width(tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 8}>>)",
        "8",
    );
    eval_ok(
        &format!(
            "linear_vector_width(tensor<64xf16, #ttg.slice<{{dim = 0, parent = {blocked}}}>>)"
        ),
        "8",
    );
    // An encoding alone needs its shape; a bad extent is pointed at.
    let o = run(&["eval", &format!("linear_vector_width({blocked})")], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("#ttg.blocked is an encoding, whose layout depends on the tensor shape"),
        "{}",
        o.stderr
    );
    eval_err(
        &format!("tensor<48x64xf16, {blocked}>"),
        "error: parse error at byte 7: extent 48 is not a power of two (a linear layout's extents are)\n  tensor<48x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>\n         ^\n",
    );
    // The batch: the same answers, a parse error with its argument and offset.
    let req = format!(
        "{{\"id\":1,\"op\":\"linear_vector_width\",\"args\":[{}]}}\n{{\"id\":2,\"op\":\"linear_vector_width\",\"args\":[{}]}}\n",
        serde_json::to_string(&typed).unwrap(),
        serde_json::to_string(&typed.replace("16x64", "16x?")).unwrap()
    );
    let o = run(&["batch"], &req);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines[0], r#"{"id":1,"result":8}"#);
    assert_eq!(
        lines[1],
        r#"{"id":2,"error":"parse error at byte 10: a dynamic extent '?' has no linear layout: the extents are static","offset":10,"arg":0}"#
    );
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

/// A result that `print` refuses (cosize past i64) is refused by `batch` with the same error
/// as by `eval` (issue 29: `wgmma_k_block` answered one in batch; its hardware operation was
/// not checked against the result contracts when called on texts).
#[test]
fn batch_refuses_results_past_i64_as_eval_does() {
    let tile = "(64,16):(130000000000000000,-130000000000000000)";
    let msg = "wgmma_k_block: the result (64,16):(130000000000000000,-130000000000000000) has \
        cosize 10140000000000000001, past the largest i64 (2^63-1): results must have their \
        size, cosize and every extent within i64";
    let expr = format!("wgmma_k_block(f16, {tile}, 0)");
    let o = run(&["eval", &expr], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with(&format!("error: {msg}\n")),
        "{}",
        o.stderr
    );
    let o = run(
        &["batch"],
        &format!("{{\"id\":1,\"op\":\"wgmma_k_block\",\"args\":[\"f16\",\"{tile}\",\"0\"]}}\n"),
    );
    assert_eq!(
        (o.stdout.as_str(), o.code),
        (format!("{{\"id\":1,\"error\":\"{msg}\"}}\n").as_str(), 0)
    );
    // `print` of that layout refuses it with the same quantity.
    let o = run(&["eval", &format!("print({tile})")], "");
    assert!(
        o.stderr.contains("has cosize 10140000000000000001"),
        "{}",
        o.stderr
    );
}

/// `layout eval` reads a LEGO chain inside a relation operation as `layout batch` does (issue
/// 29: it parsed the chain as a call and failed), and passes a nested `lego_*` result on as
/// the chain's text.
#[test]
fn eval_relation_operations_read_lego_chains_as_batch_does() {
    let chain = "OrderBy(Col([2,3])).GroupBy([2,3])";
    let cases: [(&str, Vec<&str>); 6] = [
        ("is_bijective", vec![chain]),
        ("is_injective", vec![chain]),
        ("lego_is_bijective", vec![chain]),
        ("equal", vec![chain, "(2,3):(1,2)"]),
        ("equal", vec![chain, "(2,3):(3,1)", "coord"]),
        ("relation", vec![chain, "coord"]),
    ];
    for (op, args) in cases {
        let expr = format!("{op}({})", args.join(", "));
        let req = serde_json::json!({"id": 0, "op": op, "args": args});
        let o = run(&["batch"], &format!("{req}\n"));
        let answer: serde_json::Value = serde_json::from_str(o.stdout.trim()).unwrap();
        assert!(!answer["result"].is_null(), "{expr}: {}", o.stdout);
        let e = run(&["eval", &expr], "");
        assert_eq!((e.stderr.as_str(), e.code), ("", 0), "{expr}");
        // A text result is the batch's string; a JSON result the batch's object.
        let ours = match &answer["result"] {
            serde_json::Value::String(_) => serde_json::Value::String(e.stdout.trim().into()),
            _ => serde_json::from_str(e.stdout.trim()).unwrap(),
        };
        assert_eq!(ours, answer["result"], "{expr}");
    }
    eval_ok(
        &format!("is_bijective({chain})"),
        r#"{"holds":true,"witness":[]}"#,
    );
    eval_ok(
        "equal(lego_from_cute((2,3):(1,2)), (2,3):(1,2))",
        r#"{"equal":true}"#,
    );
    // Where a chain makes no sense, the error is the batch's.
    let o = run(
        &["batch"],
        &format!(
            "{}\n",
            serde_json::json!({"id": 0, "op": "complement_fill", "args": [chain, "12"]})
        ),
    );
    let answer: serde_json::Value = serde_json::from_str(o.stdout.trim()).unwrap();
    let msg = answer["error"].as_str().unwrap();
    let o = run(&["eval", &format!("complement_fill({chain}, 12)")], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with(&format!("error: {msg}\n")),
        "{}",
        o.stderr
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
// codegen (bijective layouts)

/// The paper's Fig. 9 layout (anti-diagonal 3x3 blocks, transposed grid, 6x6 view).
const FIG9: &str = "OrderBy(RegP([2,2],[2,1]), GenP([3,3], (i,j) -> let a = i + j + 1; \
    select(a <= 3, i + a*(a-1)/2, 6 + i - (6-a)*(5-a)/2), (x0) -> let x = select(x0 < 6, x0, \
    8 - x0); let a = 1 + (x >= 1) + (x >= 3); let i = x - a*(a-1)/2; let j = a - i - 1; \
    [select(x0 < 6, i, 2 - i), select(x0 < 6, j, 2 - j)])).OrderBy(RegP([2,3,2,3],[1,3,2,4])).\
    GroupBy([6,6])";

#[test]
fn codegen_c_compiles_and_matches_the_batch_table() {
    let o = run(&["codegen", "--lang", "c", "--name", "fig9", FIG9], "");
    assert_eq!((o.stderr.as_str(), o.code), ("", 0));
    assert!(o
        .stdout
        .contains("static inline int64_t fig9_apply(int64_t i0, int64_t i1)"));
    let main = "#include <stdio.h>\nint main(void) {\n  for (int64_t r = 0; r < 36; ++r) {\n    \
        int64_t i0, i1;\n    fig9_inv(fig9_apply(r / 6, r % 6), &i0, &i1);\n    \
        printf(\"%lld %lld %lld\\n\", (long long)fig9_apply(r / 6, r % 6), (long long)i0, \
        (long long)i1);\n  }\n  return 0;\n}\n";
    let dir = std::env::temp_dir().join(format!("layout_cli_codegen_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("fig9.c");
    std::fs::write(&src, format!("{}{main}", o.stdout)).unwrap();
    let exe = dir.join("fig9");
    let cc = Command::new("cc")
        .args(["-std=c99", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("cc runs");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let out = String::from_utf8(Command::new(&exe).output().unwrap().stdout).unwrap();
    let req = format!(
        "{{\"id\":1,\"op\":\"lego_table\",\"args\":[{}]}}\n",
        serde_json::to_string(FIG9).unwrap()
    );
    let b = run(&["batch"], &req);
    let table: Vec<i64> = serde_json::from_str::<serde_json::Value>(b.stdout.trim()).unwrap()
        ["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(table[4 * 6 + 2], 15, "Fig. 9: [4,2] -> 15");
    for (r, line) in out.lines().enumerate() {
        let v: Vec<i64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        assert_eq!(v, vec![table[r], r as i64 / 6, r as i64 % 6]);
    }
    assert_eq!(out.lines().count(), 36);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn codegen_usage_and_layout_errors() {
    let o = run(&["codegen", "--lang", "fortran", "GroupBy([4])"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.contains("unknown codegen language 'fortran'"),
        "{}",
        o.stderr
    );
    let o = run(&["codegen", "GroupBy([4])"], "");
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("--lang and a LAYOUT are required"));
    let o = run(
        &[
            "codegen",
            "--lang",
            "c",
            "OrderBy(RegP([2,3],[1,1])).GroupBy([6])",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("parse error at byte 19"), "{}", o.stderr);
    let o = run(&["codegen", "--lang", "mlir", "TileBy([2,2],[2,2])"], "");
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains(
        "func.func @lego_apply(%i0: index, %i1: index, %i2: index, %i3: index) -> index"
    ));
}

// ---------------------------------------------------------------------------------------
// pictures: show --svg / --latex / --tv / --owners / --banks

/// The cells of an SVG picture: (row, col) -> (fill, label lines, x, y, w, h); also checks
/// that the document is well-formed XML with an <svg> root of the declared size.
struct SvgCell {
    fill: String,
    lines: Vec<String>,
    rect: (i64, i64, i64, i64),
}

fn svg_cells(svg: &str) -> (std::collections::BTreeMap<(i64, i64), SvgCell>, (i64, i64)) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let num = |n: roxmltree::Node, a: &str| -> i64 { n.attribute(a).unwrap().parse().unwrap() };
    let size = (num(root, "width"), num(root, "height"));
    let mut cells = std::collections::BTreeMap::new();
    let rects: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("cell"))
        .collect();
    let labels: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("label"))
        .collect();
    for r in rects {
        let (x, y, w, h) = (num(r, "x"), num(r, "y"), num(r, "width"), num(r, "height"));
        // The label whose anchor lies inside this rectangle.
        let lines = labels
            .iter()
            .find(|t| {
                let (tx, ty) = (num(**t, "x"), num(**t, "y"));
                x < tx && tx < x + w && y < ty && ty < y + h
            })
            .map(|t| {
                t.children()
                    .filter(|c| c.has_tag_name("tspan"))
                    .map(|c| c.text().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default();
        let key = (num(r, "data-row"), num(r, "data-col"));
        let cell = SvgCell {
            fill: r.attribute("fill").unwrap().to_string(),
            lines,
            rect: (x, y, w, h),
        };
        assert!(cells.insert(key, cell).is_none(), "cell {key:?} twice");
    }
    (cells, size)
}

fn show_out(args: &[&str]) -> String {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    let o = run(&all, "");
    assert_eq!((o.stderr.as_str(), o.code), ("", 0), "{args:?}");
    o.stdout
}

fn show_fails(args: &[&str], message: &str) {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    let o = run(&all, "");
    assert_eq!(o.stdout, "", "{args:?}");
    assert_ne!(o.code, 0, "{args:?}");
    assert!(o.stderr.contains(message), "{args:?}: {}", o.stderr);
}

fn hex(rgb: (u8, u8, u8)) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb.0, rgb.1, rgb.2)
}

#[test]
fn svg_of_a_layout_has_every_offset_in_its_cell() {
    let l = "Sw<1,0,1> o 0 o ((2,2),4):((1,8),2)";
    let (cells, _) = svg_cells(&show_out(&["--svg", l]));
    assert_eq!(cells.len(), 16);
    let f = text::parse(l).unwrap();
    let Value::Func(f) = f else { panic!() };
    let mut fills = std::collections::BTreeMap::new();
    for m in 0..4 {
        for n in 0..4 {
            let c = &cells[&(m, n)];
            let want = f.apply(m + 4 * n).unwrap();
            assert_eq!(c.lines, vec![want.to_string()], "({m},{n})");
            // Equal offsets mod 8 share a fill, different ones do not.
            fills.entry(want % 8).or_insert(c.fill.clone());
            assert_eq!(fills[&(want % 8)], c.fill);
        }
    }
    let mut distinct: Vec<&String> = fills.values().collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), fills.len());
}

#[test]
fn svg_of_a_tv_layout_shows_thread_and_value_of_every_element() {
    // The SM80 16x16 A-operand fragment: thread t holds rows t/4 and t/4+8, columns
    // 2(t%4), 2(t%4)+1 and those +8.
    let tv = "((4,8),(2,2,2)):((32,1),(16,8,128))";
    let (cells, _) = svg_cells(&show_out(&["--svg", "--tv", tv, "(16,16)"]));
    assert_eq!(cells.len(), 256);
    for t in 0..32i64 {
        for v in 0..8i64 {
            let m = t / 4 + 8 * ((v / 2) % 2);
            let n = 2 * (t % 4) + v % 2 + 8 * (v / 4);
            assert_eq!(
                cells[&(m, n)].lines,
                vec![format!("T{t}"), format!("V{v}")],
                "T{t} V{v}"
            );
        }
    }
    // Threads 0 and 8 share a color, 0 and 1 do not.
    assert_eq!(cells[&(0, 0)].fill, cells[&(2, 0)].fill);
    assert_ne!(cells[&(0, 0)].fill, cells[&(0, 2)].fill);
    // The text form of the same view.
    let t = show_out(&["--tv", tv, "(16,16)"]);
    assert!(t.contains("\n 0  |  T0 V0 |  T0 V1 |  T1 V0 |"), "{t}");
}

#[test]
fn tv_view_errors_and_coverage() {
    show_fails(
        &["--tv", "(4,2):(1,4)", "(4,1)"],
        "TV(0,1) = 4 lies outside the 4x1 tile",
    );
    show_fails(
        &["--tv", "(4,2):(1,4)"],
        "--tv takes a TV layout and a tile shape",
    );
    // A broadcast (stride-0 thread mode) and an uncovered element are reported.
    let t = show_out(&["--tv", "(2,2):(0,1)", "(3,1)"]);
    assert!(t.contains("1 elements held by no thread"), "{t}");
    assert!(t.contains("2 further holders"), "{t}");
}

#[test]
fn svg_owner_map_of_a_linear_layout() {
    let enc = "linear_encoding(#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>, [8, 16])";
    let (cells, _) = svg_cells(&show_out(&["--svg", "--owners", enc]));
    assert_eq!(cells.len(), 8 * 16);
    // blocked: register along dim1, then 8 lanes along dim1, 4 lanes along dim0, warps dim0.
    for m in 0..8i64 {
        for n in 0..16i64 {
            let (r, lane, w) = (n % 2, (n / 2) + 8 * (m % 4), m / 4);
            assert_eq!(
                cells[&(m, n)].lines,
                vec![format!("r{r}"), format!("l{lane}"), format!("w{w}")],
                "({m},{n})"
            );
        }
    }
    // The two registers of a thread share its color.
    assert_eq!(cells[&(0, 0)].fill, cells[&(0, 1)].fill);
    // Other input names are spelled out: a CuTe layout's modes dim0, dim1 -> offset.
    let t = show_out(&["--owners", "(4,2):(2,1)"]);
    assert!(t.contains("\n 5  | dim0=2 dim1=1 |\n"), "{t}");
    show_fails(
        &["--owners", "linear_identity(4, register, dim0)", "x"],
        "takes exactly one EXPR",
    );
}

#[test]
fn svg_bank_view_of_a_swizzled_tile() {
    // 128B swizzle on f16: row m of (8,64):(64,1) is 128 bytes, every bank twice; the
    // swizzle moves 16-byte chunk c of row m to chunk c ^ m.
    let (cells, _) = svg_cells(&show_out(&[
        "--svg",
        "--banks",
        "f16",
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
    ]));
    assert_eq!(cells.len(), 8 * 64);
    for m in 0..8i64 {
        for n in 0..64i64 {
            let chunk = (n / 8) ^ m;
            let bank = (chunk * 16 + (n % 8) * 2) / 4 % 32;
            assert_eq!(cells[&(m, n)].lines, vec![bank.to_string()], "({m},{n})");
        }
    }
    let t = show_out(&["--banks", "f16", "(4,64):(64,1)"]);
    assert!(t.contains("at most 1 distinct word(s) in one bank"), "{t}");
    // Column-major f32: row m holds words m + 4n, so n and n + 8 share a bank.
    let t = show_out(&["--banks", "f32", "(4,64):(1,4)"]);
    assert!(t.contains("at most 8 distinct word(s) in one bank"), "{t}");
    show_fails(&["--banks", "f17", "(4,64):(64,1)"], "f17");
    show_fails(&["--banks"], "--banks takes an element type");
}

#[test]
fn latex_draws_one_node_per_cell() {
    let t = show_out(&["--latex", "(2,3):(3,1)"]);
    assert!(t.starts_with("\\documentclass"), "{t}");
    assert!(t.trim_end().ends_with("\\end{document}"));
    let nodes: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("\\node[cell,draw=black"))
        .collect();
    assert_eq!(nodes.len(), 6);
    assert!(nodes.contains(
        &"\\node[cell,draw=black,fill={rgb,255:red,255;green,255;blue,255}] at (0,-0) {0};"
    ));
    assert!(nodes.iter().any(|l| l.ends_with("at (2,-1) {5};")));
    // Braces balance; TeX specials of the title are escaped.
    assert_eq!(t.matches('{').count(), t.matches('}').count());
    let t = show_out(&["--latex", "--tv", "(2,2):(1,2)", "(2,2)"]);
    assert!(t.contains("{T1\\\\V1}"), "{t}");
    let t = show_out(&["--latex", "Sw<1,0,1> o 0 o (2,2):(1,2)"]);
    assert!(t.contains("Sw\\textless{}1,0,1\\textgreater{}"), "{t}");
}

#[test]
fn show_option_errors() {
    show_fails(
        &["--svg", "--latex", "8:1"],
        "give one of --svg and --latex",
    );
    show_fails(
        &["--tv", "--owners", "8:1"],
        "give one of --tv, --owners and --banks",
    );
    show_fails(&["--frob", "8:1"], "unknown option '--frob'");
    show_fails(&["--svg", "(2,2,2):(1,2,4)"], "rank 3");
    show_fails(&["--svg", "f16"], "'f16' is not a value");
}

/// Render an SVG with rsvg-convert (librsvg, installed by scripts/setup.sh) and decode the PNG:
/// (width, height, bytes per pixel, pixels).
fn rasterize(svg: &str, name: &str) -> (u32, u32, usize, Vec<u8>) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (svg_path, png_path) = (
        dir.join(format!("{name}.svg")),
        dir.join(format!("{name}.png")),
    );
    std::fs::write(&svg_path, svg).unwrap();
    let st = Command::new("rsvg-convert")
        .arg(&svg_path)
        .arg("-o")
        .arg(&png_path)
        .status()
        .expect("rsvg-convert runs (apt-get install librsvg2-bin; scripts/setup.sh installs it)");
    assert!(st.success());
    let decoder = png::Decoder::new(std::fs::File::open(&png_path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let bpp = match info.color_type {
        png::ColorType::Rgba => 4,
        png::ColorType::Rgb => 3,
        other => panic!("unexpected PNG color type {other:?}"),
    };
    buf.truncate(info.buffer_size());
    (info.width, info.height, bpp, buf)
}

#[test]
fn rendered_svg_has_the_cell_colors_and_visible_labels() {
    for (name, args) in [
        ("layout", vec!["--svg", "(4,8):(8,1)"]),
        (
            "tv",
            vec![
                "--svg",
                "--tv",
                "((4,8),(2,2,2)):((32,1),(16,8,128))",
                "(16,16)",
            ],
        ),
        (
            "banks",
            vec!["--svg", "--banks", "f16", "Sw<3,3,3> o 0 o (8,64):(64,1)"],
        ),
    ] {
        let svg = show_out(&args);
        let (cells, (w, h)) = svg_cells(&svg);
        let (pw, ph, bpp, px) = rasterize(&svg, name);
        assert_eq!((pw as i64, ph as i64), (w, h), "{name}");
        let at = |x: i64, y: i64| {
            let i = (y * pw as i64 + x) as usize * bpp;
            format!("#{:02x}{:02x}{:02x}", px[i], px[i + 1], px[i + 2])
        };
        for ((m, n), c) in &cells {
            let (x, y, cw, ch) = c.rect;
            // Just inside the border: the fill.
            assert_eq!(at(x + 3, y + 3), c.fill, "{name} ({m},{n}) fill");
            // The label was drawn: the middle of the cell holds ink other than the fill.
            let ink = (y + ch / 4..y + 3 * ch / 4)
                .flat_map(|yy| (x + 3..x + cw - 3).map(move |xx| (xx, yy)))
                .filter(|&(xx, yy)| at(xx, yy) != c.fill)
                .count();
            assert!(ink > 10, "{name} ({m},{n}): no label pixels");
        }
        // The fills are the palette of the view.
        if name == "tv" {
            assert_eq!(cells[&(0, 0)].fill, hex((175, 175, 255)));
        }
    }
}

// ---------------------------------------------------------------------------------------
// issue 10: hostile inputs end with exit 1 and a precise message, never a panic (101)

#[test]
fn eval_and_show_answer_hostile_inputs_with_exit_1() {
    let cases = [
        (
            "print(-9223372036854775808/-1@0)",
            "does not fit in 64 bits",
        ),
        (
            "print(Sw<4611686018427387905,4611686018427387904,4611686018427387905>)",
            "B = 4611686018427387905 is out of range (B + M + |S| must be at most 63)",
        ),
        (
            "print(Sw<0,0,-9223372036854775808>)",
            "|S| = 9223372036854775808 is out of range",
        ),
        ("left_inverse(4:-1)", "has a negative stride"),
        (
            "left_inverse(Sw<1,9223372036854775807,2> o 0 o 32:-1)",
            "M = 9223372036854775807 is out of range",
        ),
        ("print(2/1)", "a fractional count needs a basis"),
        ("print(1@87904)", "basis mode 87904 is out of range"),
    ];
    for (cmd, msg) in [("eval", 0), ("show", 1)]
        .iter()
        .flat_map(|&(c, _)| cases.iter().map(move |x| (c, x)))
    {
        let o = run(&[cmd, msg.0], "");
        assert_eq!(
            (o.code, o.stdout.as_str()),
            (1, ""),
            "{cmd} {}: {}",
            msg.0,
            o.stderr
        );
        assert!(
            o.stderr.starts_with("error: ") && o.stderr.contains(msg.1),
            "{cmd} {}: {}",
            msg.0,
            o.stderr
        );
        assert!(!o.stderr.contains("panicked"), "{}", o.stderr);
    }
    // The same requests in batch mode: one error answer each, exit 0.
    let reqs: String = cases
        .iter()
        .enumerate()
        .map(|(i, (e, _))| {
            let (op, arg) = e.split_once('(').unwrap();
            let arg = &arg[..arg.len() - 1];
            format!(
                "{{\"id\":{i},\"op\":\"{op}\",\"args\":[{}]}}\n",
                serde_json::Value::from(arg)
            )
        })
        .collect();
    let o = run(&["batch"], &reqs);
    assert_eq!(o.code, 0);
    for (line, (_, msg)) in o.stdout.lines().zip(&cases) {
        assert!(line.contains("\"error\"") && line.contains(msg), "{line}");
    }
    assert_eq!(o.stdout.lines().count(), cases.len());
}

#[test]
fn exit_codes_are_documented_in_help() {
    let o = run(&["help"], "");
    assert_eq!(o.code, 0);
    for s in ["0 on success", "1 when", "2 on bad usage"] {
        assert!(o.stdout.contains(s), "help lacks {s:?}:\n{}", o.stdout);
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

/// What CuTe prints pastes into `eval` and `batch` (pointer offsets, `S<...>`, tuple
/// offsets), and the scaled-basis algebra answers there (docs/syntax.md, docs/algebra.md).
#[test]
fn pasted_cute_forms_and_basis_strides() {
    // the swizzle acts on byte addresses: on 16-bit element offsets it is Sw<3,3,3>
    eval_ok(
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
    );
    eval_ok(
        "Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)",
        "Sw<3,5,3> o 0 o (8,256):(256,1)",
    );
    eval_ok(
        "Sw<2,4,3> o smem_ptr[8b](unset) o (_64,_8):(_1,_64)",
        "Sw<2,4,3> o 0 o (64,8):(1,64)",
    );
    let bad = "Sw<3,2,3> o smem_ptr[64b](unset) o (8,16):(16,1)";
    eval_err(
        bad,
        &format!("error: {}\n  {bad}\n              ^\n", parse_msg(bad, 0)),
    );
    eval_ok(
        "(4,3):(1@0,1@1) o (1,1) o (4,3):(1,4)",
        "(4,3):(1@0,1@1) o (1,1) o (4,3):(1,4)",
    );
    eval_ok(
        "complement((2,5,3):(4@1,5@0,16@1))",
        "((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))",
    );
    let o = run(
        &["batch", "--threads", "1"],
        concat!(
            r#"{"id":1,"op":"print","args":["Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"]}"#,
            "\n",
            r#"{"id":2,"op":"crd2idx","args":["3","(6,2):(1,3) o (2,1) o (2,3):(1@1,2@0)"]}"#,
            "\n",
            r#"{"id":3,"op":"logical_product","args":["(4,3):(1@0,1@1)","(2,5):(1,2)"]}"#,
            "\n",
        ),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    for want in [
        r#"{"id":1,"result":"Sw<3,3,3> o 0 o (8,64):(64,1)"}"#,
        r#"{"id":2,"result":10}"#,
        r#"{"id":3,"result":"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))"}"#,
    ] {
        assert!(o.stdout.contains(want), "{want} missing in:\n{}", o.stdout);
    }
}

#[test]
fn runtime_leaves_and_bind() {
    // The structure C++'s types give (runtime leaves stay '?'), then the values C++ computes.
    eval_ok(
        "zipped_divide((?,?):(?,1), (128,64))",
        "((128,64),(?,?)):((?,1),(?,64))",
    );
    eval_ok(
        "bind(zipped_divide((?,?):(?,1), (128,64)), 500, 300, 512)",
        "((128,64),(4,5)):((512,1),(65536,64))",
    );
    eval_ok("coalesce((128,?):(1,128))", "(128,?):(1,128)");
    eval_ok("size((?,4):(1,?))", "?");
    eval_ok("bind(size((?,4):(1,?)), 3, 7)", "12");
    // Index math on runtime leaves: the expression of the offset (CuTe C++ with an int n:
    // crd2idx(3, (n,_4):(_1,n)) = 3, idx2crd(5, (n,n)) = (5,0)).
    eval_ok("crd2idx(3, (?,4):(1,?))", "?");
    eval_ok("bind(crd2idx(3, (?,4):(1,?)), 256, 256)", "3");
    eval_ok("bind(crd2idx((1,?), (?,4):(1,?)), 3, 256, 256)", "769");
    eval_ok("idx2crd(?, (?,?))", "(?,?)");
    eval_ok("bind(idx2crd(5, (?,?)), 256, 256)", "(5,0)");
    eval_ok("max_common_vector((8,?):(1,8), (8,?):(1,8))", "8");
    eval_ok("max_common_layout((?,8):(8,1), (?,8):(8,1))", "1:0");
    // The `?` of the whole expression are $0, $1, ... left to right: the coordinate's first.
    eval_ok("crd2idx((3,?), (4,?):(1,4))", "?");
    eval_ok("bind(crd2idx((3,?), (4,?):(1,4)), 2, 5)", "11");
    eval_ok("crd2idx(?, (8,?):(?,1))", "?");
    eval_ok("bind(crd2idx(?, (8,?):(?,1)), 10, 3, 2)", "5");
    eval_ok("bind(idx2crd(?, (?,?)), 7, 3, 4)", "(1,2)");
    // crd2crd: the colexicographic index in the first shape, its coordinate in the second.
    eval_ok("crd2crd((1,?), (4,?), 32)", "?");
    eval_ok("bind(crd2crd((1,?), (4,?), 32), 2, 8)", "9");
    eval_ok("bind(crd2crd(?, 32, (4,?)), 13, 8)", "(1,3)");
    // Slices keep CuTe's nesting: a `_` against a whole mode keeps it as one mode.
    eval_ok("slice((_,?), zipped_divide(?:1, (128)))", "((128)):((1))");
    eval_ok("slice(((_),(?)), zipped_divide(?:1, (128)))", "(128):(1)");
    let fails_with = |expr: &str, what: &str| {
        let o = run(&["eval", expr], "");
        assert!(
            o.code == 1 && o.stdout.is_empty() && o.stderr.contains(what),
            "{expr}: {}",
            o.stderr
        );
    };
    // C++ gives (1000,(3,1)):(3,(_1,3000)), of size 3000 instead of 4000: refused.
    fails_with(
        "bind(logical_product(?:?, 4:1), 1000, 3)",
        "shape divisibility condition",
    );
    fails_with(
        "bind(idx2crd(?, (?,?)), 70000, 256, 256)",
        "idx2crd: the coordinate or index is outside [0, size) of its shape",
    );
    fails_with(
        "bind(crd2crd((1,?), (4,?), 32), 8, 8)",
        "crd2idx: the coordinate or index is outside [0, size) of its shape",
    );
    fails_with(
        "bind((?,4):(1,?), 3)",
        "2 runtime leaves '?' but 1 values were given",
    );
    // batch: the first argument is the expression's text.
    let out = run(
        &["batch"],
        "{\"id\":1,\"op\":\"bind\",\"args\":[\"composition((?,128):(1,?), (32,4):(1,32))\",\"128\",\"128\"]}\n",
    );
    assert!(
        out.stdout
            .contains("\"result\":\"((32,1),(4,1)):((1,128),(32,128))\""),
        "{}",
        out.stdout
    );
    // A name or JSON has no runtime leaves: an error, not the name echoed (fuzz finding).
    fails_with("bind(f16)", "must be a value of the layout syntax");
    let out = run(
        &["batch"],
        "{\"id\":2,\"op\":\"bind\",\"args\":[\"\\\"register\\\"\"]}\n",
    );
    assert!(
        out.stdout
            .contains("\"error\":\"bind: EXPR must be a value of the layout syntax"),
        "{}",
        out.stdout
    );
}
