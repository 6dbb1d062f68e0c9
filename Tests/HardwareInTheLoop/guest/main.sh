# Guest side of the hardware-in-the-loop tier (busybox sh, run by the initramfs's /init, PID 1).
# Prepares the chroot into the host root, loads the drivers, creates the virtual devices, starts iiod, runs the
# guest scenarios, lets the host run the remote ones, then the destructive ones, and powers off.
here="/host$hil_repo/Tests/HardwareInTheLoop"
. "$here/guest/lib.sh"
# Host programs run through chroot, which searches this PATH in the host root (the initramfs only has /bin).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# The motion both virtual devices play, and that scenarios compare against: a still tilt with a gyro bias, so that
# every axis of every sensor carries a distinct non-zero value.
TRUTH_ARGS="--trajectory tilt --gyro-bias 0.02,-0.015,0.01 --accel-offset 0,0,0 --seed 7"
echo "$TRUTH_ARGS" > /results/truth-args

finish() {
    touch /results/finished
    sync
    say "done"
    poweroff -f
}

# The chroot: kernel filesystems and writable scratch space over the read-only host root.
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -t devtmpfs dev /host/dev
# A tmpfs over /tmp hides a repository, build or kernel cache that lives under the host's /tmp: keep a view of the
# host's /tmp and bind those paths back.
mkdir -p /host-tmp
mount -o bind /host/tmp /host-tmp
mount -t tmpfs tmp /host/tmp
for path in "$hil_repo" "$hil_bin" "$hil_modules"; do
    case "$path" in
        /tmp/*) mkdir -p "/host$path" && mount -o bind "/host-tmp/${path#/tmp/}" "/host$path" ;;
    esac
done
mount -t tmpfs run /host/run
mount -o bind "/host$hil_modules" /lib/modules

say "loading drivers"
for module in uhid hid-sensor-hub hid-sensor-accel-3d hid-sensor-gyro-3d hid-sensor-magn-3d i2c-dev virtio_net; do
    modprobe "$module" || say "modprobe $module failed"
done
# One stub adapter answering at two addresses: the BMI160 (0x68) and the BMA400 (0x14).
modprobe i2c-stub chip_addr=0x68,0x14 || say "modprobe i2c-stub failed"
modprobe bmi160_i2c || say "modprobe bmi160_i2c failed"
modprobe bma400_i2c || say "modprobe bma400_i2c failed"

# Virtual laptop sensor hub.
# Started with chroot directly (not through the H function) so that $! is the hub itself, for the unplug scenario.
# Real-time priority keeps the report cadence steady while streams and fusion run beside it in the slow guest.
# Every report it sends is logged (/host/tmp/hub-sends.log), so that check-stream can tell its own stalls (the guest
# descheduled on a loaded host) from a stream's losses.
chroot /host chrt -f 50 "$HUB" hub $TRUTH_ARGS --send-log /tmp/hub-sends.log > /tmp/hub.log 2>&1 &
HUB_PID=$!
for _ in $(seq 300); do
    iio_dev accel_3d >/dev/null && iio_dev gyro_3d >/dev/null && iio_dev magn_3d >/dev/null && break
    sleep 0.1
done
if iio_dev accel_3d >/dev/null; then touch /results/booted; else say "hub devices did not appear"; cat /tmp/hub.log; dmesg | tail -30; fi

# Virtual SBC IMU: i2c-stub at 0x68 with the BMI160 chip id and ranges preset, the driver bound by hand.
STUB_BUS=
for adapter in /sys/bus/i2c/devices/i2c-*; do
    [ "$(cat "$adapter/name" 2>/dev/null)" = "SMBus stub driver" ] && STUB_BUS=${adapter##*/i2c-}
done
if [ -n "$STUB_BUS" ]; then
    i2cset -y "$STUB_BUS" 0x68 0x00 0xd1 b
    i2cset -y "$STUB_BUS" 0x68 0x40 0x28 b
    i2cset -y "$STUB_BUS" 0x68 0x41 0x03 b
    i2cset -y "$STUB_BUS" 0x68 0x42 0x28 b
    echo bmi160 0x68 > "/sys/bus/i2c/devices/i2c-$STUB_BUS/new_device"
    chroot /host chrt -f 50 "$HUB" bmi160 --bus "$STUB_BUS" --rate 100 $TRUTH_ARGS > /tmp/bmi160.log 2>&1 &
    FEEDER_PID=$!
    # Virtual step counter: a BMA400 beside it, bound after it (so the BMI160 is the first polled IMU), with the
    # chip id and ACC_CONFIG1 (±2 g, 100 Hz) preset; its feeder walks and counts steps only while they are enabled.
    i2cset -y "$STUB_BUS" 0x14 0x00 0x90 b
    i2cset -y "$STUB_BUS" 0x14 0x1a 0x08 b
    echo bma400 0x14 > "/sys/bus/i2c/devices/i2c-$STUB_BUS/new_device"
    start_idle_bma400_feeder
else
    say "no i2c-stub adapter"
fi

# Network and iiod, so the host reaches these devices at ip:127.0.0.1:PORT.
ip link set lo up
ip link set eth0 up
ip addr add 10.0.2.15/24 dev eth0
ip route add default via 10.0.2.2
chroot /host iiod > /tmp/iiod.log 2>&1 &
IIOD_PID=$!
for _ in $(seq 100); do
    netstat -ltn 2>/dev/null | grep -q ':30431 ' && break
    sleep 0.1
done
netstat -ltn 2>/dev/null | grep -q ':30431 ' || { say "iiod is not listening:"; cat /tmp/iiod.log; }

. "$here/guest/scenarios.sh"

for name in $GUEST_SCENARIOS; do scenario "$name"; done

# Remote stage: the host runs its scenarios against iiod while the devices keep playing.
touch /results/remote-ready
for _ in $(seq 1200); do
    [ -e /results/remote-done ] && break
    sleep 0.1
done
[ -e /results/remote-done ] || say "host did not finish its remote scenarios within 120 s"

for name in $DESTRUCTIVE_SCENARIOS; do scenario "$name"; done

# Last, one chip at a time on a fresh stub adapter (the devices above are removed first; docs/hardware.md).
. "$here/guest/chips.sh"
for name in $CHIP_SCENARIOS; do scenario "$name"; done
# Then the barometers, the same way (each beside a BMA400; guest/barometers.sh).
. "$here/guest/barometers.sh"
for name in $BARO_SCENARIOS; do scenario "$name"; done

say "hub log:"; tail -5 /tmp/hub.log; tail -2 /tmp/sway.log 2>/dev/null
# CPU seconds (user + system) the register feeders used, against the guest's uptime: their share of the load.
cpu() { [ -n "$1" ] && [ -r "/proc/$1/stat" ] && awk '{ printf "%.1f", ($14 + $15) / 100 }' "/proc/$1/stat" || echo "not running"; }
say "feeder CPU seconds at uptime $(cut -d' ' -f1 /proc/uptime): bmi160 $(cpu "$FEEDER_PID"), bma400 $(cpu "$BMA400_PID") (since its last start)"
say "iiod log:"; tail -5 /tmp/iiod.log
finish
