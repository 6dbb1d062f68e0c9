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
(cd "$ROOT" && swift build -c release --product bodyreadings 2>&1 | grep -E "error|warning" >&2 || true)
TOOL="$ROOT/.build/release/bodyreadings"
[ -x "$TOOL" ] || { echo "error: $TOOL was not built; run 'swift build -c release' to see why" >&2; exit 70; }
export PY TOOL BENCH ROOT
