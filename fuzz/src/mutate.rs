//! Text mutators: small edits that keep most of a valid input (so that the mutated input
//! reaches deep into the parser and the operations) and splice in the syntax's tokens and
//! hostile integers.

use crate::gen::EXTREMES;
use crate::rng::Rng;

/// Tokens of the layout syntax, MLIR and JSON that mutations insert.
const TOKENS: &[&str] = &[
    "(",
    ")",
    ",",
    ":",
    "_",
    "?",
    "@",
    "/",
    "[",
    "]",
    "Sw<",
    ">",
    " o ",
    "-",
    "0",
    "1",
    "2",
    "<",
    "{",
    "}",
    "\"",
    "#",
    "!",
    "%",
    "=",
    "@0",
    "@1",
    "(2,2)",
    "(2,2):(1,2)",
    "\u{0}",
    "\u{ff}",
    "é",
    "\n",
    "layout.",
    "#layout.",
    "!layout.",
    "Sw<3,4,3>",
    "Sw<1,0,1> o 0 o ",
];

fn char_floor(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Positions of the decimal numbers in `s` (start, end).
fn numbers(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let st = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut e = i;
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            out.push((st, e));
            i = e;
        } else {
            i += 1;
        }
    }
    out
}

/// One random edit of `s`.
pub fn mutate_once(r: &mut Rng, s: &str) -> String {
    let n = s.len();
    let at = char_floor(s, r.below(n + 1));
    match r.below(9) {
        // replace a number with a hostile or nearby one
        0 | 1 => {
            let nums = numbers(s);
            if nums.is_empty() {
                return format!("{}{}{}", &s[..at], r.pick(EXTREMES), &s[at..]);
            }
            let (a, b) = *r.pick(&nums);
            let new = match r.below(4) {
                0 => r.pick(EXTREMES).to_string(),
                1 => r.range(-3, 70).to_string(),
                2 => (1i64 << r.below(63)).to_string(),
                _ => s[a..b]
                    .parse::<i64>()
                    .map_or(0, |v| v.saturating_mul(2))
                    .to_string(),
            };
            format!("{}{new}{}", &s[..a], &s[b..])
        }
        // insert a token
        2 | 3 => format!("{}{}{}", &s[..at], r.pick(TOKENS), &s[at..]),
        // delete a span
        4 | 5 => {
            let len = 1 + r.below(4);
            let end = char_floor(s, (at + len).min(n));
            format!("{}{}", &s[..at], &s[end..])
        }
        // duplicate a span (grows nesting and lists)
        6 => {
            let len = 1 + r.below(16);
            let end = char_floor(s, (at + len).min(n));
            format!("{}{}{}", &s[..end], &s[at..end], &s[end..])
        }
        // swap two characters' halves
        7 => {
            let b = char_floor(s, r.below(n + 1));
            let (x, y) = if at <= b { (at, b) } else { (b, at) };
            format!("{}{}{}", &s[y..], &s[x..y], &s[..x])
        }
        // wrap in parentheses
        _ => format!(
            "{}({}){}",
            &s[..at],
            &s[at..char_floor(s, (at + 8).min(n))],
            &s[char_floor(s, (at + 8).min(n))..]
        ),
    }
}

/// 1 to 4 edits.
pub fn mutate(r: &mut Rng, s: &str) -> String {
    let mut t = s.to_string();
    for _ in 0..1 + r.below(4) {
        t = mutate_once(r, &t);
    }
    t
}
