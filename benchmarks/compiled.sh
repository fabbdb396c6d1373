#!/usr/bin/env bash
# Run a benchmark against the compiled wheel, the way users get cardgames from PyPI.
#
#   bash benchmarks/compiled.sh [PYTHON] [-- BENCHMARK ARGS...]
#
# Builds the wheel with CARDGAMES_COMPILE=yes (mypyc; see hatch_build.py), installs it with
# OpenSpiel and RLCard into a fresh venv .venv-bench-<major.minor> in the repository root, and
# runs benchmarks/bench_shedding.py (default arguments: --games 2000 --rounds 7) from outside
# the source tree, so that the installed, compiled package is the one measured.
#
# An editable install (pip install -e .) is never compiled: benchmarks run there measure the
# pure-Python engine, about 2x slower per decision (1.9-1.95x on Python 3.11, 2026-12-06).
set -euo pipefail

PYTHON="python3"
if [[ $# -gt 0 && "$1" != "--" ]]; then
    PYTHON="$1"
    shift
fi
if [[ $# -gt 0 && "$1" == "--" ]]; then
    shift
fi
ARGS=("$@")
if [[ ${#ARGS[@]} -eq 0 ]]; then
    ARGS=(--games 2000 --rounds 7)
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYVER="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
VENV="$ROOT/.venv-bench-$PYVER"
DIST="$(mktemp -d)"
trap 'rm -rf "$DIST"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q build
CARDGAMES_COMPILE=yes "$VENV/bin/python" -m build --wheel --outdir "$DIST" "$ROOT" >/dev/null
"$VENV/bin/python" -m pip install -q "$DIST"/*.whl
# The competitors, when they install on this Python (the benchmark skips what is missing).
"$VENV/bin/python" -m pip install -q open_spiel rlcard || echo "(open_spiel or rlcard not installed)"
cd "$DIST"
"$VENV/bin/python" "$ROOT/benchmarks/bench_shedding.py" "${ARGS[@]}"
