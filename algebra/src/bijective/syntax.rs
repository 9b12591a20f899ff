//! Text syntax of bijective layouts and index expressions (docs/syntax.md, "Bijective
//! layouts"). Every parse error carries the byte offset and what was expected.
//!
//! ```text
//! layout := stage ('.' stage)*
//! stage  := 'OrderBy' '(' perm (',' perm)* ')'
//!         | 'GroupBy' '(' tile (',' tile)* ')'          last (or first: same chain)
//!         | 'TileBy' '(' tile (',' tile)* ')'           only last (sugar)
//! perm   := 'RegP' '(' tile ',' tile ')' | 'Row' '(' tile ')' | 'Col' '(' tile ')'
//!         | 'GenP' '(' tile ',' '(' name (',' name)* ')' '->' body ','
//!                          '(' name ')' '->' '[' body (',' body)* ']' ')'
//! tile   := '[' int (',' int)* ']'
//! body   := ('let' name '=' expr ';')* expr
//! expr   := sum (('<' | '<=' | '>' | '>=' | '==' | '!=') sum)?
//! sum    := term (('+' | '-') term)*
//! term   := unary (('*' | '/' | '%') unary)*     '/' and '%': floor, by a constant > 0
//! unary  := '-' unary | int | name | '(' expr ')' | 'select' '(' expr ',' expr ',' expr ')'
//! ```
//!
//! Without a final GroupBy the logical view is the last OrderBy's dims. `let` bindings are
//! expanded while parsing. Sugar is expanded: `Row([n])` is `RegP([n], [1..d])`, `Col([n])` is
//! `RegP([n], [d..1])` (column-major over the same logical dims), `TileBy(t_1..t_q)` (tiles of
//! d dims each) is `OrderBy(RegP([t_1..t_q], sigma_{d x q})).GroupBy(t_1, ..., t_q)`.

use std::collections::BTreeMap;

use super::chain::{Chain, GenP, OrderBy, Piece};
use super::expr::{CmpOp, Expr, MAX_EXPR_DEPTH, MAX_EXPR_NODES};
use super::verify;
use crate::error::{Error, Result};

/// Deepest nesting accepted in expressions.
const MAX_DEPTH: usize = 200;

/// Most stages in a chain, pieces in an OrderBy, tiles in a GroupBy and dims in a tile.
pub const MAX_ITEMS: usize = 64;

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
    /// `let` bindings in scope.
    lets: Vec<(String, Expr)>,
    /// Names bound by the enclosing lambda (others are errors in a GenP body).
    params: Option<Vec<String>>,
    /// Nodes copied by `let` expansion so far.
    expanded: usize,
}

