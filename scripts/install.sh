#!/usr/bin/env bash
# Installs react-repl into ./.venv from scratch.
#   bash scripts/install.sh          runtime + local llama.cpp server + the 1.5B local model
#   bash scripts/install.sh --tests  the same with test tools, and the small 0.5B model the slow tests use
# torch is pinned first: an unpinned torch pulls gigabytes of CUDA packages.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet torch==2.13.0
extras="local"
[ "$mode" = "--tests" ] && extras="local,dev"
CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" \
  .venv/bin/python -m pip install --quiet -e ".[$extras]"
if [ "$mode" = "--tests" ]; then
  .venv/bin/react-repl model fetch qwen2.5-coder-0.5b
else
  .venv/bin/react-repl model fetch
fi
.venv/bin/react-repl index build
