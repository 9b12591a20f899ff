//! The relations against the algebra, by evaluation at every point of many random layouts of
//! every kind: each relation equals (ISL equality) the explicit relation of the algebra's
//! function table, and every verdict and witness of equal / is_injective / is_bijective /
//! from_relation agrees with the tables.

use layout_algebra::linear::json::layout_to_json;
use layout_algebra::linear::LinearLayout;
use layout_algebra::{text, Func, Layout, Swizzle};
use layout_relation::ops::{call_text, Answer};
use layout_relation::{AnyLayout, Ctx, Map, Space};

/// xorshift64*: deterministic random numbers without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

/// A random static layout (nested sometimes, strides in [-3, 40], size <= 256).
fn random_layout(r: &mut Rng, allow_negative: bool) -> Layout {
    loop {
        let n = 1 + r.below(4) as usize;
        let shapes: Vec<i64> = (0..n).map(|_| 1 + r.below(6)).collect();
        let strides: Vec<i64> = (0..n)
            .map(|_| {
                if allow_negative && r.below(6) == 0 {
                    -1 - r.below(3)
                } else {
                    r.below(41)
                }
            })
            .collect();
        if shapes.iter().product::<i64>() > 256 {
            continue;
        }
        let flat = Layout::flat(&shapes, &strides);
        if n >= 3 && r.below(2) == 0 {
            // Nest the first two modes: ((s0,s1),s2,...).
            let t = format!(
                "(({},{}),{}):(({},{}),{})",
                shapes[0],
                shapes[1],
                shapes[2..]
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                strides[0],
                strides[1],
                strides[2..]
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            return text::parse_layout(&t).unwrap();
        }
        return flat;
    }
}

fn random_swizzled(r: &mut Rng) -> Func {
    let b = 1 + r.below(3);
    let m = r.below(4);
    let s = (b + r.below(3)) * if r.below(3) == 0 { -1 } else { 1 };
    let sw = Swizzle::new(b, m, s).unwrap();
    let off = r.below(3) * 8;
    Func::composed(
        Func::Swizzle(sw),
        off,
        Func::Layout(random_layout(r, false)),
    )
}

fn random_linear(r: &mut Rng) -> LinearLayout {
    let n_in = 1 + r.below(3) as usize;
    let n_out = 1 + r.below(2) as usize;
    let out_bits: Vec<u32> = (0..n_out).map(|_| r.below(4) as u32).collect();
    let ins = (0..n_in)
        .map(|i| {
            let k = r.below(4) as usize;
            let bases = (0..k)
                .map(|_| out_bits.iter().map(|&b| r.below(1 << b)).collect())
                .collect();
            (format!("in{i}"), bases)
        })
        .collect();
    let outs = out_bits
        .iter()
        .enumerate()
        .map(|(j, &b)| (format!("out{j}"), 1i64 << b))
        .collect();
    LinearLayout::new(ins, outs).unwrap()
}

/// The flat table of a linear layout (first in dimension fastest, packed output).
fn linear_table(l: &LinearLayout) -> Vec<i64> {
    let n = 1i64 << l.total_in_bits();
    (0..n)
        .map(|c| {
            let mut rest = c;
            let vals: Vec<i64> = (0..l.ins().len())
                .map(|i| {
                    let v = rest % l.in_size(i);
                    rest /= l.in_size(i);
                    v
                })
                .collect();
            l.apply_packed(&vals) as i64
        })
        .collect()
}

fn table_map<'c>(ctx: &'c Ctx, t: &[i64]) -> Map<'c> {
    let pts: Vec<String> = t
        .iter()
        .enumerate()
        .map(|(c, o)| format!("[{c}] -> [{o}]"))
        .collect();
    Map::parse(ctx, &format!("{{ {} }}", pts.join("; "))).unwrap()
}

fn run(op: &str, args: &[&str]) -> String {
    match call_text(op, args).expect("a relation op") {
        Ok(Answer::Text(t)) | Ok(Answer::Json(t)) => t,
        Err((e, _)) => panic!("{op}{args:?}: {e}"),
    }
}

