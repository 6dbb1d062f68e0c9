# Chip scenarios (busybox sh, sourced by main.sh): each binds one real kernel driver on i2c-stub (HIL-FACTS.md,
# "Forty more chips on i2c-stub"), writes its data registers for a known tilt (and rotation rate, field), and checks
# through bodyreadings as a user would: available --json, info --json (SI scale, the quirk's correction), stream
# (gravity within 1° and |g| within 1 %, the mount matrix applied), a change of the registers mid-stream, and
# calibrate gyro recovering a written rate. Run last: they take the stub adapter over, one chip at a time.
# docs/hardware.md lists these chips; Tests/HardwareInTheLoop/check-hardware-table compares it with this file.

CHIP_SCENARIOS="chip-mpu6050 chip-lsm6ds3 chip-kxcj91008 chip-bmc150-accel chip-fxos8700 chip-mpu9250 chip-lis3mdl
chip-hmc5883l chip-fxas21002c"

# The written tilt (gravity along this unit vector in chip axes), the one written mid-stream, a rotation rate (rad/s)
# and a field (µT), all in chip axes.
TILT="0.15 -0.25 0.956556"
TILT2="-0.30 0.10 0.948683"
RATE="0.05 -0.03 0.02"
FIELD="22 -6 -41"
G=9.80665
# Every awk here is the host's, by path (busybox's chroot runs its own applet for a bare name), which has a
# math library (sqrt, atan2, ^) that busybox's lacks.

# The chip's facts (HIL-FACTS.md): module, new_device name and address, byte presets ("reg=value"), IIO device
# names, and per sensor "encoding shift reg_x reg_y reg_z si_per_count": encodings be16/le16 (two byte writes,
# the count shifted left by `shift`) or word (one SMBus word write). si_per_count is the datasheet's unit per count
# (m/s², rad/s, µT): the truth the tool's scale (with its correction) must reproduce.
chip_spec() {
    MODULE= NAME= ADDR= PRESETS= DEVICES= ACCEL= GYRO= MAGN= EXPECT= CORRECTION=
    case $1 in
    mpu6050)
        MODULE=inv-mpu6050-i2c NAME=mpu6050 ADDR=0x68 PRESETS="0x75=0x68" DEVICES=mpu6050
        ACCEL="be16 0 0x3b 0x3d 0x3f 0.000598550" GYRO="be16 0 0x43 0x45 0x47 0.001064724"
        EXPECT="true true false true" ;;
    mpu9250)
        MODULE=inv-mpu6050-i2c NAME=mpu9250 ADDR=0x68 PRESETS="0x75=0x71 0x49=0x48 0x4f=0x10" DEVICES=mpu9250
        ACCEL="be16 0 0x3b 0x3d 0x3f 0.000598550" GYRO="be16 0 0x43 0x45 0x47 0.001064724"
        MAGN="be16 0 0x49 0x4b 0x4d 0.1171" EXPECT="true true true true" ;;
    lsm6ds3)
        MODULE=st_lsm6dsx_i2c NAME=lsm6ds3 ADDR=0x6a PRESETS="0x0f=0x69" DEVICES="lsm6ds3_accel lsm6ds3_gyro"
        ACCEL="le16 0 0x28 0x2a 0x2c 0.000598205" GYRO="le16 0 0x22 0x24 0x26 0.000152716"
        EXPECT="true true false true" ;;
    kxcj91008)
        MODULE=kxcjk-1013 NAME=kxcj91008 ADDR=0x0e DEVICES=kxcj91008
        ACCEL="word 4 0x06 0x08 0x0a 0.019163" EXPECT="true false false false" ;;
    bmc150-accel)
        MODULE=bmc150-accel-i2c NAME=bmc150_accel ADDR=0x10 PRESETS="0x00=0xfa" DEVICES=bmc150_accel
        ACCEL="le16 4 0x02 0x04 0x06 0.019154" EXPECT="true false false false" ;;
    fxos8700)
        MODULE=fxos8700_i2c NAME=fxos8700 ADDR=0x1e PRESETS="0x0d=0xc7" DEVICES=fxos8700
        ACCEL="be16 2 0x01 0x03 0x05 0.00957129" MAGN="be16 0 0x33 0x35 0x37 0.1"
        EXPECT="true false true false" CORRECTION="accelerometer=9.80665" ;;
    lis3mdl)
        MODULE=st_magn_i2c NAME=lis3mdl ADDR=0x1c PRESETS="0x0f=0x3d 0x8f=0x3d" DEVICES=lis3mdl
        MAGN="le16 0 0xa8 0xaa 0xac 0.0146" EXPECT="false false true false" ;;
    hmc5883l)
        MODULE=hmc5843_i2c NAME=hmc5883l ADDR=0x1e PRESETS="0x0a=0x48 0x0b=0x34 0x0c=0x33 0x09=0x01" DEVICES=hmc5883l
        MAGN="be16 0 0x03 0x07 0x05 0.09174" EXPECT="false false true false" CORRECTION="magnetometer=100" ;;
    fxas21002c)
        MODULE=fxas21002c_i2c NAME=fxas21002c ADDR=0x20 PRESETS="0x0c=0xd7" DEVICES=fxas21002c
        GYRO="be16 0 0x01 0x03 0x05 0.0010908308" EXPECT="false true false false" CORRECTION="gyroscope=0.0000174533" ;;
    esac
}

