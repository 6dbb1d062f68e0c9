# Guest-side scenarios (busybox sh). Each scenario_<name> asserts against the ground truth of $TRUTH_ARGS and calls
# pass, fail or pending exactly once. Sourced by main.sh, which has created the devices.

GUEST_SCENARIOS="hub-drivers-bind hub-scales hub-raw-matches-truth hub-buffer-matches-truth bmi160-binds
bmi160-raw-matches-truth available-local info-local stream-hub-buffered stream-bmi160-polled record-count
stream-sigint-restores-sysfs stream-closed-stdout-restores-sysfs permissions-group-iio permissions-no-group-eacces-77
calibrate-recovers-bias"
# Run after the host's remote scenarios: they take the hub away.
DESTRUCTIVE_SCENARIOS="stream-unplug-exit-69 hub-unplug-removes-devices hub-sway-buffered-matches-truth"

# Tolerances of one raw read against the noiseless truth: 3σ of the simulated noise plus one LSB.
ACCEL_TOL_HUB=0.16    # m/s²: 3 × 0.02 + 0.098
GYRO_TOL_HUB=0.007    # rad/s: 3 × 0.002 + 0.000175
MAGN_TOL_HUB=1.0      # µT: 3 × 0.3 + 0.1
ACCEL_TOL_BMI=0.07    # m/s²: 3 × 0.02 + 0.0006
GYRO_TOL_BMI=0.008    # rad/s: 3 × 0.002 + 0.001065

# read_scaled DEVICE_DIR PREFIX FACTOR: one raw read per axis × in_PREFIX_scale × FACTOR, as "x y z".
read_scaled() {
    scale=$(cat "$1/in_$2_scale")
    out=
    for axis in x y z; do
        raw=$(timeout 5 cat "$1/in_$2_${axis}_raw")
        out="$out $(awk -v r="$raw" -v s="$scale" -v f="$3" 'BEGIN { if (r == "") print "missing"; else printf "%.6f", r * s * f }')"
    done
    echo $out
}