/// The relation equals the explicit relation of the table (same domain, and no coordinate
/// where the two give different offsets).
fn check_relation(ctx: &Ctx, l: &AnyLayout, table: &[i64], what: &str) {
    let rel = l.relation(ctx, Space::Flat).unwrap();
    let tm = table_map(ctx, table);
    let dom = l.domain(ctx, Space::Flat).unwrap();
    let verdict = layout_relation::props::equal(&rel, &dom, &tm, &tm.domain().unwrap(), true);
    assert_eq!(
        verdict.unwrap(),
        layout_relation::props::Equality::Equal,
        "relation of {what} differs from its table"
    );
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The verdicts of is_injective and is_bijective agree with the table, and every witness is
/// real: two coordinates with one offset, an offset missed, or an offset outside the codomain.
fn check_properties(text: &str, table: &[i64], codomain: i64) {
    let mut sorted = table.to_vec();
    sorted.sort_unstable();
    let injective = sorted.windows(2).all(|w| w[0] != w[1]);
    let inj = json(&run("is_injective", &[text]));
    assert_eq!(inj["holds"], injective, "{text}: {inj}");
    let check_collision = |v: &serde_json::Value| {
        let w = v["witness"].as_array().unwrap();
        let (c1, c2) = (
            w[0].as_i64().unwrap() as usize,
            w[1].as_i64().unwrap() as usize,
        );
        assert!(c1 < c2, "{text}: {v}");
        assert_eq!(table[c1], table[c2], "{text}: {v}");
        assert_eq!(v["offset"], table[c1], "{text}: {v}");
    };
    if !injective {
        check_collision(&inj);
    }
    let bijective = injective && sorted == (0..codomain).collect::<Vec<_>>();
    let bij = json(&run("is_bijective", &[text]));
    assert_eq!(bij["holds"], bijective, "{text}: {bij}");
    if !bijective {
        match bij["kind"].as_str().unwrap() {
            "collision" => check_collision(&bij),
            "missed" => {
                let o = bij["witness"][0].as_i64().unwrap();
                assert!((0..codomain).contains(&o) && sorted.binary_search(&o).is_err());
            }
            "outside" => {
                let c = bij["witness"][0].as_i64().unwrap() as usize;
                let o = bij["offset"].as_i64().unwrap();
                assert_eq!(table[c], o, "{text}: {bij}");
                assert!(!(0..codomain).contains(&o), "{text}: {bij}");
            }
            other => panic!("{text}: unexpected kind {other}"),
        }
    }
}

/// `gaps` equals the offsets between the least and the largest value of the table that are
/// not values.
fn check_gaps(ctx: &Ctx, t: &str, table: &[i64]) {
    let (lo, hi) = (*table.iter().min().unwrap(), *table.iter().max().unwrap());
    let missing: Vec<String> = (lo..=hi)
        .filter(|o| !table.contains(o))
        .map(|o| format!("[{o}]"))
        .collect();
    let want = if missing.is_empty() {
        "{ [o] : false }".to_string()
    } else {
        format!("{{ {} }}", missing.join("; "))
    };
    let got = layout_relation::Set::parse(ctx, &run("gaps", &[t])).unwrap();
    let want = layout_relation::Set::parse(ctx, &want).unwrap();
    assert!(got.is_equal(&want).unwrap(), "gaps of {t}");
}

#[test]
fn cute_layouts_match_the_algebra_at_every_point() {
    let ctx = Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap();
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut prev: Option<(String, i64)> = None;
    for i in 0..150 {
        let l = random_layout(&mut r, true);
        let t = text::print_layout(&l);
        let table = l.table(1 << 20).unwrap();
        check_relation(&ctx, &AnyLayout::parse(&t).unwrap(), &table, &t);
        check_gaps(&ctx, &t, &table);
        // out_of_domain(previous layout, this one), every third layout: the coordinates whose
        // offset is outside [0, size(A)), from the table.
        if let (Some((ta, size_a)), 0) = (&prev, i % 3) {
            let outside: Vec<String> = table
                .iter()
                .enumerate()
                .filter(|&(_, &o)| o < 0 || o >= *size_a)
                .map(|(c, _)| format!("[{c}]"))
                .collect();
            let want = if outside.is_empty() {
                "{ [c] : false }".to_string()
            } else {
                format!("{{ {} }}", outside.join("; "))
            };
            let want = layout_relation::Set::parse(&ctx, &want).unwrap();
            let got = run("out_of_domain", &[ta, &t]);
            let got = layout_relation::Set::parse(&ctx, &got).unwrap();
            assert!(got.is_equal(&want).unwrap(), "out_of_domain({ta}, {t})");
        }
        prev = Some((t.clone(), l.size().unwrap()));
        let printed = run("relation", &[&t]);
        check_relation(&ctx, &AnyLayout::Isl(printed), &table, &t);
        check_properties(&t, &table, l.size().unwrap());
        // Natural coordinates: one input per leaf, and one per top-level mode.
        let coord = Map::parse(&ctx, &run("relation", &[&t, "coord"])).unwrap();
        assert_eq!(coord.in_dim().unwrap(), l.leaf_modes().len());
        let modes = Map::parse(&ctx, &run("relation", &[&t, "modes"])).unwrap();
        assert_eq!(modes.in_dim().unwrap(), l.rank());
        // from_relation reconstructs a layout with the same relation.
        {
            let rel = run("relation", &[&t]);
            match call_text("from_relation", &[rel.as_str()]).unwrap() {
                Ok(Answer::Text(back)) => {
                    assert_eq!(
                        run("equal", &[&back, &t]),
                        r#"{"equal":true}"#,
                        "{t} -> {back}"
                    )
                }
                other => panic!("from_relation of {t}: {other:?}"),
            }
        }
    }
}

#[test]
fn equal_verdicts_and_witnesses_match_the_tables() {
    let mut r = Rng(0xD1B5_4A32_D192_ED03);
    let mut unequal = 0;
    for i in 0..200 {
        let a = random_layout(&mut r, false);
        // Half the time a layout with the same function (coalesced), else a random one.
        let b = if i % 2 == 0 {
            layout_algebra::ops::coalesce::coalesce(&a).unwrap()
        } else {
            random_layout(&mut r, false)
        };
        let (ta, tb) = (a.table(1 << 20).unwrap(), b.table(1 << 20).unwrap());
        let (sa, sb) = (text::print_layout(&a), text::print_layout(&b));
        let got = run("equal", &[&sa, &sb]);
        if ta == tb {
            assert_eq!(got, r#"{"equal":true}"#, "{sa} vs {sb}");
            continue;
        }
        unequal += 1;
        assert!(got.starts_with(r#"{"equal":false"#), "{sa} vs {sb}: {got}");
        let v = json(&got);
        let w = v["witness"].as_i64().unwrap() as usize;
        let value = |t: &[i64]| {
            t.get(w)
                .map_or(serde_json::json!("none"), |x| serde_json::json!(x))
        };
        assert_eq!(v["left"], value(&ta), "{sa} vs {sb}: {got}");
        assert_eq!(v["right"], value(&tb), "{sa} vs {sb}: {got}");
        assert_ne!(v["left"], v["right"], "{sa} vs {sb}: {got}");
    }
    assert!(unequal > 50);
}

#[test]
fn swizzled_layouts_match_the_algebra_at_every_point() {
    let ctx = Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap();
    let mut r = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..25 {
        let f = random_swizzled(&mut r);
        let t = text::print_func(&f);
        let table = f.table(1 << 20).unwrap();
        check_relation(&ctx, &AnyLayout::parse(&t).unwrap(), &table, &t);
        check_properties(&t, &table, f.size().unwrap());
        check_gaps(&ctx, &t, &table);
        // The printed relation re-parses to the same relation.
        let printed = run("relation", &[&t]);
        check_relation(&ctx, &AnyLayout::Isl(printed), &table, &t);
    }
    // Composed layouts nested inside composed layouts: every layer is applied (a swizzle in
    // the inner part was once dropped: for the first layout below, at 72 the relation gave 75
    // where the algebra gives 74); a swizzle over a swizzle's output is refused.
    for t in [
        "Sw<2,1,2> o 0 o Sw<3,0,3> o 64 o (8,64):(64,1)",
        "Sw<1,2,1> o 3 o Sw<2,0,2> o 1 o (4,8):(8,1)",
    ] {
        let e = ctx_relation_error(&ctx, t);
        assert!(e.contains("is not supported"), "{t}: {e}");
    }
    for t in [
        "(64):(2) o 4 o Sw<2,0,2> o 0 o (4,4):(4,1)",
        "(32):(1) o 1 o (4,4):(1,4) o 0 o (4,4):(4,1)",
    ] {
        let f = match text::parse(t).unwrap() {
            layout_algebra::Value::Func(f) => f,
            v => panic!("{t} parsed as {v:?}"),
        };
        let table = f.table(1 << 20).unwrap();
        check_relation(&ctx, &AnyLayout::parse(t).unwrap(), &table, t);
    }
    // Bare swizzles over [0, 2^(B+M+|S|)).
    for (b, m, s) in [(1, 2, 1), (2, 0, 3), (3, 4, 3), (2, 1, -2), (3, 0, -4)] {
        let sw = Swizzle::new(b, m, s).unwrap();
        let n = 1i64 << (b + m + s.abs());
        let table: Vec<i64> = (0..n).map(|x| sw.apply(x)).collect();
        let t = format!("Sw<{b},{m},{s}>");
        check_relation(&ctx, &AnyLayout::parse(&t).unwrap(), &table, &t);
        assert!(run("is_bijective", &[&t]).starts_with(r#"{"holds":true"#));
    }
}

#[test]
fn linear_layouts_match_the_algebra_at_every_point() {
    let ctx = Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap();
    let mut r = Rng(0x0BAD_5EED_1234_4321);
    for _ in 0..120 {
        let l = random_linear(&mut r);
        let j = layout_to_json(&l);
        let table = linear_table(&l);
        check_relation(&ctx, &AnyLayout::parse(&j).unwrap(), &table, &j);
        check_properties(&j, &table, 1i64 << l.total_out_bits());
        assert_eq!(
            l.is_injective(),
            run("is_injective", &[&j]).starts_with(r#"{"holds":true"#),
            "{j}"
        );
        assert_eq!(
            l.is_invertible(),
            run("is_bijective", &[&j]).starts_with(r#"{"holds":true"#),
            "{j}"
        );
    }
}

#[test]
fn cute_against_its_linear_form_across_kinds() {
    let mut r = Rng(0xFEED_FACE_CAFE_BEEF);
    let mut n = 0;
    for _ in 0..1000 {
        if n == 60 {
            break;
        }
        // Power-of-two shapes and strides, so that the layout is linear over F2.
        let k = 1 + r.below(3) as usize;
        let shapes: Vec<i64> = (0..k).map(|_| 1 << r.below(3)).collect();
        let strides: Vec<i64> = (0..k).map(|_| 1 << r.below(5)).collect();
        let l = Layout::flat(&shapes, &strides);
        let t = text::print_layout(&l);
        let Some(j) = linear_form(&t) else {
            continue;
        };
        n += 1;
        let lin = layout_algebra::linear::parse_linear(&j).unwrap();
        let injective = {
            let mut t = l.table(1 << 20).unwrap();
            t.sort_unstable();
            t.windows(2).all(|w| w[0] != w[1])
        };
        // The F2 form equals the layout exactly when the strides' bits do not carry.
        let same = l.table(1 << 20).unwrap() == linear_table(&lin);
        let got = run("equal", &[&t, &j]);
        assert_eq!(got == r#"{"equal":true}"#, same, "{t} vs {j}: {got}");
        if injective {
            assert!(same, "{t}: an injective power-of-two layout is linear");
        }
    }
    assert_eq!(n, 60);
    // A swizzled layout against its linear form.
    let f = "Sw<3,4,3> o 0 o (8,64):(64,1)";
    let lin = linear_form(f).unwrap();
    assert_eq!(run("equal", &[f, &lin]), r#"{"equal":true}"#);
    // A subtly different swizzle is caught, with a real witness.
    // Sw<2,4,3> agrees with Sw<3,4,3> below offset 512 (bit 9 is never set): equal.
    let got = run(
        "equal",
        &[
            "Sw<3,4,3> o 0 o (8,64):(64,1)",
            "Sw<2,4,3> o 0 o (8,64):(64,1)",
        ],
    );
    assert_eq!(got, r#"{"equal":true}"#);
    // Sw<3,3,3> does not: a real witness.
    let (a, b) = (
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
    );
    let v = json(&run("equal", &[a, b]));
    assert_eq!(v["equal"], false);
    let w = v["witness"].as_i64().unwrap();
    let eval = |f: &str| {
        let layout_algebra::Value::Func(f) = text::parse(f).unwrap() else {
            panic!()
        };
        f.apply(w).unwrap()
    };
    assert_eq!(v["left"], eval(a));
    assert_eq!(v["right"], eval(b));
    assert_ne!(eval(a), eval(b));
}

/// The linear form of a layout text (the algebra's from_cute with its default names), or None
/// when the layout has none.
fn linear_form(f: &str) -> Option<String> {
    let layout_algebra::Value::Func(func) = text::parse(f).unwrap() else {
        panic!("{f} is not a layout")
    };
    let names = layout_algebra::linear::from_cute::default_in_names(&func).ok()?;
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let lin = layout_algebra::linear::from_cute::from_cute(&func, &names, "offset").ok()?;
    Some(layout_to_json(&lin))
}

/// The error of building `t`'s relation.
fn ctx_relation_error(ctx: &Ctx, t: &str) -> String {
    match AnyLayout::parse(t).unwrap().relation(ctx, Space::Flat) {
        Ok(m) => panic!("{t}: expected an error, got {:?}", m.to_text()),
        Err(e) => e.to_string(),
    }
}

/// Layouts that are exactly linear over F2 (power-of-two extents and strides, swizzles over
/// them, bare swizzles) are decided without ISL (`f2_decide::f2_decision`): the verdicts, and the
/// witnesses ISL then finds for those that fail, agree with the tables.
#[test]
fn f2_linear_layouts_decide_as_their_tables() {
    let mut r = Rng(0x0F2D_EC15_10A5_u64);
    let (mut holds, mut fails) = (0, 0);
    let mut previous: Vec<(String, Vec<i64>)> = Vec::new();
    let mut linear = 0;
    for i in 0..300 {
        let n = 1 + r.below(3) as usize;
        let shapes: Vec<i64> = (0..n).map(|_| 1 << r.below(4)).collect();
        let strides: Vec<i64> = (0..n)
            .map(|_| if r.below(8) == 0 { 0 } else { 1 << r.below(7) })
            .collect();
        let l = Layout::flat(&shapes, &strides);
        let f = if i % 3 == 0 {
            let b = 1 + r.below(3);
            let sw = Swizzle::new(b, r.below(4), b + r.below(2)).unwrap();
            Func::composed(Func::Swizzle(sw), 0, Func::Layout(l))
        } else if i % 7 == 1 {
            let b = 1 + r.below(3);
            Func::Swizzle(Swizzle::new(b, r.below(4), -(b + r.below(2))).unwrap())
        } else {
            Func::Layout(l)
        };
        let t = text::print_func(&f);
        let (table, size) = match &f {
            Func::Swizzle(sw) => {
                let n = 1i64 << (sw.b + sw.m + sw.s.abs());
                ((0..n).map(|x| sw.apply(x)).collect::<Vec<_>>(), n)
            }
            _ => (f.table(1 << 20).unwrap(), f.size().unwrap()),
        };
        let mut sorted = table.clone();
        sorted.sort_unstable();
        if sorted == (0..size).collect::<Vec<_>>() {
            holds += 1;
        } else {
            fails += 1;
        }
        check_properties(&t, &table, size);
        // equal: the layout and its coalesced form or its linear form (proven over F2), and
        // the previous layout of the same size (equal exactly when the tables are).
        if let Func::Layout(l) = &f {
            let c = text::print_layout(&layout_algebra::ops::coalesce::coalesce(l).unwrap());
            assert_eq!(run("equal", &[&t, &c]), r#"{"equal":true}"#, "{t} vs {c}");
        }
        // (A layout whose offsets carry, e.g. two modes onto one offset bit, has no F2 form.)
        if let Ok(lin) = layout_algebra::linear::from_cute::from_cute(&f, &["c"], "offset") {
            linear += 1;
            let lt = layout_to_json(&lin);
            assert_eq!(run("equal", &[&t, &lt]), r#"{"equal":true}"#, "{t} vs {lt}");
        }
        if let Some((pt, ptable)) = previous.iter().find(|(_, pt)| pt.len() == table.len()) {
            let got = run("equal", &[&t, pt]);
            if *ptable == table {
                assert_eq!(got, r#"{"equal":true}"#, "{t} vs {pt}");
            } else {
                assert!(got.starts_with(r#"{"equal":false"#), "{t} vs {pt}: {got}");
                let w = json(&got)["witness"].as_i64().unwrap() as usize;
                assert_ne!(table[w], ptable[w], "{t} vs {pt}: {got}");
            }
        }
        previous.push((t, table));
    }
    assert!(
        holds > 30 && fails > 30 && linear > 100,
        "holds {holds}, fails {fails}, linear {linear}"
    );
}