impl<'a> Parser<'a> {
    fn new(s: &'a str) -> Self {
        Parser {
            s: s.as_bytes(),
            pos: 0,
            depth: 0,
            lets: Vec::new(),
            params: None,
            expanded: 0,
        }
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.pos).copied()
    }
    fn found(&self) -> String {
        match self.s.get(self.pos) {
            None => "end of input".into(),
            Some(c) if c.is_ascii_graphic() => format!("'{}'", *c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        }
    }
    fn err<T>(&self, what: &str) -> Result<T> {
        Err(Error::parse(
            self.pos,
            format!("expected {what}, found {}", self.found()),
        ))
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(&format!("'{}'", c as char))
        }
    }
    fn eat_str(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.pos..].starts_with(t.as_bytes()) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }
    fn ident(&mut self) -> Option<(usize, String)> {
        self.ws();
        let start = self.pos;
        let s = self.s;
        if start < s.len() && (s[start].is_ascii_alphabetic() || s[start] == b'_') {
            let mut end = start + 1;
            while end < s.len() && (s[end].is_ascii_alphanumeric() || s[end] == b'_') {
                end += 1;
            }
            self.pos = end;
            Some((start, String::from_utf8_lossy(&s[start..end]).into_owned()))
        } else {
            None
        }
    }
    fn int(&mut self) -> Result<i64> {
        self.ws();
        let start = self.pos;
        if self.s.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let digits = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.pos == digits {
            self.pos = start;
            return self.err("an integer");
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        text.parse::<i64>()
            .map_err(|_| Error::parse(start, format!("integer {text} does not fit in i64")))
    }
    fn end(&mut self) -> Result<()> {
        if self.peek().is_some() {
            return self.err("end of input");
        }
        Ok(())
    }

    // ---- expressions ----

    fn expr(&mut self) -> Result<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::parse(
                self.pos,
                format!("expression nested deeper than {MAX_DEPTH}"),
            ));
        }
        let a = self.sum()?;
        self.ws();
        let ops = [
            ("<=", CmpOp::Le),
            (">=", CmpOp::Ge),
            ("==", CmpOp::Eq),
            ("!=", CmpOp::Ne),
            ("<", CmpOp::Lt),
            (">", CmpOp::Gt),
        ];
        let mut r = a.clone();
        for (t, op) in ops {
            if self.eat_str(t) {
                let b = self.sum()?;
                r = Expr::cmp(op, a, b);
                break;
            }
        }
        self.depth -= 1;
        Ok(r)
    }
    fn sum(&mut self) -> Result<Expr> {
        let mut terms = vec![self.term()?];
        loop {
            if self.eat(b'+') {
                terms.push(self.term()?);
            } else if self.peek() == Some(b'-') && self.s.get(self.pos + 1) != Some(&b'>') {
                self.pos += 1;
                terms.push(match self.term()? {
                    Expr::Const(c) if c != i64::MIN => Expr::Const(-c),
                    t => Expr::neg(t),
                });
            } else {
                break;
            }
        }
        Ok(if terms.len() == 1 {
            terms.pop().unwrap_or(Expr::Const(0))
        } else {
            Expr::Add(terms)
        })
    }
    fn term(&mut self) -> Result<Expr> {
        let mut acc = self.unary()?;
        loop {
            let op = match self.peek() {
                Some(c @ (b'*' | b'/' | b'%')) => c,
                _ => break,
            };
            self.pos += 1;
            self.ws();
            let at = self.pos;
            let rhs = self.unary()?;
            acc = match op {
                b'*' => match acc {
                    Expr::Mul(mut fs) => {
                        fs.push(rhs);
                        Expr::Mul(fs)
                    }
                    a => Expr::mul(a, rhs),
                },
                _ => {
                    let what = if op == b'/' {
                        "floor-division"
                    } else {
                        "modulo"
                    };
                    let c = rhs.eval(&BTreeMap::new()).map_err(|_| {
                        Error::parse(
                            at,
                            format!("{what} needs a constant divisor, found '{rhs}'"),
                        )
                    })?;
                    if c <= 0 {
                        return Err(Error::parse(
                            at,
                            format!("{what} by {c}: the divisor must be a constant > 0"),
                        ));
                    }
                    if op == b'/' {
                        Expr::div(acc, c)?
                    } else {
                        Expr::rem(acc, c)?
                    }
                }
            };
        }
        Ok(acc)
    }
    fn unary(&mut self) -> Result<Expr> {
        match self.peek() {
            Some(b'-') => {
                if matches!(self.s.get(self.pos + 1), Some(b'0'..=b'9')) {
                    // A negative literal (i64::MIN included).
                    return Ok(Expr::Const(self.int()?));
                }
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(Error::parse(self.pos, "expression nested too deeply"));
                }
                let e = Expr::neg(self.unary()?);
                self.depth -= 1;
                Ok(e)
            }
            Some(b'0'..=b'9') => Ok(Expr::Const(self.int()?)),
            Some(b'(') => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(b')')?;
                Ok(e)
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                let (at, name) = self.ident().ok_or_else(|| Error::parse(self.pos, "name"))?;
                if name == "select" {
                    self.expect(b'(')?;
                    let c = self.expr()?;
                    self.expect(b',')?;
                    let a = self.expr()?;
                    self.expect(b',')?;
                    let b = self.expr()?;
                    self.expect(b')')?;
                    return Ok(Expr::select(c, a, b));
                }
                if let Some((_, e)) = self.lets.iter().rev().find(|(n, _)| *n == name) {
                    self.expanded = self.expanded.saturating_add(e.size());
                    if self.expanded > MAX_EXPR_NODES {
                        return Err(Error::parse(
                            at,
                            format!("'let' expansion makes the expression larger than {MAX_EXPR_NODES} nodes"),
                        ));
                    }
                    return Ok(e.clone());
                }
                if let Some(ps) = &self.params {
                    if !ps.contains(&name) {
                        return Err(Error::parse(
                            at,
                            format!("unknown name '{name}' (the parameters are {ps:?})"),
                        ));
                    }
                }
                Ok(Expr::Var(name))
            }
            _ => self.err("an expression (integer, name, '(', '-' or select)"),
        }
    }
    /// `('let' name '=' expr ';')* expr`; the bindings end with the body.
    fn body(&mut self) -> Result<Expr> {
        let outer = self.lets.len();
        self.let_bindings()?;
        let at = self.pos;
        let e = self.expr();
        self.lets.truncate(outer);
        let e = e?;
        if e.depth() > MAX_EXPR_DEPTH {
            return Err(Error::parse(
                at,
                format!("expression nested deeper than {MAX_EXPR_DEPTH} after 'let' expansion"),
            ));
        }
        Ok(e)
    }
    /// `('let' name '=' expr ';')*`, pushed on `self.lets` (the caller truncates).
    fn let_bindings(&mut self) -> Result<()> {
        loop {
            let save = self.pos;
            match self.ident() {
                Some((_, kw)) if kw == "let" => {
                    let (at, name) = match self.ident() {
                        Some(x) => x,
                        None => return self.err("a name after 'let'"),
                    };
                    if name == "select" || name == "let" {
                        return Err(Error::parse(at, format!("'{name}' is a keyword")));
                    }
                    self.expect(b'=')?;
                    let e = self.expr()?;
                    self.expect(b';')?;
                    self.lets.push((name, e));
                }
                _ => {
                    self.pos = save;
                    return Ok(());
                }
            }
        }
    }

    // ---- layouts ----

    fn tile(&mut self) -> Result<Vec<i64>> {
        self.expect(b'[')?;
        let mut v = Vec::new();
        loop {
            self.ws();
            let at = self.pos;
            let n = self.int()?;
            if n <= 0 {
                return Err(Error::parse(
                    at,
                    format!("tile extent {n}: extents must be > 0"),
                ));
            }
            v.push(n);
            if v.len() > MAX_ITEMS {
                return Err(Error::parse(
                    at,
                    format!("more than {MAX_ITEMS} dims in a tile"),
                ));
            }
            if self.eat(b']') {
                return Ok(v);
            }
            self.expect(b',')?;
        }
    }
    fn names(&mut self) -> Result<Vec<String>> {
        self.expect(b'(')?;
        let mut v: Vec<String> = Vec::new();
        loop {
            let (at, n) = match self.ident() {
                Some(x) => x,
                None => return self.err("a parameter name"),
            };
            if v.contains(&n) || n == "select" || n == "let" {
                return Err(Error::parse(
                    at,
                    format!("parameter name '{n}' is repeated or a keyword"),
                ));
            }
            v.push(n);
            if self.eat(b')') {
                return Ok(v);
            }
            self.expect(b',')?;
        }
    }
    fn piece(&mut self) -> Result<Piece> {
        self.ws();
        let at = self.pos;
        let kw = match self.ident() {
            Some((_, k)) => k,
            None => return self.err("RegP, GenP, Row or Col"),
        };
        self.expect(b'(')?;
        let p = match kw.as_str() {
            "RegP" => {
                let dims = self.tile()?;
                self.expect(b',')?;
                self.ws();
                let pat = self.pos;
                let sigma = self.tile()?;
                let perm = permutation(&sigma, dims.len()).map_err(|m| Error::parse(pat, m))?;
                Piece::RegP { dims, perm }
            }
            "Row" | "Col" => {
                let dims = self.tile()?;
                let mut perm: Vec<usize> = (0..dims.len()).collect();
                if kw == "Col" {
                    perm.reverse();
                }
                Piece::RegP { dims, perm }
            }
            "GenP" => {
                let dims = self.tile()?;
                self.expect(b',')?;
                self.ws();
                let fat = self.pos;
                let params = self.names()?;
                if params.len() != dims.len() {
                    return Err(Error::parse(
                        fat,
                        format!(
                            "GenP f takes one parameter per tile dim: {} dims, {} parameters",
                            dims.len(),
                            params.len()
                        ),
                    ));
                }
                if !self.eat_str("->") {
                    return self.err("'->'");
                }
                self.params = Some(params.clone());
                let f = self.body()?;
                self.expect(b',')?;
                self.ws();
                let iat = self.pos;
                let ip = self.names()?;
                if ip.len() != 1 {
                    return Err(Error::parse(
                        iat,
                        "GenP finv takes exactly one parameter (the flat index)",
                    ));
                }
                if !self.eat_str("->") {
                    return self.err("'->'");
                }
                self.params = Some(ip.clone());
                let outer = self.lets.len();
                self.let_bindings()?;
                self.ws();
                let bat = self.pos;
                self.expect(b'[')?;
                let mut finv = Vec::new();
                loop {
                    finv.push(self.body()?);
                    if self.eat(b']') {
                        break;
                    }
                    self.expect(b',')?;
                }
                self.lets.truncate(outer);
                self.params = None;
                if finv.len() != dims.len() {
                    return Err(Error::parse(
                        bat,
                        format!(
                            "GenP finv returns one index per tile dim: {} dims, {} results",
                            dims.len(),
                            finv.len()
                        ),
                    ));
                }
                Piece::GenP(GenP {
                    dims,
                    params,
                    f,
                    inv_param: ip[0].clone(),
                    finv,
                })
            }
            other => {
                return Err(Error::parse(
                    at,
                    format!("expected RegP, GenP, Row or Col, found '{other}'"),
                ))
            }
        };
        self.expect(b')')?;
        Ok(p)
    }
    fn tiles(&mut self) -> Result<Vec<Vec<i64>>> {
        let mut v = vec![self.tile()?];
        while self.eat(b',') {
            if v.len() >= MAX_ITEMS {
                return Err(Error::parse(
                    self.pos,
                    format!("more than {MAX_ITEMS} tiles"),
                ));
            }
            v.push(self.tile()?);
        }
        self.expect(b')')?;
        Ok(v)
    }
    fn chain(&mut self) -> Result<Chain> {
        let mut orders = Vec::new();
        let mut groups = None;
        let mut group_first = false;
        loop {
            self.ws();
            let at = self.pos;
            let kw = match self.ident() {
                Some((_, k)) => k,
                None => return self.err("OrderBy, GroupBy or TileBy"),
            };
            // `GroupBy(..)` may also be written first (the paper's eq. 7); anywhere else it
            // ends the chain.
            if groups.is_some() && !(group_first && kw == "OrderBy") {
                return Err(Error::parse(
                    at,
                    "GroupBy/TileBy must be the last stage (or a GroupBy the first)",
                ));
            }
            self.expect(b'(')?;
            match kw.as_str() {
                "OrderBy" => {
                    if orders.len() >= MAX_ITEMS {
                        return Err(Error::parse(
                            at,
                            format!("more than {MAX_ITEMS} OrderBy stages"),
                        ));
                    }
                    let mut pieces = vec![self.piece()?];
                    while self.eat(b',') {
                        if pieces.len() >= MAX_ITEMS {
                            return Err(Error::parse(
                                self.pos,
                                format!("more than {MAX_ITEMS} pieces in an OrderBy"),
                            ));
                        }
                        pieces.push(self.piece()?);
                    }
                    self.expect(b')')?;
                    orders.push(OrderBy { pieces });
                }
                "GroupBy" => {
                    group_first = orders.is_empty();
                    groups = Some(self.tiles()?)
                }
                "TileBy" => {
                    let tiles = self.tiles()?;
                    let d = tiles[0].len();
                    if tiles.iter().any(|t| t.len() != d) {
                        return Err(Error::parse(
                            at,
                            "TileBy: every tile must have the same number of dims",
                        ));
                    }
                    let dims: Vec<i64> = tiles.iter().flatten().copied().collect();
                    orders.push(OrderBy {
                        pieces: vec![Piece::RegP {
                            dims,
                            perm: tile_by_sigma(d, tiles.len()),
                        }],
                    });
                    groups = Some(tiles);
                }
                other => {
                    return Err(Error::parse(
                        at,
                        format!("expected OrderBy, GroupBy or TileBy, found '{other}'"),
                    ))
                }
            }
            if !self.eat(b'.') {
                break;
            }
        }
        let groups = match groups {
            Some(g) => g,
            None => vec![orders.last().map(OrderBy::dims).unwrap_or_default()],
        };
        Ok(Chain { orders, groups })
    }
}

