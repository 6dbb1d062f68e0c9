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
    say "scenario $SCENARIO (guest uptime $(cut -d' ' -f1 /proc/uptime) s)"
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

# wait_until TENTHS COMMAND...: runs COMMAND every 0.1 s until it succeeds, at most TENTHS times.
wait_until() {
    tries=$1; shift
    for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.1; done
    "$@"
}

# ended_within_10s PID: waits up to 10 s for PID (a child) to end; if it has not, kills it and fails.
ended_within_10s() {
    for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    kill -0 "$1" 2>/dev/null || return 0
    kill -KILL "$1"; return 1
}

# The BMA400's feeder: walks (WALK_ARGS: 3 s standing, 40 steps, standing) from its start, writes the start clocks
# to /host/tmp/walk-start and logs what it counts to /host/tmp/walk-steps.log; extra arguments are the feeder's.
# A running feeder is replaced (a fresh walk, the count back to the chip's reset value or --initial-steps). Not
# real-time like the hub and the BMI160's feeder: a polled chip is read whenever its reader comes, and the feeder
# must not preempt the streams that poll the BMI160 beside it.
# It runs only while a scenario needs it: one walk at 10 register writes a second from boot (for bma400-binds,
# start_idle_bma400_feeder, gone 2.5 s after its last step) and each steps scenario's walk at 100 Hz, stopped
# after it; the chip keeps the last values written. At the chip's 100 Hz it took 18 % of a guest CPU (10.9 s in
# 60 s, against the BMI160 feeder's 5.7 s), at 10 Hz about 5 % (1.2 s in 25 s): CPU the stream scenarios need.
# (Their overruns on a loaded host are not its doing: 38 in stream-hub-slow-motion with no BMA400 feeder at all, at
# a host load of 6; seen 1 Dec 2026.)
WALK_ARGS="--trajectory walk --seed 3"
launch_bma400_feeder() {
    stop_bma400_feeder
    rm -f /host/tmp/walk-start /host/tmp/walk-steps.log /host/tmp/walk-go
    chroot /host "$HUB" bma400 --bus "$STUB_BUS" $WALK_ARGS --start-file /tmp/walk-start \
        --step-log /tmp/walk-steps.log "$@" > /tmp/bma400.log 2>&1 &
    BMA400_PID=$!
}
start_bma400_feeder() { launch_bma400_feeder "$@"; wait_until 300 test -s /host/tmp/walk-start; }
start_idle_bma400_feeder() { start_bma400_feeder --rate 10 --duration 26; }
stop_bma400_feeder() { [ -n "$BMA400_PID" ] && kill -TERM "$BMA400_PID" 2>/dev/null && wait "$BMA400_PID" 2>/dev/null; BMA400_PID=; }
# A feeder standing at the walk's t = 0 until go_walk: a capture can take from 2 to 6 s to start in this guest
# (a 6 s lead was missed once under load), so the scenario starts the walk when its capture runs.
start_held_bma400_feeder() { launch_bma400_feeder --go-file /tmp/walk-go "$@"; wait_until 300 test -e /host/tmp/walk-steps.log; }
go_walk() { touch /host/tmp/walk-go; wait_until 100 test -s /host/tmp/walk-start; }
# "COUNT FIRST LAST": the walk's true steps and the times of its first and last, s.
walk_truth() { H "$HUB" truth $WALK_ARGS | grep '^steps ' | cut -d' ' -f2-; }

# Seconds since the walk began (the feeder's CLOCK_MONOTONIC start; /proc/uptime runs with it in a guest that
# never suspends).
walk_time() { awk -v now="$(cut -d' ' -f1 /proc/uptime)" '{ printf "%.2f", now - $2 }' /host/tmp/walk-start; }
