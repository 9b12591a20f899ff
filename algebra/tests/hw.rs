//! Hardware descriptors: WGMMA shared-memory descriptors, TMA tensor-map parameters,
//! ldmatrix/stmatrix lane addresses — bit-exact values derived by hand from the canonical
//! forms (derivations next to each case), CuTe's reference points, and one error per rule.

use layout_algebra::hw::{self, ByteSwizzle, Elem, Major, TmaSwizzle, WgmmaLayoutType};
use layout_algebra::ops::call;
use layout_algebra::text::parse;
use layout_algebra::Value;

/// Run an operation through `ops::call` as `layout batch` does; bare words (element types,
/// majors) are passed as name values.
fn run(op: &str, args: &[&str]) -> Result<String, String> {
    let vals: Vec<Value> = args
        .iter()
        .map(|a| {
            if !a.is_empty()
                && a.chars().all(|c| c.is_ascii_alphanumeric())
                && a.chars().next().unwrap().is_ascii_alphabetic()
            {
                Value::Json(a.to_string())
            } else {
                parse(a).unwrap_or_else(|e| panic!("test input {a} does not parse: {e}"))
            }
        })
        .collect();
    match call(op, &vals) {
        Ok(Value::Json(j)) => Ok(j),
        Ok(v) => panic!("{op} returned a non-JSON value {v:?}"),
        Err(e) => Err(e.to_string()),
    }
}

fn desc(args: &[&str]) -> String {
    match run("wgmma_desc", args) {
        Ok(j) => j.trim_matches('"').to_string(),
        Err(e) => panic!("wgmma_desc {args:?} failed: {e}"),
    }
}

fn err(op: &str, args: &[&str]) -> String {
    match run(op, args) {
        Ok(j) => panic!("{op} {args:?} should fail, gave {j}"),
        Err(e) => e,
    }
}

fn assert_err(op: &str, args: &[&str], needles: &[&str]) {
    let e = err(op, args);
    for n in needles {
        assert!(e.contains(n), "{op} {args:?}: error {e:?} lacks {n:?}");
    }
}

/// Descriptor from fields (bytes): start, LBO, SBO >> 4, layout type.
fn fields(start: u64, lbo: u64, sbo: u64, lt: u64) -> String {
    format!(
        "0x{:016x}",
        (start >> 4) | ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (lt << 62)
    )
}

// ---------------------------------------------------------------------------------------------
// Swizzle encodings

#[test]
fn swizzle_encodings_are_distinct_types() {
    let all = [
        ByteSwizzle::None,
        ByteSwizzle::B32,
        ByteSwizzle::B64,
        ByteSwizzle::B128,
    ];
    let wgmma: Vec<u64> = all
        .iter()
        .map(|&s| WgmmaLayoutType::from(s).field())
        .collect();
    let tma: Vec<i64> = all.iter().map(|&s| TmaSwizzle::from(s).value()).collect();
    let cute: Vec<i64> = all.iter().map(|s| s.cute_bits()).collect();
    assert_eq!(cute, [0, 1, 2, 3]);
    assert_eq!(wgmma, [0, 3, 2, 1]);
    assert_eq!(tma, [0, 1, 2, 3]);
    for s in all {
        assert_eq!(ByteSwizzle::from(WgmmaLayoutType::from(s)), s);
        assert_eq!(ByteSwizzle::from(TmaSwizzle::from(s)), s);
        assert_eq!(
            WgmmaLayoutType::from_field(WgmmaLayoutType::from(s).field()).unwrap(),
            WgmmaLayoutType::from(s)
        );
        assert_eq!(
            TmaSwizzle::from_value(TmaSwizzle::from(s).value()).unwrap(),
            TmaSwizzle::from(s)
        );
    }
    assert_eq!([16, 32, 64, 128], all.map(|s| s.span_bytes()));
    // On elements: Sw<B, 4 - log2(bytes), 3>.
    let s = ByteSwizzle::B128;
    assert_eq!(
        (
            s.on_elements(Elem::F16).b,
            s.on_elements(Elem::F16).m,
            s.on_elements(Elem::F16).s
        ),
        (3, 3, 3)
    );
    assert_eq!(s.on_elements(Elem::E4m3).m, 4);
    assert_eq!(s.on_elements(Elem::Tf32).m, 2);
    assert_eq!(s.on_elements(Elem::B1).m, 7);
    assert!(WgmmaLayoutType::from_field(4).is_err());
    assert!(TmaSwizzle::from_value(4).is_err());
    assert!(ByteSwizzle::from_cute_bits(4).is_err());
}

