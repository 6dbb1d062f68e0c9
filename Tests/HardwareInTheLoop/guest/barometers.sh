# Barometer scenarios (busybox sh, sourced by main.sh after chips.sh, whose helpers they use): each binds one real
# barometer driver on i2c-stub (HIL-FACTS.md, "Forty more chips on i2c-stub") beside a BMA400 standing still, writes
# its pressure registers from a pressure in Pa (the chip's compensation inverted), and checks through bodyreadings
# as a user would: available --json names the barometer, info --json its channels, and `altitude` during a climb of
# two floors written into the registers reports ≈ 6 m, with 0 floors (nobody walks) and the chip's rate and
# oversampling as they were. `baro-climb-walking` climbs the same two floors while the BMA400's feeder walks: 2
# floors. `baro-unplug-exit-69` removes the chip mid-capture: exit 69.

BARO_SCENARIOS="baro-bmp280 baro-bme280 baro-dps310 baro-lps22hb baro-lps25h baro-climb-walking baro-unplug-exit-69"

# The climb: 6 m (two 3 m floors) in CLIMB_STEPS register writes CLIMB_PERIOD s apart (12 s: 0.5 m/s, a brisk climb).
CLIMB_METERS=6
CLIMB_STEPS=48
CLIMB_PERIOD=0.25
BASE_PA=100000

# The chip's facts: module, new_device name and address, byte presets, IIO device name, the pressure attribute info
# must name, and the temperature (°C) the chip reports with these presets.
baro_spec() {
    MODULE= NAME= ADDR= PRESETS= DEVICES= PRESSURE_FILE= CELSIUS=
    case $1 in
    bmp280|bme280)
        # Chip id, and the datasheet's example calibration (dig_T1…dig_P9, little-endian from 0x88); temperature
        # ADC 519888 (0xfa–0xfc) gives 25.08 °C. The BME280's humidity calibration stays zero (it reads 0 %).
        MODULE=bmp280-i2c NAME=$1 DEVICES=$1 PRESSURE_FILE=in_pressure_input CELSIUS=25.08
        [ "$1" = bmp280 ] && ADDR=0x76 || ADDR=0x77
        PRESETS="0xd0=$([ "$1" = bmp280 ] && echo 0x58 || echo 0x60) 0x88=0x70 0x89=0x6b 0x8a=0x43 0x8b=0x67 0x8c=0x18
            0x8d=0xfc 0x8e=0x7d 0x8f=0x8e 0x90=0x43 0x91=0xd6 0x92=0xd0 0x93=0x0b 0x94=0x27 0x95=0x0b 0x96=0x8c
            0x97=0x00 0x98=0xf9 0x99=0xff 0x9a=0x8c 0x9b=0x3c 0x9c=0xf8 0x9d=0xc6 0x9e=0x70 0x9f=0x17
            0xfa=0x7e 0xfb=0xed 0xfc=0x00" ;;
    dps310)
        # Product id, MEAS_CFG with the coefficient, sensor, temperature and pressure ready bits; coefficients
        # c0 = 40 (20 °C), c00 = 0, c10 = 2^18, the rest 0: pressure = raw × 2^18 / kP (kP by the oversampling).
        MODULE=dps310 NAME=dps310 ADDR=0x77 DEVICES=dps310 PRESSURE_FILE=in_pressure_input CELSIUS=20
        PRESETS="0x0d=0x10 0x08=0xf0 0x10=0x02 0x11=0x80 0x15=0x04" ;;
    lps22hb)
        # WHO_AM_I; temperature 2000 × 10 m°C (0x2b–0x2c).
        MODULE=st_pressure_i2c NAME=lps22hb ADDR=0x5c DEVICES=lps22hb PRESSURE_FILE=in_pressure_raw CELSIUS=20
        PRESETS="0x0f=0xb1 0x2b=0xd0 0x2c=0x07" ;;
    lps25h)
        # WHO_AM_I, read at 0x0f and (multi-read) 0x8f; registers are read at R | 0x80. Temperature -10800
        # (0xab-0xac): 42.5 °C + raw / 480 = 20 °C, the driver's offset 20400 and scale 1000/480 m°C.
        MODULE=st_pressure_i2c NAME=lps25h ADDR=0x5c DEVICES=lps25h PRESSURE_FILE=in_pressure_raw CELSIUS=20
        PRESETS="0x0f=0xbd 0x8f=0xbd 0xab=0xd0 0xac=0xd5" ;;
    esac
}

