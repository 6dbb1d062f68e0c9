"""bench/broad: BROAD metrics for bodyreadings fuse, VQF and imufusion, per trial and mean (see README.md)."""
import argparse
import os
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import broad_lib as lib  # noqa: E402


def run_fuse(tool, csv, six_d, out, offline=False):
    """Runs `bodyreadings fuse` (`--offline` if asked); returns (attitude quaternions, seconds the process took)."""
    args = [tool, "fuse", csv, "--output", out] + (["--no-magnetometer"] if six_d else []) \
        + (["--offline"] if offline else [])
    start = time.perf_counter()
    subprocess.run(args, check=True)
    elapsed = time.perf_counter() - start
    import pandas
    data = pandas.read_csv(out, usecols=["attitude_w", "attitude_x", "attitude_y", "attitude_z"])
    return data[["attitude_w", "attitude_x", "attitude_y", "attitude_z"]].to_numpy(), elapsed


def run_vqf(trial):
    import vqf
    ts = 1.0 / trial["rate"]
    q6 = vqf.VQF(ts).updateBatch(trial["gyr"], trial["acc"])["quat6D"]
    q9 = vqf.VQF(ts).updateBatch(trial["gyr"], trial["acc"], trial["mag"])["quat9D"]
    return q6, q9


def run_offline_vqf(trial):
    import vqf
    ts = 1.0 / trial["rate"]
    q6 = vqf.offlineVQF(trial["gyr"], trial["acc"], None, ts)["quat6D"]
    q9 = vqf.offlineVQF(trial["gyr"], trial["acc"], trial["mag"], ts)["quat9D"]
    return q6, q9


def run_imufusion(trial):
    import imufusion
    gyr = np.degrees(trial["gyr"])
    acc = trial["acc"] / 9.80665
    mag = trial["mag"]
    out = []
    for nine in (False, True):
        ahrs = imufusion.Ahrs()
        ahrs.set_sample_period(1.0 / trial["rate"])
        q = np.empty((len(gyr), 4))
        for i in range(len(gyr)):
            if nine:
                ahrs.update(gyr[i], acc[i], mag[i])
            else:
                ahrs.update_no_magnetometer(gyr[i], acc[i])
            q[i] = ahrs.get_quaternion()
        # imufusion's default frame is NWU; ENU = rotation by +90° about z applied on the earth side.
        c = np.sqrt(0.5)
        out.append(lib.quat_mult(np.tile([c, 0, 0, c], (len(q), 1)), q))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--tool", required=True)
    parser.add_argument("--no-imufusion", action="store_true")
    parser.add_argument("--offline", action="store_true",
                        help="compare `fuse --offline` with VQF's offlineVQF instead of the online filters")
    parser.add_argument("--cv", action="store_true",
                        help="also the leave-one-trial-out cross-validation of the tuned settings (fusion-bench)")
    parser.add_argument("--cv-only", action="store_true", help="only the cross-validation")
    args = parser.parse_args()

    cache = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".cache", "csv")
    os.makedirs(cache, exist_ok=True)
    paths = lib.trials(args.dir)
    if not paths:
        sys.exit(f"error: no .mat trials in {args.dir}; pass the BROAD directory")

    if args.cv or args.cv_only:
        import broad_cv
        helper = os.path.join(os.path.dirname(args.tool), "fusion-bench")
        broad_cv.cross_validate(helper, paths, cache, "offline" if args.offline else "online")
        if args.cv_only:
            return
        print()

    if args.offline:
        names = ["bodyreadings --offline", "offlineVQF"]
    else:
        names = ["bodyreadings", "vqf"] + ([] if args.no_imufusion else ["imufusion"])
    rows = {n: [] for n in names}
    seconds = {n: 0.0 for n in names}
    header = f"{'trial':44s}" + "".join(f" | {n:^22s}" for n in names)
    sub = f"{'':44s}" + "".join(f" | {'6D inc':>6s} {'9D hd':>6s} {'9D tot':>6s}" for _ in names)
    print(header)
    print(sub)
    print("-" * len(sub))
    for path in paths:
        name = os.path.basename(path)[:-4]
        trial = lib.load_trial(path)
        csv = os.path.join(cache, name + ".csv")
        if not os.path.exists(csv) or os.path.getmtime(csv) < os.path.getmtime(path):
            lib.write_recording_csv(trial, csv)
        results = {}
        ours, reference = names[0], names[1]
        suffix = ".offline" if args.offline else ""
        q6, s6 = run_fuse(args.tool, csv, True, os.path.join(cache, name + suffix + ".fused6.csv"), args.offline)
        q9, s9 = run_fuse(args.tool, csv, False, os.path.join(cache, name + suffix + ".fused9.csv"), args.offline)
        seconds[ours] += s6 + s9
        results[ours] = (q6, q9)
        start = time.perf_counter()
        results[reference] = run_offline_vqf(trial) if args.offline else run_vqf(trial)
        seconds[reference] += time.perf_counter() - start
        if "imufusion" in names:
            start = time.perf_counter()
            results["imufusion"] = run_imufusion(trial)
            seconds["imufusion"] += time.perf_counter() - start
        line = f"{name:44s}"
        for n in names:
            q6, q9 = results[n]
            inc6 = lib.errors(q6, trial)[0]
            _, head9, tot9 = lib.errors(q9, trial)
            rows[n].append((inc6, head9, tot9))
            line += f" | {inc6:6.3f} {head9:6.3f} {tot9:6.3f}"
        print(line, flush=True)
    print("-" * len(sub))
    line = f"{'mean (' + str(len(paths)) + ' trials)':44s}"
    for n in names:
        m = np.mean(rows[n], axis=0)
        line += f" | {m[0]:6.3f} {m[1]:6.3f} {m[2]:6.3f}"
    print(line)
    print()
    print("RMSE in degrees (BROAD metric, see bench/README.md); 6D inc = 6D inclination, 9D hd = 9D heading, "
          "9D tot = 9D total.")
    print("wall time: " + ", ".join(f"{n} {seconds[n]:.1f} s" for n in names)
          + " (bodyreadings: two 'fuse' processes per trial, CSV in and out; the others in-process on arrays)")
    undisturbed = [i for i, p in enumerate(paths) if "undisturbed" in os.path.basename(p)]
    disturbed = [i for i in range(len(paths)) if i not in undisturbed]
    for label, group in (("undisturbed", undisturbed), ("disturbed", disturbed)):
        if group:
            print(f"{label} ({len(group)} trials): " + ", ".join(
                f"{n} {np.mean([rows[n][i][0] for i in group]):.3f} / {np.mean([rows[n][i][1] for i in group]):.3f}"
                for n in names) + " (6D inc / 9D hd)")


if __name__ == "__main__":
    main()