# put SPEC VALUES: writes the three values (in the sensor's SI unit) as counts into the chip's registers.
put() {
    set -- $1 $2
    encoding=$1 shift_bits=$2 rx=$3 ry=$4 rz=$5 unit=$6; shift 6
    for register in $rx $ry $rz; do
        word=$(H /usr/bin/awk -v v="$1" -v u="$unit" -v s="$shift_bits" 'BEGIN { c = v / u; c = (c < 0 ? -int(-c + 0.5) : int(c + 0.5)) * 2 ^ s; if (c < 0) c += 65536; printf "%d", c }')
        low=$((word & 255)) high=$((word >> 8))
        # In hex: busybox's i2cset reads a data address as hex whatever its spelling ("60" is 0x60).
        next=$(printf '0x%02x' $((register + 1)))
        case $encoding in
            be16) i2cset -f -y "$CHIP_BUS" "$ADDR" "$register" "$high" b; i2cset -f -y "$CHIP_BUS" "$ADDR" "$next" "$low" b ;;
            le16) i2cset -f -y "$CHIP_BUS" "$ADDR" "$register" "$low" b; i2cset -f -y "$CHIP_BUS" "$ADDR" "$next" "$high" b ;;
            word) i2cset -f -y "$CHIP_BUS" "$ADDR" "$register" "$word" w ;;
        esac
        shift
    done
}

# scaled UNIT_VECTOR FACTOR: the vector times the factor.
scaled() { echo "$1" | H /usr/bin/awk -v f="$2" '{ printf "%.6f %.6f %.6f", $1 * f, $2 * f, $3 * f }'; }

chips_ready=
# Once: the hubs, the BMI160 and the BMA400 go (stream must find only the chip), and the stub adapter is freed.
chips_prepare() {
    [ -n "$chips_ready" ] && return 0
    for pid in $HUB_PID $SWAY_PID $CAL_PID $FEEDER_PID $BMA400_PID; do kill -TERM "$pid" 2>/dev/null; done
    for pid in $HUB_PID $SWAY_PID $CAL_PID $FEEDER_PID $BMA400_PID; do wait "$pid" 2>/dev/null; done
    for address in 0x68 0x14; do echo "$address" > "/sys/bus/i2c/devices/i2c-$STUB_BUS/delete_device" 2>/dev/null; done
    wait_until 100 sh -c '! ls /sys/bus/iio/devices/ | grep -q device'
    rmmod i2c-stub || say "rmmod i2c-stub failed"
    chips_ready=1
}

