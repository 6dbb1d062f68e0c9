# Sourced by bench/broad and bench/speed: makes bench/.venv (numpy, scipy, pandas, vqf, imufusion from PyPI) when
# missing and builds the release `bodyreadings`. Sets PY and TOOL.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
VENV="$BENCH/.venv"
if ! "$VENV/bin/python" -c "import numpy, scipy, pandas, vqf, imufusion" 2>/dev/null; then
    echo "bench: creating $VENV (numpy scipy pandas vqf imufusion)" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check numpy scipy pandas vqf imufusion >&2
fi
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
