# Sourced by the bench scripts: bench_venv DIR MODULES PACKAGE... makes the Python venv DIR (PyPI packages) unless
# `import MODULES` already works in it. A fresh Debian has python3 without its venv module ("ensurepip is not
# available"), so python3 and python3-venv come from apt first (scripts/install-deps). Fails with one line and 69.
bench_venv() {
    local venv=$1 modules=$2 root
    shift 2
    "$venv/bin/python" -c "import $modules" 2>/dev/null && return 0
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    "$root/scripts/install-deps" python3 python3-venv >&2
    echo "bench: creating $venv ($*)" >&2
    if ! python3 -m venv "$venv" >&2 \
        || ! "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@" >&2; then
        echo "error: could not make the Python venv $venv (pip install $*, see above); check the network to PyPI and run again" >&2
        exit 69
    fi
}
