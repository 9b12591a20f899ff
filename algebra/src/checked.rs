//! Checked i64 arithmetic with C++'s truncating division, and decimal text.

use crate::error::{Error, Result};

pub fn add(a: i64, b: i64) -> Result<i64> {
    a.checked_add(b)
        .ok_or_else(|| Error::overflow(format!("{a} + {b}")))
}
pub fn sub(a: i64, b: i64) -> Result<i64> {
    a.checked_sub(b)
        .ok_or_else(|| Error::overflow(format!("{a} - {b}")))
}
pub fn mul(a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b)
        .ok_or_else(|| Error::overflow(format!("{a} * {b}")))
}
/// Truncating division (C++ semantics); division by zero is an error.
pub fn div(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(Error::overflow(format!("division by zero ({a} / 0)")));
    }
    a.checked_div(b)
        .ok_or_else(|| Error::overflow(format!("{a} / {b}")))
}
/// Truncating remainder (C++ semantics).
pub fn rem(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(Error::overflow(format!("modulo by zero ({a} % 0)")));
    }
    a.checked_rem(b)
        .ok_or_else(|| Error::overflow(format!("{a} % {b}")))
}
pub fn abs(a: i64) -> Result<i64> {
    a.checked_abs()
        .ok_or_else(|| Error::overflow(format!("|{a}|")))
}
pub fn signum(a: i64) -> i64 {
    a.signum()
}
/// ceil(a / b) for a >= 0, b > 0 (CuTe's ceil_div on positive integers).
pub fn ceil_div(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(Error::overflow(format!("ceil_div by zero ({a} / 0)")));
    }
    let q = div(a, b)?;
    if rem(a, b)? != 0 && ((a < 0) == (b < 0)) {
        add(q, 1)
    } else {
        Ok(q)
    }
}
pub fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i64::MAX as u64) as i64
}

/// CuTe's shape_div on integers: a / b when one divides the other, rounding away from zero
/// (so a smaller a gives signum(a)·signum(b)). Neither dividing the other is an error.
pub fn shape_div(a: i64, b: i64, ctx: &dyn Fn() -> String) -> Result<i64> {
    if b == 0 {
        return Err(Error::algebra(format!(
            "{}: division by a zero extent",
            ctx()
        )));
    }
    let divides = |x: i64, y: i64| y != 0 && x.checked_rem(y) == Some(0);
    if !divides(a, b) && !divides(b, a) {
        return Err(Error::algebra(format!(
            "{}: neither {a} nor {b} divides the other (shape divisibility condition)",
            ctx()
        )));
    }
    let q = div(a, b)?;
    Ok(if q != 0 { q } else { signum(a) * signum(b) })
}

/// Decimal text of `v`, written at the end of `buf` (20 bytes hold every i64 with its sign);
/// returns the written part. No formatting machinery: printing is on the batch path.
pub fn decimal(v: i64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut u = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    &buf[i..]
}

/// Append the decimal text of `v` to `out`.
pub(crate) fn push_i64(out: &mut String, v: i64) {
    decimal(v, &mut [0; 20])
        .iter()
        .for_each(|&c| out.push(char::from(c)));
}
