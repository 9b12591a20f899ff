//! Bad input gets a precise error and nothing else: every line of tests/corpus/bad_input.tsv
//! must fail (parse errors at the stated byte offset), never panic, never return a value.
//! Also: deep nesting and long garbage do not overflow the stack.

use layout_algebra::ops::call;
use layout_algebra::text::parse;
use layout_algebra::Error;

fn run(op: &str, args: &[&str]) -> Result<String, (Option<usize>, usize, Error)> {
    let mut vals = Vec::new();
    for (i, a) in args.iter().enumerate() {
        vals.push(parse(a).map_err(|e| (e.offset(), i, e))?);
    }
    call(op, &vals)
        .map(|v| layout_algebra::text::print(&v))
        .map_err(|e| (None, 0, e))
}

#[test]
fn corpus_lines_are_errors() {
    let text = include_str!("corpus/bad_input.tsv");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields: Vec<&str> = line.split('\t').collect();
        let expect = fields.pop().unwrap();
        let op = fields[0];
        let args = &fields[1..];
        let result = std::panic::catch_unwind(|| run(op, args));
        let result = result.unwrap_or_else(|_| panic!("panic on: {line}"));
        match (result, expect.strip_prefix("parse@")) {
            (Ok(v), _) => panic!("accepted bad input {line:?}: returned {v}"),
            (Err((Some(off), _, e)), Some(want)) => {
                assert_eq!(
                    off.to_string(),
                    want,
                    "offset of parse error for {line:?}: {e}"
                );
                assert!(
                    e.to_string().contains("expected") || e.to_string().len() > 25,
                    "vague: {e}"
                );
            }
            (Err((None, _, e)), Some(_)) => panic!("{line:?}: wanted a parse error, got: {e}"),
            (Err((_, _, e)), None) => {
                assert!(
                    !matches!(e, Error::Parse { .. }),
                    "{line:?}: wanted an algebra error, got {e}"
                );
                assert!(e.to_string().len() > 15, "vague error for {line:?}: {e}");
            }
        }
        n += 1;
    }
    assert!(n > 70, "corpus too small: {n}");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for depth in [65usize, 1000, 100_000] {
        let text = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        let e = parse(&text).unwrap_err();
        assert_eq!(e.offset(), Some(64), "{e}");
        let tiler = format!("{}4:1{}", "[".repeat(depth), "]".repeat(depth));
        assert!(parse(&tiler).is_err());
    }
    // A long composition chain is bounded too.
    let chain = format!("{}4:1", "Sw<1,0,1> o 0 o ".repeat(100_000));
    assert!(parse(&chain)
        .unwrap_err()
        .to_string()
        .contains("chain longer"));
    // Just inside the limit is fine.
    let ok = format!("{}1{}", "(".repeat(64), ")".repeat(64));
    assert!(parse(&ok).is_ok());
}

#[test]
fn garbage_never_panics() {
    // Every prefix of some valid texts, and bytes of all kinds.
    let samples = [
        "Sw<3,4,3> o 64 o ((8,2),64):((64,512),1)",
        "[(4,2):(1,4),_,8]",
        "(1/2@0,4@1@0)",
        "((2,4),8):((1,16),2)",
    ];
    for s in samples {
        for end in 0..=s.len() {
            let _ = parse(&s[..end]);
            let _ = parse(&s[end..]);
        }
    }
    let mut x: u64 = 0x9E3779B97F4A7C15;
    for _ in 0..20_000 {
        let len = (x % 24) as usize;
        let mut bytes = Vec::with_capacity(len);
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push(b"()[],:o@/_?-0123456789Sw<> x"[(x % 28) as usize]);
        }
        let text = String::from_utf8(bytes).unwrap();
        if let Ok(v) = parse(&text) {
            // Anything accepted prints canonically and reparses to the same value.
            let printed = layout_algebra::text::print(&v);
            assert_eq!(parse(&printed).unwrap(), v, "{text:?} -> {printed:?}");
        }
    }
}

/// A scaled basis of a large mode index makes a coordinate of as many modes: the scaled-basis
/// operations refuse more than MAX_COPROFILE_MODES at once instead of working through each
/// (the fuzzer's `tile_to_shape(1:2@056056, ...)` took minutes), and answer small ones.
#[test]
fn scaled_bases_of_many_modes_are_refused_at_once() {
    let start = std::time::Instant::now();
    let e = run(
        "tile_to_shape",
        &["1:2@56056", "(((4),(8,2),5),(),((16,1,8,1),(),4),(3))"],
    )
    .unwrap_err()
    .2
    .to_string();
    assert!(
        e.contains("span a coordinate of 56057 modes, more than the 1024"),
        "{e}"
    );
    assert!(start.elapsed().as_secs() < 5);
    assert_eq!(
        run("tile_to_shape", &["1:2@5", "(4,8)"]).unwrap(),
        "((1,4),(1,8)):((2@5,1@5),(0,4@5))"
    );
}