# baro_registers PASCALS...: for each pressure, one line "reg=value reg=value reg=value" that makes the chip report
# it. bmp280/bme280: the 20-bit ADC value whose compensation (datasheet §8.1, in floating point) gives the pressure,
# by bisection; dps310: raw = Pa × kP / 2^18 with kP of the oversampling the chip holds now (PRS_CFG 0x06);
# lps22hb, lps25h: raw = Pa × 40.96 (0.000024414 kPa per count), the LPS25H's read at 0xa8 (multi-read). BARO_KP, when set, is the DPS310's oversampling index to
# compute for instead (the one a capture is about to set).
baro_registers() {
    kp=0
    [ "$NAME" = dps310 ] && kp=${BARO_KP:-$(( $(i2cget -f -y "$CHIP_BUS" "$ADDR" 0x06 b) & 7 ))}
    echo "$@" | tr ' ' '\n' | H /usr/bin/awk -v chip="$NAME" -v kpi="$kp" '
        function bmp(adc,   v1, v2, p) {
            v1 = 128422 / 2 - 64000; v2 = v1 * v1 * -7 / 32768; v2 = v2 + v1 * 140 * 2; v2 = v2 / 4 + 2855 * 65536
            v1 = (3024 * v1 * v1 / 524288 + -10685 * v1) / 524288; v1 = (1 + v1 / 32768) * 36477
            p = 1048576 - adc; p = (p - v2 / 4096) * 6250 / v1
            return p + (6000 * p * p / 2147483648 + p * -14600 / 32768 + 15500) / 16
        }
        function hex(v) { return sprintf("0x%02x", v) }
        BEGIN { split("524288 1572864 3670016 7864320 253952 516096 1040384 2088960", k, " ") }
        NF {
            if (chip ~ /^bm/) {
                lo = 0; hi = 1048575
                while (hi - lo > 1) { mid = int((lo + hi) / 2); if (bmp(mid) > $1) lo = mid; else hi = mid }
                a = (bmp(lo) - $1 < $1 - bmp(hi)) ? lo : hi
                print "0xf7=" hex(int(a / 4096)) " 0xf8=" hex(int(a / 16) % 256) " 0xf9=" hex((a % 16) * 16)
            } else if (chip == "dps310") {
                r = int($1 * k[kpi + 1] / 262144 + 0.5)
                print "0x00=" hex(int(r / 65536)) " 0x01=" hex(int(r / 256) % 256) " 0x02=" hex(r % 256)
            } else {
                r = int($1 * 40.96 + 0.5); at = (chip == "lps25h") ? "0xa" : "0x2"
                print at "8=" hex(r % 256) " " at "9=" hex(int(r / 256) % 256) " " at "a=" hex(int(r / 65536))
            }
        }'
}

# baro_put LINE: writes one line of baro_registers.
baro_put() { for pair in $1; do i2cset -f -y "$CHIP_BUS" "$ADDR" "${pair%%=*}" "${pair#*=}" b; done; }

# The pressures (Pa) of the climb from BASE_PA, at the chip's temperature, by the barometric formula.
climb_pressures() {
    H /usr/bin/awk -v p0="$BASE_PA" -v h="$CLIMB_METERS" -v n="$CLIMB_STEPS" -v c="$CELSIUS" \
        'BEGIN { for (i = 1; i <= n; i++) printf "%.3f ", p0 * exp(-h * i / n / (29.2712 * (c + 273.15))) }'
}

# Binds the barometer beside a BMA400 (0x14) on a fresh stub adapter, the BMA400 standing (1 g on z, 12-bit LE).
baro_bind() {
    stub_load "$ADDR,0x14" || return 1
    for preset in $BMA400_PRESETS; do i2cset -y "$CHIP_BUS" 0x14 "${preset%%=*}" "${preset#*=}" b; done
    baro_put "$(baro_registers $BASE_PA)"
    modprobe "$MODULE" && modprobe bma400_i2c || return 1
    echo "$NAME $ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    echo "bma400 0x14" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    wait_until 100 iio_dev "$NAME" > /dev/null && wait_until 100 iio_dev bma400 > /dev/null
}

baro_unbind() {
    stop_bma400_feeder
    for address in "$ADDR" 0x14; do echo "$address" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/delete_device" 2>/dev/null; done
    wait_until 50 sh -c '! ls /sys/bus/iio/devices/ | grep -q device'
    rmmod i2c-stub
}

# The chip's rate and oversampling settings, "file=value …": what a capture must leave as it found.
baro_settings() {
    dir=$(iio_dev "$NAME")
    for file in sampling_frequency in_pressure_sampling_frequency in_pressure_oversampling_ratio in_temp_oversampling_ratio; do
        [ -r "$dir/$file" ] && printf '%s=%s ' "$file" "$(cat "$dir/$file")"
    done
}