scenario_hub_drivers_bind() {
    missing=
    for pair in accel_3d:accel_3d-dev0 gyro_3d:gyro_3d-dev1 magn_3d:magn_3d-dev2; do
        name=${pair%%:*}; trigger=${pair#*:}
        dir=$(iio_dev "$name") || { missing="$missing device $name;"; continue; }
        found=
        for t in /sys/bus/iio/devices/trigger*; do [ "$(cat "$t/name")" = "$trigger" ] && found=1; done
        [ -n "$found" ] || missing="$missing trigger $trigger;"
        current=$(cat "$dir/trigger/current_trigger" 2>/dev/null)
        [ "$current" = "$trigger" ] || missing="$missing $name current_trigger '$current';"
        [ -e "$dir/buffer/enable" ] || missing="$missing $name buffer;"
    done
    [ -z "$missing" ] && pass "accel_3d, gyro_3d, magn_3d with triggers and buffers" || fail "$missing"
}

scenario_hub_scales() {
    REASONS=
    for spec in accel_3d:accel:0.0980665 gyro_3d:anglvel:0.000174532 magn_3d:magn:0.001; do
        name=${spec%%:*}; rest=${spec#*:}; prefix=${rest%%:*}; expected=${rest#*:}
        dir=$(iio_dev "$name") || { REASONS="$REASONS no $name;"; continue; }
        scale=$(cat "$dir/in_${prefix}_scale")
        awk -v s="$scale" -v e="$expected" 'BEGIN { d = s / e - 1; exit !(d < 1e-4 && d > -1e-4) }' \
            || REASONS="$REASONS $name scale $scale, expected $expected;"
        offset=$(cat "$dir/in_${prefix}_offset" 2>/dev/null || echo 0)
        near "$offset" 0 0 || REASONS="$REASONS $name offset $offset;"
    done
    [ -z "$REASONS" ] && pass "0.0980665 m/s², 0.000174532 rad/s, 0.001 G per LSB" || fail "$REASONS"
}

scenario_hub_raw_matches_truth() {
    REASONS= DETAILS=
    check_vector accel "$(read_scaled "$(iio_dev accel_3d)" accel 1)" "$(truth accel)" $ACCEL_TOL_HUB
    check_vector anglvel "$(read_scaled "$(iio_dev gyro_3d)" anglvel 1)" "$(truth anglvel)" $GYRO_TOL_HUB
    # Gauss to µT: × 100.
    check_vector magn "$(read_scaled "$(iio_dev magn_3d)" magn 100)" "$(truth magn)" $MAGN_TOL_HUB
    [ -z "$REASONS" ] && pass "sysfs raw × scale within 3σ+1 LSB of truth:$DETAILS" || fail "$REASONS"
}

scenario_hub_buffer_matches_truth() {
    dir=$(iio_dev accel_3d) || { fail "no accel_3d"; return; }
    scale=$(cat "$dir/in_accel_scale")
    # libiio's local backend through the hub's own trigger: 40 samples of x, y, z (3 × s32 each).
    H timeout 30 iio_readdev -T 10000 -b 8 -s 40 accel_3d accel_x accel_y accel_z > /tmp/accel.bin 2>/tmp/readdev.err
    status=$?
    set -- $(od -An -v -t d4 -w12 /tmp/accel.bin | awk -v s="$scale" \
        '{ n++; x += $1; y += $2; z += $3 } END { if (n) printf "%d %.6f %.6f %.6f", n, x / n * s, y / n * s, z / n * s; else print 0 }')
    count=$1; shift
    REASONS= DETAILS=
    [ "$status" -eq 0 ] || REASONS="iio_readdev exited $status: $(head -c 200 /tmp/readdev.err);"
    [ "$count" = 40 ] || REASONS="$REASONS $count samples instead of 40;"
    [ "$count" != 0 ] && check_vector "mean accel" "$*" "$(truth accel)" 0.1
    enabled=$(cat "$dir/buffer/enable")
    [ "$enabled" = 0 ] || REASONS="$REASONS buffer left enabled;"
    [ -z "$REASONS" ] && pass "40 buffered samples, mean within 0.1 m/s² of truth, buffer disabled after" || fail "$REASONS"
}

scenario_bmi160_binds() {
    dir=$(iio_dev bmi160) || { fail "no bmi160 IIO device (stub bus '${STUB_BUS}'); dmesg: $(dmesg | grep -i bmi160 | tail -2)"; return; }
    REASONS=
    near "$(cat "$dir/in_accel_scale")" 0.000598 0.0000005 || REASONS="$REASONS accel scale $(cat "$dir/in_accel_scale");"
    near "$(cat "$dir/in_anglvel_scale")" 0.001065 0.0000005 || REASONS="$REASONS gyro scale $(cat "$dir/in_anglvel_scale");"
    current=$(cat "$dir/trigger/current_trigger" 2>/dev/null)
    [ -z "$current" ] || REASONS="$REASONS unexpected trigger '$current';"
    # No trigger, so the buffer must refuse: this device can only be polled.
    echo 1 > "$dir/scan_elements/in_accel_x_en"
    if echo 1 > "$dir/buffer/enable" 2>/dev/null; then
        REASONS="$REASONS buffer/enable accepted without a trigger;"
        echo 0 > "$dir/buffer/enable"
    fi
    echo 0 > "$dir/scan_elements/in_accel_x_en"
    [ -z "$REASONS" ] && pass "scales 0.000598 m/s², 0.001065 rad/s per LSB; no trigger, buffer refused (polled)" || fail "$REASONS"
}

scenario_bmi160_raw_matches_truth() {
    dir=$(iio_dev bmi160) || { fail "no bmi160 IIO device"; return; }
    REASONS= DETAILS=
    check_vector accel "$(read_scaled "$dir" accel 1)" "$(truth accel)" $ACCEL_TOL_BMI
    check_vector anglvel "$(read_scaled "$dir" anglvel 1)" "$(truth anglvel)" $GYRO_TOL_BMI
    [ -z "$REASONS" ] && pass "sysfs raw × scale within 3σ+1 LSB of truth:$DETAILS" || fail "$REASONS"
}

# --- Features of other issues: they activate when `bodyreadings --help` lists the command. -----------------------

scenario_available_local() {
    has_command available || { pending "feature not landed: no 'bodyreadings available'"; return; }
    H "$BODYREADINGS" available --json > /tmp/available.json 2> /tmp/available.err
    status=$?
    [ "$status" -eq 0 ] || { fail "exit $status: $(head -c 200 /tmp/available.err)"; return; }
    H jq -e '.accelerometer and .gyroscope and .magnetometer and .device_motion' < /tmp/available.json > /dev/null \
        && pass "exit 0; accelerometer, gyroscope, magnetometer, device motion all true" \
        || fail "$(head -c 200 /tmp/available.json)"
}

scenario_info_local() {
    has_command info || { pending "feature not landed: no 'bodyreadings info'"; return; }
    H "$BODYREADINGS" info --json > /tmp/info.json 2>/tmp/info.err || { fail "exit $?: $(head -c 200 /tmp/info.err)"; return; }
    cp /tmp/info.json /results/info-local.json
    problems=$(H jq -r -f "$hil_repo/Tests/HardwareInTheLoop/info-expected.jq" < /tmp/info.json 2>&1)
    [ -z "$problems" ] && pass "hub: 3 buffered sensors with their own triggers and scales; bmi160: accel+gyro polled" \
        || fail "$problems"
}

not_landed() { pending "feature not landed: $*"; }

scenario_stream_hub_buffered() { has_command stream || { not_landed "no 'bodyreadings stream'"; return; }; not_landed "stream landed; write this scenario's assertion (gravity < 2°, rate, no drops)"; }
scenario_stream_bmi160_polled() { has_command stream || { not_landed "no 'bodyreadings stream'"; return; }; not_landed "stream landed; write this scenario's assertion (polled path)"; }
scenario_record_count() { has_command record || { not_landed "no 'bodyreadings record'"; return; }; not_landed "record landed; write this scenario's assertion (count within 2 %)"; }
scenario_stream_sigint_restores_sysfs() { has_command stream || { not_landed "no 'bodyreadings stream'"; return; }; not_landed "stream landed; write this scenario's assertion"; }
scenario_stream_closed_stdout_restores_sysfs() { has_command stream || { not_landed "no 'bodyreadings stream'"; return; }; not_landed "stream landed; write this scenario's assertion"; }
scenario_permissions_group_iio() { not_landed "needs stream and udev/60-bodyreadings.rules applied by systemd-udevd"; }
scenario_permissions_no_group_eacces_77() { not_landed "needs stream and udev/60-bodyreadings.rules applied by systemd-udevd"; }
scenario_calibrate_recovers_bias() { has_command calibrate || { not_landed "no 'bodyreadings calibrate'"; return; }; not_landed "calibrate landed; write this scenario's assertion (bias 0.02,-0.015,0.01 rad/s)"; }
scenario_stream_unplug_exit_69() { has_command stream || { not_landed "no 'bodyreadings stream'"; return; }; not_landed "stream landed; write this scenario's assertion (exit 69 within 1 s)"; }

# The hub vanishing (SIGTERM → UHID_DESTROY) takes its IIO devices away at once: what an unplugged sensor does.
scenario_hub_unplug_removes_devices() {
    iio_dev accel_3d >/dev/null || { fail "no accel_3d to unplug"; return; }
    start=$(cut -d' ' -f1 /proc/uptime)
    kill -TERM "$HUB_PID"
    for _ in $(seq 100); do
        iio_dev accel_3d >/dev/null || break
        sleep 0.02
    done
    took=$(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.2f", b - a }')
    if iio_dev accel_3d >/dev/null || iio_dev gyro_3d >/dev/null || iio_dev magn_3d >/dev/null; then
        fail "hub devices still present ${took}s after SIGTERM"
    elif near "$took" 0 1; then
        pass "accel_3d, gyro_3d, magn_3d gone ${took}s after SIGTERM"
    else
        fail "devices took ${took}s to go (limit 1 s)"
    fi
}

# A fresh hub rocking about x (sway: 20° at 0.25 Hz, with the gyro bias): buffered samples at the interval the test
# asks through sampling_frequency, each compared with the truth at its kernel timestamp.
SWAY_ARGS="--trajectory sway --gyro-bias 0.02,-0.015,0.01 --seed 11"
scenario_hub_sway_buffered_matches_truth() {
    kill -TERM "$HUB_PID" 2>/dev/null
    for _ in $(seq 100); do iio_dev accel_3d >/dev/null || break; sleep 0.05; done
    chroot /host "$HUB" hub $SWAY_ARGS --start-file /tmp/sway-start > /tmp/sway.log 2>&1 &
    SWAY_PID=$!
    for _ in $(seq 300); do iio_dev accel_3d >/dev/null && iio_dev gyro_3d >/dev/null && break; sleep 0.1; done
    REASONS= DETAILS=
    # quantity device channel-prefix max-error rms-error: sway's peak angular acceleration is 0.86 rad/s², so 10 ms
    # of arrival jitter costs 0.009 rad/s; noise adds 3σ = 0.006 rad/s (0.06 m/s²).
    for spec in "anglvel gyro_3d anglvel 0.04 0.015" "accel accel_3d accel 0.3 0.12"; do
        set -- $spec
        dir=$(iio_dev "$2") || { REASONS="$REASONS no $2;"; continue; }
        echo 50 > "$(ls "$dir"/*sampling_frequency | head -1)"
        scale=$(cat "$dir/in_$3_scale")
        H timeout 30 iio_readdev -T 10000 -b 10 -s 150 "$2" "$3_x" "$3_y" "$3_z" timestamp > "/tmp/$2.bin" 2> /tmp/readdev.err \
            || REASONS="$REASONS $2: iio_readdev failed: $(head -c 150 /tmp/readdev.err);"
        verdict=$(H "$HUB" check --quantity "$1" --scale "$scale" --start "$(cat /host/tmp/sway-start)" \
            --max-error "$4" --rms-error "$5" --interval-ms 20 $SWAY_ARGS < "/tmp/$2.bin")
        if [ $? -eq 0 ]; then DETAILS="$DETAILS $2: $verdict;"; else REASONS="$REASONS $2: $verdict;"; fi
    done
    kill -TERM "$SWAY_PID"
    [ -z "$REASONS" ] && pass "50 Hz asked and kept, truth at each timestamp:$DETAILS" || fail "$REASONS"
}
