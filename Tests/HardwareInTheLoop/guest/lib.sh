# Helpers shared by the guest scripts (busybox sh). Sourced, not run.
RESULTS=/results/results.txt
HUB="$hil_bin/bodyreadings-virtual-hub"
BODYREADINGS="$hil_bin/bodyreadings"

# Runs a host program inside the shared host root.
H() { chroot /host "$@"; }

say() { echo "hil-guest: $*"; }

# True when scenario $1 was asked for (all by default).
wanted() { [ "${hil_scenarios:-all}" = all ] || echo ",$hil_scenarios," | grep -q ",$1,"; }

# Verdicts: one line in the results file, one on the console.
verdict() {
    [ -n "$VERDICT" ] && return 0
    VERDICT=$1
    set -- "$1" "$(echo "$2" | tr '\n' ' ')"
    echo "$1 $SCENARIO $2" >> "$RESULTS"
    say "$1 $SCENARIO $2"
}
pass() { verdict PASS "$*"; }
fail() { verdict FAIL "$*"; return 1; }
pending() { verdict PENDING "$*"; }

# Runs scenario $1: the function scenario_<name with _ for ->; it must call pass, fail or pending.
scenario() {
    SCENARIO=$1
    VERDICT=
    wanted "$SCENARIO" || return 0
    say "scenario $SCENARIO"
    "scenario_$(echo "$SCENARIO" | tr - _)"
    verdict FAIL "scenario ended without a verdict"
}

# near VALUE EXPECTED TOLERANCE: |VALUE − EXPECTED| ≤ TOLERANCE.
near() { awk -v v="$1" -v e="$2" -v t="$3" 'BEGIN { d = v - e; if (d < 0) d = -d; exit !(v != "" && d <= t) }'; }

# The sysfs directory of the IIO device named $1 (empty when absent).
iio_dev() {
    for d in /sys/bus/iio/devices/iio:device*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "$1" ] && { echo "$d"; return 0; }
    done
    return 1
}

# The truth line "$1 x y z" from the hub's model (SI units) for the scenario's trajectory.
truth() { H "$HUB" truth $TRUTH_ARGS | grep "^$1 " | cut -d' ' -f2-; }

# check_vector LABEL "MEASURED x y z" "EXPECTED x y z" TOLERANCE: records a failure reason in $REASONS.
check_vector() {
    set -- "$1" $2 $3 "$4"
    label=$1; mx=$2; my=$3; mz=$4; ex=$5; ey=$6; ez=$7; tol=$8
    if near "$mx" "$ex" "$tol" && near "$my" "$ey" "$tol" && near "$mz" "$ez" "$tol"; then
        DETAILS="$DETAILS $label ok"
    else
        REASONS="$REASONS $label ($mx,$my,$mz) vs truth ($ex,$ey,$ez) ±$tol;"
    fi
}

# True when bodyreadings has subcommand $1.
has_command() { H "$BODYREADINGS" --help 2>/dev/null | grep -Eq "^ +$1( |$)"; }