# baro_climb OUT [before-climb command]: runs `altitude --format jsonl` into OUT, waits for its first rows, runs
# the command (go_walk), writes the climb, waits SETTLE s, stops it with SIGINT; sets REASONS on failure.
baro_climb() {
    out=$1 hook=$2
    # The pressure the capture's first sample (its reference) reads: for the DPS310 at the ×16 oversampling
    # (index 4) the capture sets before it reads.
    baro_put "$(BARO_KP=4 baro_registers $BASE_PA)"
    chroot /host "$BODYREADINGS" altitude --format jsonl > "$out" 2> "$out.err" &
    pid=$!
    wait_until 600 sh -c "[ \"\$(wc -l < $out)\" -ge 10 ]" || REASONS="$REASONS altitude gave no rows: $(tail -c 200 "$out.err");"
    # Registers computed once the capture has set the oversampling (the DPS310's kP depends on it).
    baro_registers $(climb_pressures) > /tmp/baro-climb.txt
    [ -n "$hook" ] && $hook
    sleep 3
    while read -r line; do baro_put "$line"; sleep "$CLIMB_PERIOD"; done < /tmp/baro-climb.txt
    sleep "${SETTLE:-4}"
    kill -INT "$pid" 2>/dev/null
    wait "$pid" || REASONS="$REASONS altitude exited $? on SIGINT: $(tail -c 200 "$out.err");"
    cp "$out" "$out.err" /results/ 2>/dev/null
    SUMMARY=$(q 'select(.summary) | .summary | "\(.relative_altitude) \(.floors_ascended) \(.floors_descended)"' "$out")
}

# check_climb FLOORS: the summary's altitude within 0.5 m of the climb, FLOORS up and none down.
check_climb() {
    set -- $SUMMARY "$1"
    near "$1" "$CLIMB_METERS" 0.5 && DETAILS="$DETAILS climbed ${1} m;" || REASONS="$REASONS altitude ${1:-none} m, expected $CLIMB_METERS ± 0.5;"
    [ "$2" = "$4" ] && [ "$3" = 0 ] && DETAILS="$DETAILS floors $2 up, $3 down;" || REASONS="$REASONS floors '$2' up, '$3' down, expected $4 up and 0 down;"
}

# baro_start CHIP: the chip bound beside the BMA400, the other devices gone; fails the scenario when it does not bind.
baro_start() {
    baro_spec "$1"
    chips_prepare
    REASONS= DETAILS=
    baro_bind && return 0
    fail "bind failed: $(dmesg | tail -3 | tr '\n' ' ')"
    baro_unbind
    return 1
}

baro_scenario() {
    baro_start "$1" || return
    H "$BODYREADINGS" available --json > /tmp/baro-available.json 2> /tmp/baro-available.err
    got=$(q '"\(.barometer) \(.accelerometer)"' /tmp/baro-available.json)
    [ "$got" = "true true" ] || REASONS="$REASONS available barometer/accelerometer '$got';"
    H "$BODYREADINGS" info --json > /tmp/baro-info.json 2> /tmp/baro-info.err || REASONS="$REASONS info exited $?;"
    cp /tmp/baro-info.json "/results/info-$1.json" 2>/dev/null
    got=$(q '.barometers[0] | "\(.device_name) \(.pressure.attribute) \(.temperature.attribute)"' /tmp/baro-info.json)
    [ "$got" = "$NAME $PRESSURE_FILE ${PRESSURE_FILE%%_pressure_*}_temp_${PRESSURE_FILE##*_}" ] \
        && DETAILS="$DETAILS info: $got;" || REASONS="$REASONS info barometer '$got';"
    before=$(baro_settings)
    SETTLE=4 baro_climb "/tmp/altitude-$1.jsonl"
    check_climb 0
    after=$(baro_settings)
    [ "$after" = "$before" ] && DETAILS="$DETAILS settings restored ($before);" || REASONS="$REASONS settings '$after', were '$before';"
    baro_unbind
    [ -z "$REASONS" ] && pass "$DETAILS" || fail "$REASONS"
}

# Two floors climbed while the BMA400's feeder walks (40 steps from 3 s; the climb from about 3 s into the walk).
scenario_baro_climb_walking() {
    baro_start dps310 || return
    # The feeder writes the BMA400 on the barometer's stub adapter.
    STUB_BUS=$CHIP_BUS
    start_held_bma400_feeder
    SETTLE=8 baro_climb /tmp/altitude-walking.jsonl go_walk
    check_climb 2
    baro_unbind
    [ -z "$REASONS" ] && pass "$DETAILS" || fail "$REASONS"
}

# The chip removed while `altitude` reads it: exit 69 within 10 s, one error line.
scenario_baro_unplug_exit_69() {
    baro_start bmp280 || return
    chroot /host "$BODYREADINGS" altitude --format jsonl > /tmp/baro-unplug.jsonl 2> /tmp/baro-unplug.err &
    pid=$!
    wait_until 600 sh -c '[ "$(wc -l < /tmp/baro-unplug.jsonl)" -ge 5 ]'
    echo "$ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/delete_device"
    ( sleep 10; kill -KILL "$pid" 2>/dev/null ) &
    killer=$!
    wait "$pid"; status=$?
    kill "$killer" 2>/dev/null
    cp /tmp/baro-unplug.err /results/ 2>/dev/null
    baro_unbind
    [ "$status" = 69 ] && pass "exit 69: $(tail -1 /tmp/baro-unplug.err)" || fail "exit $status: $(tail -c 200 /tmp/baro-unplug.err)"
}

for chip in bmp280 bme280 dps310 lps22hb lps25h; do
    eval "scenario_baro_$chip() { baro_scenario $chip; }"
done
