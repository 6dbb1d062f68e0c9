# Sourced by bench/broad and bench/speed: makes bench/.venv (numpy, scipy, pandas, vqf, imufusion from PyPI) when
# missing and builds the release `bodyreadings`. Sets PY and TOOL.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
VENV="$BENCH/.venv"
source "$BENCH/_venv.sh"
bench_venv "$VENV" "numpy, scipy, pandas, vqf, imufusion" numpy scipy pandas vqf imufusion
PY="$VENV/bin/python"
echo "bench: building bodyreadings (release)" >&2
mkdir -p "$BENCH/.cache"
if ! (cd "$ROOT" && swift build -c release --product bodyreadings >"$BENCH/.cache/build.log" 2>&1); then
    tail -20 "$BENCH/.cache/build.log" >&2
    echo "error: the release build failed (log: bench/.cache/build.log); fix it and run again" >&2
    exit 70
fi
TOOL="$ROOT/.build/release/bodyreadings"
export PY TOOL BENCH ROOT
