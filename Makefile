# Entry points; see README.md. Every target that needs the toolchain runs scripts/setup.sh
# first (idempotent: a few tenths of a second when everything is installed).
CARGO  ?= cargo
LAYOUT := target/release/layout
# .venv is made by scripts/setup.sh (ptxas, and pycute for the benchmark)
PYTHON := .venv/bin/python

.PHONY: setup build demo demo-calculator test bench bench-convert triton-wheel bench-cute-cpp bench-linear bench-python fmt package fuzz gpu-build gpu-check gpu-run

setup:
	bash scripts/setup.sh

build: setup
	$(CARGO) build --workspace --release

# The main job: examples/gemm_sm90.mlir (a complete GEMM: TMA pipeline, async WGMMA, fragment
# store, from layouts) lowered by `layout-opt --lower-to-nvvm` to PTX for sm_90a, assembled by
# ptxas; prints the derived layouts and proves the TMA boxes and descriptors; then the sm_100a demo.
demo: setup
	$(CARGO) build --release --bin layout --bin layout-opt
	bash scripts/demo.sh target/release/layout-opt $(LAYOUT)

# The `layout` calculator on a 128x64 f16 tile with a 128B swizzle.
demo-calculator: setup
	$(CARGO) build --release --bin layout
	bash scripts/demo_calculator.sh $(LAYOUT)

# Every test of the workspace (unit, property, differential, lit; the lit run also builds
# liblayout-c.so, the plugin and examples/embed) in the debug profile; then a bounded run of the
# fuzzer (docs/fuzzing.md) over every target, on the debug binaries that `cargo test` built
# (FUZZ_TEST_SECONDS, about a minute); the Python package's tests (python/tests, pytest; setup
# installs the package into .venv); and a fresh crate that depends on ours by path
# (docs/embedding.md).
# Each phase is timed (scripts/phase.sh; the figures are printed and kept in
# target/test-phases.txt).
FUZZ_TEST_SECONDS ?= 60
PHASE := bash scripts/phase.sh
test:
	@rm -f target/test-phases.txt
	@$(PHASE) setup bash scripts/setup.sh
	$(PHASE) build $(CARGO) test --workspace --no-run
	$(PHASE) cargo-test $(CARGO) test --workspace --no-fail-fast
	$(PHASE) fuzz $(CARGO) run -q -p layout-fuzz -- --seconds $(FUZZ_TEST_SECONDS) --seed 1 --crashes target/fuzz-crashes
	$(PHASE) pytest env LAYOUT_CLI=target/debug/layout $(PYTHON) -m pytest -q python/tests
	$(PHASE) ptx-emu-unit $(PYTHON) -m pytest -q -p no:cacheprovider tools/ptx-emu/tests
	$(PHASE) embedding bash scripts/check_rust_embedding.sh
	@echo "make test: every phase passed"; cat target/test-phases.txt

# A long fuzzing run (FUZZ_SECONDS in total, FUZZ_SEED; findings under fuzz-crashes/): the
# in-process targets in the `fuzz` profile (optimized, with overflow checks), `layout batch` and
# `layout-opt` as debug builds (overflow checks on).
FUZZ_SECONDS ?= 1200
FUZZ_SEED ?= $(shell date +%s)
fuzz: setup
	$(CARGO) build -p layout-cli -p layout-opt
	$(CARGO) run --profile fuzz -p layout-fuzz -- --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) \
		--layout target/debug/layout --layout-opt target/debug/layout-opt --crashes fuzz-crashes

# The GEMMs on a GPU (not part of `make test`): gpu-build lowers examples/gemm_sm90.mlir (f16 and
# bf16) to PTX, assembles cubins with ptxas and compiles the host function that encodes the tensor
# maps (target/gpu), the same for examples/gemm_fp8_sm90.mlir (e4m3 -> bf16, target/gpu/fp8),
# then lowers examples/gemm_sm80.mlir (f16 and bf16, chip=sm_80) and assembles its PTX for sm_90
# (target/gpu/sm80); no GPU needed (PARTS=sm90a, sm90a_fp8 or sm80 builds one part).
# gpu-run runs them on the GPU of this machine for several shapes, checks them against a float64
# reference, times them beside the vendor library in the same process (torch.matmul: cuBLAS;
# torch._scaled_mm for fp8) and prints one table (bench/gpu/run_gemm.py: needs torch and libcuda;
# --kernels sm90a,sm90a_fp8,sm80 picks, --dry-run prints the launches without a GPU), then the
# attention kernels (examples/attention_sm90.mlir and attention_sm80.mlir, target/gpu/attention) beside
# scaled_dot_product_attention's backends (bench/gpu/run_attention.py). On a machine with a GPU
# and no toolchain, carry target/gpu and run `make gpu-run`.
gpu-build: setup
	$(CARGO) build --release --bin layout-opt
	bash scripts/gpu_build.sh target/release/layout-opt

