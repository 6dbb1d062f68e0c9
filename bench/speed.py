"""bench/speed: our fusion core and `fuse` against VQF (C++ via its PyPI package) and a pandas pipeline."""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import broad_lib as lib  # noqa: E402

RATE = 1000
COUNT = 100_000


def trajectory(count=COUNT, rate=RATE, seed=42):
    """The trajectory of `bodyreadings benchmark` (BenchmarkCommand.Trajectory): same formulas, rate and length.

    The noise comes from numpy instead of SplitMix64; the filters' cost does not depend on its digits."""
    t = np.arange(count) / rate
    roll, roll_rate = 0.8 * np.sin(0.7 * t), 0.56 * np.cos(0.7 * t)
    pitch, pitch_rate = 0.5 * np.sin(0.9 * t + 1), 0.45 * np.cos(0.9 * t + 1)
    yaw, yaw_rate = 2 * np.sin(0.3 * t), 0.6 * np.cos(0.3 * t)
    body = np.column_stack([
        roll_rate - yaw_rate * np.sin(pitch),
        pitch_rate * np.cos(roll) + yaw_rate * np.cos(pitch) * np.sin(roll),
        -pitch_rate * np.sin(roll) + yaw_rate * np.cos(pitch) * np.cos(roll),
    ])
    cr, sr = np.cos(roll / 2), np.sin(roll / 2)
    cp, sp = np.cos(pitch / 2), np.sin(pitch / 2)
    cy, sy = np.cos(yaw / 2), np.sin(yaw / 2)
    q = np.column_stack([cy * cp * cr + sy * sp * sr, cy * cp * sr - sy * sp * cr,
                         cy * sp * cr + sy * cp * sr, sy * cp * cr - cy * sp * sr])
    rng = np.random.default_rng(seed)
    gravity = inverse_rotate(q, np.array([0, 0, 9.81]))
    linear = np.outer(0.5 * np.sin(3 * t), [1, 0.5, -0.3])
    field = inverse_rotate(q, np.array([0, 20, -40]))
    acc = gravity + linear + rng.uniform(-0.05, 0.05, (count, 3))
    gyr = body + np.array([0.01, -0.02, 0.015]) + rng.uniform(-0.002, 0.002, (count, 3))
    mag = field + rng.uniform(-0.3, 0.3, (count, 3))
    return t, np.ascontiguousarray(acc), np.ascontiguousarray(gyr), np.ascontiguousarray(mag)


def inverse_rotate(q, v):
    """Rotates v (3,) or (N,3) by the inverse of each quaternion q (N,4)."""
    w, u = q[:, :1], -q[:, 1:]
    v = np.broadcast_to(v, u.shape)
    t = 2 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


def vqf_core(seconds):
    import vqf
    _, acc, gyr, mag = trajectory()
    out = {}
    for label, m in (("6d", None), ("9d", mag)):
        total, elapsed = 0, 0.0
        vqf.VQF(1 / RATE).updateBatch(gyr, acc) if m is None else vqf.VQF(1 / RATE).updateBatch(gyr, acc, m)
        while elapsed < seconds:
            f = vqf.VQF(1 / RATE)  # a fresh filter every pass, as `bodyreadings benchmark` does
            start = time.perf_counter()
            if m is None:
                f.updateBatch(gyr, acc)
            else:
                f.updateBatch(gyr, acc, m)
            elapsed += time.perf_counter() - start
            total += COUNT
        out[label] = {"samples_per_second": total / elapsed, "ns_per_sample": elapsed / total * 1e9}
    return out


def pandas_pipeline(src, dst):
    import pandas
    import vqf
    frame = pandas.read_csv(src)
    t = frame["t"].to_numpy()
    acc = np.ascontiguousarray(frame[["accel_x", "accel_y", "accel_z"]].to_numpy())
    gyr = np.ascontiguousarray(frame[["anglvel_x", "anglvel_y", "anglvel_z"]].to_numpy())
    mag = np.ascontiguousarray(frame[["magn_x", "magn_y", "magn_z"]].to_numpy())
    result = vqf.VQF(float(np.median(np.diff(t)))).updateBatch(gyr, acc, mag)
    q = result["quat9D"]
    rate = gyr - result["bias"]
    gravity = inverse_rotate(q, np.array([0, 0, 9.80665]))
    user = acc - gravity
    out = pandas.DataFrame({
        "t": t, "attitude_w": q[:, 0], "attitude_x": q[:, 1], "attitude_y": q[:, 2], "attitude_z": q[:, 3],
        "rotation_rate_x": rate[:, 0], "rotation_rate_y": rate[:, 1], "rotation_rate_z": rate[:, 2],
        "gravity_x": gravity[:, 0], "gravity_y": gravity[:, 1], "gravity_z": gravity[:, 2],
        "user_acceleration_x": user[:, 0], "user_acceleration_y": user[:, 1], "user_acceleration_z": user[:, 2],
    })
    out.to_csv(dst, index=False)
    return len(out)


