//! Algebraic laws and post-conditions on random layouts (proptest): round trip of the text
//! form, coalesce/filter keep the function, composition, complement, inverses, divide and
//! product satisfy their contracts whenever they return a result.

use layout_algebra::ops::{coalesce, complement, composition, divide, filter, inverse, product};
use layout_algebra::text::{parse, print_layout};
use layout_algebra::{IntTuple, Layout, StrideTuple, Tree, Value};
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = (i64, i64)> {
    (1i64..=6, prop_oneof![Just(0i64), 1i64..=64, Just(1)])
}

fn mode(depth: u32) -> BoxedStrategy<(IntTuple, StrideTuple)> {
    let l = leaf().prop_map(|(s, d)| (IntTuple::lit(s), StrideTuple::int(d)));
    if depth == 0 {
        return l.boxed();
    }
    prop_oneof![
        3 => l,
        1 => prop::collection::vec(mode(depth - 1), 1..=2).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            (Tree::Node(s), Tree::Node(d))
        })
    ]
    .boxed()
}

fn layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec(mode(1), 1..=3).prop_map(|v| {
        let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        Layout::new(Tree::Node(s), Tree::Node(d)).unwrap()
    })
}

/// Layouts like the tiles kernels use: extents and strides from small products of 2 and 3,
/// so that compositions mostly meet the divisibility conditions (the proven path) and
/// sometimes only across modes (the checked path).
fn tile_layout() -> impl Strategy<Value = Layout> {
    let leaf = (
        prop::sample::select(vec![1i64, 2, 3, 4, 6, 8, 16]),
        prop::sample::select(vec![0i64, 1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 96]),
    );
    prop::collection::vec(leaf, 1..=4).prop_map(|v| {
        let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        Layout::flat(&s, &d)
    })
}

/// A composition that returns a result has the size of B and R(i) = A(B(i)) everywhere.
fn composition_contract_holds(a: &Layout, b: &Layout) -> Result<(), TestCaseError> {
    if let Ok(r) = composition::compose(a, b) {
        prop_assert_eq!(r.size().unwrap(), b.size().unwrap());
        for i in 0..b.size().unwrap() {
            prop_assert_eq!(r.eval(i).unwrap(), a.eval(b.eval(i).unwrap()).unwrap());
        }
    }
    Ok(())
}

fn table(l: &Layout) -> Vec<i64> {
    l.table(1 << 20).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn text_round_trip(l in layout()) {
        let text = print_layout(&l);
        prop_assert_eq!(parse(&text).unwrap(), Value::layout(l.clone()));
    }

    #[test]
    fn coalesce_keeps_the_function(l in layout()) {
        let c = coalesce::coalesce(&l).unwrap();
        prop_assert_eq!(c.size().unwrap(), l.size().unwrap());
        prop_assert!(c.depth() <= 1);
        prop_assert_eq!(table(&c), table(&l));
        // coalescing twice changes nothing
        prop_assert_eq!(coalesce::coalesce(&c).unwrap(), c);
    }

    #[test]
    fn filter_keeps_the_image(l in layout()) {
        let f = filter::filter(&l).unwrap();
        let mut a = table(&l); a.sort(); a.dedup();
        let mut b = table(&f); b.sort(); b.dedup();
        prop_assert_eq!(a, b);
        let fz = filter::filter_zeros(&l);
        prop_assert!(fz.shape.congruent(&l.shape));
        prop_assert!(fz.int_leaves("t").unwrap().iter().all(|&(s, d)| d != 0 || s == 1));
    }

    #[test]
    fn composition_contract_on_tiles(a in tile_layout(), b in tile_layout()) {
        composition_contract_holds(&a, &b)?;
    }

    #[test]
    fn composition_contract(a in layout(), b in layout()) {
        composition_contract_holds(&a, &b)?;
    }

    #[test]
    fn complement_contract(a in layout(), extra in 1i64..4) {
        let m = a.cosize().unwrap() * extra;
        if let Ok(r) = complement::complement(&a, &IntTuple::lit(m)) {
            let image: std::collections::HashSet<i64> = table(&a).into_iter().collect();
            let rt = table(&r);
            for i in 1..rt.len() {
                prop_assert!(rt[i] > rt[i - 1], "not ordered: {}", print_layout(&r));
                prop_assert!(!image.contains(&rt[i]), "overlaps A: {}", print_layout(&r));
            }
            let fa = filter::filter(&a).unwrap().size().unwrap();
            let mut st: Vec<(i64, i64)> = filter::filter(&a).unwrap().int_leaves("t").unwrap();
            st.sort_by_key(|m| m.1);
            let mut span = 1;
            let nested = st.iter().all(|&(s, d)| { let ok = d % span == 0; span = s * d; ok });
            prop_assert!(!nested || r.size().unwrap() >= m / fa,
                "complement {} of {} does not reach {m}", print_layout(&r), print_layout(&a));
        }
    }

    #[test]
    fn right_inverse_contract(a in layout()) {
        let r = inverse::right_inverse(&a).unwrap();
        for i in 0..r.size().unwrap() {
            prop_assert_eq!(a.eval(r.eval(i).unwrap()).unwrap(), i);
        }
    }

    #[test]
    fn left_inverse_contract(a in layout()) {
        let t = table(&a);
        let injective = { let mut s = t.clone(); s.sort(); s.dedup(); s.len() == t.len() };
        if let Ok(r) = inverse::left_inverse(&a) {
            for (i, &x) in t.iter().enumerate() {
                if injective {
                    prop_assert_eq!(r.eval(x).unwrap(), i as i64);
                } else {
                    prop_assert_eq!(a.eval(r.eval(x).unwrap()).unwrap(), x);
                }
            }
        } else {
            prop_assert!(!injective || a.int_leaves("t").unwrap().iter().any(|&(s, d)| s > 1 && d != 0),
                "left_inverse refused an injective layout {}", print_layout(&a));
        }
    }

    #[test]
    fn logical_divide_is_composition_with_the_tile_and_its_complement(a in layout(), t in 1i64..=8) {
        let tile = Value::layout(Layout::leaf(t, 1));
        if let Ok(r) = divide::logical_divide(&a, &tile) {
            let c = complement::complement(&Layout::leaf(t, 1), &IntTuple::lit(a.size().unwrap())).unwrap();
            let b = Layout::from_modes(vec![Layout::leaf(t, 1), c]);
            for i in 0..r.size().unwrap() {
                prop_assert_eq!(r.eval(i).unwrap(), a.eval(b.eval(i).unwrap()).unwrap());
            }
        }
    }

    #[test]
    fn logical_product_contract(a in layout(), b in layout()) {
        if let Ok(r) = product::logical_product(&a, &Value::layout(b.clone())) {
            prop_assert_eq!(r.size().unwrap(), a.size().unwrap() * b.size().unwrap());
            prop_assert_eq!(r.mode(0).unwrap(), a.clone());
            // The repeated copies never overlap A's footprint except where A itself repeats.
            let na = a.size().unwrap();
            let rt = table(&r);
            let first: std::collections::HashSet<i64> = rt[..na as usize].iter().copied().collect();
            for j in 1..b.size().unwrap() {
                let off = r.eval(j * na).unwrap();
                prop_assert!(off == 0 && b.eval(j).unwrap() == 0 || !first.contains(&off) || off == 0);
            }
        }
    }
}
