//! Target `parse`: the layout-syntax parser on generated and mutated texts. Oracles: a parse
//! error has an offset inside the text; an accepted value prints canonically and re-parses to
//! itself; an accepted layout function evaluates on its first points without panicking.

use crate::driver::{Finding, Target};
use crate::gen;
use crate::mutate::mutate;
use crate::oracle;
use crate::rng::Rng;
use crate::targets::Corpus;
use layout_algebra::text::parse;

pub struct Parse {
    corpus: Corpus,
    seen: u64,
}

impl Parse {
    pub fn new() -> Parse {
        Parse {
            corpus: Corpus::new(512),
            seen: 0,
        }
    }
}

impl Default for Parse {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Parse {
    fn name(&self) -> &'static str {
        "parse"
    }
    fn input(&mut self, r: &mut Rng) -> String {
        self.seen += 1;
        if r.below(5) < 2 {
            if let Some(s) = self.corpus.pick(r) {
                return mutate(r, s);
            }
        }
        let v = gen::value(r);
        if self.seen % 4 == 0 {
            self.corpus.add(r, v.clone());
        }
        v
    }
    fn run(&mut self, input: &str) -> Result<u64, Finding> {
        match parse(input) {
            Err(e) => match e.offset() {
                Some(o) if o > input.len() => Err(Finding::new(
                    "oracle",
                    format!(
                        "parse error offset {o} past the end ({} bytes): {e}",
                        input.len()
                    ),
                )),
                _ => Ok(1),
            },
            Ok(v) => {
                oracle::reparses(&v).map_err(|m| Finding::new("oracle", m))?;
                oracle::laws("print", &[v.clone()], &v).map_err(|m| Finding::new("oracle", m))?;
                Ok(1)
            }
        }
    }
}