#[test]
fn element_types() {
    for (name, bits) in [
        ("f16", 16),
        ("bf16", 16),
        ("tf32", 32),
        ("f32", 32),
        ("e4m3", 8),
        ("e5m2", 8),
        ("s8", 8),
        ("u8", 8),
        ("b1", 1),
    ] {
        let e = Elem::parse(name).unwrap();
        assert_eq!(e.bits(), bits);
        assert_eq!(e.name(), name);
        assert_eq!(e.per_16_bytes() * bits, 128);
    }
    let e = Elem::parse("f64").unwrap_err().to_string();
    assert!(
        e.contains("unknown element type 'f64'") && e.contains("bf16"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// WGMMA descriptors
//
// CuTe's canonical forms (mma_traits_sm90_gmma.hpp), in elements, with T = 16 bytes / element
// size elements per 16-byte unit and W = swizzle width / 16 bytes (1 none, 2 32B, 4 64B,
// 8 128B):
//
//   K-major  interleave: ((8,m),(T,2)):((T,SBO),(1,LBO))
//            swizzled:   ((8,m),(T,2)):((W*T,SBO),(1,T))          LBO field = 1 (16 bytes)
//   MN-major interleave: ((T,1,n),(8,k)):((1,T,SBO),(T,LBO))
//            swizzled:   ((T,W,n),(8,k)):((1,T,LBO),(W*T,SBO))
//
// The cases below are the blocks `tile_to_shape(Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>,
// ...)` produces (atoms stacked column-major: MN first, then K), one instruction's K (32
// bytes: 2T elements), written out by hand:
//
//   K-major swizzled, 64 rows: atom (8, W*T):(W*T, 1), 8 atoms along MN, so
//     ((8,8),(T,2)):((W*T, 8*W*T),(1,T)).  SBO = 8*W*T elements = 8*W units = 128*W bytes.
//   K-major interleave, 64 rows: atom (8,T):(T,1) (one core matrix, 128 bytes), an (8,2) grid
//     of atoms, MN first: ((8,8),(T,2)):((T,8T),(1,64T)).  SBO = 8T el = 128 B,
//     LBO = 64T el = 1024 B.
//   MN-major swizzled, MN = 2 atoms = 2*W*T, K = 2T = (8,k) with k = 2T/8: atom (W*T,8):(1,W*T)
//     of 8*W*T elements, atoms MN first: ((T,W,2),(8,k)):((1,T,8WT),(WT,16WT)).
//     LBO = 8WT el = 128W B; SBO = 16WT el = 256W B (0 when k = 1: a mode of extent 1 has
//     stride 0, as CuTe's logical_divide gives).
//   MN-major interleave, MN = 64 = (T,a) with a = 64/T core matrices: atom (T,8):(1,T), grid
//     (a,k), MN first: ((T,a),(8,k)):((1,8T),(T,8Ta)).  SBO = 8T el = 128 B;
//     LBO = 8Ta el = 128a B (0 when k = 1).

/// (element, T) for 8-, 16- and 32-bit elements.
const ELEMS: &[(&str, u64)] = &[("e4m3", 16), ("f16", 8), ("tf32", 4)];
/// (CuTe B, W, descriptor layout type).
const SWIZZLES: &[(u64, u64, u64)] = &[(1, 2, 3), (2, 4, 2), (3, 8, 1)];

fn log2(x: u64) -> u64 {
    x.trailing_zeros() as u64
}

#[test]
fn wgmma_reference_points_from_cute() {
    // make_gmma_desc<Major::K> of tile_to_shape(Layout_K_SW128_Atom<half_t>, (64,16)).
    assert_eq!(
        desc(&["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)"]),
        "0x4000004000010000"
    );
    // The same block written hierarchically (one 8-row atom per row group).
    assert_eq!(
        desc(&["f16", "K", "Sw<3,3,3> o 0 o ((8,8),(8,2)):((64,512),(1,8))"]),
        "0x4000004000010000"
    );
    // No swizzle, K-major: LBO 128 (2048 bytes), SBO 8 (128 bytes).
    assert_eq!(
        desc(&["f16", "K", "(64,(8,2)):(8,(1,1024))"]),
        "0x0000000800800000"
    );
}

#[test]
fn wgmma_k_major_every_swizzle_and_width() {
    for &(e, t) in ELEMS {
        for &(b, w, lt) in SWIZZLES {
            let m = 4 - log2(16 / t); // Sw<B, 4 - log2(bytes), 3>
            let smem = format!(
                "Sw<{b},{m},3> o 0 o ((8,8),({t},2)):(({},{}),(1,{t}))",
                w * t,
                8 * w * t
            );
            assert_eq!(
                desc(&[e, "K", &smem]),
                fields(0, 16, 128 * w, lt),
                "{e} K-major {smem}"
            );
            // The coalesced form of the same function gives the same descriptor.
            let flat = format!("Sw<{b},{m},3> o 0 o (64,{}):({},1)", 2 * t, w * t);
            assert_eq!(desc(&[e, "K", &flat]), fields(0, 16, 128 * w, lt), "{flat}");
        }
        let smem = format!("((8,8),({t},2)):(({t},{}),(1,{}))", 8 * t, 64 * t);
        assert_eq!(
            desc(&[e, "K", &smem]),
            fields(0, 1024, 128, 0),
            "{e} K interleave"
        );
    }
    // Spelled out: f16 K-major 64B: SBO = 8*4 units = 512 B, layout type 2.
    assert_eq!(
        desc(&["f16", "K", "Sw<2,3,3> o 0 o ((8,8),(8,2)):((32,256),(1,8))"]),
        "0x8000002000010000"
    );
    // e4m3 K-major 32B: SBO 256 B = 16 units, layout type 3.
    assert_eq!(
        desc(&[
            "e4m3",
            "K",
            "Sw<1,4,3> o 0 o ((8,8),(16,2)):((32,256),(1,16))"
        ]),
        "0xc000001000010000"
    );
    // tf32 K-major interleave: LBO 1024 B = 64 units, SBO 8 units.
    assert_eq!(
        desc(&["tf32", "K", "((8,8),(4,2)):((4,32),(1,256))"]),
        "0x0000000800400000"
    );
}

#[test]
fn wgmma_mn_major_every_swizzle_and_width() {
    for &(e, t) in ELEMS {
        let k = 2 * t / 8;
        for &(b, w, lt) in SWIZZLES {
            let m = 4 - log2(16 / t);
            let smem = format!(
                "Sw<{b},{m},3> o 0 o (({t},{w},2),(8,{k})):((1,{t},{}),({},{}))",
                8 * w * t,
                w * t,
                16 * w * t
            );
            let sbo = if k > 1 { 256 * w } else { 0 };
            assert_eq!(
                desc(&[e, "MN", &smem]),
                fields(0, 128 * w, sbo, lt),
                "{e} MN-major {smem}"
            );
        }
        let a = 64 / t;
        let smem = format!("(({t},{a}),(8,{k})):((1,{}),({t},{}))", 8 * t, 8 * t * a);
        let lbo = if k > 1 { 128 * a } else { 0 };
        assert_eq!(
            desc(&[e, "MN", &smem]),
            fields(0, lbo, 128, 0),
            "{e} MN interleave {smem}"
        );
    }
    // Spelled out: f16 MN-major 128B, (128,16) = 2 atoms of (64,8) along MN, 2 along K:
    // LBO = 512 el = 1024 B = 64 units, SBO = 1024 el = 2048 B = 128 units.
    assert_eq!(
        desc(&[
            "f16",
            "MN",
            "Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))"
        ]),
        "0x4000008000400000"
    );
    // One atom along MN (64 elements): LBO of the extent-1 mode is 0.
    assert_eq!(
        desc(&["f16", "MN", "Sw<3,3,3> o 0 o (64,(8,2)):(1,(64,512))"]),
        "0x4000004000000000"
    );
    // tf32 MN-major 32B: K = 8 rows only, SBO 0; LBO = 8*W*T = 64 el = 256 B.
    assert_eq!(
        desc(&["tf32", "MN", "Sw<1,2,3> o 0 o ((8,2),8):((1,64),8)"]),
        "0xc000000000100000"
    );
}

#[test]
fn wgmma_b1_and_other_8_16_bit_types() {
    // b1: T = 128 elements per 16 bytes; the 128B swizzle on b1 elements is Sw<3,7,3>.
    assert_eq!(
        desc(&["b1", "K", "Sw<3,7,3> o 0 o (64,256):(1024,1)"]),
        "0x4000004000010000"
    );
    for e in ["bf16", "f16"] {
        assert_eq!(
            desc(&[e, "K", "Sw<3,3,3> o 0 o (64,16):(64,1)"]),
            "0x4000004000010000"
        );
    }
    for e in ["e5m2", "s8", "u8", "e4m3"] {
        assert_eq!(
            desc(&[e, "K", "Sw<3,4,3> o 0 o (64,32):(128,1)"]),
            "0x4000004000010000"
        );
    }
    assert_eq!(
        desc(&["f32", "K", "Sw<3,2,3> o 0 o (64,8):(32,1)"]),
        "0x4000004000010000"
    );
}

#[test]
fn wgmma_start_address_and_k_advance() {
    // Byte address 1024, second K block of a 64-wide SW128 f16 tile (offset 16 elements =
    // 32 bytes): start = 1056 = 0x420, field 0x42.
    assert_eq!(
        desc(&["f16", "K", "Sw<3,3,3> o 16 o (64,16):(64,1)", "1024"]),
        "0x4000004000010042"
    );
    assert_eq!(
        desc(&["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)", "2048"]),
        "0x4000004000010080"
    );
    // The typed API agrees with the text one.
    let f = layout_algebra::text::parse_func("Sw<3,3,3> o 0 o (64,16):(64,1)").unwrap();
    let d = hw::wgmma_desc(Elem::F16, Major::K, &f, 0).unwrap();
    assert_eq!(d.encode(), 0x4000004000010000);
    assert_eq!(
        (d.leading_byte_offset, d.stride_byte_offset, d.base_offset),
        (16, 1024, 0)
    );
    assert_eq!(d.layout_type, WgmmaLayoutType::B128);
}

#[test]
fn wgmma_errors_name_the_rule() {
    let op = "wgmma_desc";
    // Byte swizzle written on f16 elements.
    assert_err(
        op,
        &["f16", "K", "Sw<3,4,3> o 0 o (64,16):(64,1)"],
        &[
            "Sw<3,4,3> is not the 128B swizzle on f16 elements",
            "Sw<3,3,3>",
        ],
    );
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,4> o 0 o (64,16):(64,1)"],
        &["Sw<3,3,3>"],
    );
    assert_err(
        op,
        &["f16", "K", "Sw<4,3,4> o 0 o (64,16):(64,1)"],
        &["not a hardware swizzle"],
    );
    // Wrong atom width: 128B swizzle with rows 64 bytes apart.
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,16):(32,1)"],
        &[
            "must be 128 bytes apart",
            "found 64 bytes",
            "128B swizzle atom width",
        ],
    );
    // MN-major: K-rows 64 bytes apart under the 128B swizzle.
    assert_err(
        op,
        &["f16", "MN", "Sw<3,3,3> o 0 o (64,(8,2)):(1,(32,512))"],
        &["8 K-rows of a core matrix must be 128 bytes apart"],
    );
    // Interleave core matrices must be 8 contiguous 16-byte rows.
    assert_err(
        op,
        &["f16", "K", "(64,(8,2)):(16,(1,1024))"],
        &["must be 16 bytes apart", "found 32 bytes"],
    );
    // K extent of one instruction.
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,64):(64,1)"],
        &["32 bytes along K", "64 elements"],
    );
    assert_err(
        op,
        &["f16", "MN", "Sw<3,3,3> o 0 o (64,32):(1,64)"],
        &["16 f16 elements", "32 elements"],
    );
    // Not an 8-row arrangement.
    assert_err(
        op,
        &["f16", "K", "(4,(8,2)):(8,(1,1024))"],
        &[
            "not an 8-row core-matrix arrangement",
            "not a multiple of 8",
        ],
    );
    // 16-byte rows not contiguous.
    assert_err(
        op,
        &["f16", "K", "(64,(8,2)):(8,(2,1024))"],
        &["must be contiguous along K", "8:1"],
    );
    // Row groups not evenly spaced: one SBO.
    assert_err(
        op,
        &["f16", "K", "((8,2,4),(8,2)):((8,64,256),(1,1024))"],
        &["evenly spaced", "stride byte offset"],
    );
    // 128B swizzle: the two K halves must be adjacent.
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,(8,2)):(64,(1,16))"],
        &["must be adjacent", "32 bytes apart"],
    );
    // Strides not in 16-byte units.
    assert_err(
        op,
        &["f16", "K", "(64,(8,2)):(8,(1,1020))"],
        &["not a multiple of 16 bytes"],
    );
    // Misaligned base.
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 4 o (64,16):(64,1)"],
        &["misaligned base", "byte 8", "not a multiple of 16"],
    );
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)", "8"],
        &["misaligned base"],
    );
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)", "-16"],
        &["negative"],
    );
    // Field ranges.
    assert_err(
        op,
        &["f16", "K", "(64,(8,2)):(8,(1,300000))"],
        &["leading byte offset 600000 bytes does not fit the 14-bit field"],
    );
    assert_err(
        op,
        &["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)", "262144"],
        &["does not fit the 14-bit field"],
    );
    assert_err(op, &["f16", "K", "(64,(8,2)):(8,(1,-1024))"], &["negative"]);
    // Shape of the argument.
    assert_err(op, &["f16", "K", "64:1"], &["rank 2"]);
    assert_err(op, &["f16", "K", "(64,(8,2)):(8,(1,?))"], &["dynamic"]);
    assert_err(
        op,
        &["f16", "KM", "(64,16):(16,1)"],
        &["unknown major 'KM'"],
    );
    assert_err(
        op,
        &["f8", "K", "(64,16):(16,1)"],
        &["unknown element type 'f8'"],
    );
    assert_err(op, &["f16", "K"], &["takes 3 or 4"]);
    assert_err(op, &["f16", "K", "Sw<3,3,3>"], &["swizzle alone"]);
}
