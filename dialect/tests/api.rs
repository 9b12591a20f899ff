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
        sink.lock().unwrap().push(format!("{}: {}", d.location(), d));
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
    assert!(out.contains("t.l = #layout.layout<((2,4),8):((1,16),2)>"), "{out}");
    assert!(out.contains("t.s = #layout.swizzle<3,4,3>"), "{out}");
    assert!(out.contains("t.c = #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>"), "{out}");
}

#[test]
fn malformed_attribute_is_located() {
    let err = parse("module attributes {t.l = #layout.layout<(4,8):(8,x)>} {}").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    // column of 'x': 1-based
    let col = "module attributes {t.l = #layout.layout<(4,8):(8,".len() + 1;
    assert!(err[0].contains(&format!(":1:{col})")), "{err:?}");
}
