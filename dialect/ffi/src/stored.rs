//! The parsed value an attribute or type of the `layout` dialect holds.
//!
//! MLIR uniques a `#layout.<kind><text>` attribute and a `!layout.<kind><text>` type by its
//! canonical text and kind; the storage object (dialect/include/Layout/ValueStorage.h) also
//! holds the parsed value, as one strong reference of an `Arc<Stored>` passed across the C ABI
//! as an opaque [`Handle`]. The text is then only the uniquing key and the printed form: every
//! verifier, inference, fold and Rust pass reads the value through the handle, and an algebra
//! result comes back as a handle that the new storage adopts, so nothing is parsed twice.
//!
//! Lifetime: the storage takes one reference when it is constructed
//! (`layout_ffi_value_new` parses the canonical text once, or `layout_ffi_value_retain`
//! adopts the value an algebra call returned) and drops it when the context destroys it
//! (`layout_ffi_value_release`; the three are in `value_handle.rs`). A result handle that no storage adopts is released by its
//! receiver.

use std::sync::Arc;

use layout_algebra::bijective::{parse_chain, Chain};
use layout_algebra::linear::{parse_linear, LinearLayout};
use layout_algebra::{text, Error, Value};

use crate::abi::{kind_of, KIND_BIJECTIVE, KIND_LINEAR};

/// A value of the dialect, parsed.
#[derive(Debug)]
pub enum Stored {
    /// A CuTe value: layout, swizzle, composed layout, tiler, integer tuple (kinds 0..=3).
    Cute(Value),
    /// A linear layout (kind 4), with its canonical text: the algebra's linear-layout entry
    /// points take linear operands as that text (`Value::Json`).
    Linear(LinearLayout, Box<str>),
    /// A bijective (LEGO) layout (kind 5).
    Bijective(Chain),
}

/// The canonical text and kind of a stored value.
pub fn text_and_kind(v: &Stored) -> (String, i32) {
    match v {
        Stored::Cute(v) => (text::print(v), kind_of(v)),
        Stored::Linear(_, t) => (t.to_string(), KIND_LINEAR),
        Stored::Bijective(c) => (layout_algebra::bijective::print_chain(c), KIND_BIJECTIVE),
    }
}

/// A borrowed `Arc<Stored>` across the C ABI (null: no value, e.g. `!layout.layout<*>`).
pub type Handle = *const Stored;

impl Stored {
    /// Parse the canonical text of a value of `kind` (the key of an attribute or type).
    pub fn parse(text: &str, kind: i32) -> Result<Stored, Error> {
        match kind {
            KIND_LINEAR => Ok(Stored::Linear(parse_linear(text)?, text.into())),
            KIND_BIJECTIVE => Ok(Stored::Bijective(parse_chain(text)?)),
            _ => Ok(Stored::Cute(text::parse(text)?)),
        }
    }

    /// The CuTe value, if this is one.
    pub fn cute(&self) -> Option<&Value> {
        match self {
            Stored::Cute(v) => Some(v),
            _ => None,
        }
    }

    /// Wrap a new value in a handle that carries one strong reference (the receiver owns it).
    pub fn into_handle(self) -> Handle {
        Arc::into_raw(Arc::new(self))
    }
}

/// A shared CuTe value held by an attribute or type (derefs to the [`Value`]).
#[derive(Clone, Debug)]
pub struct CuteRef(Arc<Stored>);

impl std::ops::Deref for CuteRef {
    type Target = Value;
    fn deref(&self) -> &Value {
        match &*self.0 {
            Stored::Cute(v) => v,
            // CuteRef::new admits CuTe values only.
            _ => unreachable!("a CuteRef holds a CuTe value"),
        }
    }
}

impl CuteRef {
    /// The CuTe value behind `h`, shared; an error that says what it is otherwise.
    ///
    /// # Safety
    /// `h` must be null or a live handle.
    pub unsafe fn new(h: Handle) -> Result<CuteRef, Error> {
        match shared(h) {
            Some(s) if matches!(*s, Stored::Cute(_)) => Ok(CuteRef(s)),
            Some(s) => Err(Error::algebra(match *s {
                Stored::Linear(..) => "a linear layout is not a CuTe value",
                _ => "a bijective layout is not a CuTe value",
            })),
            None => Err(Error::algebra(
                "the value is not known statically ('*') or its text is not valid",
            )),
        }
    }
}

/// The value behind `h`, with a new strong reference (None for null).
///
/// # Safety
/// `h` must be null or a live handle (from [`Stored::into_handle`] or the storage).
pub unsafe fn shared(h: Handle) -> Option<Arc<Stored>> {
    if h.is_null() {
        return None;
    }
    Arc::increment_strong_count(h);
    Some(Arc::from_raw(h))
}

/// The linear layout behind `h`, cloned; an error that says what the value is otherwise.
///
/// # Safety
/// `h` must be null or a live handle.
pub unsafe fn linear_value(h: Handle) -> Result<LinearLayout, Error> {
    linear_of(borrowed(h))
}

/// The linear layout of `v`, cloned; an error that says what the value is otherwise (`None`:
/// no value).
pub fn linear_of(v: Option<&Stored>) -> Result<LinearLayout, Error> {
    match v {
        Some(Stored::Linear(l, _)) => Ok(l.clone()),
        Some(Stored::Cute(v)) => Err(Error::algebra(format!(
            "a {} is not a linear layout (#layout.linear<...>)",
            v.kind()
        ))),
        Some(Stored::Bijective(_)) => Err(Error::algebra(
            "a bijective layout is not a linear layout (#layout.linear<...>)",
        )),
        None => Err(Error::algebra(
            "the value is not known statically ('*') or its text is not valid",
        )),
    }
}

/// The value behind `h`, borrowed for as long as the caller keeps its reference.
///
/// # Safety
/// `h` must be null or a live handle that outlives `'a`.
pub unsafe fn borrowed<'a>(h: Handle) -> Option<&'a Stored> {
    h.as_ref()
}
