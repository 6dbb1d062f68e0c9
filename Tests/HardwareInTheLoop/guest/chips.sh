# Chip scenarios (busybox sh, sourced by main.sh): each binds one real kernel driver on i2c-stub (HIL-FACTS.md,
# "Forty more chips on i2c-stub"), writes its data registers for a known tilt (and rotation rate, field), and checks
# through bodyreadings as a user would: available --json, info --json (SI scale, the quirk's correction), stream
# (gravity within 1° and |g| within 1 %, the mount matrix applied), a change of the registers mid-stream, and
# calibrate gyro recovering a written rate. Run last: they take the stub adapter over, one chip at a time.
# docs/hardware.md lists these chips; Tests/HardwareInTheLoop/check-hardware-table compares it with this file.

CHIP_SCENARIOS="chip-mpu6050 chip-lsm6ds3 chip-kxcj91008 chip-bmc150-accel chip-fxos8700 chip-mpu9250 chip-lis3mdl
chip-hmc5883l chip-fxas21002c chip-mpu6500 chip-icm20602 chip-icm20608 chip-lsm6dso chip-kmx61 chip-lis3dh
chip-lsm303dlhc-accel chip-lis2dw12 chip-bma250e chip-kxtj21009 chip-mxc4005 chip-stk8ba50 chip-da280 chip-l3gd20
chip-bmg160 chip-ak8975 chip-ak8963 chip-ak09911 chip-ak09916 chip-lis2mdl chip-mag3110 chip-mma8452 chip-mma8451
chip-bmm150 chip-mmc35240"

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
# the count shifted left by `shift`, or per axis "x,y,z"), word (one SMBus word write) or mmc35240 (below).
# si_per_count is the datasheet's unit per count (m/s², rad/s, µT): the truth the tool's scale (with its
# correction) must reproduce.
# STUB_ARGS: more i2c-stub parameters. BESIDE=bma400: a magnetometer alone is bound beside a BMA400 standing at
# 0x14 (BMA400_PRESETS), whose accelerometer (BMA400_ACCEL) gives stream its gravity and the heading its tilt.
chip_spec() {
    MODULE= NAME= ADDR= PRESETS= DEVICES= ACCEL= GYRO= MAGN= EXPECT= CORRECTION= STUB_ARGS= BESIDE=
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
    mpu6500|icm20602|icm20608)
        # WHO_AM_I: 0x70, 0x12, 0xaf.
        MODULE=inv-mpu6050-i2c NAME=$1 ADDR=0x68 DEVICES=$1
        PRESETS="0x75=$(echo "mpu6500=0x70 icm20602=0x12 icm20608=0xaf" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2)"
        ACCEL="be16 0 0x3b 0x3d 0x3f 0.000598550" GYRO="be16 0 0x43 0x45 0x47 0.001064724"
        EXPECT="true true false true" ;;
    lsm6dso)
        MODULE=st_lsm6dsx_i2c NAME=lsm6dso ADDR=0x6a PRESETS="0x0f=0x6c" DEVICES="lsm6dso_accel lsm6dso_gyro"
        ACCEL="le16 0 0x28 0x2a 0x2c 0.000598205" GYRO="le16 0 0x22 0x24 0x26 0.000152716"
        EXPECT="true true false true" ;;
    kmx61)
        # Two IIO devices, both named kmx611021: the accelerometer and the magnetometer.
        MODULE=kmx61 NAME=kmx611021 ADDR=0x0e PRESETS="0x00=0x12" DEVICES=kmx611021
        ACCEL="word 4 0x0a 0x0c 0x0e 0.019153" MAGN="word 2 0x12 0x14 0x16 0.1465"
        EXPECT="true false true false" ;;
    lis3dh|lsm303dlhc-accel)
        # ST sensors read register R at R|0x80 (multi-read): WHO_AM_I at 0x0f and 0x8f, data at 0xa8.
        MODULE=st_accel_i2c NAME=$(echo "$1" | tr - _) ADDR=0x18 PRESETS="0x0f=0x33 0x8f=0x33"
        DEVICES=$NAME
        ACCEL="le16 4 0xa8 0xaa 0xac 0.00980665" EXPECT="true false false false" ;;
    lis2dw12)
        MODULE=st_accel_i2c NAME=lis2dw12 ADDR=0x18 PRESETS="0x0f=0x44" DEVICES=lis2dw12
        ACCEL="le16 4 0x28 0x2a 0x2c 0.0095713" EXPECT="true false false false" ;;
    bma250e)
        MODULE=bmc150-accel-i2c NAME=bma250e ADDR=0x18 PRESETS="0x00=0xf9" DEVICES=bma250e
        ACCEL="le16 6 0x02 0x04 0x06 0.0766145" EXPECT="true false false false" ;;
    kxtj21009)
        MODULE=kxcjk-1013 NAME=kxtj21009 ADDR=0x0f DEVICES=kxtj21009
        ACCEL="word 4 0x06 0x08 0x0a 0.019163" EXPECT="true false false false" ;;
    mxc4005)
        # No sampling_frequency attribute and no mount matrix.
        MODULE=mxc4005 NAME=mxc4005 ADDR=0x15 DEVICES=mxc4005
        ACCEL="be16 4 0x03 0x05 0x07 0.0095768" EXPECT="true false false false" ;;
    stk8ba50)
        # in_accel_sampling_frequency_available fails to read (EINVAL). Its scale table rounds 9.80665/256 (the
        # datasheet's 256 counts per g at ±2 g) to 0.0384, 0.24 % high: the driver's figure is the unit here.
        MODULE=stk8ba50 NAME=stk8ba50 ADDR=0x18 DEVICES=stk8ba50
        ACCEL="word 6 0x02 0x04 0x06 0.0384" EXPECT="true false false false" ;;
    da280)
        MODULE=da280 NAME=da280 ADDR=0x27 PRESETS="0x01=0x13" DEVICES=da280
        ACCEL="word 2 0x02 0x04 0x06 0.0023942" EXPECT="true false false false" ;;
    l3gd20)
        MODULE=st_gyro_i2c NAME=l3gd20 ADDR=0x6a PRESETS="0x0f=0xd4 0x8f=0xd4" DEVICES=l3gd20
        GYRO="le16 0 0xa8 0xaa 0xac 0.000152716" EXPECT="false true false false" ;;
    bmg160)
        MODULE=bmg160_i2c NAME=bmg160 ADDR=0x68 PRESETS="0x00=0x0f" DEVICES=bmg160
        GYRO="le16 0 0x02 0x04 0x06 0.00026632" EXPECT="false true false false" ;;
    ak8975|ak8963)
        # WIA, data ready in ST1 (else every read waits ~1 s and fails), sensitivity adjustment 0x80 (× 1).
        MODULE=ak8975 NAME=$1 ADDR=0x0c PRESETS="0x00=0x48 0x02=0x01 0x10=0x80 0x11=0x80 0x12=0x80" DEVICES=$1
        [ "$1" = ak8975 ] && MAGN="le16 0 0x03 0x05 0x07 0.3" || MAGN="le16 0 0x03 0x05 0x07 0.6"
        EXPECT="false false true false" ;;
    ak09911|ak09916)
        # WIA2 0x05 / 0x09, ST1 ready, data at 0x11. The AK09916 has no fuse ROM, but 6.1's driver reads sensitivity
        # adjustments at 0x60–0x62 for it as for the AK09911 and scales by (ASA + 128) / 256: a stub's 0 there halves
        # its scale (0.075 µT per count, seen), so the neutral 0x80 is written for both. What a real AK09916 answers
        # at 0x60 is not known here.
        MODULE=ak8975 NAME=$1 ADDR=0x0c DEVICES=$1
        PRESETS="0x00=0x48 0x01=$([ "$1" = ak09911 ] && echo 0x05 || echo 0x09) 0x10=0x01 0x60=0x80 0x61=0x80 0x62=0x80"
        [ "$1" = ak09911 ] && MAGN="le16 0 0x11 0x13 0x15 0.6" || MAGN="le16 0 0x11 0x13 0x15 0.15"
        EXPECT="false false true false" ;;
    lis2mdl)
        MODULE=st_magn_i2c NAME=lis2mdl ADDR=0x1e PRESETS="0x4f=0x40" DEVICES=lis2mdl
        MAGN="le16 0 0x68 0x6a 0x6c 0.15" EXPECT="false false true false" ;;
    mag3110)
        MODULE=mag3110 NAME=mag3110 ADDR=0x0e PRESETS="0x07=0xc4 0x00=0x0f" DEVICES=mag3110
        MAGN="be16 0 0x01 0x03 0x05 0.1" EXPECT="false false true false" ;;
    mma8452|mma8451)
        # WHO_AM_I 0x2a / 0x1a, STATUS data ready. Probe sets CTRL_REG2's soft-reset bit (0x2b bit 6) and reads it
        # back ten times within 2 ms until the chip clears it; i2c-stub's banked registers do: that bit selects bank
        # 1 for register 0x2b, which holds 0, so every read after the write finds the reset done. 12-bit (8452) and
        # 14-bit (8451) counts left-justified, ±2 g: 1024 and 4096 counts per g.
        MODULE=mma8452 NAME=$1 DEVICES=$1 STUB_ARGS="bank_reg=0x2b bank_mask=0x40 bank_start=0x2b bank_end=0x2b"
        if [ "$1" = mma8452 ]; then
            ADDR=0x1c PRESETS="0x0d=0x2a 0x00=0x0f" ACCEL="be16 4 0x01 0x03 0x05 0.0095768"
        else
            ADDR=0x1d PRESETS="0x0d=0x1a 0x00=0x0f" ACCEL="be16 2 0x01 0x03 0x05 0.0023942"
        fi
        EXPECT="true false false false" ;;
    bmm150)
        # Chip id and trim registers (0x5d-0x71) that make 6.1's compensation (bmc150_magn_compensate_*, the
        # datasheet's) the identity: x2 = y2 = -128 (factor (x2 + 160) / 32 = 1), x1 = y1 = xy1 = xy2 = z3 = z4 = 0,
        # xyz1 = 4096 with RHALL = 4096 (0x48), z1 = 8 and z2 = 32767 (divisor z2 + (2·z1·RHALL + 2^15) >> 16 = 2^15):
        # the compensated value is the count, 16 per µT. All-zero trim divides by zero. X and Y are 13 bits above
        # three flag bits, Z 15 bits above one.
        MODULE=bmc150_magn_i2c NAME=bmm150_magn ADDR=0x10 DEVICES=bmm150_magn BESIDE=bma400
        PRESETS="0x40=0x32 0x64=0x80 0x65=0x80 0x68=0xff 0x69=0x7f 0x6a=0x08 0x6b=0x00 0x6c=0x00 0x6d=0x10 0x48=0x00
            0x49=0x40"
        MAGN="le16 3,3,1 0x42 0x44 0x46 0.0625" EXPECT="true false true false" ;;
    mmc35240)
        # Measurement done (STATUS 0x06 bit 0); the stub holds 0 at its fuse registers (0x1b-0x20), so the driver
        # reports x, y − z and 1.35 (y + z) of the unsigned counts less 32768, 1024 per Gauss: the mmc35240
        # encoding inverts that, in milligauss (0.1 µT) per reported count.
        MODULE=mmc35240 NAME=mmc35240 ADDR=0x30 DEVICES=mmc35240 BESIDE=bma400 PRESETS="0x06=0x01"
        MAGN="mmc35240 0 0x00 0x02 0x04 0.1" EXPECT="true false true false" ;;
    esac
}

