//! Hardware descriptors: WGMMA shared-memory descriptors, TMA tensor-map parameters,
//! ldmatrix/stmatrix lane addresses — bit-exact values derived by hand from the canonical
//! forms (derivations next to each case), CuTe's reference points, and one error per rule.

use layout_algebra::hw::{self, ByteSwizzle, Elem, Major, TmaSwizzle, WgmmaLayoutType};
use layout_algebra::ops::call;
use layout_algebra::text::parse;
use layout_algebra::Value;

mod common;
use common::run;

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

// ---------------------------------------------------------------------------------------------
// TMA descriptors

fn tma(args: &[&str]) -> serde_json::Value {
    match run("tma_desc", args) {
        Ok(j) => serde_json::from_str(&j).unwrap_or_else(|e| panic!("bad JSON {j}: {e}")),
        Err(e) => panic!("tma_desc {args:?} failed: {e}"),
    }
}

fn js(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn tma_reference_point_from_cute() {
    // make_tma_copy(SM90_TMA_LOAD, f32 gmem (1024,256) row-major, smem (64,32) row-major).
    let d = tma(&["f32", "(1024,256):(256,1)", "(64,32):(32,1)"]);
    assert_eq!(d["rank"], 2);
    assert_eq!(d["globalDim"], js("[256,1024]"));
    assert_eq!(d["globalStrides"], js("[1024]"));
    assert_eq!(d["boxDim"], js("[32,64]"));
    assert_eq!(d["elementStrides"], js("[1,1]"));
    assert_eq!(d["swizzle"], 0);
    assert_eq!(d["dataType"], 7);
    assert_eq!(d["dataTypeName"], "CU_TENSOR_MAP_DATA_TYPE_FLOAT32");
    assert_eq!(d["interleave"], 0);
    assert_eq!(d["l2Promotion"], 2);
    assert_eq!(d["oobFill"], 0);
    assert_eq!(d["boxBytes"], 64 * 32 * 4);
    assert_eq!(d["boxes"], js(r#"[{"smemOffset":0,"tmaCoord":[0,0]}]"#));
    // Box dim 0 runs along gmem mode 1, box dim 1 along gmem mode 0.
    assert_eq!(d["tmaBasis"], "(32,64):(1@1,1@0)");
    assert_eq!(d["smemToTma"], "(64,32):(1@1,1@0)");
    assert_eq!(d["gmemToTma"], "(1024,256):(1@1,1@0)");
}

#[test]
fn tma_swizzled_k_major_tile() {
    // f16 128x64 K-major tile in the 128B swizzle (tile_to_shape(Layout_K_SW128_Atom, (128,64)):
    // atom (8,64):(64,1), 16 atoms along M). Inner box = 64 f16 = 128 bytes = the span.
    let d = tma(&[
        "f16",
        "(4096,1024):(1024,1)",
        "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)",
    ]);
    assert_eq!(d["rank"], 2);
    assert_eq!(d["globalDim"], js("[1024,4096]"));
    assert_eq!(d["globalStrides"], js("[2048]"));
    assert_eq!(d["boxDim"], js("[64,128]"));
    assert_eq!(d["swizzle"], 3);
    assert_eq!(d["swizzleName"], "CU_TENSOR_MAP_SWIZZLE_128B");
    assert_eq!(d["dataType"], 6);
    assert_eq!(d["boxBytes"], 16384);
    assert_eq!(d["smemToTma"], "((8,16),64):((1@1,8@1),1@0)");
    // 64B and 32B swizzles: inner box 32 / 16 f16.
    let d = tma(&[
        "f16",
        "(4096,1024):(1024,1)",
        "Sw<2,3,3> o 0 o ((8,8),32):((32,256),1)",
    ]);
    assert_eq!(
        (d["boxDim"].clone(), d["swizzle"].clone()),
        (js("[32,64]"), js("2"))
    );
    let d = tma(&[
        "f16",
        "(4096,1024):(1024,1)",
        "Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)",
    ]);
    assert_eq!(
        (d["boxDim"].clone(), d["swizzle"].clone()),
        (js("[16,64]"), js("1"))
    );
    // e4m3 travels as UINT8; 128B = 128 elements.
    let d = tma(&[
        "e4m3",
        "(4096,4096):(4096,1)",
        "Sw<3,4,3> o 0 o ((8,8),128):((128,1024),1)",
    ]);
    assert_eq!(d["dataType"], 0);
    assert_eq!(d["boxDim"], js("[128,64]"));
    assert_eq!(d["globalStrides"], js("[4096]"));
}

#[test]
fn tma_dynamic_extents_and_strides() {
    let d = tma(&[
        "f16",
        "(?,?):(?,1)",
        "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)",
    ]);
    assert_eq!(d["globalDim"], js(r#"["?","?"]"#));
    assert_eq!(d["globalStrides"], js(r#"["?"]"#));
    assert_eq!(d["boxDim"], js("[64,128]"));
    // A static stride with dynamic extents.
    let d = tma(&["bf16", "(?,?):(4096,1)", "(64,64):(64,1)"]);
    assert_eq!(d["globalDim"], js(r#"["?","?"]"#));
    assert_eq!(d["globalStrides"], js("[8192]"));
    assert_eq!(d["dataType"], 9);
}

#[test]
fn tma_mn_major_swizzled_tile_takes_several_boxes() {
    // f16 MN-major 128x64 tile from tile_to_shape(Layout_MN_SW128_Atom (64,8):(1,64), (128,64)):
    // ((64,2),(8,8)):((1,512),(64,1024)). Position p = m0 + 64 k0 + 512 m1 + 1024 k1: the box is
    // (64 along m, 8 along k) = 1024 bytes, and the 16 boxes start at (64 m1, 8 k1), in smem
    // at 1024 (m1 + 2 k1) bytes — CuTe's sidx2gmode truncated at the 64@0 step.
    let d = tma(&[
        "f16",
        "(4096,1024):(1,4096)",
        "Sw<3,3,3> o 0 o ((64,2),(8,8)):((1,512),(64,1024))",
    ]);
    assert_eq!(d["rank"], 2);
    assert_eq!(d["globalDim"], js("[4096,1024]"));
    assert_eq!(d["globalStrides"], js("[8192]"));
    assert_eq!(d["boxDim"], js("[64,8]"));
    assert_eq!(d["boxBytes"], 1024);
    let boxes = d["boxes"].as_array().unwrap();
    assert_eq!(boxes.len(), 16);
    for (q, b) in boxes.iter().enumerate() {
        let (m1, k1) = (q % 2, q / 2);
        assert_eq!(b["smemOffset"], 1024 * q);
        assert_eq!(b["tmaCoord"], js(&format!("[{},{}]", 64 * m1, 8 * k1)));
    }
    assert_eq!(d["smemToTma"], "((64,2),(8,8)):((1@0,64@0),(1@1,8@1))");
    assert_eq!(d["tmaBasis"], "(64,8):(1@0,1@1)");
}

#[test]
fn tma_ranks_and_merging() {
    // A 3-d gmem: the mode the tile does not cover is a dim of box extent 1.
    let d = tma(&["f32", "(1024,256,8):(256,1,262144)", "(64,32):(32,1)"]);
    assert_eq!(d["rank"], 3);
    assert_eq!(d["globalDim"], js("[256,1024,8]"));
    assert_eq!(d["globalStrides"], js("[1024,1048576]"));
    assert_eq!(d["boxDim"], js("[32,64,1]"));
    assert_eq!(d["gmemToTma"], "(1024,256,8):(1@1,1@0,1@2)");
    // A 3-d tile (CuTe's doc example: gmem (1024,32,512):(64,1,65536), smem (16,8,2):(16,1,8)):
    // box dim 0 = 8 along mode 1, dim 1 = 2 along mode 2? No: position p = 16 m? see below.
    // smem (16,8,2):(16,1,8): position of (m,k,l) = 16m + k + 8l, so p = k + 8 l + 16 m:
    // dims 8 along mode 1, 2 along mode 2, 16 along mode 0.
    let d = tma(&["f32", "(1024,32,512):(64,1,65536)", "(16,8,2):(16,1,8)"]);
    assert_eq!(d["rank"], 3);
    assert_eq!(d["boxDim"], js("[8,2,16]"));
    assert_eq!(d["globalDim"], js("[32,512,1024]"));
    assert_eq!(d["globalStrides"], js("[262144,256]"));
    // Static contiguous gmem strides merge up to 256 elements (CuTe's coalesce_256): the
    // (8,32) row-major tile of a (64,32) row-major tensor is one run of 256 elements; the
    // merged global extent follows CuTe's recurrence (32-1)*1 + (64-1)*32 + 1 = 2048.
    let d = tma(&["f16", "(64,32):(32,1)", "(8,32):(32,1)"]);
    assert_eq!(d["rank"], 1);
    assert_eq!(d["globalDim"], js("[2048]"));
    assert_eq!(d["globalStrides"], js("[]"));
    assert_eq!(d["boxDim"], js("[256]"));
    assert_eq!(d["tmaBasis"], "((32,8)):((1@1,1@0))");
    assert_eq!(d["gmemToTma"], "(64,32):(32@0,1@0)");
    // A dynamic stride never merges (as in CuTe with a runtime stride).
    let d = tma(&["f16", "(64,32):(?,1)", "(8,32):(32,1)"]);
    assert_eq!(d["rank"], 2);
    assert_eq!(d["boxDim"], js("[32,8]"));
    assert_eq!(d["globalStrides"], js(r#"["?"]"#));
    // Rank 1.
    let d = tma(&["u8", "4096:1", "256:1"]);
    assert_eq!(d["rank"], 1);
    assert_eq!(d["globalDim"], js("[4096]"));
    assert_eq!(d["boxDim"], js("[256]"));
}

/// The runtime arguments of a tensor map: each dynamic extent and stride is one gmem leaf's,
/// extents first (TMA dims innermost first), then strides (bytes, dims 1..).
#[test]
fn tma_runtime_operands_name_their_leaves() {
    use hw::TmaRuntime::{Extent, StrideBytes};
    let desc = |g: &str, s: &str| {
        let (Value::Func(f), Value::Func(sm)) = (parse(g).unwrap(), parse(s).unwrap()) else {
            panic!("not layouts")
        };
        hw::tma_desc(Elem::F16, f.as_layout().unwrap(), &sm)
    };
    // Row-major M x K, K contiguous: dim 0 is mode 1 (K), dim 1 mode 0 (M, stride ? bytes).
    let d = desc("(?,?):(?,1)", "Sw<3,3,3> o 0 o (128,64):(64,1)").unwrap();
    assert_eq!(
        d.runtime_operands().unwrap(),
        vec![Extent(vec![1]), Extent(vec![0]), StrideBytes(vec![0])]
    );
    // Only the dynamic ones; a nested mode's leaf is named by its path.
    let d = desc("(64,(8,?)):(1,(64,?))", "(64,8):(1,64)").unwrap();
    assert_eq!(
        d.runtime_operands().unwrap(),
        vec![Extent(vec![1, 1]), StrideBytes(vec![1, 1])]
    );
    // A single-leaf gmem layout: the empty path.
    let d = desc("?:1", "64:1").unwrap();
    assert_eq!(d.runtime_operands().unwrap(), vec![Extent(vec![])]);
    // Two static-stride leaves merged into one TMA dim with a dynamic extent: no one leaf.
    let d = desc("(8,?):(1,8)", "(8,32):(1,8)").unwrap();
    let e = d.runtime_operands().unwrap_err().to_string();
    assert!(e.contains("merges the gmem leaves 0, 1"), "{e}");
}

#[test]
fn tma_errors_name_the_rule() {
    let op = "tma_desc";
    // Dim 0 contiguous.
    assert_err(
        op,
        &["f32", "(1024,256):(1,1024)", "(64,32):(32,1)"],
        &[
            "TMA dim 0 must be contiguous (stride 1)",
            "stride 1024 elements",
        ],
    );
    assert_err(
        op,
        &["f32", "(?,?):(?,?)", "(64,32):(32,1)"],
        &["TMA dim 0 must be contiguous", "dynamic"],
    );
    // Box extents.
    assert_err(
        op,
        &["f32", "(1024,256):(256,1)", "(512,32):(32,1)"],
        &["box dim 1 is 512 elements, outside [1, 256]"],
    );
    assert_err(
        op,
        &["u8", "(1024,1024):(1024,1)", "(8,512):(512,1)"],
        &["box dim 0 is 512 elements, outside [1, 256]"],
    );
    // Swizzle span.
    assert_err(
        op,
        &[
            "f16",
            "(4096,1024):(1024,1)",
            "Sw<3,3,3> o 0 o (64,32):(32,1)",
        ],
        &[
            "128B swizzle the inner box dimension must be exactly the swizzle span of 128 bytes",
            "64 bytes",
        ],
    );
    assert_err(
        op,
        &[
            "f16",
            "(4096,1024):(1024,1)",
            "Sw<1,3,3> o 0 o (64,64):(64,1)",
        ],
        &["span of 32 bytes", "128 bytes", "wider than the span"],
    );
    // 16-byte inner box without swizzle.
    assert_err(
        op,
        &["f16", "(4096,1024):(1024,1)", "(64,4):(4,1)"],
        &["8 bytes, not a multiple of 16"],
    );
    // Global strides.
    assert_err(
        op,
        &["f16", "(1024,100):(100,1)", "(64,32):(32,1)"],
        &["global stride of dim 1 is 100 elements = 200 bytes, not a positive multiple of 16"],
    );
    assert_err(
        op,
        &["f32", "(4,64):(549755813888,1)", "(4,64):(64,1)"],
        &["not below 2^40"],
    );
    // Global extents.
    assert_err(
        op,
        &["f32", "(4294967297,128):(128,1)", "(4,64):(64,1)"],
        &["global extent of dim 1 is 4294967297, outside [1, 2^32]"],
    );
    // Rank.
    assert_err(
        op,
        &["f32", "(64,2,2,2,2,2):(1,64,128,256,512,1024)", "64:1"],
        &["rank 6", "more than the 5 dimensions"],
    );
    // The smem box.
    assert_err(
        op,
        &["f32", "(1024,256):(256,1)", "(64,32):(64,1)"],
        &["not compact"],
    );
    assert_err(
        op,
        &["f32", "(1024,256):(256,1)", "(64,32):(16,1)"],
        &["not a bijection"],
    );
    assert_err(
        op,
        &[
            "f16",
            "(4096,1024):(1024,1)",
            "Sw<3,3,3> o 8 o ((8,16),64):((64,512),1)",
        ],
        &["not a multiple of 128 bytes"],
    );
    assert_err(
        op,
        &["f32", "(1024,256):(256,1)", "(64,32,2):(32,1,2048)"],
        &["smem box has 3 modes but the gmem tensor only 2"],
    );
    assert_err(
        op,
        &["f32", "(1024,256):(256,1)", "(64,(2,16)):(32,(16,1))"],
        &["no TMA box"],
    );
    assert_err(
        op,
        &["b1", "(1024,256):(256,1)", "(64,32):(32,1)"],
        &["b1 has no CUtensorMapDataType"],
    );
    assert_err(
        op,
        &[
            "f16",
            "(1024,256):(256,1)",
            "Sw<3,4,3> o 0 o ((8,16),64):((64,512),1)",
        ],
        &["Sw<3,3,3>"],
    );
    assert_err(op, &["f16", "(1024,256):(256,1)"], &["takes 3"]);
    assert_err(op, &["f16", "(1,1):(0,0)", "1:0"], &["single element"]);
    assert_err(op, &["f16", "(8,8):(8,1)", "1:1"], &["single element"]);
}

// ---------------------------------------------------------------------------------------------
// ldmatrix / stmatrix

fn mat(op: &str, args: &[&str]) -> (String, Vec<i64>) {
    match run(op, args) {
        Ok(j) => {
            let v: serde_json::Value = serde_json::from_str(&j).unwrap();
            let lanes = v["lane_offsets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect();
            (v["instr"].as_str().unwrap().to_string(), lanes)
        }
        Err(e) => panic!("{op} {args:?} failed: {e}"),
    }
}

/// The A fragment of mma.m16n8k16 (CuTe SM80_16x8x16 ALayout) over a tile indexed m + 16 k:
/// thread t = t0 + 4 t1, value v = v0 + 2 v1 + 4 v2 holds (m, k) = (t1 + 8 v1, 2 t0 + v0 + 8 v2).
const A_FRAG: &str = "((4,8),(2,2,2)):((32,1),(16,8,128))";

#[test]
fn ldmatrix_x4_row_major_a_fragment() {
    // Registers i = v1 + 2 v2: matrix 0 = rows 0-7 / cols 0-7, 1 = rows 8-15 / cols 0-7,
    // 2 = rows 0-7 / cols 8-15, 3 = rows 8-15 / cols 8-15. Row-major smem (16,16):(16,1):
    // row m, col k at byte 2 (16 m + k). Lane l supplies row l % 8 of matrix l / 8.
    let (instr, lanes) = mat("ldmatrix", &["f16", "(16,16):(16,1)", A_FRAG]);
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
    let want: Vec<i64> = (0..32)
        .map(|l| {
            let (i, r) = (l / 8, l % 8);
            32 * (r + 8 * (i % 2)) + 16 * (i / 2)
        })
        .collect();
    assert_eq!(lanes, want);
    let (instr, lanes2) = mat("stmatrix", &["bf16", "(16,16):(16,1)", A_FRAG]);
    assert_eq!(instr, "stmatrix.sync.aligned.m8n8.x4.shared.b16");
    assert_eq!(lanes2, want);
}

#[test]
fn ldmatrix_swizzled_rows() {
    // Sw<3,3,3> o (16,64):(64,1) (128-byte rows, 128B swizzle on f16 elements): element
    // y = 64 m + k goes to 64 m + 8 ((k / 8) ^ (m % 8)) + k % 8, so row r of matrix i starts at
    // 128 m + 16 ((k0 / 8) ^ (m % 8)) with m = r + 8 (i % 2), k0 = 8 (i / 2).
    let (instr, lanes) = mat(
        "ldmatrix",
        &["f16", "Sw<3,3,3> o 0 o (16,64):(64,1)", A_FRAG],
    );
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
    let want: Vec<i64> = (0..32)
        .map(|l| {
            let (i, r) = (l / 8, l % 8);
            let m = r + 8 * (i % 2);
            128 * m + 16 * ((i / 2) ^ (m % 8))
        })
        .collect();
    assert_eq!(lanes, want);
    assert_eq!(&lanes[..8], &[0, 144, 288, 432, 576, 720, 864, 1008]);
}

#[test]
fn ldmatrix_trans_forms() {
    // Column-major smem (16,16):(1,16): memory rows are k. The A fragment then matches .trans:
    // thread t value v holds (row 2 t0 + v0, col t1) of matrix v1 + 2 v2 whose memory row
    // r = k % 8 starts at 2 (16 (r + 8 v2) + 8 v1).
    let (instr, lanes) = mat("ldmatrix", &["f16", "(16,16):(1,16)", A_FRAG]);
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
    let want: Vec<i64> = (0..32)
        .map(|l| {
            let (i, r) = (l / 8, l % 8);
            32 * (r + 8 * (i / 2)) + 16 * (i % 2)
        })
        .collect();
    assert_eq!(lanes, want);
    // The B fragment of mma.m16n8k16 (CuTe ((4,8),(2,2)):((16,1),(8,64)) over n + 8 k) from
    // N-contiguous smem (8,16):(1,8): memory row k holds 8 n values = 16 bytes. x2.trans,
    // matrix i = v1 rows r at 16 (r + 8 i); lanes 16-31 repeat lanes 0-15.
    let (instr, lanes) = mat(
        "ldmatrix",
        &["f16", "(8,16):(1,8)", "((4,8),(2,2)):((16,1),(8,64))"],
    );
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16");
    let want: Vec<i64> = (0..32).map(|l| 16 * (l % 16)).collect();
    assert_eq!(lanes, want);
}

#[test]
fn ldmatrix_x1_and_8_bit() {
    // x1: one 8x8 f16 matrix, thread t holds row t/4, cols 2 (t%4) + v.
    let (instr, lanes) = mat("ldmatrix", &["f16", "(8,8):(8,1)", "((4,8),2):((16,1),8)"]);
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x1.shared.b16");
    assert_eq!(lanes, (0..32).map(|l| 16 * (l % 8)).collect::<Vec<i64>>());
    // 8-bit: a register holds 4 bytes of a row: thread t, value j -> (m, k) = (t/4, 4 (t%4) + j)
    // over a (8,16) tile indexed m + 8 k.
    let (instr, lanes) = mat("ldmatrix", &["u8", "(8,16):(16,1)", "((4,8),4):((32,1),8)"]);
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x1.shared.b16");
    assert_eq!(lanes, (0..32).map(|l| 16 * (l % 8)).collect::<Vec<i64>>());
    // 32-bit: one value per register; x2 = two 8x4 tf32 matrices side by side (cols 0-3, 4-7)
    // over a (8,8) tile indexed m + 8 k, row-major (8,8):(8,1).
    let (instr, lanes) = mat("ldmatrix", &["tf32", "(8,8):(8,1)", "((4,8),2):((8,1),32)"]);
    assert_eq!(instr, "ldmatrix.sync.aligned.m8n8.x2.shared.b16");
    let want: Vec<i64> = (0..32)
        .map(|l| 32 * (l % 8) + 16 * ((l % 16) / 8))
        .collect();
    assert_eq!(lanes, want);
}

#[test]
fn ldmatrix_errors_name_the_rule() {
    // A swizzle that permutes 8-byte halves inside each 16-byte row: the set of bytes is
    // contiguous but not in the fragment's order.
    assert_err(
        "ldmatrix",
        &["f16", "Sw<1,2,3> o 0 o (16,16):(16,1)", A_FRAG],
        &["no .x4 form matches", "not 16 contiguous bytes"],
    );
    // Rows of 8 elements 32 bytes apart (stride 2): not contiguous.
    assert_err(
        "ldmatrix",
        &["f16", "(16,32):(32,2)", A_FRAG],
        &["no .x4 form matches", "plain:", ".trans:"],
    );
    // Misaligned rows.
    assert_err(
        "ldmatrix",
        &["f16", "Sw<0,3,3> o 4 o (16,16):(16,1)", A_FRAG],
        &["starts at byte 8, not 16-byte aligned"],
    );
    // Value count.
    assert_err(
        "ldmatrix",
        &["f16", "(16,16):(16,1)", "((4,8),3):((32,1),16)"],
        &["3 f16 values = 6 bytes", "4, 8 or 16 bytes"],
    );
    assert_err(
        "stmatrix",
        &["f16", "(16,16):(16,1)", "(16,8):(1,16)"],
        &["16 threads", "32 threads"],
    );
    assert_err(
        "ldmatrix",
        &["f16", "(8,8):(8,1)", A_FRAG],
        &["outside the shared-memory layout's domain"],
    );
    assert_err(
        "ldmatrix",
        &["b1", "(8,8):(8,1)", A_FRAG],
        &["b1 elements are 1 bits"],
    );
    assert_err("ldmatrix", &["f16", "(16,16):(16,1)", "64:1"], &["rank 2"]);
    // .trans needs 8-bit (sm_100 m16n16.trans.b8) or 16-bit elements.
    assert_err(
        "ldmatrix",
        &["tf32", "(8,8):(8,1)", "(32,2):(2,1)"],
        &[".trans needs 8- or 16-bit elements"],
    );
}

#[test]
fn wgmma_descriptor_addresses_are_the_layouts() {
    // Every descriptor wgmma_desc returns is checked against its layout by evaluation; here
    // the hardware address model itself, on the 128B K-major f16 reference block: row r,
    // column k at sw128(128 r + 2 k) (the 8-row atoms are 1024 bytes apart = SBO).
    let f = layout_algebra::text::parse_func("Sw<3,3,3> o 0 o (64,16):(64,1)").unwrap();
    let d = hw::wgmma_desc(Elem::F16, Major::K, &f, 0).unwrap();
    for r in 0..64 {
        for k in 0..16 {
            let lin = 128 * r + 2 * k;
            let sw = lin ^ (((lin >> 7) & 7) << 4);
            assert_eq!(
                hw::wgmma_address(&d, Elem::F16, Major::K, r, k).unwrap(),
                sw
            );
        }
    }
    // A descriptor with a different SBO denotes other addresses.
    let mut bad = d;
    bad.stride_byte_offset += 16;
    assert_ne!(
        hw::wgmma_address(&bad, Elem::F16, Major::K, 8, 0).unwrap(),
        hw::wgmma_address(&d, Elem::F16, Major::K, 8, 0).unwrap()
    );
}

#[test]
fn wgmma_k_blocks_of_a_tile() {
    // A 64x64 f16 K-major tile in the 128B swizzle holds 4 K blocks of 16; block k starts 32 k
    // bytes in (inside the 128-byte atom row): the descriptor start advances by 2 units per k.
    let tile = "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)";
    for k in 0..4u64 {
        let f = layout_algebra::text::parse_func(tile).unwrap();
        let blk = hw::wgmma_k_block(Elem::F16, &f, k as i64).unwrap();
        assert_eq!(
            layout_algebra::text::print_func(&blk),
            format!("Sw<3,3,3> o {} o (64,16):(64,1)", 16 * k)
        );
        let (d, adv) = hw::wgmma_desc_k(Elem::F16, Major::K, &f, 0, k as i64).unwrap();
        assert_eq!(d.encode(), 0x4000004000010000 + 2 * k);
        assert_eq!(adv, if k < 3 { 32 } else { 0 });
    }
    // MN-major f16 (64,64) tile, 128B: K blocks of 16 rows are 2048 bytes apart.
    let f = layout_algebra::text::parse_func("Sw<3,3,3> o 0 o (64,(8,8)):(1,(64,512))").unwrap();
    let (d, adv) = hw::wgmma_desc_k(Elem::F16, Major::MN, &f, 0, 1).unwrap();
    assert_eq!(d.hex(), fields(2048, 0, 1024, 1));
    assert_eq!(adv, 2048);
    // Errors.
    let f = layout_algebra::text::parse_func("Sw<3,3,3> o 0 o (64,24):(64,1)").unwrap();
    let e = hw::wgmma_k_block(Elem::F16, &f, 0).unwrap_err().to_string();
    assert!(e.contains("not a multiple of one instruction's K"), "{e}");
    let f = layout_algebra::text::parse_func(tile).unwrap();
    let e = hw::wgmma_k_block(Elem::F16, &f, 4).unwrap_err().to_string();
    assert!(e.contains("outside [0, 4)"), "{e}");
}
// ---------------------------------------------------------------------------------------------
// No panics: a sweep of odd inputs through every operation (errors are fine, panics are not).

#[test]
fn no_panics_on_odd_inputs() {
    let elems = ["f16", "e4m3", "tf32", "b1", "f32"];
    let layouts = [
        "(64,16):(64,1)",
        "(64,16):(-64,1)",
        "(64,16):(0,0)",
        "(8,8):(4611686018427387904,1)",
        "(64,(8,2)):(8,(1,-1024))",
        "((8,8),(8,2)):((64,512),(1,8))",
        "(?,16):(64,1)",
        "(64,?):(?,1)",
        "(1,1):(0,0)",
        "1:0",
        "(32,8):(1,32)",
        "((4,8),(2,2,2)):((32,1),(16,8,128))",
        "(16,16):(16,1)",
        "(4294967297,64):(64,1)",
        "(3,5,7):(35,7,1)",
        "(2,2,2,2,2,2,2):(1,2,4,8,16,32,64)",
        "(1024,256):(1@0,1@1)",
    ];
    let swz = [
        "",
        "Sw<3,3,3> o 0 o ",
        "Sw<3,4,3> o 7 o ",
        "Sw<1,2,3> o -8 o ",
        "Sw<2,5,-3> o 0 o ",
    ];
    let mut n = 0;
    for e in elems {
        for l in layouts {
            for s in swz {
                let f = format!("{s}{l}");
                if parse(&f).is_err() {
                    continue;
                }
                for major in ["K", "MN"] {
                    let _ = run("wgmma_desc", &[e, major, &f]);
                    let _ = run("wgmma_desc", &[e, major, &f, "9223372036854775807"]);
                }
                let _ = run("wgmma_k_block", &[e, &f, "1"]);
                for g in layouts {
                    let _ = run("tma_desc", &[e, g, &f]);
                    let _ = run("ldmatrix", &[e, &f, g]);
                    let _ = run("stmatrix", &[e, &f, g]);
                }
                n += 1;
            }
        }
    }
    assert!(n > 100);
}

#[test]
fn arguments_from_text() {
    // What `layout batch` needs: names as bare words, everything else the layout syntax.
    let args: Vec<Value> = ["f16", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)"]
        .iter()
        .map(|a| hw::parse_arg(a).unwrap())
        .collect();
    assert_eq!(
        call("wgmma_desc", &args).unwrap(),
        Value::Json("\"0x4000004000010000\"".to_string())
    );
    assert_eq!(hw::parse_arg("MN").unwrap(), Value::Json("MN".into()));
    assert!(matches!(
        hw::parse_arg("(64,16):(16,1)").unwrap(),
        Value::Func(_)
    ));
    assert!(matches!(hw::parse_arg("8").unwrap(), Value::Tuple(_)));
    assert!(hw::parse_arg("(64,16):(16,").is_err());
    assert!(hw::parse_arg("f 16").is_err());
    // A JSON string name is accepted too.
    let args = [
        Value::Json("\"tf32\"".into()),
        Value::Json("\"K\"".into()),
        parse("Sw<3,2,3> o 0 o (64,8):(32,1)").unwrap(),
    ];
    assert_eq!(
        call("wgmma_desc", &args).unwrap(),
        Value::Json("\"0x4000004000010000\"".to_string())
    );
    // A layout where a name is expected.
    let args = [
        parse("8").unwrap(),
        Value::Json("K".into()),
        parse("(64,16):(16,1)").unwrap(),
    ];
    let e = call("wgmma_desc", &args).unwrap_err().to_string();
    assert!(
        e.contains("argument 0 (the element type) must be a name"),
        "{e}"
    );
}

#[test]
fn wgmma_operand_rules() {
    assert!(hw::check_wgmma_operand(Elem::F16, Major::MN).is_ok());
    assert!(hw::check_wgmma_operand(Elem::Bf16, Major::K).is_ok());
    assert!(hw::check_wgmma_operand(Elem::Tf32, Major::K).is_ok());
    let e = hw::check_wgmma_operand(Elem::Tf32, Major::MN)
        .unwrap_err()
        .to_string();
    assert!(e.contains("tf32 operands must be K-major"), "{e}");
    let e = hw::check_wgmma_operand(Elem::E4m3, Major::MN)
        .unwrap_err()
        .to_string();
    assert!(e.contains("only for f16 and bf16"), "{e}");
    let e = hw::check_wgmma_operand(Elem::F32, Major::K)
        .unwrap_err()
        .to_string();
    assert!(e.contains("use tf32"), "{e}");
}

/// A small deterministic generator (no external randomness).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn wgmma_derivation_inverts_the_canonical_forms() {
    // Build canonical blocks with random m/n/k extents and random LBO/SBO (multiples of 16
    // bytes), then check that wgmma_desc reads back exactly those offsets (and, internally,
    // that the descriptor reproduces every address of the block).
    let mut r = Lcg(7);
    let mut checked = 0;
    for _ in 0..400 {
        let (e, t) = ELEMS[r.next(3) as usize];
        let (b, w, lt) =
            [(0u64, 1u64, 0u64), SWIZZLES[0], SWIZZLES[1], SWIZZLES[2]][r.next(4) as usize];
        let m_sw = 4 - log2(16 / t);
        let sw = if b == 0 {
            String::new()
        } else {
            format!("Sw<{b},{m_sw},3> o 0 o ")
        };
        let reps = 1 + r.next(4); // m or n
        let unit = |x: u64| x * t; // 16-byte units -> elements
        if r.next(2) == 0 {
            // K-major: ((8,m),(T,2)):((W*T,SBO),(1,LBO or T)).
            let sbo = 8 * w * (1 + r.next(8)); // units, past the 8 rows of an atom
            let lbo = if b == 0 {
                8 * reps * (1 + r.next(4)) + 8 * reps
            } else {
                1
            };
            let smem = format!(
                "{sw}((8,{reps}),({t},2)):(({},{}),(1,{}))",
                unit(w),
                unit(sbo),
                if b == 0 { unit(lbo) } else { t }
            );
            let want_sbo = if reps > 1 { sbo * 16 } else { 0 };
            match run("wgmma_desc", &[e, "K", &smem]) {
                Ok(d) => {
                    assert_eq!(
                        d.trim_matches('"'),
                        fields(0, lbo * 16, want_sbo, lt),
                        "{e} K {smem}"
                    );
                    checked += 1;
                }
                Err(err) => {
                    // Overlapping K halves (interleave LBO inside the core matrix) are fine to
                    // reject only for a named reason.
                    panic!("{e} K {smem}: {err}");
                }
            }
        } else {
            // MN-major: ((T,W,n),(8,k)):((1,T,LBO),(W*T,SBO)) / ((T,n),(8,k)):((1,SBO),(T,LBO)).
            let k = 2 * t / 8;
            let (a, c) = (8 * w * (1 + r.next(8)), 8 * w * (1 + r.next(8)));
            let smem = if b == 0 {
                format!(
                    "{sw}(({t},{reps}),(8,{k})):((1,{}),({t},{}))",
                    unit(a),
                    unit(c)
                )
            } else {
                format!(
                    "{sw}(({t},{w},{reps}),(8,{k})):((1,{t},{}),({},{}))",
                    unit(a),
                    unit(w),
                    unit(c)
                )
            };
            let (n_off, k_off) = (
                if reps > 1 { a * 16 } else { 0 },
                if k > 1 { c * 16 } else { 0 },
            );
            let want = if b == 0 {
                fields(0, k_off, n_off, lt)
            } else {
                fields(0, n_off, k_off, lt)
            };
            let d = run("wgmma_desc", &[e, "MN", &smem])
                .unwrap_or_else(|err| panic!("{e} MN {smem}: {err}"));
            assert_eq!(d.trim_matches('"'), want, "{e} MN {smem}");
            checked += 1;
        }
    }
    assert_eq!(checked, 400);
}

#[test]
fn dispatch_on_text() {
    let v = hw::call_text("wgmma_desc", &["f16", "K", "(64,(8,2)):(8,(1,1024))"]).unwrap();
    assert_eq!(v.unwrap(), Value::Json("\"0x0000000800800000\"".into()));
    assert!(hw::call_text("coalesce", &["8:1"]).is_none());
    match hw::call_text_at("tma_desc", &["f32", "(1024,256):(256,1)", "(64,32):(32,"]).unwrap() {
        Err((e, Some(2))) => assert!(e.offset().is_some(), "{e}"),
        other => panic!("{other:?}"),
    }
    match hw::call_text_at(
        "tma_desc",
        &["f32", "(1024,256):(1,1024)", "(64,32):(32,1)"],
    )
    .unwrap()
    {
        Err((e, None)) => assert!(e.to_string().contains("dim 0 must be contiguous")),
        other => panic!("{other:?}"),
    }
    let names = layout_algebra::ops::all_op_names();
    for op in hw::OP_NAMES {
        assert!(names.contains(op), "{op}");
    }
}

// ---------------------------------------------------------------------------------------
// smem_layout: the widest swizzle atom tiled to the tile and stages (CUTLASS's
// ss_smem_selector + tile_to_shape), with its certificate.

mod smem_layout {
    use super::{assert_err, desc};
    use crate::common::run;
    use layout_algebra::hw::smem_select::smem_layout;
    use layout_algebra::hw::{Elem, Major};
    use layout_algebra::text::{parse, print_func};
    use layout_algebra::Value;
    use std::collections::HashSet;

    #[test]
    fn the_sm90_gemm_tiles() {
        // A (128 x 64 f16, K-major, 4 stages): 128-byte rows, the layout the GEMM example
        // writes by hand, and the descriptor of its first K block.
        let s = smem_layout(Elem::F16, Major::K, 128, 64, 4).unwrap();
        assert_eq!(s.swizzle_bytes, 128);
        assert_eq!(
            print_func(&s.layout),
            "Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))"
        );
        assert_eq!((s.stage_bytes, s.bytes, s.k_blocks), (16384, 65536, 4));
        assert_eq!(
            s.descriptor,
            desc(&[
                "f16",
                "K",
                "Sw<3,3,3> o 0 o ((8,16),(16,1)):((64,512),(1,0))"
            ])
        );
        // K = 32 f16 is 64 bytes: the 128-byte row is rejected with its reason.
        let s = smem_layout(Elem::F16, Major::K, 128, 32, 2).unwrap();
        assert_eq!(s.swizzle_bytes, 64);
        assert_eq!(
            s.rejected,
            vec![(
                128,
                "a 128-byte row holds 64 elements and the K extent 32 is not a multiple of 64"
                    .to_string()
            )]
        );
        // MN-major: MN contiguous, the atom (64,8):(1,64), MN mode tiled first... K first
        // (CUTLASS's Step<_2,_1,_3>).
        let s = smem_layout(Elem::F16, Major::MN, 128, 64, 4).unwrap();
        assert_eq!(
            print_func(&s.layout),
            "Sw<3,3,3> o 0 o ((64,2),(8,8),(1,4)):((1,4096),(64,512),(0,8192))"
        );
        // Through the registry, as JSON.
        let j = run("smem_layout", &["f16", "K", "128", "64", "4"]).unwrap();
        assert!(j.contains("\"descriptor\":\"0x4000004000010000\""), "{j}");
    }

    #[test]
    fn refusals_name_the_rule() {
        assert_err(
            "smem_layout",
            &["f16", "K", "100", "64"],
            &["MN = 100 is not a multiple of 8"],
        );
        assert_err(
            "smem_layout",
            &["f16", "K", "128", "24"],
            &["K = 24 is not a multiple of one WGMMA instruction's K (16 f16 elements, 32 bytes)"],
        );
        assert_err(
            "smem_layout",
            &["f16", "K", "128", "64", "0"],
            &["stages must be positive, got 0"],
        );
        assert_err(
            "smem_layout",
            &["f16", "K", "256", "64", "8"],
            &["8 stages of 256 x 64 f16 are 262144 bytes, more than the 232448 bytes"],
        );
        assert_err(
            "smem_layout",
            &["b1", "K", "128", "256"],
            &["b1 elements are 1 bits"],
        );
        assert_err(
            "smem_layout",
            &["f16", "K", "128"],
            &["takes 4 or 5 (elem, major, MN, K[, stages]) arguments, got 3"],
        );
    }

    /// Every accepted tile: the widest row that divides the contiguous extent (every wider
    /// one rejected with its reason), a bijection onto MN x K x stages (evaluated), stage
    /// 0's slice equal to the atom tiled over one stage, and a descriptor.
    #[test]
    fn every_tile_is_the_widest_and_a_bijection() {
        let mut checked = 0;
        for elem in [
            Elem::F16,
            Elem::Bf16,
            Elem::F32,
            Elem::Tf32,
            Elem::E4m3,
            Elem::S8,
        ] {
            let kk = 256 / elem.bits();
            for major in [Major::K, Major::MN] {
                for mn in [8, 16, 24, 64, 96, 128] {
                    for k in [kk, 2 * kk, 3 * kk, 4 * kk] {
                        for stages in [1, 3] {
                            let s = match smem_layout(elem, major, mn, k, stages) {
                                Ok(s) => s,
                                Err(e) => {
                                    let row16 = 128 / elem.bits();
                                    let extent = if major == Major::K { k } else { mn };
                                    assert!(
                                        mn * k * stages * elem.bits() / 8 > 232_448
                                            || (extent % row16 != 0
                                                && e.to_string()
                                                    .contains("is not a multiple of the")),
                                        "{} {major:?} {mn} {k} {stages}: {e}",
                                        elem.name()
                                    );
                                    continue;
                                }
                            };
                            let extent = if major == Major::K { k } else { mn };
                            let fits = |row: i64| extent % (row * 8 / elem.bits()) == 0;
                            let widest = [128, 64, 32, 16].into_iter().find(|&r| fits(r)).unwrap();
                            assert_eq!(s.swizzle_bytes, if widest == 16 { 0 } else { widest });
                            assert_eq!(
                                s.rejected.len(),
                                [128, 64, 32, 16].iter().position(|&r| r == widest).unwrap()
                            );
                            let Value::Func(f) = parse(&print_func(&s.layout)).unwrap() else {
                                panic!("the layout re-parses as a layout");
                            };
                            let n = mn * k * stages;
                            let mut seen = HashSet::new();
                            for i in 0..n {
                                let v = f.apply(i).unwrap();
                                assert!(
                                    (0..n).contains(&v) && seen.insert(v),
                                    "{}",
                                    print_func(&s.layout)
                                );
                            }
                            assert!(s.descriptor.starts_with("0x") && s.descriptor.len() == 18);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 400, "{checked}");
    }
}

// ---------------------------------------------------------------------------------------
// tmem_load: the widest tcgen05.ld reading an epilogue subtile, certified by tmem_copy.

mod tmem_load {
    use super::assert_err;
    use layout_algebra::hw::tmem::{tmem_copy, TmemShape};
    use layout_algebra::hw::tmem_select::tmem_load;
    use layout_algebra::text::{parse, print_layout};
    use layout_algebra::{Func, Layout, Value};

    fn layout(s: &str) -> Layout {
        match parse(s).unwrap() {
            Value::Func(Func::Layout(l)) => l,
            v => panic!("{s} is a {}", v.kind()),
        }
    }

    #[test]
    fn accumulators_of_m128_and_m64() {
        // M = 128: row i in lane i; 32 columns of a 64-column accumulator: 32x32b.x32, thread t
        // holds row t, register j column j.
        let s = tmem_load(&layout("(128,64):(65536,1)"), 32, 128).unwrap();
        assert_eq!(
            (s.copy.shape, s.copy.num, s.copy.regs),
            (TmemShape::S32x32b, 32, 32)
        );
        assert_eq!(print_layout(&s.fragment), "(128,32):(1,128)");
        // A register budget of 16: x16.
        let s = tmem_load(&layout("(128,64):(65536,1)"), 64, 16).unwrap();
        assert_eq!((s.copy.shape, s.copy.num), (TmemShape::S32x32b, 16));
        // M = 64 (16 lanes per quadrant): 32x32b would read lanes 16-31 that hold nothing;
        // 16x256b.x8 (32 registers) reads the 64 columns.
        let s = tmem_load(&layout("((16,4),64):((65536,2097152),1)"), 64, 128).unwrap();
        assert_eq!(
            (s.copy.shape, s.copy.num, s.copy.regs),
            (TmemShape::S16x256b, 8, 32)
        );
        assert!(s
            .rejected
            .iter()
            .any(|(n, why)| n == "32x32b.x64" && why.contains("holds no element")));
        // The certificate, again from outside: tmem_copy derives the same instruction.
        let again = tmem_copy(&layout("((16,4),64):((65536,2097152),1)"), &s.fragment, 0).unwrap();
        assert_eq!(again.instr(false), "tcgen05.ld.sync.aligned.16x256b.x8.b32");
    }

    #[test]
    fn refusals_name_the_rule() {
        assert_err("tmem_load", &["(128,16):(1,1)", "8"], &["not injective"]);
        assert_err(
            "tmem_load",
            &["(128,64):(65536,1)", "0"],
            &["must be positive"],
        );
        assert_err(
            "tmem_load",
            &["(128,64):(65536,1)"],
            &["2 or 3 (tmem, columns[, register budget])"],
        );
        // Lanes from 1: no warp's quadrant starts at a lane with data at column 0.
        assert_err(
            "tmem_load",
            &["(4,8):(65536,1)", "8"],
            &["no tcgen05.ld reads this subtile"],
        );
    }
}
