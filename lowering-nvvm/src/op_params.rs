//! The parameters of a hardware op, as the rules of `derive` read them ([`Attrs`]): each
//! parameter by its attribute name, read from the typed attribute (never printed):
//!
//! - a layout (`smem`, `fragment`, `gmem`, `tile`, `tmem`, `from`, `to`): the value its
//!   `#layout.*` attribute holds, or the value the type of the layout operand that may give it
//!   instead holds (`smem(%l : !layout.layout<...>)`, the op's [`layout_operands`]);
//! - an element type (a `TypeAttr`) or a `#layout.major`: the hardware's name of it (`f16`,
//!   `e4m3`, `K`), from the dialect's one table of element types;
//! - a string, integer or bool: its text; a unit attribute (a flag): present, with no text.

use melior::ir::attribute::{Attribute, BoolAttribute, IntegerAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{AttributeLike, Value, ValueLike};
use mlir_sys::{mlirAttributeIsAString, mlirStringAttrGetValue, MlirStringRef, MlirValue};

use crate::derive::Attrs;

/// The names of every parameter a hardware op may have (td/LayoutNvgpuOps.td).
const KEYS: [&str; 28] = [
    "elem",
    "smem",
    "fragment",
    "major",
    "tile",
    "k",
    "address",
    "n",
    "elemA",
    "elemB",
    "majorA",
    "majorB",
    "elemD",
    "gmem",
    "instr",
    "m",
    "tmem",
    "warp",
    "ctaGroup",
    "negA",
    "negB",
    "tileRows",
    "async",
    "from",
    "to",
    "smemBudget",
    "sm",
    "multicast",
];

extern "C" {
    fn mlirLayoutNvParamName(attr: mlir_sys::MlirAttribute) -> MlirStringRef;
    fn mlirLayoutNvLayoutOperand(
        op: mlir_sys::MlirOperation,
        index: isize,
        operand: &mut MlirValue,
    ) -> MlirStringRef;
}

/// The layout parameters of a hardware op that an operand may give instead of the attribute
/// (cpp/LayoutNvgpuOps.cpp, from the ODS accessors): each name with the operand, `None` when the
/// op has that optional operand absent.
pub fn layout_operands<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<(String, Option<Value<'c, 'a>>)> {
    let mut out = Vec::new();
    for index in 0.. {
        let mut operand = MlirValue {
            ptr: std::ptr::null_mut(),
        };
        // SAFETY: `op` is a live op (melior's `OperationRef`); the C++ side writes `operand` (a
        // value of the op, or null) and answers a name of a static string, empty past the
        // op's last layout parameter; the name is copied before the next call.
        let (name, operand) = unsafe {
            let key = mlirLayoutNvLayoutOperand(op.to_raw(), index, &mut operand);
            if key.length == 0 {
                break;
            }
            let bytes = std::slice::from_raw_parts(key.data as *const u8, key.length);
            (
                String::from_utf8_lossy(bytes).into_owned(),
                (!operand.ptr.is_null()).then(|| Value::from_raw(operand)),
            )
        };
        out.push((name, operand));
    }
    out
}

/// The parameters of `op` ([`KEYS`], as the module doc says); a layout operand's parameter is
/// read from its type.
pub fn attrs(op: OperationRef<'_, '_>) -> Attrs {
    let mut a = Attrs::new();
    let operands = layout_operands(op);
    for k in KEYS {
        let Ok(attr) = op.attribute(k) else {
            if let Some((_, Some(v))) = operands.iter().find(|(name, _)| name == k) {
                insert_layout_type(&mut a, k, v.r#type());
            }
            continue;
        };
        if let Some(Ok(l)) = layout_dialect::attr_linear(attr) {
            a.insert_linear(k, l);
            continue;
        }
        if let Some(v) = layout_dialect::attr_value(attr) {
            a.insert_layout(k, v.map_err(|e| e.to_string()));
            continue;
        }
        if let Some(named) = hardware_name(attr) {
            a.insert(k, named);
            continue;
        }
        let v = if let Some(s) = string_bytes(attr) {
            String::from_utf8_lossy(&s).into_owned()
        } else if let Ok(i) = IntegerAttribute::try_from(attr) {
            i.value().to_string()
        } else if let Ok(b) = BoolAttribute::try_from(attr) {
            b.value().to_string()
        } else if attr.is_unit() {
            // A flag (`async`, `negA`, ...): its presence is the value.
            String::new()
        } else {
            // No parameter of these ops has another kind (the ODS constrains them).
            continue;
        };
        a.insert(k, v);
    }
    a
}

/// The layout a layout-dialect type holds, as the parameter `k` (as its attribute would be).
fn insert_layout_type(a: &mut Attrs, k: &str, ty: Type<'_>) {
    if let Some(Ok(l)) = layout_dialect::type_linear(ty) {
        a.insert_linear(k, l);
    } else if let Some(v) = layout_dialect::type_value(ty) {
        a.insert_layout(k, v.map_err(|e| e.to_string()));
    }
}

/// The hardware's name of an element-type or `#layout.major` attribute (`f16`, `e4m3`, `K`);
/// `None` for another attribute, or an element type the hardware has no name for (the table of
/// layout_dialect::element_types).
pub fn hardware_name(attr: Attribute<'_>) -> Option<String> {
    if let Ok(t) = TypeAttribute::try_from(attr) {
        return layout_dialect::element_types::hardware_element_name(t.value()).map(str::to_string);
    }
    // SAFETY: `attr` is a live attribute (melior's `Attribute` of the context); the name is a
    // string of a static table, copied before returning.
    unsafe {
        let s = mlirLayoutNvParamName(attr.to_raw());
        if s.length == 0 {
            return None;
        }
        let bytes = std::slice::from_raw_parts(s.data as *const u8, s.length);
        Some(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// The bytes of a string attribute (any bytes: MLIR does not require UTF-8), copied; None for
/// another attribute.
pub fn string_bytes(attr: Attribute) -> Option<Vec<u8>> {
    // SAFETY: `attr` is a live attribute (melior's `Attribute` of the context), checked to be a
    // string attribute before its value is read; the value is owned by the attribute's storage
    // and copied before returning.
    unsafe {
        if !mlirAttributeIsAString(attr.to_raw()) {
            return None;
        }
        let s = mlirStringAttrGetValue(attr.to_raw());
        if s.length == 0 {
            return Some(Vec::new());
        }
        Some(std::slice::from_raw_parts(s.data as *const u8, s.length).to_vec())
    }
}