# Binds the chip of chip_spec on a fresh stub adapter; sets CHIP_BUS.
chip_bind() {
    modprobe i2c-stub chip_addr="$ADDR" || return 1
    CHIP_BUS=
    for adapter in /sys/bus/i2c/devices/i2c-*; do
        [ "$(cat "$adapter/name" 2>/dev/null)" = "SMBus stub driver" ] && CHIP_BUS=${adapter##*/i2c-}
    done
    [ -n "$CHIP_BUS" ] || return 1
    for preset in $PRESETS; do i2cset -y "$CHIP_BUS" "$ADDR" "${preset%%=*}" "${preset#*=}" b; done
    modprobe "$MODULE" || return 1
    echo "$NAME $ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    for device in $DEVICES; do wait_until 100 iio_dev "$device" > /dev/null || return 1; done
}

chip_unbind() {
    echo "$ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/delete_device" 2>/dev/null
    wait_until 50 sh -c '! ls /sys/bus/iio/devices/ | grep -q device'
    rmmod i2c-stub
}

# The jq program's answer on FILE.
q() { H jq -r "$1" < "$2"; }

# The angle (degrees) between two vectors and the ratio of their norms: "ANGLE RATIO".
compare() {
    echo "$1 $2" | H /usr/bin/awk '{ d = $1*$4 + $2*$5 + $3*$6; a = sqrt($1*$1 + $2*$2 + $3*$3); b = sqrt($4*$4 + $5*$5 + $6*$6)
        c = d / (a * b); if (c > 1) c = 1; if (c < -1) c = -1; printf "%.3f %.4f", atan2(sqrt(1 - c*c), c) * 180 / 3.14159265, a / b }'
}

# mount KIND: the mount matrix info reports for the chip's sensor of KIND, as nine numbers.
mount() { q "[.sensors[] | select(.kind == \"$1\")][0].mount_matrix | flatten | map(tostring) | join(\" \")" /tmp/chip-info.json; }
# apply "M (9)" "v (3)": M · v.
apply() { echo "$1 $2" | H /usr/bin/awk '{ printf "%.6f %.6f %.6f", $1*$10 + $2*$11 + $3*$12, $4*$10 + $5*$11 + $6*$12, $7*$10 + $8*$11 + $9*$12 }'; }

# gravity_rows FILE: "x y z" of each jsonl row's gravity.
gravity_rows() { q 'select(.gravity) | "\(.gravity.x) \(.gravity.y) \(.gravity.z)"' "$1"; }

