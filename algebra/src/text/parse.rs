//! Recursive-descent parser for the layout syntax. Every error carries the byte offset of
//! the offending character and what was expected there. Nesting is bounded by MAX_DEPTH,
//! integers must fit in i64.
//!
//! value  := atom ( 'o' offset 'o' atom )*        composed: outer o offset o inner
//! offset := atom | name 'ptr' '[' uint 'b' ']' '(' address ')'   CuTe's pointer: offset 0
//!           (under a swizzle, the swizzle is read on element offsets: pointer_swizzle.rs)
//! atom   := 'Sw' '<' int ',' int ',' int '>' | '[' value (',' value)* ']' | tree [':' tree]
//! tree   := '(' [tree (',' tree)*] ')' | '(' tree ',' ')' | leaf     (`(8,)` = `(8)`, pycute)
//! leaf   := '?' | '_' | ['_'] int ['/' int] ('@' uint)*

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::offset_composed::OffsetComposed;
use crate::pointer_swizzle::element_swizzle;
use crate::stride::{Stride, StrideTuple};
use crate::swizzle::Swizzle;
use crate::tuple::{IntTuple, Tree};
use crate::value::{CrdLeaf, Value};

/// Deepest nesting of parentheses/brackets accepted.
pub const MAX_DEPTH: usize = 64;

/// Most leaves (integers, `?`, `_`) in one value. Real layouts have tens; the bound keeps
/// every operation's time and memory bounded by a small multiple of this (docs/syntax.md).
pub const MAX_LEAVES: usize = 1 << 12;

/// Largest mode index of a scaled basis `c@m` (a layout has far fewer modes than this).
pub const MAX_BASIS_MODE: i64 = u16::MAX as i64;

#[derive(Debug, Clone, PartialEq)]
enum Leaf {
    Int(Int),
    All,
    Basis {
        num: i64,
        den: i64,
        basis: Vec<u32>,
        at: usize,
    },
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
    /// Leaves read so far (at most MAX_LEAVES).
    leaves: usize,
    /// Try `plain_atom` first (off only to test it against the general path).
    plain: bool,
    /// Runtime leaves `?` read so far, counting from the first of the text's call: the next
    /// `?` is the runtime leaf of this number (crate::sym).
    vars: u32,
}

type LeafTree = Tree<Leaf>;

/// CuTe's printed pointer in the offset position of a composition.
struct Pointer {
    /// Byte offset of the pointer's name.
    at: usize,
    /// The element width `[Nb]`, N > 0.
    bits: u64,
    address: Address,
    address_at: usize,
}

