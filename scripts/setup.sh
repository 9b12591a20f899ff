#!/usr/bin/env bash
# Install the toolchain of DESIGN.md ("Toolchain"). Idempotent: every step checks first,
# so a second run only looks and takes a few seconds.
#   - Debian packages: LLVM/MLIR 22, lit/FileCheck, C++ toolchain, rsvg-convert (layout show --svg test)
#   - .venv with ptxas (pip package nvidia-cuda-nvcc)
#   - optional, for `make bench` only: pycute (ships in the nvidia-cutlass wheel)
#   - the Python package `layout` (python/, wheel built by maturin) and pytest: setup_python.sh
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools libpolly-22-dev libclang1-22
  libclang-common-22-dev libzstd-dev zlib1g-dev g++ cmake ninja-build llvm-22-tools
  libisl-dev pkgconf mold
  librsvg2-bin fonts-dejavu-core
)
NVCC_PIP='nvidia-cuda-nvcc>=13,<14'   # provides nvidia/cu13/bin/ptxas
CUTLASS_PIP='nvidia-cutlass==4.2.0.0' # provides the pycute package
VENV=.venv

say() { echo "setup: $*"; }

# --- Debian packages ---------------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null | grep -qx 'install ok installed' ||
    missing+=("$pkg")
done
if ((${#missing[@]})); then
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo=sudo
  say "installing ${missing[*]}"
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
else
  say "apt packages present (${#APT_PACKAGES[@]})"
fi
[[ -x /usr/lib/llvm-22/bin/mlir-tblgen ]] || { say "mlir-tblgen-22 missing after install"; exit 1; }

# --- .venv and ptxas -----------------------------------------------------------------------
[[ -x $VENV/bin/python ]] || { say "creating $VENV"; python3 -m venv "$VENV"; }
ptxas_path() { compgen -G "$VENV/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1; }
if ! { p=$(ptxas_path) && [[ -n $p ]] && "$p" --version >/dev/null 2>&1; }; then
  say "installing $NVCC_PIP"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps "$NVCC_PIP"
fi
ptxas=$(ptxas_path)
"$ptxas" --version >/dev/null || { say "ptxas does not run: $ptxas"; exit 1; }
say "ptxas: $ptxas ($("$ptxas" --version | tail -n1))"

# --- optional: pycute, for the benchmark only ---------------------------------------------
if "$VENV/bin/python" -c 'import pycute' 2>/dev/null; then
  say "pycute present"
elif "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps \
       --timeout 30 --retries 1 "$CUTLASS_PIP" && "$VENV/bin/python" -c 'import pycute'; then
  say "pycute installed ($CUTLASS_PIP)"
else
  say "warning: pycute not installed (optional; make bench then needs PYCUTE_PATH)"
fi
# --- the Python package (python/), built and installed into .venv -------------------------
bash scripts/setup_python.sh "$VENV"
say "ok"
