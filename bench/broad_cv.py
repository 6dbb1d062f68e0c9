"""bench/broad --cv: leave-one-trial-out cross-validation of the tuned settings of the attitude filter (online) and
the smoother (offline) on the BROAD trials of a directory (see bench/README.md, "bench/broad --cv").

Each tuned setting has a grid that holds the shipped default and VQF's published default (where VQF has the
setting). The settings come in two groups, each searched jointly over its grid with the other group at the shipped
defaults: those that act on the inclination (objective: 6D inclination plus 9D heading, degrees) and those of the
magnetometer (objective: 9D heading). On each fold (15 trials to choose on, the 16th to score) each group takes the
combination with the lowest mean objective on the 15; the held-out trial is then fused with both groups' choices. The cross-validated figure is the mean over the 16 held-out trials, beside the plain
(in-sample) figure of the shipped defaults."""
import itertools
import os
import subprocess
from multiprocessing import Pool

import numpy as np

import broad_lib as lib

# Groups of settings chosen jointly (settings that interact); each setting: (grid, shipped default, VQF's default or
# None). A group marked magnetic changes only the 9D heading and is chosen on it alone. Rates in °/s.
ONLINE = [
    (False, {"biasMotionSigma": ([0.02, 0.04, 0.06, 0.1], 0.04, 0.1),
             "scaleEstimation": ([0.0, 1.0], 1.0, 0.0)}),
    (True, {"magnetometerTimeConstant": ([9.0, 15.0, 20.0, 30.0], 20.0, 9.0),
            "magneticNormThreshold": ([0.1, 0.14, 0.2], 0.14, 0.1),
            "magneticRestReference": ([0.0, 1.0], 1.0, 0.0)}),
]
OFFLINE = [
    (False, {"smoother.biasMotionSigmaWithoutMagnetometer": ([0.04, 0.05, 0.08], 0.05, None),
             "smoother.accelerometerTimeConstant": ([3.0, 4.0, 5.0], 3.0, None)}),
    (True, {"smoother.magnetometerTimeConstant": ([20.0, 40.0, 60.0, 90.0], 60.0, None)}),
]

def fuse(job):
    """Runs fusion-bench on one trial; returns (6D inclination or nan, 9D heading or nan)."""
    tool, raw, mode, dim, settings, path = job
    out = f"{raw}.{os.getpid()}.q"
    args = [tool, raw, out, mode, dim] + [f"{k}={v}" for k, v in settings.items()]
    subprocess.run(args, check=True)
    q = np.fromfile(out, dtype="<f8").reshape(-1, 4)
    os.remove(out)
    inc, head, _ = lib.errors(q, _trial(path))
    return (inc, np.nan) if dim == "6" else (np.nan, head)


_TRIALS = {}


def _trial(path):
    if path not in _TRIALS:
        _TRIALS[path] = lib.load_trial(path)
    return _TRIALS[path]


def raw_file(path, cache):
    raw = os.path.join(cache, os.path.basename(path)[:-4] + ".f64")
    if not os.path.exists(raw) or os.path.getmtime(raw) < os.path.getmtime(path):
        t = lib.load_trial(path)
        np.column_stack([t["t"], t["acc"], t["gyr"], t["mag"]]).astype("<f8").tofile(raw + ".tmp")
        os.replace(raw + ".tmp", raw)
    return raw


def evaluate(tool, paths, raws, mode, settings, dims=("6", "9")):
    """(16×2 array: per trial 6D inclination, 9D heading) for one set of settings."""
    jobs = [(tool, raws[i], mode, d, settings, paths[i]) for i in range(len(paths)) for d in dims]
    with Pool(2) as pool:
        res = pool.map(fuse, jobs)
    out = np.full((len(paths), 2), np.nan)
    for (tool_, raw, mode_, d, s, p), r in zip(jobs, res):
        i = paths.index(p)
        out[i, 0 if d == "6" else 1] = r[0] if d == "6" else r[1]
    return out