enum Address {
    /// `unset`: CuTe's smem_ptr_flag, the integer 0.
    Unset,
    /// A hexadecimal byte address (`0x7f00`, `7f00`).
    Bytes(u64),
    /// Any other alphanumeric text (dropped before a layout, refused under a swizzle).
    Other,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.pos).copied()
    }
    fn err<T>(&self, at: usize, msg: impl Into<String>) -> Result<T> {
        Err(Error::parse(at, msg))
    }
    fn found(&self) -> String {
        match self.s.get(self.pos) {
            None => "end of input".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("'{}'", *c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        }
    }
    fn expect(&mut self, c: u8, what: &str) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(self.pos, format!("expected {what}, found {}", self.found()))
        }
    }
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(self.pos, format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    /// A decimal integer with optional '-' sign.
    fn number(&mut self) -> Result<i64> {
        self.ws();
        let start = self.pos;
        let neg = self.s.get(self.pos) == Some(&b'-');
        if neg {
            self.pos += 1;
        }
        let digits = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.pos == digits {
            return self.err(
                self.pos,
                format!("expected a digit, found {}", self.found()),
            );
        }
        // Accumulate negatively so that i64::MIN is representable.
        let mut v: i64 = 0;
        for &c in &self.s[digits..self.pos] {
            match v
                .checked_mul(10)
                .and_then(|x| x.checked_sub((c - b'0') as i64))
            {
                Some(x) => v = x,
                None => {
                    let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
                    return self.err(start, format!("integer {text} does not fit in 64 bits"));
                }
            }
        }
        if neg {
            Ok(v)
        } else {
            v.checked_neg().map_or_else(
                || {
                    self.err(
                        start,
                        format!(
                            "integer {} does not fit in 64 bits",
                            String::from_utf8_lossy(&self.s[start..self.pos])
                        ),
                    )
                },
                Ok,
            )
        }
    }

    /// Count one more leaf; past MAX_LEAVES the value is refused.
    fn count_leaf(&mut self) -> Result<()> {
        self.leaves += 1;
        if self.leaves > MAX_LEAVES {
            return self.err(
                self.pos,
                format!("more than {MAX_LEAVES} leaves in one value (the limit of the syntax)"),
            );
        }
        Ok(())
    }

    /// The next runtime leaf `?`.
    fn runtime_leaf(&mut self) -> Int {
        let i = Int::var(self.vars);
        self.vars += 1;
        i
    }

    fn leaf(&mut self) -> Result<Leaf> {
        self.ws();
        self.count_leaf()?;
        let start = self.pos;
        match self.s.get(self.pos) {
            Some(b'?') => {
                self.pos += 1;
                return Ok(Leaf::Int(self.runtime_leaf()));
            }
            Some(b'_') => {
                self.pos += 1;
                // `_N` is a static mark on an integer; a lone `_` is the wildcard.
                match self.s.get(self.pos) {
                    Some(c) if c.is_ascii_digit() || *c == b'-' => {}
                    _ => return Ok(Leaf::All),
                }
            }
            Some(c) if c.is_ascii_digit() || *c == b'-' => {}
            _ => {
                return self.err(
                    self.pos,
                    format!(
                        "expected an integer, '?', '_' or '(', found {}",
                        self.found()
                    ),
                )
            }
        }
        let num = self.number()?;
        let mut den = 1;
        let frac_at = self.pos;
        let fraction = self.peek() == Some(b'/');
        if fraction {
            self.pos += 1;
            den = self.number()?;
        }
        let mut basis = Vec::new();
        while self.peek() == Some(b'@') {
            self.pos += 1;
            self.ws();
            let at = self.pos;
            let m = self.number()?;
            if m < 0 {
                return self.err(
                    at,
                    format!("basis mode {m} must be a non-negative mode index"),
                );
            }
            if m > MAX_BASIS_MODE {
                return self.err(
                    at,
                    format!(
                        "basis mode {m} is out of range: a mode index is at most {MAX_BASIS_MODE}"
                    ),
                );
            }
            if basis.len() >= MAX_DEPTH {
                return self.err(at, format!("scaled basis deeper than {MAX_DEPTH} modes"));
            }
            basis.push(m as u32);
        }
        if basis.is_empty() {
            if fraction {
                return self.err(
                    frac_at,
                    "a fractional count needs a basis: expected '@' after it",
                );
            }
            return Ok(Leaf::Int(Int::Lit(num)));
        }
        basis.reverse(); // printed innermost first; stored outermost first
        Ok(Leaf::Basis {
            num,
            den,
            basis,
            at: start,
        })
    }

    fn tree(&mut self) -> Result<LeafTree> {
        if self.peek() == Some(b'(') {
            self.enter()?;
            self.pos += 1;
            let mut v = Vec::new();
            if self.peek() == Some(b')') {
                self.pos += 1;
            } else {
                loop {
                    v.push(self.tree()?);
                    match self.peek() {
                        Some(b',') => {
                            self.pos += 1;
                            // pycute's (Python's) rank-1 tuple `(8,)` is CuTe's `(8)`.
                            if v.len() == 1 && self.peek() == Some(b')') {
                                self.pos += 1;
                                break;
                            }
                        }
                        Some(b')') => {
                            self.pos += 1;
                            break;
                        }
                        _ => {
                            return self.err(
                                self.pos,
                                format!("expected ',' or ')', found {}", self.found()),
                            )
                        }
                    }
                }
            }
            self.depth -= 1;
            Ok(Tree::Node(v))
        } else {
            Ok(Tree::Leaf(self.leaf()?))
        }
    }

    /// The common case, an integer tuple or a layout whose leaves are integers or `?`,
    /// parsed straight into typed trees. None hands everything else (scaled bases,
    /// fractions, `_` wildcards and every error) to the general path, which re-reads the
    /// text from the same position.
    fn plain_atom(&mut self) -> Option<Value> {
        let shape = self.plain_tree(&|i| i)?;
        if self.peek() != Some(b':') {
            return Some(Value::Tuple(shape));
        }
        self.pos += 1;
        let stride = self.plain_tree(&|coef| Stride {
            coef,
            basis: Vec::new(),
        })?;
        Layout::new(shape, stride).ok().map(Value::layout)
    }

    fn plain_tree<T>(&mut self, leaf: &impl Fn(Int) -> T) -> Option<Tree<T>> {
        if self.peek() != Some(b'(') {
            return self.plain_int().map(|i| Tree::Leaf(leaf(i)));
        }
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        self.pos += 1;
        let mut v = Vec::with_capacity(4);
        if self.peek() == Some(b')') {
            self.pos += 1;
        } else {
            loop {
                v.push(self.plain_tree(leaf)?);
                match self.peek()? {
                    b',' => self.pos += 1,
                    b')' => {
                        self.pos += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        self.depth -= 1;
        Some(Tree::Node(v))
    }

    /// `?`, or an integer with an optional `_` mark that no `/` or `@` follows.
    fn plain_int(&mut self) -> Option<Int> {
        if self.leaves >= MAX_LEAVES {
            return None;
        }
        self.leaves += 1;
        match self.peek()? {
            b'?' => {
                self.pos += 1;
                return Some(self.runtime_leaf());
            }
            b'_' => match self.s.get(self.pos + 1) {
                Some(c) if c.is_ascii_digit() || *c == b'-' => self.pos += 1,
                _ => return None,
            },
            c if c.is_ascii_digit() || c == b'-' => {}
            _ => return None,
        }
        // At most 18 digits cannot overflow; longer numbers go to the general path.
        let neg = self.s.get(self.pos) == Some(&b'-');
        let digits = self.pos + usize::from(neg);
        let mut end = digits;
        let mut v = 0i64;
        while let Some(&c) = self.s.get(end).filter(|c| c.is_ascii_digit()) {
            if end - digits == 18 {
                return None;
            }
            v = v * 10 + i64::from(c - b'0');
            end += 1;
        }
        if end == digits {
            return None;
        }
        self.pos = end;
        if matches!(self.peek(), Some(b'/' | b'@')) {
            return None;
        }
        Some(Int::Lit(if neg { -v } else { v }))
    }

    fn swizzle(&mut self) -> Result<Swizzle> {
        let start = self.pos;
        // "Sw" (CuTe C++) or "S" (CuTe IR)
        self.pos += if self.s.get(self.pos + 1) == Some(&b'w') {
            2
        } else {
            1
        };
        self.expect(b'<', "'<' after 'Sw'")?;
        let b = self.number()?;
        self.expect(b',', "',' between swizzle parameters")?;
        let m = self.number()?;
        self.expect(b',', "',' between swizzle parameters")?;
        let s = self.number()?;
        self.expect(b'>', "'>' closing the swizzle")?;
        Swizzle::new(b, m, s).map_err(|e| Error::parse(start, e.to_string()))
    }

    /// CuTe's printed pointer `smem_ptr[16b](unset)`, `gmem_ptr[32b](0x7f00)`, `ptr[8b](...)`:
    /// a name ending in `ptr`, the element width in brackets, the address in parentheses.
    /// Consumed when present (Some); the text is left alone otherwise.
    fn pointer(&mut self) -> Result<Option<Pointer>> {
        let start = self.pos;
        let name_len = self.s[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        let name = &self.s[start..start + name_len];
        if !name.ends_with(b"ptr") || self.s.get(start + name_len) != Some(&b'[') {
            return Ok(None);
        }
        self.pos = start + name_len + 1;
        let width_at = self.pos;
        let width = self.s[self.pos..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        self.pos += width;
        if width == 0
            || self.s.get(self.pos) != Some(&b'b')
            || self.s.get(self.pos + 1) != Some(&b']')
        {
            return self.err(
                self.pos,
                format!(
                    "expected the element width like '16b]' of the pointer, found {}",
                    self.found()
                ),
            );
        }
        let digits = &self.s[width_at..self.pos];
        let bits = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse::<u64>().ok())
            .filter(|&b| b > 0);
        let Some(bits) = bits else {
            return self.err(
                width_at,
                format!(
                    "the pointer's element width {}b is not a positive 64-bit integer",
                    String::from_utf8_lossy(digits)
                ),
            );
        };
        self.pos += 2;
        if self.s.get(self.pos) != Some(&b'(') {
            return self.err(
                self.pos,
                format!(
                    "expected '(' and the pointer's address, found {}",
                    self.found()
                ),
            );
        }
        let close = self.s[self.pos..].iter().position(|&c| c == b')');
        let Some(close) = close else {
            return self.err(self.pos, "the pointer's address is not closed by ')'");
        };
        let address_at = self.pos + 1;
        let addr = &self.s[address_at..self.pos + close];
        if addr.is_empty() || !addr.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_') {
            return self.err(
                address_at,
                "expected the pointer's address: 'unset' or hexadecimal digits",
            );
        }
        let address = if addr == b"unset" {
            Address::Unset
        } else {
            let hex = addr
                .strip_prefix(b"0x")
                .or_else(|| addr.strip_prefix(b"0X"))
                .unwrap_or(addr);
            std::str::from_utf8(hex)
                .ok()
                .filter(|h| !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit()))
                .and_then(|h| u64::from_str_radix(h, 16).ok())
                .map_or(Address::Other, Address::Bytes)
        };
        self.pos += close + 1;
        self.ws();
        Ok(Some(Pointer {
            at: start,
            bits,
            address,
            address_at,
        }))
    }

    /// The offset 0 that a pointer after `outer` stands for. Under a swizzle, which CuTe
    /// applies to byte addresses, `outer` becomes the same function on element offsets
    /// (pointer_swizzle.rs) or the text is refused; before a layout the width and the address
    /// are dropped (offsets are relative to the pointer).
    fn pointer_offset(&self, outer: &mut Value, ptr: &Pointer) -> Result<Value> {
        if let Value::Func(Func::Swizzle(sw)) = outer {
            let address = match ptr.address {
                Address::Unset => None,
                Address::Bytes(a) => Some(a),
                Address::Other => {
                    return self.err(
                        ptr.address_at,
                        format!(
                            "expected the address of the pointer under Sw<{},{},{}>: 'unset' or \
                             a hexadecimal byte address that fits in 64 bits",
                            sw.b, sw.m, sw.s
                        ),
                    )
                }
            };
            *sw = element_swizzle(sw, ptr.bits, address)
                .map_err(|e| Error::parse(ptr.at, e.to_string()))?;
        }
        Ok(Value::int(0))
    }

    fn atom(&mut self) -> Result<Value> {
        let start = self.pos;
        match self.peek() {
            Some(b'S') => {
                if !matches!(self.s.get(self.pos + 1), Some(&b'w') | Some(&b'<')) {
                    return self.err(self.pos, format!("expected 'Sw<', found {}", self.found()));
                }
                Ok(Value::Func(Func::Swizzle(self.swizzle()?)))
            }
            Some(b'[') => {
                self.enter()?;
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    items.push(self.value()?);
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        _ => {
                            return self.err(
                                self.pos,
                                format!("expected ',' or ']', found {}", self.found()),
                            )
                        }
                    }
                }
                self.depth -= 1;
                Ok(Value::Tiler(items))
            }
            None => self.err(
                self.pos,
                "expected a layout, tuple or integer, found end of input",
            ),
            _ => {
                let save = (self.pos, self.depth, self.leaves, self.vars);
                if let Some(v) = self.plain.then(|| self.plain_atom()).flatten() {
                    return Ok(v);
                }
                (self.pos, self.depth, self.leaves, self.vars) = save;
                let shape = self.tree()?;
                if self.peek() == Some(b':') {
                    self.pos += 1;
                    self.ws();
                    let stride_at = self.pos;
                    let stride = self.tree()?;
                    let shape = to_int_tuple(&shape, start, "a shape")?;
                    let stride = to_strides(&stride, stride_at)?;
                    if !shape.congruent(&stride) {
                        return self.err(
                            stride_at,
                            "stride is not congruent to the shape (same nesting and ranks)",
                        );
                    }
                    let l = Layout::new(shape, stride)
                        .map_err(|e| Error::parse(start, e.to_string()))?;
                    Ok(Value::layout(l))
                } else {
                    classify(shape, start)
                }
            }
        }
    }

    /// A chain `a o off o b o off o c ...`, right-associated.
    fn value(&mut self) -> Result<Value> {
        let first = self.atom()?;
        let mut parts = vec![(first, 0usize)];
        loop {
            let save = self.pos;
            if self.peek() == Some(b'o')
                && !self
                    .s
                    .get(self.pos + 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                self.pos += 1;
                self.ws();
                let at = self.pos;
                if parts.len() >= 2 * MAX_DEPTH {
                    return self.err(
                        at,
                        format!("composition chain longer than {MAX_DEPTH} layouts"),
                    );
                }
                // The offset position also takes the pointer CuTe prints there
                // (`smem_ptr[16b](unset)`): read as the offset 0 (pointer_offset).
                let ptr = if parts.len() % 2 == 1 {
                    self.pointer()?
                } else {
                    None
                };
                let part = match ptr {
                    Some(ptr) => {
                        let outer = &mut parts.last_mut().unwrap().0;
                        self.pointer_offset(outer, &ptr)?
                    }
                    None => self.atom()?,
                };
                parts.push((part, at));
            } else {
                self.pos = save;
                break;
            }
        }
        if parts.len() == 1 {
            return Ok(parts.pop().unwrap().0);
        }
        if parts.len() % 2 == 0 {
            let at = parts.last().unwrap().1;
            return self.err(
                at,
                "a composed layout is 'outer o offset o inner': expected 'o' and the inner layout",
            );
        }
        if parts.len() == 3 && matches!(&parts[1].0, Value::Tuple(Tree::Node(_))) {
            return offset_composed(parts);
        }
        let (last, last_at) = parts.pop().unwrap();
        let mut acc = as_func(last, last_at)?;
        while let Some((off, off_at)) = parts.pop() {
            let (outer, outer_at) = parts.pop().unwrap();
            let off = match off {
                Value::Tuple(Tree::Leaf(Int::Lit(v))) => v,
                Value::Tuple(Tree::Node(_)) => {
                    return self.err(
                        off_at,
                        "a tuple offset is accepted in a single composition 'A o (o0,o1,...) o B' of two layouts, not inside a longer chain",
                    )
                }
                other => {
                    return self.err(
                        off_at,
                        format!("expected an integer offset, found {}", other.kind()),
                    )
                }
            };
            acc = Func::composed(as_func(outer, outer_at)?, off, acc);
        }
        Ok(Value::Func(acc))
    }
}

/// `A o (o0,...) o B` with shape:stride layouts A and B (offset_composed.rs).
fn offset_composed(mut parts: Vec<(Value, usize)>) -> Result<Value> {
    let (inner, inner_at) = parts.pop().unwrap();
    let (offset, offset_at) = parts.pop().unwrap();
    let (outer, outer_at) = parts.pop().unwrap();
    let layout = |v: Value, at: usize, which: &str| {
        match v {
        Value::Func(Func::Layout(l)) => Ok(l),
        other => Err(Error::parse(
            at,
            format!(
                "a composed layout with a tuple offset needs a shape:stride layout as its {which}, found {}",
                other.kind()
            ),
        )),
    }
    };
    // A swizzle takes integer offsets: the error points at the tuple offset.
    let _ = outer_at;
    let outer = layout(
        outer,
        offset_at,
        "outer function (a swizzle takes integer offsets)",
    )?;
    let inner = layout(inner, inner_at, "inner layout")?;
    let Value::Tuple(offset) = offset else {
        unreachable!("checked by the caller")
    };
    OffsetComposed::new(outer, offset, inner)
        .map(|c| Value::OffsetComposed(Box::new(c)))
        .map_err(|e| Error::parse(offset_at, e.to_string()))
}

fn as_func(v: Value, at: usize) -> Result<Func> {
    match v {
        Value::Func(f) => Ok(f),
        other => Err(Error::parse(
            at,
            format!(
                "expected a layout or swizzle in a composition, found {}",
                other.kind()
            ),
        )),
    }
}

fn to_int_tuple(t: &LeafTree, at: usize, what: &str) -> Result<IntTuple> {
    t.try_map(&mut |l| match l {
        Leaf::Int(i) => Ok(i.clone()),
        Leaf::All => Err(Error::parse(at, format!("'_' cannot appear in {what}"))),
        Leaf::Basis { at, .. } => Err(Error::parse(
            *at,
            format!("a scaled basis cannot appear in {what}"),
        )),
    })
}

fn to_strides(t: &LeafTree, at: usize) -> Result<StrideTuple> {
    t.try_map(&mut |l| match l {
        Leaf::Int(i) => Ok(Stride {
            coef: i.clone(),
            basis: Vec::new(),
        }),
        Leaf::All => Err(Error::parse(at, "'_' cannot appear in a stride")),
        Leaf::Basis {
            num,
            den,
            basis,
            at,
        } => {
            if *den == 0 {
                return Err(Error::parse(
                    *at,
                    format!("fractional count {num}/0 has a zero denominator"),
                ));
            }
            // checked: i64::MIN / -1 does not fit
            let coef = match (num.checked_rem(*den), num.checked_div(*den)) {
                (Some(0), Some(q)) => q,
                (Some(_), _) => {
                    return Err(Error::parse(
                        *at,
                        format!("fractional count {num}/{den} does not normalize to an integer"),
                    ))
                }
                _ => {
                    return Err(Error::parse(
                        *at,
                        format!("fractional count {num}/{den} does not fit in 64 bits"),
                    ))
                }
            };
            Ok(Stride {
                coef: Int::Lit(coef),
                basis: basis.clone(),
            })
        }
    })
}

/// A tree without ':' is an integer tuple, a coordinate with '_' or a stride descriptor.
fn classify(t: LeafTree, at: usize) -> Result<Value> {
    let leaves = t.leaves();
    if let Tree::Leaf(Leaf::All) = t {
        return Ok(Value::All);
    }
    if leaves.iter().any(|l| matches!(l, Leaf::Basis { .. })) {
        if leaves.iter().any(|l| matches!(l, Leaf::All)) {
            return Err(Error::parse(at, "'_' cannot appear in a stride descriptor"));
        }
        return Ok(Value::Strides(to_strides(&t, at)?));
    }
    if leaves.iter().any(|l| matches!(l, Leaf::All)) {
        return Ok(Value::Coord(t.map(&mut |l| match l {
            Leaf::Int(i) => CrdLeaf::Int(i.clone()),
            _ => CrdLeaf::All,
        })));
    }
    Ok(Value::Tuple(to_int_tuple(&t, at, "an integer tuple")?))
}

/// Parse any value of the syntax; the whole input must be consumed.
pub fn parse(text: &str) -> Result<Value> {
    parse_with(text, true, &mut 0)
}

/// Parse a value whose runtime leaves `?` are numbered from `*vars` on (the arguments of one
/// call share the numbering, left to right); `*vars` moves past them.
pub fn parse_numbered(text: &str, vars: &mut u32) -> Result<Value> {
    parse_with(text, true, vars)
}

fn parse_with(text: &str, plain: bool, vars: &mut u32) -> Result<Value> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
        depth: 0,
        leaves: 0,
        plain,
        vars: *vars,
    };
    let v = p.value()?;
    if p.peek().is_some() {
        return p.err(
            p.pos,
            format!("unexpected trailing text starting with {}", p.found()),
        );
    }
    *vars = p.vars;
    Ok(v)
}

