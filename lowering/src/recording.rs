//! The emitter calls of one lowering as they happen: what the emitter records (a
//! [`Recording`]) and the [`Template`] it becomes. Replaying one, and why that is sound, is
//! crate::template; this module knows no emitter, so that the emitter can record.

use mlir_sys::MlirValue;

/// One emitter call.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Call {
    /// `materialize` of a constant.
    Const(i64),
    /// A binary index op on two slots, with its (`nsw`, `nuw`) flags.
    Op {
        name: &'static str,
        operands: [u32; 2],
        flags: (bool, bool),
    },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub(crate) call: Call,
    /// The first earlier slot with the value this call returned (None: a value no earlier
    /// slot holds).
    pub(crate) same_as: Option<u32>,
}

pub(crate) fn first_slot(values: &[MlirValue], v: MlirValue) -> Option<u32> {
    values.iter().position(|x| x.ptr == v.ptr).map(|i| i as u32)
}

/// The calls of one lowering as they happen (see
/// [`Emitter::start_recording`](crate::emit::Emitter::start_recording)).
pub struct Recording {
    values: Vec<MlirValue>,
    steps: Vec<Step>,
    /// Set when a call used a value that is neither a coordinate nor an earlier result.
    broken: bool,
}

impl Recording {
    /// A recording whose first slots are `inputs`, the distinct coordinate values.
    pub fn new(inputs: &[MlirValue]) -> Recording {
        Recording {
            values: inputs.to_vec(),
            steps: Vec::new(),
            broken: false,
        }
    }

    fn push(&mut self, call: Call, result: MlirValue) {
        let same_as = first_slot(&self.values, result);
        self.steps.push(Step { call, same_as });
        self.values.push(result);
    }

    pub fn constant(&mut self, k: i64, result: MlirValue) {
        self.push(Call::Const(k), result);
    }

    pub fn op(
        &mut self,
        name: &'static str,
        (lhs, rhs): (MlirValue, MlirValue),
        flags: (bool, bool),
        result: MlirValue,
    ) {
        match (first_slot(&self.values, lhs), first_slot(&self.values, rhs)) {
            (Some(l), Some(r)) => self.push(
                Call::Op {
                    name,
                    operands: [l, r],
                    flags,
                },
                result,
            ),
            _ => self.broken = true,
        }
    }

    /// The template of the recorded calls, whose results are `results` (None when a value
    /// came from outside the slots).
    pub fn finish(self, results: &[MlirValue]) -> Option<Template> {
        if self.broken {
            return None;
        }
        let results = results
            .iter()
            .map(|v| first_slot(&self.values, *v))
            .collect::<Option<Vec<u32>>>()?;
        Some(Template {
            inputs: (self.values.len() - self.steps.len()) as u32,
            steps: self.steps,
            results,
        })
    }
}

/// The recorded calls of one lowering and the slots of its results.
#[derive(Debug)]
pub struct Template {
    pub(crate) inputs: u32,
    pub(crate) steps: Vec<Step>,
    pub(crate) results: Vec<u32>,
}