/// `sigma_{d x q}` of TileBy, 0-based: position `k*q + h` holds `k + d*h`.
pub fn tile_by_sigma(d: usize, q: usize) -> Vec<usize> {
    (0..d)
        .flat_map(|k| (0..q).map(move |h| k + d * h))
        .collect()
}

/// A 1-based permutation of `[1..d]` as 0-based, or what is wrong with it.
fn permutation(sigma: &[i64], d: usize) -> std::result::Result<Vec<usize>, String> {
    if sigma.len() != d {
        return Err(format!(
            "RegP permutation has {} entries, the tile has {d} dims",
            sigma.len()
        ));
    }
    let mut seen = vec![false; d];
    let mut out = Vec::with_capacity(d);
    for &s in sigma {
        if s < 1 || s as usize > d || seen[s as usize - 1] {
            return Err(format!(
                "RegP permutation {sigma:?} is not a permutation of [1..{d}] (entry {s})"
            ));
        }
        seen[s as usize - 1] = true;
        out.push(s as usize - 1);
    }
    Ok(out)
}

/// Parse a bijective layout and verify it (sizes agree, GenP pieces are bijections).
pub fn parse_chain(text: &str) -> Result<Chain> {
    let mut p = Parser::new(text);
    let c = p.chain()?;
    p.end()?;
    verify::check_chain(&c)?;
    Ok(c)
}