def cross_validate(tool, paths, cache, mode):
    groups = ONLINE if mode == "online" else OFFLINE
    raws = [raw_file(p, cache) for p in paths]
    base = evaluate(tool, paths, raws, mode, {})
    n = len(paths)
    results = []  # per group: {combination (tuple of (name, value)): n×2 array}
    for magnetic, grid in groups:
        table = {}
        for values in itertools.product(*(g[0] for g in grid.values())):
            combo = tuple(zip(grid, values))
            changed = {k: v for k, v in combo if v != grid[k][1]}
            if not changed:
                table[combo] = base
                continue
            r = evaluate(tool, paths, raws, mode, changed, ("9",) if magnetic else ("6", "9"))
            if magnetic:
                r[:, 0] = base[:, 0]
            table[combo] = r
        results.append(table)
    objective = lambda r, magnetic: r[:, 1] if magnetic else r[:, 0] + r[:, 1]
    chosen = []
    for k in range(n):
        train = [i for i in range(n) if i != k]
        pick = {}
        for (magnetic, grid), table in zip(groups, results):
            pick.update(dict(min(table, key=lambda c: objective(table[c][train], magnetic).mean())))
        chosen.append(pick)
    shipped = {k: g[1] for _, grid in groups for k, g in grid.items()}
    held = np.full((n, 2), np.nan)
    combos = {}
    for k, pick in enumerate(chosen):
        diff = tuple(sorted((a, b) for a, b in pick.items() if b != shipped[a]))
        if diff:
            combos.setdefault(diff, []).append(k)
        else:
            held[k] = base[k]
    for diff, ks in combos.items():
        held[ks] = evaluate(tool, [paths[k] for k in ks], [raws[k] for k in ks], mode, dict(diff))
    label = "online filter" if mode == "online" else "offline smoother"
    print(f"\nleave-one-trial-out cross-validation, {label} ({n} trials; 6D inclination / 9D heading, mean RMSE °)")
    print(f"  plain (shipped defaults, in-sample): {base[:, 0].mean():.3f} / {base[:, 1].mean():.3f}")
    print(f"  cross-validated (chosen on the other {n - 1}, scored on the one left out): "
          f"{held[:, 0].mean():.3f} / {held[:, 1].mean():.3f}")
    for (magnetic, grid), table in zip(groups, results):
        print(f"  chosen jointly{' (on the 9D heading)' if magnetic else ' (on 6D inclination + 9D heading)'}: "
              + ", ".join(f"{k} (shipped {g[1]:g}{'' if g[2] is None else f', VQF {g[2]:g}'})" for k, g in grid.items()))
        for k in grid:
            picks = [c[k] for c in chosen]
            print(f"    {k}: " + ", ".join(f"{v:g} ×{picks.count(v)}" for v in grid[k][0] if picks.count(v)))
        ranked = sorted(table, key=lambda c: objective(table[c], magnetic).mean())
        default = [c for c in ranked if all(v == grid[a][1] for a, v in c)]
        for c in ranked[:3] + [c for c in default if c not in ranked[:3]]:
            print(f"      in-sample {', '.join(f'{a.split(chr(46))[-1]} {v:g}' for a, v in c)}: "
                  f"{table[c][:, 0].mean():.3f} / {table[c][:, 1].mean():.3f}")
        vqf = tuple((a, g[2] if g[2] is not None else g[1]) for a, g in grid.items())
        if vqf in table and any(g[2] is not None for g in grid.values()):
            print(f"      in-sample with VQF's values: {table[vqf][:, 0].mean():.3f} / {table[vqf][:, 1].mean():.3f}")
    for k, p in enumerate(paths):
        print(f"    {os.path.basename(p)[:-4]:45s} plain {base[k, 0]:.3f} / {base[k, 1]:.3f}  "
              f"held out {held[k, 0]:.3f} / {held[k, 1]:.3f}")
    return base, held
