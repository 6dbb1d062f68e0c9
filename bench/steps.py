"""bench/steps: per recording the counted truth, the Swift detector's count (steps-bench) and the Oxford baseline's
(steps_oxford.py), with errors; then MAPE, worst case and bias for both. See bench/README.md, "bench/steps"."""
import argparse, itertools, json, os, subprocess, sys
from multiprocessing import Pool

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import steps_oxford  # noqa: E402
import steps_prototype  # noqa: E402


def load(directory):
    trials = json.load(open(os.path.join(directory, "trials.json")))
    names = sorted(n for n in trials if os.path.exists(os.path.join(directory, n + ".csv")))
    return trials, names


def read(path):
    a = np.loadtxt(path, delimiter=",", skiprows=1, usecols=None)
    header = open(path).readline().strip().split(",")
    cols = [header.index(c) for c in ("t", "accel_x", "accel_y", "accel_z")]
    return a[:, cols[0]], a[:, cols[1:]]


def prototype_count(args):
    """The prototype's count on one recording; `settings` holds Settings fields (snake_case) and fixed constants of
    the algorithm (UPPER_CASE), the latter set on a subclass so that the defaults stay untouched."""
    path, settings = args
    t, acc = read(path)
    constants = {k: v for k, v in settings.items() if k.isupper()}
    detector = type("Tuned", (steps_prototype.StepDetector,), constants) if constants else steps_prototype.StepDetector
    d = detector(**{k: v for k, v in settings.items() if not k.isupper()})
    for i in range(len(t)):
        d.update(t[i], acc[i, 0], acc[i, 1], acc[i, 2])
    return d.count


def errors(counts, trials, names):
    return np.array([100.0*(counts[n] - trials[n]["steps"])/trials[n]["steps"] for n in names])


def summary(label, e):
    return f"{label}: MAPE {np.mean(np.abs(e)):.2f} %  worst {np.max(np.abs(e)):.1f} %  bias {np.mean(e):+.2f} %"


GRID = dict(walking_periodicity=[0.5, 0.55, 0.6], step_amplitude_fraction=[0.25, 0.3],
            periodicity_time_constant=[5.0, 8.0], lock_in_window=[10.0, 15.0], SEARCH_WINDOW=[0.35, 0.45])


def cross_validate(directory, trials, names):
    """Leave-one-walker-out and leave-one-phone-out: on each fold the grid point with the lowest MAPE on the other
    recordings is chosen and scored on the held-out ones (the prototype counts what the Swift detector counts)."""
    combos = [dict(zip(GRID, v)) for v in itertools.product(*GRID.values())]
    jobs = [(os.path.join(directory, n + ".csv"), c) for c in combos for n in names]
    with Pool(2) as pool:
        flat = pool.map(prototype_count, jobs, chunksize=4)
    results = [dict(zip(names, flat[i*len(names):(i + 1)*len(names)])) for i in range(len(combos))]
    mape = lambda r, sel: np.mean(np.abs(errors(r, trials, sel)))
    print(f"\ncross-validation over {len(combos)} settings ({', '.join(f'{k} {v}' for k, v in GRID.items())})")
    print(summary("  in-sample, shipped defaults", errors(prototype_defaults(results, combos), trials, names)))
    best = min(range(len(combos)), key=lambda i: mape(results[i], names))
    print(summary(f"  in-sample, best grid point {combos[best]}", errors(results[best], trials, names)))
    for key in ("user", "phone"):
        held = []
        for value in sorted({trials[n][key] for n in names}):
            train = [n for n in names if trials[n][key] != value]
            test = [n for n in names if trials[n][key] == value]
            i = min(range(len(combos)), key=lambda j: mape(results[j], train))
            held += list(errors(results[i], trials, test))
            print(f"    hold out {key} {value}: chose {combos[i]}, held-out MAPE {mape(results[i], test):.2f} %")
        print(summary(f"  leave-one-{'walker' if key == 'user' else 'phone'}-out", np.array(held)))


def prototype_defaults(results, combos):
    d = steps_prototype.Settings()
    default = lambda k: getattr(steps_prototype.StepDetector if k.isupper() else d, k)
    for c, r in zip(combos, results):
        if all(default(k) == v for k, v in c.items()): return r
    raise SystemExit("error: the shipped defaults are not on the cross-validation grid; add them to GRID")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("directory")
    p.add_argument("--tool", required=True)
    p.add_argument("--baseline", default="optimised", choices=sorted(steps_oxford.PARAMETERS))
    p.add_argument("--check-prototype", action="store_true")
    p.add_argument("--cv", action="store_true")
    a = p.parse_args()
    trials, names = load(a.directory)
    paths = [os.path.join(a.directory, n + ".csv") for n in names]
    out = subprocess.run([a.tool, "count", *paths], check=True, capture_output=True, text=True).stdout
    ours = {os.path.basename(line.rsplit(",", 1)[0])[:-4]: int(line.rsplit(",", 1)[1]) for line in out.split()}
    base = {}
    for n, path in zip(names, paths):
        t, acc = read(path)
        base[n] = steps_oxford.count_steps(t, acc, **steps_oxford.PARAMETERS[a.baseline])
    print(f"{'recording':38s} {'placement':12s} {'truth':>5s} {'ours':>5s} {'err %':>6s} {'oxford':>6s} {'err %':>6s}")
    for n in names:
        tr = trials[n]["steps"]
        print(f"{n:38s} {trials[n]['position'].lower():12s} {tr:5d} {ours[n]:5d} {100*(ours[n]-tr)/tr:+6.1f} "
              f"{base[n]:6d} {100*(base[n]-tr)/tr:+6.1f}")
    print(summary(f"\nours (Swift Pedometry, {len(names)} recordings)", errors(ours, trials, names)))
    print(summary(f"Oxford windowed peak detection ({a.baseline} parameters)", errors(base, trials, names)))
    if a.check_prototype:
        with Pool(2) as pool:
            proto = dict(zip(names, pool.map(prototype_count, [(x, {}) for x in paths])))
        differ = [n for n in names if proto[n] != ours[n]]
        for n in differ: print(f"prototype {proto[n]} != Swift {ours[n]}: {n}")
        print(f"\nprototype check: the Python prototype and the Swift detector agree on {len(names) - len(differ)} "
              f"of {len(names)} recordings")
        if differ: sys.exit(1)
    if a.cv:
        cross_validate(a.directory, trials, names)


if __name__ == "__main__":
    main()
