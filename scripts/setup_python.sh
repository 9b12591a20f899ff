#!/usr/bin/env bash
# Build the Python package `layout` (python/: PyO3 + maturin) into a wheel and install it, with
# pytest, into a venv (default .venv; `scripts/setup_python.sh /tmp/venv` for another one).
# Idempotent: the venv keeps a hash of the sources the installed wheel was built from, and
# nothing is rebuilt while they are unchanged and `import layout` works. Called by setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${1:-.venv}
PY=$VENV/bin/python
MATURIN_PIP='maturin>=1.5,<2'
say() { echo "setup-python: $*"; }

[[ -x $PY ]] || { say "creating $VENV"; python3 -m venv "$VENV"; }
# Absolute from here on: the import checks below run from / (not from the source tree).
VENV=$(cd "$VENV" && pwd)
PY=$VENV/bin/python
pip_install() { "$VENV/bin/pip" install --quiet --disable-pip-version-check "$@"; }
"$PY" -m pytest --version >/dev/null 2>&1 || { say "installing pytest"; pip_install pytest; }
[[ -x $VENV/bin/maturin ]] || { say "installing $MATURIN_PIP"; pip_install "$MATURIN_PIP"; }

# Everything the wheel is built from.
sources_hash() {
  find python/Cargo.toml python/Cargo.lock python/pyproject.toml python/src python/layout \
       algebra/Cargo.toml algebra/src relation/Cargo.toml relation/src \
       tools/layout/src/op_help.rs tools/layout/src/registry.rs tools/layout/src/relation_ops.rs \
       -type f \
       ! -name '*.pyc' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}
stamp=$VENV/.layout-python-sources
want=$(sources_hash)
if [[ -f $stamp && $(cat "$stamp") == "$want" ]] && (cd / && "$PY" -c 'import layout') 2>/dev/null; then
  say "layout package up to date ($("$PY" -c 'import layout; print(layout.__version__)'))"
  exit 0
fi
say "building the wheel (maturin, release)"
rm -f target/wheels/layout_algebra-*.whl
"$VENV/bin/maturin" build --release --quiet -m python/Cargo.toml -o target/wheels
wheel=$(ls target/wheels/layout_algebra-*.whl)
"$VENV/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
(cd / && "$PY" -c 'import layout; layout.composition("(20):(2)", "(5,4):(4,1)")')
echo "$want" > "$stamp"
say "installed $wheel"
