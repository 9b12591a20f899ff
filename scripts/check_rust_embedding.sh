#!/usr/bin/env bash
# Rust embedding from a fresh crate (docs/embedding.md, "Rust"): makes a new crate in a temporary
# directory outside the repository, with the .cargo/config.toml the docs show and path
# dependencies on layout-dialect, layout-lowering and layout-lowering-nvvm, builds it and checks
# what it prints: the dialect and its Hopper ops registered through melior, a swizzled crd2idx
# lowered to index math by the pass object, the demo kernel lowered by the textual pipeline
# lower-to-nvvm.
#
#   bash scripts/check_rust_embedding.sh            # CARGO_TARGET_DIR defaults to <repo>/target
#
# The repository's Cargo.lock is copied so that the versions (and compiled dependencies in the
# shared target directory) are the workspace's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cargo=${CARGO:-cargo}
work=$(mktemp -d "${TMPDIR:-/tmp}/layout-embed-rust.XXXXXX")
trap 'rm -rf "$work"' EXIT
crate=$work/fresh
mkdir -p "$crate/src" "$crate/.cargo"

cat >"$crate/.cargo/config.toml" <<'TOML'
[env]
MLIR_SYS_220_PREFIX = "/usr/lib/llvm-22"
TABLEGEN_220_PREFIX = "/usr/lib/llvm-22"
TOML

cat >"$crate/Cargo.toml" <<TOML
[package]
name = "fresh-layout-user"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
layout-dialect = { path = "$root/dialect" }
layout-lowering = { path = "$root/lowering" }
layout-lowering-nvvm = { path = "$root/lowering-nvvm" }
melior = "0.27"

[workspace]
TOML
cp "$root/Cargo.lock" "$crate/Cargo.lock"

cat >"$crate/src/main.rs" <<'RUST'
use melior::{
    dialect::DialectRegistry,
    ir::Module,
    pass::{self, PassManager},
    utility, Context,
};

const SWIZZLED: &str = r#"
func.func @swizzled(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %o : index
}"#;

fn main() {
    let kernel_path = std::env::args().nth(1).expect("usage: fresh-layout-user TILE_GEMM.mlir");
    let context = Context::new();
    let registry = DialectRegistry::new();
    utility::register_all_dialects(&registry);
    layout_dialect::dialect_handle().insert_dialect(&registry);
    unsafe { layout_lowering_nvvm::register_ops(registry.to_raw().ptr) };
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();

    // The pass object.
    let mut module = Module::parse(&context, SWIZZLED).expect("the swizzled module parses");
    let pm = PassManager::new(&context);
    pm.add_pass(layout_lowering::create_lower_to_index_pass());
    pm.add_pass(pass::transform::create_canonicalizer());
    pm.run(&mut module).expect("lower-to-index runs");
    println!("{}", module.as_operation());

    // The registered pipeline.
    utility::register_all_passes();
    layout_dialect::register_passes();
    layout_lowering::register_passes();
    layout_lowering_nvvm::register_passes();
    let text = std::fs::read_to_string(&kernel_path).expect("reads the kernel");
    let mut kernel = Module::parse(&context, &text).expect("the kernel parses");
    let pm = PassManager::new(&context);
    utility::parse_pass_pipeline(pm.as_operation_pass_manager(), "builtin.module(lower-to-nvvm)")
        .expect("the pipeline parses");
    pm.run(&mut kernel).expect("lower-to-nvvm runs");
    println!("{}", kernel.as_operation());
}
RUST

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
# The workspace's dev profile (no debug info) and linker (mold), as .cargo/config.toml and
# Cargo.toml set them there: with the same profile and flags, the third-party dependencies
# already built by `cargo test` are reused (only our path crates are compiled again, for this
# crate's feature resolution). Where mold is missing, the system linker is used.
export CARGO_PROFILE_DEV_DEBUG=false
if command -v mold >/dev/null 2>&1; then export RUSTFLAGS="-C link-arg=-fuse-ld=mold"; fi
(cd "$crate" && "$cargo" build --quiet)
out=$work/out.mlir
"$CARGO_TARGET_DIR/debug/fresh-layout-user" "$root/examples/tile_gemm.mlir" >"$out"

fail() { echo "check_rust_embedding: $*" >&2; exit 1; }
grep -q 'arith.xori' "$out" || fail "the swizzle was not lowered to arith.xori"
grep -q 'arith.constant 896 : index' "$out" || fail "no mask 896 (7 << 7) for Sw<3,4,3>"
grep -q 'nvvm.ldmatrix' "$out" || fail "lower-to-nvvm produced no nvvm.ldmatrix"
grep -q 'nvvm.stmatrix' "$out" || fail "lower-to-nvvm produced no nvvm.stmatrix"
grep -q 'nvvm.cp.async.bulk.tensor.shared.cluster.global' "$out" || fail "lower-to-nvvm produced no TMA load"
if grep -q '= layout\.' "$out"; then fail "layout ops are left after lowering"; fi
echo "check_rust_embedding: a fresh crate with path dependencies builds and runs lower-to-index and lower-to-nvvm"