# The BMA400 beside a magnetometer alone (and the barometers): chip id, ACC_CONFIG1 100 Hz, standing (z = 1 g);
# its accelerometer, 12-bit two's complement at 0x04-0x09, 1024 counts per g.
BMA400_PRESETS="0x00=0x90 0x1a=0x08 0x08=0x00 0x09=0x04"
BMA400_ACCEL="le16 0 0x04 0x06 0x08 0.0095768"

# put SPEC VALUES [ADDRESS]: writes the three values (in the sensor's SI unit) as counts into the registers of the
# chip at ADDRESS (default ADDR). The mmc35240 encoding writes the unsigned counts (32768 + 1.024 per reported
# count) whose x, y − z and 1.35 (y + z) are the values.
put() {
    address=${3:-$ADDR}
    set -- $1 $2
    encoding=$1 shift_bits=$2 rx=$3 ry=$4 rz=$5 unit=$6; shift 6
    [ "$encoding" = mmc35240 ] && set -- $(echo "$@" | H /usr/bin/awk -v u="$unit" '{ y = $2 / u; z = $3 / u / 1.35
        printf "%.4f %.4f %.4f", $1 / u * 1.024, (y + z) / 2 * 1.024, (z - y) / 2 * 1.024 }') && unit=1
    axis=0
    for register in $rx $ry $rz; do
        axis=$((axis + 1))
        word=$(H /usr/bin/awk -v v="$1" -v u="$unit" -v s="$(echo "$shift_bits" | cut -d, -f$axis)" -v e="$encoding" 'BEGIN { c = v / u; c = (c < 0 ? -int(-c + 0.5) : int(c + 0.5)) * 2 ^ s; if (e == "mmc35240") c += 32768; else if (c < 0) c += 65536; printf "%d", c }')
        low=$((word & 255)) high=$((word >> 8))
        # In hex: busybox's i2cset reads a data address as hex whatever its spelling ("60" is 0x60).
        next=$(printf '0x%02x' $((register + 1)))
        case $encoding in
            be16) i2cset -f -y "$CHIP_BUS" "$address" "$register" "$high" b; i2cset -f -y "$CHIP_BUS" "$address" "$next" "$low" b ;;
            le16|mmc35240) i2cset -f -y "$CHIP_BUS" "$address" "$register" "$low" b; i2cset -f -y "$CHIP_BUS" "$address" "$next" "$high" b ;;
            word) i2cset -f -y "$CHIP_BUS" "$address" "$register" "$word" w ;;
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

