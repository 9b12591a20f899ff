//! The tile coordinates of every element of every thread of a partition: `layout.partition`
//! under its tiled copy (`thr`, `val`, `vector`), `layout.partition_mma` under its tiled MMA
//! (`atom`, `operand`, `atoms`, `permutation`), by the algebra
//! (`ops::partition_plan::copy_thread_coordinates` and `mma_thread_coordinates`).
//!
//! Per mode d of the partitioned tile, the table of R_d, the partition of the mode's coordinate
//! layout, over its whole domain; thread t's element i lies at tile coordinate
//! (R_0[mode0[t] + stride0 i], R_1[...], ...). A partition has coordinates only when every mode
//! of its tile has a static extent and the algebra evaluates them (within its limits on the
//! tables' size); with them goes the tiling as a message names it (`thr = ..., val = ...,
//! vector = ...` or `atom = ..., operand = ..., atoms = [...]`).

use layout_algebra::ops::partition_plan::{
    copy_thread_coordinates, mma_thread_coordinates, ThreadCoordinates,
};
use layout_dialect::layout_modes::mode_sizes;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_access::{i64_array_attribute, string_attribute};
use layout_dialect::op_diagnostics::op_name;
use layout_dialect::tensor_partitions::{tiled_copy, tiled_mma};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::kernel_checks::algebra;

/// The coordinates of the threads of one partition, and the tiling that gives them.
pub(crate) struct PartitionCoordinates {
    coordinates: ThreadCoordinates,
    /// The tiled copy or MMA, as an error names it.
    pub tiling: String,
}

impl PartitionCoordinates {
    /// The coordinates of the partition `op` defines (the module doc); none for another op, a
    /// tile without static extents, or one the algebra does not evaluate.
    pub fn of(op: OperationRef<'_, '_>) -> Option<PartitionCoordinates> {
        let name = op_name(&op);
        let copy = match name.as_str() {
            "layout.partition" => true,
            "layout.partition_mma" => false,
            _ => return None,
        };
        let tensor = memory_tensor(op.operands().next()?.r#type())?;
        let sizes = mode_sizes(tensor.layout)?;
        if copy {
            let c = tiled_copy(op).ok()?.ok()?;
            let coordinates =
                algebra(|| copy_thread_coordinates(c.thr, c.val, c.vector, &sizes).ok())?;
            // The accessor of `vector` (an I64Attr) reads it as unsigned.
            let tiling = format!(
                "thr = {}, val = {}, vector = {}",
                op.attribute("thr").ok()?,
                op.attribute("val").ok()?,
                c.vector as u64
            );
            return Some(PartitionCoordinates {
                coordinates,
                tiling,
            });
        }
        let coordinates = algebra(|| {
            let t = tiled_mma(op).ok()?.ok()?;
            mma_thread_coordinates(&t, &sizes).ok()
        })?;
        let atoms: Vec<String> = i64_array_attribute(op, "atoms")
            .ok()?
            .iter()
            .map(i64::to_string)
            .collect();
        let tiling = format!(
            "atom = {}, operand = {}, atoms = [{}]",
            string_attribute(op, "atom").ok()?,
            string_attribute(op, "operand").ok()?,
            atoms.join(", ")
        );
        Some(PartitionCoordinates {
            coordinates,
            tiling,
        })
    }

    /// The modes of the tile (one table each).
    pub fn modes(&self) -> usize {
        self.coordinates.tables.len()
    }

    /// The threads that hold elements.
    pub fn threads(&self) -> usize {
        self.coordinates.mode0.len()
    }

    /// The elements each thread holds.
    pub fn elements(&self) -> usize {
        let c = &self.coordinates;
        match (c.tables.first(), usize::try_from(c.stride0)) {
            (Some(table), Ok(stride)) if stride > 0 => table.len() / stride,
            _ => 0,
        }
    }

    /// The tile coordinate of element `i` of thread `t`; none past the tables.
    pub fn at(&self, t: usize, i: usize) -> Option<Vec<i64>> {
        let c = &self.coordinates;
        let first = usize::try_from(*c.mode0.get(t)?).ok()?;
        let k = usize::try_from(c.stride0)
            .ok()?
            .checked_mul(i)?
            .checked_add(first)?;
        c.tables.iter().map(|table| table.get(k).copied()).collect()
    }
}

/// A tile coordinate as a message shows it: `(3, 12)`.
pub(crate) fn coordinate_text(c: &[i64]) -> String {
    let items: Vec<String> = c.iter().map(i64::to_string).collect();
    format!("({})", items.join(", "))
}
