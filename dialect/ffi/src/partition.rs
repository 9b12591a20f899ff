//! The partition plans of `layout.partition` and `layout.partition_mma`
//! (`layout_algebra::ops::partition_plan`): the tiled MMA of a partition_mma's attributes (for
//! the Rust verifier and lowering), and over the C ABI the mode sizes of a layout and the bound
//! of a predicated copy's mode with its table as an integer array (capacity and length, as the
//! other plans). The C++ passes the ops' attributes as handles and integers, never as text.

use layout_algebra::ops::partition_plan::{
    self, is_permutation_mnk, MmaTiling, PERMUTATION_EXPECTED,
};
use layout_algebra::{text, Error, Value};

use crate::abi::type_text;
use crate::kind_of;
use crate::stored::Stored;

/// The attribute `#layout.<mnemonic><text>` of a value, as the dialect prints it.
fn attribute_text(v: &Value) -> String {
    type_text(&text::print(v), kind_of(v)).replacen('!', "#", 1)
}

/// The tiled MMA of the attributes of a partition_mma (`partition_plan::mma_tiling`); a
/// permutation that is not CuTe's PermutationMNK is named as the attribute it is.
pub fn mma_tiling_of(
    atom: &str,
    operand: &str,
    atoms: &[i64],
    permutation: Option<&Stored>,
) -> Result<MmaTiling, Error> {
    let perm = permutation.and_then(Stored::cute);
    partition_plan::mma_tiling(atom, operand, atoms, perm).map_err(|e| match perm {
        Some(p) if !is_permutation_mnk(p) && e.to_string().starts_with(PERMUTATION_EXPECTED) => {
            Error::algebra(format!(
                "{PERMUTATION_EXPECTED}, found {}",
                attribute_text(p)
            ))
        }
        _ => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KIND_TILER;

    fn handle(text: &str, kind: i32) -> Option<&'static Stored> {
        Some(Box::leak(Box::new(Stored::parse(text, kind).unwrap())))
    }

    #[test]
    fn a_bad_permutation_is_named_as_its_attribute() {
        let p = handle("[_,(8,2,2):(1,16,8)]", KIND_TILER);
        let e = mma_tiling_of("sm80_16x8x16", "C", &[1, 2, 1], p).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{PERMUTATION_EXPECTED}, found #layout.tiler<[_,(8,2,2):(1,16,8)]>")
        );
    }

    #[test]
    fn mma_tiling_gives_its_values() {
        let t = mma_tiling_of("sm80_16x8x16", "A", &[2, 2, 1], None).unwrap();
        let texts = [
            text::print(&t.tile_value()),
            text::print(&t.grid_value()),
            text::print(&Value::layout(t.thread_coord.clone())),
        ];
        assert_eq!(texts, ["(16,16)", "(2,1)", "(32,2,2,1):(1,32,0,64)"]);
        assert!(t.permutation.is_none());
        assert_eq!([t.threads, t.lanes], [128, 32]);
    }
}