/// Parse a layout function (a layout, swizzle or composed layout).
pub fn parse_func(text: &str) -> Result<Func> {
    match parse(text)? {
        Value::Func(f) => Ok(f),
        // An integer tuple alone is the compact (column-major) layout of that shape.
        Value::Tuple(t) => Ok(Func::Layout(
            Layout::compact(&t).map_err(|e| Error::parse(0, e.to_string()))?,
        )),
        other => Err(Error::parse(
            0,
            format!("expected a layout, found {}", other.kind()),
        )),
    }
}

/// Parse a plain shape:stride layout (a tuple alone is its compact layout).
pub fn parse_layout(text: &str) -> Result<Layout> {
    match parse_func(text)? {
        Func::Layout(l) => Ok(l),
        _ => Err(Error::parse(
            0,
            "expected a shape:stride layout, found a swizzled or composed layout",
        )),
    }
}

/// Parse an integer or integer tuple.
pub fn parse_int_tuple(text: &str) -> Result<IntTuple> {
    match parse(text)? {
        Value::Tuple(t) => Ok(t),
        other => Err(Error::parse(
            0,
            format!(
                "expected an integer or integer tuple, found {}",
                other.kind()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_with;

    /// A pseudo-random text over the characters of the syntax, mostly well formed.
    fn text(seed: &mut u64, depth: u32) -> String {
        fn next(seed: &mut u64, n: u64) -> u64 {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) % n
        }
        let leaves = [
            "1",
            "999999999999999999",
            "-9223372036854775808",
            "9223372036854775807",
            "-",
            "_?",
            "-0",
            "8",
            "-3",
            "?",
            "_4",
            "_",
            "2@1",
            "1@0@1",
            "3/1@0",
            "1/2@0",
            "0",
            "_-2",
            "99999999999999999999",
            " 4 ",
            "@",
            "(",
            "",
            "x",
            "2 @ 0",
        ];
        if depth == 0 || next(seed, 3) == 0 {
            return leaves[next(seed, leaves.len() as u64) as usize].to_string();
        }
        let n = next(seed, 4);
        let parts: Vec<String> = (0..n).map(|_| text(seed, depth - 1)).collect();
        let seps = [",", ",", ",", ", ", ";"];
        let sep = seps[next(seed, seps.len() as u64) as usize];
        format!("({})", parts.join(sep))
    }

    /// The typed fast path and the general path agree on every input: same value or same
    /// error at the same offset.
    #[test]
    fn plain_atom_agrees_with_the_general_path() {
        let mut seed = 7u64;
        let mut fast = 0;
        for i in 0..20_000 {
            let a = text(&mut seed, 3);
            let t = match i % 4 {
                0 => a,
                1 => format!("{a}:{}", text(&mut seed, 3)),
                2 => format!("[{a}, {}]", text(&mut seed, 2)),
                _ => format!("Sw<2,3,3> o 0 o {a}:{}", text(&mut seed, 3)),
            };
            let (x, y) = (parse_with(&t, true, &mut 0), parse_with(&t, false, &mut 0));
            fast += usize::from(x.is_ok());
            assert_eq!(format!("{x:?}"), format!("{y:?}"), "text {t:?}");
        }
        assert!(fast > 1000, "only {fast} texts parsed");
    }
}
