# Barometer scenarios (busybox sh, sourced by main.sh after chips.sh, whose helpers they use): each binds one real
# barometer driver on i2c-stub (HIL-FACTS.md, "Forty more chips on i2c-stub") beside a BMA400 standing still, writes
# its pressure registers from a pressure in Pa (the chip's compensation inverted), and checks through bodyreadings
# as a user would: available --json names the barometer, info --json its channels, and `altitude` during a climb of
# two floors written into the registers reports ≈ 6 m, with 0 floors (nobody walks) and the chip's rate and
# oversampling as they were. `baro-climb-walking` climbs the same two floors while the BMA400's feeder walks: 2
# floors. `baro-unplug-exit-69` removes the chip mid-capture: exit 69.

BARO_SCENARIOS="baro-bmp280 baro-bme280 baro-dps310 baro-lps22hb baro-lps25h baro-bmp180 baro-mpl3115 baro-climb-walking
baro-unplug-exit-69"

# The climb: 6 m (two 3 m floors) in CLIMB_STEPS register writes CLIMB_PERIOD s apart (12 s: 0.5 m/s, a brisk climb).
CLIMB_METERS=6
CLIMB_STEPS=48
CLIMB_PERIOD=0.25
BASE_PA=100000

# The chip's facts: module, new_device name and address, byte presets, IIO device name, the pressure attribute info
# must name, the temperature (°C) the chip reports with these presets, and EMULATE: the chip whose conversion bit
# `bodyreadings-virtual-hub barometer` clears (i2c-stub never clears a bit; ConversionEmulator). For these two the
# climb must read within CLIMB_TOLERANCE (m) — a temperature in the wrong unit takes 0.4 m off the 6 — and
# TEMP_CORRECTION is the factor that brings the driver's temperature to the ABI's milli-°C, which `info` must show.
baro_spec() {
    MODULE= NAME= ADDR= PRESETS= DEVICES= PRESSURE_FILE= CELSIUS= EMULATE= CLIMB_TOLERANCE=0.5 TEMP_CORRECTION=
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
    bmp180)
        # Chip id and calibration AC1…MD (big-endian words from 0xaa; none may be 0 or 0xffff, which the driver
        # refuses) chosen so that the temperature and the pressure can share the OUT registers (0xf6), which the
        # chip fills with each conversion's result and i2c-stub never changes: the driver reads UT as OUT's first
        # two bytes, i.e. UP >> 3 at ×8, and AC5 = 1 makes ((UT − AC6) × AC5) >> 15 zero for UT in AC6…AC6 + 32767,
        # so the temperature is (MC << 11) / MD = 3200 (20.0 °C) whatever the pressure. AC4 = 40000 and the other
        # words 1 make the pressure 12500 × (UP − 6) / 40000 Pa before the driver's second-order correction: 0.31 Pa
        # per count. AC1 1, AC2 1, AC3 1, AC4 40000, AC5 1, AC6 30000, B1 1, B2 1, MB 1, MC 3200, MD 2048.
        MODULE=bmp280-i2c NAME=bmp180 ADDR=0x77 DEVICES=bmp180 PRESSURE_FILE=in_pressure_input CELSIUS=20 EMULATE=bmp180
        CLIMB_TOLERANCE=0.2
        PRESETS="0xd0=0x55 0xaa=0x00 0xab=0x01 0xac=0x00 0xad=0x01 0xae=0x00 0xaf=0x01 0xb0=0x9c 0xb1=0x40
            0xb2=0x00 0xb3=0x01 0xb4=0x75 0xb5=0x30 0xb6=0x00 0xb7=0x01 0xb8=0x00 0xb9=0x01 0xba=0x00 0xbb=0x01
            0xbc=0x0c 0xbd=0x80 0xbe=0x08 0xbf=0x00" ;;
    mpl3115)
        # WHO_AM_I; temperature 320 × 0.0625 = 20 °C, 12-bit left-justified big-endian at 0x04. The emulator clears OST.
        # The driver's in_temp_scale is 0.0625: °C per count, not the ABI's m°C (DriverQuirks).
        MODULE=mpl3115 NAME=mpl3115 ADDR=0x60 DEVICES=mpl3115 PRESSURE_FILE=in_pressure_raw CELSIUS=20 EMULATE=mpl3115
        CLIMB_TOLERANCE=0.2 TEMP_CORRECTION=1000
        PRESETS="0x0c=0xc4 0x04=0x14 0x05=0x00" ;;
    esac
}