/// Parse a bijective layout and check only that its stages have the same number of elements:
/// its GenP pieces are not evaluated (for tiles past the exhaustive check, whose bijectivity
/// the relation layer proves with ISL, `lego_is_bijective`).
pub fn parse_chain_unverified(text: &str) -> Result<Chain> {
    let mut p = Parser::new(text);
    let c = p.chain()?;
    p.end()?;
    verify::check_sizes(&c)?;
    Ok(c)
}

/// Parse an index expression (variables are free names).
pub fn parse_expr(text: &str) -> Result<Expr> {
    let mut p = Parser::new(text);
    let e = p.body()?;
    p.end()?;
    Ok(e)
}

fn write_tile(out: &mut String, t: &[i64]) {
    out.push('[');
    for (k, n) in t.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&n.to_string());
    }
    out.push(']');
}

/// Canonical text (sugar expanded, explicit GroupBy); `parse_chain(print_chain(c)) == c`.
pub fn print_chain(c: &Chain) -> String {
    let mut s = String::new();
    for o in &c.orders {
        s.push_str("OrderBy(");
        for (k, p) in o.pieces.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            match p {
                Piece::RegP { dims, perm } => {
                    s.push_str("RegP(");
                    write_tile(&mut s, dims);
                    s.push_str(", ");
                    let one: Vec<i64> = perm.iter().map(|&k| k as i64 + 1).collect();
                    write_tile(&mut s, &one);
                    s.push(')');
                }
                Piece::GenP(g) => {
                    s.push_str("GenP(");
                    write_tile(&mut s, &g.dims);
                    s.push_str(&format!(
                        ", ({}) -> {}, ({}) -> [",
                        g.params.join(", "),
                        g.f,
                        g.inv_param
                    ));
                    for (k, e) in g.finv.iter().enumerate() {
                        if k > 0 {
                            s.push_str(", ");
                        }
                        s.push_str(&e.to_string());
                    }
                    s.push_str("])");
                }
            }
        }
        s.push_str(").");
    }
    s.push_str("GroupBy(");
    for (k, t) in c.groups.iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        write_tile(&mut s, t);
    }
    s.push(')');
    s
}