def peak_rss_while_running(process):
    """fuse's peak RSS in KiB, from /proc/PID/status (VmHWM) polled until it exits.

    getrusage/wait4 would count the RSS of this Python process that the child inherits until it execs."""
    peak = 0
    while process.poll() is None:
        try:
            with open(f"/proc/{process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
        time.sleep(0.01)
    return peak


def make_recording(path, broad_dir):
    """The BROAD dev split concatenated into one recording (t continuous), or 864,000 generated rows without it."""
    if broad_dir and os.path.isdir(broad_dir) and lib.trials(broad_dir):
        parts, offset = [], 0.0
        for trial_path in lib.trials(broad_dir):
            trial = lib.load_trial(trial_path)
            parts.append(np.column_stack([trial["t"] + offset, trial["acc"], trial["gyr"], trial["mag"]]))
            offset = parts[-1][-1, 0] + 1.0 / trial["rate"]
        data, what = np.vstack(parts), f"BROAD dev split, {len(parts)} trials concatenated"
    else:
        t, acc, gyr, mag = trajectory(count=864_000)
        data, what = np.column_stack([t, acc, gyr, mag]), "generated trajectory (no BROAD directory)"
    np.savetxt(path, data, fmt="%.9g", delimiter=",", header=lib.HEADER, comments="")
    return len(data), what


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("broad", nargs="?")
    parser.add_argument("--tool", required=True)
    parser.add_argument("--default-broad")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    broad_dir = args.broad or args.default_broad

    # 1. Core throughput, same machine, same run, equal data (1 kHz, 100,000-sample passes, fresh filter per pass).
    #    The machine may be shared: three interleaved rounds, the best round of each side counts.
    ours, theirs = {}, {}
    for _ in range(3):
        round_ours = json.loads(subprocess.run(
            [args.tool, "benchmark", "--json", "--seconds", str(args.seconds / 3)],
            check=True, capture_output=True, text=True).stdout)
        round_theirs = vqf_core(args.seconds / 3)
        for label in ("6d", "9d"):
            if label not in ours or round_ours[label]["samples_per_second"] > ours[label]["samples_per_second"]:
                ours[label] = round_ours[label]
            if label not in theirs or round_theirs[label]["samples_per_second"] > theirs[label]["samples_per_second"]:
                theirs[label] = round_theirs[label]
    print(f"Fusion core, single thread, {RATE} Hz trajectory, {COUNT} samples per pass, all features on "
          f"(best of 3 interleaved rounds of {args.seconds / 3:.2g} s each):")
    print(f"  {'':4s} {'bodyreadings':>24s} {'VQF C++ updateBatch':>24s} {'ratio':>7s}")
    for label in ("6d", "9d"):
        o, v = ours[label], theirs[label]
        ratio = o["samples_per_second"] / v["samples_per_second"]
        print(f"  {label.upper():4s} {o['samples_per_second'] / 1e6:8.2f} M/s {o['ns_per_sample']:7.1f} ns"
              f" {v['samples_per_second'] / 1e6:8.2f} M/s {v['ns_per_sample']:7.1f} ns {ratio:6.2f}x")

    # 2. End to end on a file: fuse vs pandas read_csv + vqf + to_csv.
    cache = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".cache")
    os.makedirs(cache, exist_ok=True)
    src = os.path.join(cache, "speed-input.csv")
    rows, what = make_recording(src, broad_dir)
    start = time.perf_counter()
    process = subprocess.Popen([args.tool, "fuse", src, "--output", os.path.join(cache, "speed-fuse.csv")])
    rss_kib = peak_rss_while_running(process)
    fuse_seconds = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"error: bodyreadings fuse failed on {src} (status {process.returncode})")
    start = time.perf_counter()
    pandas_pipeline(src, os.path.join(cache, "speed-pandas.csv"))
    pandas_seconds = time.perf_counter() - start
    print()
    print(f"End to end, {rows} rows ({what}), 9D, CSV in and out:")
    print(f"  bodyreadings fuse:             {rows / fuse_seconds:12,.0f} rows/s ({fuse_seconds:.2f} s,"
          f" max RSS {rss_kib / 1024:.1f} MiB)")
    print(f"  pandas read_csv + vqf + to_csv: {rows / pandas_seconds:11,.0f} rows/s ({pandas_seconds:.2f} s)")
    print(f"  ratio: {pandas_seconds / fuse_seconds:.2f}x")


if __name__ == "__main__":
    main()
