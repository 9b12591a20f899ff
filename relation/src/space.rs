//! The coordinate space of a relation (its own module: the relations of every kind, the
//! LEGO chains included, are built over it).

use layout_algebra::{Error, Result};

/// The coordinate space of a relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// One integral coordinate `[c]` (colexicographic) and one offset `[o]`.
    Flat,
    /// The natural coordinate: one input per leaf (CuTe) or per input dimension (linear;
    /// then one output per output dimension).
    Coord,
    /// One integral coordinate per top-level mode (CuTe).
    Modes,
}

impl Space {
    pub fn parse(name: &str) -> Result<Space> {
        match name.trim().trim_matches('"') {
            "flat" => Ok(Space::Flat),
            "coord" => Ok(Space::Coord),
            "modes" => Ok(Space::Modes),
            other => Err(Error::algebra(format!(
                "unknown coordinate space '{other}' (expected flat, coord or modes)"
            ))),
        }
    }
}
