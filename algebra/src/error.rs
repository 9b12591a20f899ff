//! Error type of the algebra: every failure is a value with a message, never a panic.

use std::fmt;

/// What went wrong, with enough detail to point at the cause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Malformed text. `offset` is the byte offset into the parsed string.
    Parse { offset: usize, message: String },
    /// An operation whose precondition fails (names the op, the mode and the condition).
    Algebra(String),
    /// i64 overflow (or division by zero) while computing `context`.
    Overflow(String),
    /// The operation needs a static value where the input has a dynamic leaf `?`.
    Dynamic(String),
}

impl Error {
    pub fn parse(offset: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            offset,
            message: message.into(),
        }
    }
    pub fn algebra(message: impl Into<String>) -> Error {
        Error::Algebra(message.into())
    }
    pub fn overflow(context: impl Into<String>) -> Error {
        Error::Overflow(context.into())
    }
    pub fn dynamic(context: impl Into<String>) -> Error {
        Error::Dynamic(context.into())
    }
    /// Byte offset of a parse error.
    pub fn offset(&self) -> Option<usize> {
        match self {
            Error::Parse { offset, .. } => Some(*offset),
            _ => None,
        }
    }
    /// Shift a parse error's offset (when the parsed text sits inside a larger string).
    pub fn shifted(self, by: usize) -> Error {
        match self {
            Error::Parse { offset, message } => Error::Parse {
                offset: offset + by,
                message,
            },
            e => e,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse { offset, message } => {
                write!(f, "parse error at byte {offset}: {message}")
            }
            Error::Algebra(m) => write!(f, "{m}"),
            Error::Overflow(c) => write!(f, "integer overflow: {c}"),
            Error::Dynamic(c) => write!(
                f,
                "{c} needs static values, but the input has a dynamic leaf '?'"
            ),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