# baro_registers PASCALS...: for each pressure, one line "reg=value reg=value reg=value" that makes the chip report
# it. bmp280/bme280: the 20-bit ADC value whose compensation (datasheet §8.1, in floating point) gives the pressure,
# by bisection; dps310: raw = Pa × kP / 2^18 with kP of the oversampling the chip holds now (PRS_CFG 0x06);
# lps22hb, lps25h: raw = Pa × 40.96 (0.000024414 kPa per count), the LPS25H's read at 0xa8 (multi-read);
# bmp180: UP at ×8 (oss 3, the driver's default and what a capture keeps) whose integer compensation (the driver's
# bmp180_compensate_press with the calibration above, t_fine 3200) gives the pressure, by bisection, as OUT's bytes
# (UP << 5) at 0xf6; mpl3115: raw = Pa × 4 (20 bits, left-justified at 0x01). BARO_KP,
# when set, is the DPS310's oversampling index to compute for instead (the one a capture is about to set).
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
        function shr(v, n) { v = v / 2 ^ n; return (v < 0 && v != int(v)) ? int(v) - 1 : int(v) }
        function bmp180(up,   b6, x1, x2, x3, b3, b4, b7, p) {
            b6 = 3200 - 4000; x1 = shr(shr(b6 * b6, 12), 11); x2 = shr(b6, 11)
            b3 = int(((4 + x1 + x2) * 8 + 2) / 4)
            x1 = shr(b6, 13); x2 = shr(shr(b6 * b6, 12), 16); x3 = shr(x1 + x2 + 2, 2)
            b4 = shr(40000 * (x3 + 32768), 15); b7 = (up - b3) * 6250
            p = (b7 < 2147483648) ? int(b7 * 2 / b4) : int(b7 / b4) * 2
            x1 = shr(shr(p, 8) * shr(p, 8) * 3038, 16); x2 = shr(-7357 * p, 16)
            return p + shr(x1 + x2 + 3791, 4)
        }
        function hex(v) { return sprintf("0x%02x", v) }
        BEGIN { split("524288 1572864 3670016 7864320 253952 516096 1040384 2088960", k, " ") }
        NF {
            if (chip == "bmp280" || chip == "bme280") {
                lo = 0; hi = 1048575
                while (hi - lo > 1) { mid = int((lo + hi) / 2); if (bmp(mid) > $1) lo = mid; else hi = mid }
                a = (bmp(lo) - $1 < $1 - bmp(hi)) ? lo : hi
                print "0xf7=" hex(int(a / 4096)) " 0xf8=" hex(int(a / 16) % 256) " 0xf9=" hex((a % 16) * 16)
            } else if (chip == "bmp180") {
                lo = 0; hi = 524287
                while (hi - lo > 1) { mid = int((lo + hi) / 2); if (bmp180(mid) < $1) lo = mid; else hi = mid }
                a = ($1 - bmp180(lo) < bmp180(hi) - $1) ? lo : hi; a = a * 32
                print "0xf6=" hex(int(a / 65536)) " 0xf7=" hex(int(a / 256) % 256) " 0xf8=" hex(a % 256)
            } else if (chip == "mpl3115") {
                r = int($1 * 4 + 0.5)
                print "0x01=" hex(int(r / 4096)) " 0x02=" hex(int(r / 16) % 256) " 0x03=" hex((r % 16) * 16)
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
    start_conversion_emulator || return 1
    modprobe "$MODULE" && modprobe bma400_i2c || return 1
    echo "$NAME $ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    echo "bma400 0x14" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    wait_until 100 iio_dev "$NAME" > /dev/null && wait_until 100 iio_dev bma400 > /dev/null
}

# The emulators of the chip's self-clearing conversion bit (EMULATE): one pinned to each guest CPU at real-time
# priority, so that whichever CPU runs the driver after its sleep has polled since the command (the BMP180's driver
# reads the bit once, 4.5 ms after starting a temperature conversion; ConversionEmulator). Each logs what it did,
# and the longest time between two of its polls, to /tmp/conversions-CPU.log when stopped.
start_conversion_emulator() {
    [ -n "$EMULATE" ] || return 0
    EMULATOR_PIDS=
    for cpu in $(seq 0 $(($(grep -c ^processor /proc/cpuinfo) - 1))); do
        rm -f "/host/tmp/conversions-ready-$cpu"
        chroot /host chrt -f 50 taskset -c "$cpu" "$HUB" barometer --chip "$EMULATE" --bus "$CHIP_BUS" \
            --address "$ADDR" --ready-file "/tmp/conversions-ready-$cpu" > "/tmp/conversions-$cpu.log" 2>&1 &
        EMULATOR_PIDS="$EMULATOR_PIDS $!"
        wait_until 300 test -e "/host/tmp/conversions-ready-$cpu" || return 1
    done
}
stop_conversion_emulator() {
    [ -n "$EMULATOR_PIDS" ] || return 0
    for pid in $EMULATOR_PIDS; do kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
    EMULATOR_PIDS=
    for log in /tmp/conversions-*.log; do
        cp "$log" "/results/$NAME-${log#/tmp/}" 2>/dev/null
        DETAILS="$DETAILS emulator on CPU $(basename "$log" .log | cut -d- -f2): $(tail -1 "$log");"
    done
    rm -f /tmp/conversions-*.log
}

# The emulator goes after the chip (its driver may convert until deleted) and before the adapter it holds open.
baro_unbind() {
    stop_bma400_feeder
    for address in "$ADDR" 0x14; do echo "$address" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/delete_device" 2>/dev/null; done
    wait_until 50 sh -c '! ls /sys/bus/iio/devices/ | grep -q device'
    stop_conversion_emulator
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

# check_climb FLOORS: the summary's altitude within CLIMB_TOLERANCE of the climb, FLOORS up and none down.
check_climb() {
    set -- $SUMMARY "$1"
    near "$1" "$CLIMB_METERS" "$CLIMB_TOLERANCE" && DETAILS="$DETAILS climbed ${1} m;" \
        || REASONS="$REASONS altitude ${1:-none} m, expected $CLIMB_METERS ± $CLIMB_TOLERANCE;"
    [ "$2" = "$4" ] && [ "$3" = 0 ] && DETAILS="$DETAILS floors $2 up, $3 down;" || REASONS="$REASONS floors '$2' up, '$3' down, expected $4 up and 0 down;"
}

# check_readings OUT: what the emulated chip's conversions delivered. The altitude rows' pressure (kPa) at the start
# and end of the climb within 2 Pa of what was written (the BMP180 compensates to 1 Pa), and the driver's temperature
# (input, or (raw + offset) × scale) times TEMP_CORRECTION in the ABI's milli-°C against the preset's, with `info`
# showing that correction.
check_readings() {
    first=$(q 'select(.pressure) | .pressure' "$1" | head -1)
    last=$(q 'select(.pressure) | .pressure' "$1" | tail -1)
    top=$(climb_pressures | H /usr/bin/awk '{ print $NF / 1000 }')
    near "$first" "$(awk -v p="$BASE_PA" 'BEGIN { print p / 1000 }')" 0.002 && near "$last" "$top" 0.002 \
        && DETAILS="$DETAILS pressure $first → $last kPa;" \
        || REASONS="$REASONS pressure $first → $last kPa, written $BASE_PA Pa → $top kPa ± 2 Pa;"
    dir=$(iio_dev "$NAME")
    if [ -r "$dir/in_temp_input" ]; then
        milli=$(cat "$dir/in_temp_input")
    else
        temp_offset=$(cat "$dir/in_temp_offset" 2>/dev/null || echo 0)
        milli=$(H /usr/bin/awk -v r="$(cat "$dir/in_temp_raw")" -v o="$temp_offset" -v s="$(cat "$dir/in_temp_scale")" \
            'BEGIN { print (r + o) * s }')
    fi
    milli=$(awk -v m="$milli" -v f="${TEMP_CORRECTION:-1}" 'BEGIN { print m * f }')
    near "$milli" "$(awk -v c="$CELSIUS" 'BEGIN { print c * 1000 }')" 100 \
        && DETAILS="$DETAILS temperature $milli m°C (driver × ${TEMP_CORRECTION:-1});" \
        || REASONS="$REASONS temperature $milli m°C (driver × ${TEMP_CORRECTION:-1}), the preset is $CELSIUS °C;"
    got=$(q '.barometers[0].temperature.scale_correction.factor' /tmp/baro-info.json)
    [ "$got" = "${TEMP_CORRECTION:-null}" ] && DETAILS="$DETAILS info correction $got;" \
        || REASONS="$REASONS info's temperature correction '$got', expected ${TEMP_CORRECTION:-null};"
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
    [ -n "$EMULATE" ] && check_readings "/tmp/altitude-$1.jsonl"
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

for chip in bmp280 bme280 dps310 lps22hb lps25h bmp180 mpl3115; do
    eval "scenario_baro_$chip() { baro_scenario $chip; }"
done