gpu-run:
	python3 bench/gpu/run_gemm.py --dir target/gpu; g=$$?; \
	python3 bench/gpu/run_attention.py --dir target/gpu; a=$$?; exit $$((g || a))

gpu-check: gpu-build gpu-run

# `layout batch` vs pycute; BENCH_REQUESTS=N scales it, ORACLE_DIR moves the input.
# PROVE_BENCH_LAYOUTS: oracle layouts of the --layout-prove-lowering timing (bench/prove_lowering_bench.py).
PROVE_BENCH_LAYOUTS ?= 300
bench: setup
	$(CARGO) build --release -p layout-cli -p layout-opt
	$(PYTHON) bench/batch_vs_pycute.py
	python3 tools/layout-opt/bench/fold_bench.py
	bash bench/op_count.sh
	python3 bench/cute_cpp/compare.py --layout $(LAYOUT) --examples 2
	python3 bench/cuteir_suite/compare.py --layout $(LAYOUT) --layout-opt target/release/layout-opt --examples 1
	python3 bench/lower_bench.py
	python3 bench/prove_lowering_bench.py $(PROVE_BENCH_LAYOUTS) target/release/layout-opt
	$(MAKE) bench-cute-cpp
	$(MAKE) bench-convert

# convert_plan against the `triton` wheel on the same layout conversions (bench/convert/): the
# table is printed when TRITON_PYTHON imports triton (`make triton-wheel` makes .venv-triton);
# otherwise the script says it skipped.
TRITON_PYTHON ?= $(if $(wildcard .venv-triton/bin/python),.venv-triton/bin/python,python3)
bench-convert:
	$(CARGO) build --release -p layout-cli
	python3 bench/convert/compare_triton.py --layout $(LAYOUT) --python $(TRITON_PYTHON)

triton-wheel:
	python3 -m venv .venv-triton
	.venv-triton/bin/pip install --quiet --disable-pip-version-check 'triton==3.9.0'

# A fresh random corpus answered by CuTe C++ on the host (bench/cute_cpp/README.md), compared
# with `layout batch`: needs CUTLASS_DIR (CUTLASS's include/ folder); skipped without it.
ifndef CUTE_CPP_SEED
CUTE_CPP_SEED := $(shell date +%s)
endif
CUTE_CPP_COUNT ?= 2000
bench-cute-cpp: setup
	@if [ -z "$(CUTLASS_DIR)" ]; then echo "bench-cute-cpp: CUTLASS_DIR is not set: skipped"; else \
	  $(CARGO) build --release -p layout-cli && \
	  CUTLASS_DIR="$(CUTLASS_DIR)" python3 bench/cute_cpp/gen.py --seed $(CUTE_CPP_SEED) \
	    --count $(CUTE_CPP_COUNT) --jobs 2 -o target/cute_cpp_seed$(CUTE_CPP_SEED).jsonl && \
	  python3 bench/cute_cpp/compare.py --layout $(LAYOUT) target/cute_cpp_seed$(CUTE_CPP_SEED).jsonl; fi

# Linear layouts vs Triton's own LinearLayout (needs the triton wheel in .venv; skips without it)
bench-linear: setup
	$(PYTHON) bench/linear_vs_triton.py

# The Python package vs pycute on the oracle corpus (both in .venv)
bench-python: setup
	$(PYTHON) bench/python_vs_pycute.py

fmt:
	$(CARGO) fmt --all

# Every crate packed and built alone from its .crate, as crates.io would (docs/embedding.md).
package: setup
	$(CARGO) package --workspace --allow-dirty