chip_scenario() {
    chip=$1
    chip_spec "$chip"
    chips_prepare
    chip_bind || { fail "bind failed: $(dmesg | tail -3 | tr '\n' ' ')"; chip_unbind; return; }
    REASONS= DETAILS=
    [ -n "$ACCEL" ] && put "$ACCEL" "$(scaled "$TILT" $G)"
    [ -n "$GYRO" ] && put "$GYRO" "0 0 0"
    [ -n "$MAGN" ] && put "$MAGN" "$FIELD"
    # 1. available: what the chip provides.
    H "$BODYREADINGS" available --json > /tmp/chip-available.json 2> /tmp/chip-available.err
    got=$(q '"\(.accelerometer) \(.gyroscope) \(.magnetometer) \(.device_motion)"' /tmp/chip-available.json)
    [ "$got" = "$EXPECT" ] || REASONS="$REASONS available accel/gyro/magn/motion '$got', expected '$EXPECT';"
    # 2. info: each sensor's scale × correction × unit factor is the datasheet's SI unit per count.
    H "$BODYREADINGS" info --json > /tmp/chip-info.json 2> /tmp/chip-info.err || REASONS="$REASONS info exited $?;"
    cp /tmp/chip-info.json "/results/info-$chip.json" 2>/dev/null
    for spec in "accelerometer:$ACCEL" "gyroscope:$GYRO" "magnetometer:$MAGN"; do
        kind=${spec%%:*} sensor=${spec#*:}
        [ -n "$sensor" ] || continue
        want=$(echo $sensor | cut -d' ' -f6)
        have=$(q "[.sensors[] | select(.kind == \"$kind\")][0] | .scale[0] * (.scale_correction.factor // 1) * .unit_factor" /tmp/chip-info.json)
        H /usr/bin/awk -v h="$have" -v w="$want" 'BEGIN { r = h / w - 1; exit !(h != "" && r < 0.002 && r > -0.002) }' \
            || REASONS="$REASONS $kind SI scale $have, datasheet $want;"
    done
    for correction in $CORRECTION; do
        kind=${correction%%=*} factor=${correction#*=}
        have=$(q "[.sensors[] | select(.kind == \"$kind\")][0].scale_correction.factor // 0" /tmp/chip-info.json)
        H /usr/bin/awk -v h="$have" -v w="$factor" 'BEGIN { r = h / w - 1; exit !(r < 0.001 && r > -0.001) }' \
            || REASONS="$REASONS $kind correction $have, expected $factor;"
        DETAILS="$DETAILS $kind corrected ×$have;"
    done
    # 3. stream: gravity within 1° of the written tilt through the mount matrix, |g| within 1 %.
    if [ -n "$ACCEL" ]; then
        H timeout 60 "$BODYREADINGS" stream --interval 0.05 --count 20 --format jsonl --no-calibration \
            > /tmp/chip-stream.jsonl 2> /tmp/chip-stream.err || REASONS="$REASONS stream exited $?: $(tail -c 150 /tmp/chip-stream.err);"
        cp /tmp/chip-stream.jsonl "/results/stream-$chip.jsonl"; cp /tmp/chip-stream.err "/results/stream-$chip.err"
        expected=$(apply "$(mount accelerometer)" "$(scaled "$TILT" $G)")
        set -- $(compare "$(gravity_rows /tmp/chip-stream.jsonl | tail -1)" "$expected")
        H /usr/bin/awk -v a="$1" -v r="$2" 'BEGIN { exit !(a != "" && a <= 1 && r >= 0.99 && r <= 1.01) }' \
            && DETAILS="$DETAILS gravity ${1}° off, |g| ×$2;" || REASONS="$REASONS gravity ${1}° off, |g| ×$2 (expected $expected);"
        # 4. A new tilt written mid-stream: seen within two rows of a raw stream (IMUs), within ten updates of
        #    gravity (an accelerometer alone: five of its low pass's time constants).
        if [ -n "$GYRO" ]; then
            args="--raw --interval 0.05 --duration 6"; limit=2
        else
            args="--interval 0.05 --duration 6 --format jsonl"; limit=10
        fi
        chroot /host "$BODYREADINGS" stream $args --no-calibration > /tmp/chip-change.out 2> /tmp/chip-change.err &
        pid=$!
        wait_until 300 sh -c '[ "$(wc -l < /tmp/chip-change.out)" -ge 8 ]'
        # Rows from here on were read after every register of the new tilt was written.
        put "$ACCEL" "$(scaled "$TILT2" $G)"
        before=$(wc -l < /tmp/chip-change.out)
        wait "$pid"
        cp /tmp/chip-change.out "/results/change-$chip.out"
        expected2=$(apply "$(mount accelerometer)" "$(scaled "$TILT2" $G)")
        if [ -n "$GYRO" ]; then
            rows=$(H /usr/bin/awk -F, -v b="$before" 'NR > b + 2 { print $2, $3, $4 }' < /tmp/chip-change.out)
        else
            rows=$(gravity_rows /tmp/chip-change.out | H /usr/bin/awk -v b="$before" -v l="$limit" 'NR > b + l')
        fi
        late=$(echo "$rows" | while read -r x y z; do
            [ -n "$z" ] || continue
            set -- $(compare "$x $y $z" "$expected2"); H /usr/bin/awk -v a="$1" 'BEGIN { exit !(a > 1) }' && echo "$1"
        done | head -1)
        [ -n "$rows" ] && [ -z "$late" ] && DETAILS="$DETAILS new tilt within $limit rows;" \
            || REASONS="$REASONS new tilt not seen within $limit rows of row $before (${late:-no rows after}°);"
        put "$ACCEL" "$(scaled "$TILT" $G)"
    fi
    # 5. calibrate gyro recovers a rate written as the gyroscope's bias (through the mount matrix), within 2 counts.
    if [ -n "$GYRO" ] && [ -n "$ACCEL" ]; then
        put "$GYRO" "$RATE"
        H timeout -k 5 90 "$BODYREADINGS" calibrate gyro --duration 2 --dry-run --json > /tmp/chip-cal.json 2> /tmp/chip-cal.err \
            || REASONS="$REASONS calibrate gyro exited $?: $(tail -c 150 /tmp/chip-cal.err);"
        bias=$(q '[.. | objects | select(has("gyroscope")) | .gyroscope.bias | arrays] | first | map(tostring) | join(" ")' /tmp/chip-cal.json)
        want=$(apply "$(mount gyroscope)" "$RATE")
        tolerance=$(echo $GYRO | H /usr/bin/awk '{ print 2 * $6 }')
        check_vector "gyro bias" "$bias" "$want" "$tolerance"
        put "$GYRO" "0 0 0"
    fi
    chip_unbind
    [ -z "$REASONS" ] && pass "available $EXPECT; SI scales as the datasheet;$DETAILS" || fail "$REASONS"
}

for chip in $CHIP_SCENARIOS; do
    eval "scenario_chip_$(echo "${chip#chip-}" | tr - _)() { chip_scenario ${chip#chip-}; }"
done