# stub_load ADDRESSES: a fresh stub adapter answering at ADDRESSES (comma-separated; STUB_ARGS for the first), its
# bus in CHIP_BUS, the chip's PRESETS written at ADDR.
stub_load() {
    modprobe i2c-stub chip_addr="$1" $STUB_ARGS || return 1
    CHIP_BUS=
    for adapter in /sys/bus/i2c/devices/i2c-*; do
        [ "$(cat "$adapter/name" 2>/dev/null)" = "SMBus stub driver" ] && CHIP_BUS=${adapter##*/i2c-}
    done
    [ -n "$CHIP_BUS" ] || return 1
    for preset in $PRESETS; do i2cset -y "$CHIP_BUS" "$ADDR" "${preset%%=*}" "${preset#*=}" b; done
}

# Binds the chip of chip_spec on a fresh stub adapter (and the BMA400 BESIDE it); sets CHIP_BUS.
chip_bind() {
    if [ -n "$BESIDE" ]; then
        stub_load "$ADDR,0x14" || return 1
        for preset in $BMA400_PRESETS; do i2cset -y "$CHIP_BUS" 0x14 "${preset%%=*}" "${preset#*=}" b; done
        modprobe bma400_i2c || return 1
        echo "bma400 0x14" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
        wait_until 100 iio_dev bma400 > /dev/null || return 1
    else
        stub_load "$ADDR" || return 1
    fi
    modprobe "$MODULE" || return 1
    echo "$NAME $ADDR" > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/new_device"
    for device in $DEVICES; do wait_until 100 iio_dev "$device" > /dev/null || return 1; done
}

chip_unbind() {
    [ -n "$BESIDE" ] && echo 0x14 > "/sys/bus/i2c/devices/i2c-$CHIP_BUS/delete_device" 2>/dev/null
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

# heading_error "w x y z" "v (3)": the angle (degrees, east of north) of the horizontal part of v rotated by the
# quaternion into the reference frame (ENU).
heading_error() {
    echo "$1 $2" | H /usr/bin/awk '{ w = $1; x = $2; y = $3; z = $4
        e = (1 - 2*(y*y + z*z)) * $5 + 2*(x*y - w*z) * $6 + 2*(x*z + w*y) * $7
        n = 2*(x*y + w*z) * $5 + (1 - 2*(x*x + z*z)) * $6 + 2*(y*z - w*x) * $7
        if (NF == 7) printf "%.3f", atan2(e, n) * 180 / 3.14159265 }'
}

# gravity_rows FILE: "x y z" of each jsonl row's gravity.
gravity_rows() { q 'select(.gravity) | "\(.gravity.x) \(.gravity.y) \(.gravity.z)"' "$1"; }

chip_scenario() {
    chip=$1
    chip_spec "$chip"
    chips_prepare
    chip_bind || { fail "bind failed: $(dmesg | tail -3 | tr '\n' ' ')"; chip_unbind; return; }
    REASONS= DETAILS= ACCEL_AT=$ADDR
    [ -n "$BESIDE" ] && ACCEL=$BMA400_ACCEL ACCEL_AT=0x14
    [ -n "$ACCEL" ] && put "$ACCEL" "$(scaled "$TILT" $G)" "$ACCEL_AT"
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
    # 2b. The field in SI (a magnetometer with an accelerometer, whose heading is checked below): each axis's sysfs
    #     count times the tool's SI scale (info's, with its correction) is the written field, within 0.5 µT.
    if [ -n "$ACCEL" ] && [ -n "$MAGN" ]; then
        for device in /sys/bus/iio/devices/iio:device*; do [ -e "$device/in_magn_x_raw" ] && magn_dir=$device; done
        field=
        for axis in x y z; do
            index=$(echo "x=0 y=1 z=2" | tr ' ' '\n' | grep "^$axis=" | cut -d= -f2)
            unit=$(q "[.sensors[] | select(.kind == \"magnetometer\")][0] | (.scale[$index] // .scale[0]) * (.scale_correction.factor // 1) * .unit_factor" /tmp/chip-info.json)
            field="$field $(H /usr/bin/awk -v c="$(cat "$magn_dir/in_magn_${axis}_raw" 2>/dev/null)" -v u="$unit" 'BEGIN { printf "%.3f", c * u }')"
        done
        check_vector "field µT" "$field" "$FIELD" 0.5
    fi
    # 3. stream: gravity within 1° of the written tilt through the mount matrix, |g| within 1 %, judged on the 20th
    #    row. 4. A new tilt written mid-stream: seen within two rows of a raw stream (IMUs), within ten updates of
    #    gravity (an accelerometer alone: five of its low pass's time constants). An accelerometer alone does both
    #    in one stream (each start of a Swift program costs seconds here); an IMU's gravity needs the fused stream,
    #    its change the raw one.
    if [ -n "$ACCEL" ]; then
        if [ -n "$GYRO" ]; then
            H timeout 60 "$BODYREADINGS" stream --interval 0.05 --count 20 --format jsonl --no-calibration \
                > /tmp/chip-stream.jsonl 2> /tmp/chip-stream.err || REASONS="$REASONS stream exited $?: $(tail -c 150 /tmp/chip-stream.err);"
            args="--raw --interval 0.05"; limit=2; first=8
        else
            args="--interval 0.05 --format jsonl"; limit=10; first=20
        fi
        # Until enough rows after the write are in, however slowly the guest polls (SIGINT ends it; the duration
        # only bounds a stream that stops delivering).
        chroot /host "$BODYREADINGS" stream $args --duration 120 --no-calibration \
            > /tmp/chip-change.out 2> /tmp/chip-change.err &
        pid=$!
        wait_until 600 sh -c "[ \"\$(wc -l < /tmp/chip-change.out)\" -ge $first ]"
        # Rows from here on were read after every register of the new tilt was written.
        put "$ACCEL" "$(scaled "$TILT2" $G)" "$ACCEL_AT"
        before=$(wc -l < /tmp/chip-change.out)
        wait_until 600 sh -c "[ \"\$(wc -l < /tmp/chip-change.out)\" -ge $((before + limit + 4)) ]"
        kill -INT "$pid" 2>/dev/null
        wait "$pid" || REASONS="$REASONS stream exited $? on SIGINT: $(tail -c 150 /tmp/chip-change.err);"
        if [ -z "$GYRO" ]; then
            head -n "$first" /tmp/chip-change.out > /tmp/chip-stream.jsonl; cp /tmp/chip-change.err /tmp/chip-stream.err
        fi
        cp /tmp/chip-stream.jsonl "/results/stream-$chip.jsonl"; cp /tmp/chip-stream.err "/results/stream-$chip.err"
        cp /tmp/chip-change.out "/results/change-$chip.out"
        expected=$(apply "$(mount accelerometer)" "$(scaled "$TILT" $G)")
        set -- $(compare "$(gravity_rows /tmp/chip-stream.jsonl | tail -1)" "$expected")
        H /usr/bin/awk -v a="$1" -v r="$2" 'BEGIN { exit !(a != "" && a <= 1 && r >= 0.99 && r <= 1.01) }' \
            && DETAILS="$DETAILS gravity ${1}° off, |g| ×$2;" || REASONS="$REASONS gravity ${1}° off, |g| ×$2 (expected $expected);"
        expected2=$(apply "$(mount accelerometer)" "$(scaled "$TILT2" $G)")
        if [ -n "$GYRO" ]; then
            rows=$(H /usr/bin/awk -F, -v b="$before" 'NR > b + 2 { print $2, $3, $4 }' < /tmp/chip-change.out)
        else
            rows=$(gravity_rows /tmp/chip-change.out | H /usr/bin/awk -v b="$before" -v l="$limit" 'NR > b + l')
        fi
        # The largest angle of those rows from the new tilt, in one awk.
        late=$(echo "$rows" | H /usr/bin/awk -v e="$expected2" 'BEGIN { split(e, w, " ") }
            NF == 3 { d = $1*w[1] + $2*w[2] + $3*w[3]
                c = d / (sqrt($1*$1 + $2*$2 + $3*$3) * sqrt(w[1]*w[1] + w[2]*w[2] + w[3]*w[3]))
                if (c > 1) c = 1; if (c < -1) c = -1
                a = atan2(sqrt(1 - c*c), c) * 180 / 3.14159265; n++; if (a > m) m = a }
            END { if (n) printf "%.3f", m }')
        H /usr/bin/awk -v a="$late" 'BEGIN { exit !(a != "" && a <= 1) }' \
            && DETAILS="$DETAILS new tilt within $limit rows;" \
            || REASONS="$REASONS new tilt not seen within $limit rows of row $before (${late:-no rows after}°);"
        put "$ACCEL" "$(scaled "$TILT" $G)" "$ACCEL_AT"
    fi
    # 4b. Heading (an accelerometer with a magnetometer: an IMU's fused attitude, or the tilt filter's compass without
    #     a gyroscope): the last row's attitude turns the written field, through the
    #     magnetometer's mount matrix, into the reference frame (ENU): its horizontal part must point north, within 1°.
    if [ -n "$ACCEL" ] && [ -n "$MAGN" ]; then
        attitude=$(q 'select(.attitude) | "\(.attitude.w) \(.attitude.x) \(.attitude.y) \(.attitude.z)"' /tmp/chip-stream.jsonl \
            | tail -1)
        heading=$(heading_error "$attitude" "$(apply "$(mount magnetometer)" "$FIELD")")
        H /usr/bin/awk -v a="$heading" 'BEGIN { exit !(a != "" && a <= 1 && a >= -1) }' \
            && DETAILS="$DETAILS heading ${heading}° from the field's north;" \
            || REASONS="$REASONS heading ${heading:-none}° off the written field's north;"
    fi
    # 5. calibrate gyro recovers a rate written as the gyroscope's bias (through the mount matrix), within 2 counts.
    if [ -n "$GYRO" ] && [ -n "$ACCEL" ]; then
        put "$GYRO" "$RATE"
        H timeout -k 5 90 "$BODYREADINGS" calibrate gyro --duration 2 --dry-run --json > /tmp/chip-cal.json 2> /tmp/chip-cal.err \
            || REASONS="$REASONS calibrate gyro exited $?: $(tail -c 150 /tmp/chip-cal.err);"
        cp /tmp/chip-cal.err "/results/cal-$chip.err"
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
