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


def prototype_events(path):
    """The prototype's count and its step events on one recording: (kind, value) per event, kind 'c' (counted) / 't'
    (tentative) with the step's time, or 'w' (withdrawn) with how many."""
    t, acc = read(path)
    d = steps_prototype.StepDetector()
    d.reports = []
    for i in range(len(t)):
        d.update(t[i], acc[i, 0], acc[i, 1], acc[i, 2])
    return d.count, [(kind, value) for kind, value, _ in d.reports]


def swift_events(tool, paths):
    """Per recording the Swift detector's events (steps-bench events): (kind, value, at) with `at` the time of the
    sample that revealed the event."""
    out = subprocess.run([tool, "events", *paths], check=True, capture_output=True, text=True).stdout
    events = {os.path.basename(p)[:-4]: [] for p in paths}
    for line in out.split():
        path, kind, value, at = line.rsplit(",", 3)
        events[os.path.basename(path)[:-4]].append((kind, int(value) if kind == "w" else float(value), float(at)))
    return events


def latency(events):
    """How far the shown count (counted + tentative steps pending) falls behind the steps counted in the end: the
    largest number of finally counted steps that happened more than 1 s before a moment and are not shown at it
    (0: every step shown within 1 s), the largest number shown ahead of the steps counted up to that moment, and
    the delay between the first counted step's time and the first report (tentative or counted) of a step within
    0.2 s of it."""
    final = np.array(sorted(v for k, v, _ in events if k == "c"))
    shown, at, pending, counted = [], [], 0, 0
    for kind, value, when in events:
        pending += 1 if kind == "t" else -value if kind == "w" else 0
        counted += kind == "c"
        shown.append(counted + pending)
        at.append(when)
    grid = np.arange(final[0], final[-1], 0.04)
    index = np.searchsorted(np.array(at), grid, side="right") - 1
    now = np.where(index >= 0, np.array(shown)[np.maximum(index, 0)], 0)
    behind = np.searchsorted(final, grid - 1.0, side="right") - now
    ahead = now - np.searchsorted(final, grid, side="right")
    first = min((when - final[0] for kind, value, when in events if kind in "ct" and abs(value - final[0]) < 0.2),
                default=float("inf"))
    return int(max(behind.max(), 0)), int(ahead.max()), first


def errors(counts, trials, names):
    return np.array([100.0*(counts[n] - trials[n]["steps"])/trials[n]["steps"] for n in names])


def summary(label, e, names=None):
    worst = int(np.argmax(np.abs(e)))
    return (f"{label}: MAPE {np.mean(np.abs(e)):.2f} %  worst {np.max(np.abs(e)):.1f} %"
            + (f" ({names[worst]})" if names is not None else "") + f"  bias {np.mean(e):+.2f} %")


GRID = dict(walkingPeriodicity=[0.5, 0.55, 0.6], stepAmplitudeFraction=[0.25, 0.3],
            periodicityTimeConstant=[5.0, 8.0], lockInWindow=[15.0, 20.0])


def grid_counts(tool, paths, combos):
    """The Swift detector's count of every recording under every grid point (`steps-bench grid`: each recording
    parsed once, then counted once per point), the recordings split between two processes; and the shipped value of
    each setting in the grid."""
    spec = ";".join(",".join(f"{k}={v}" for k, v in c.items()) for c in combos)
    halves = [paths[::2], paths[1::2]]
    runs = [subprocess.Popen([tool, "grid", spec, *h], stdout=subprocess.PIPE, text=True) for h in halves if h]
    lines = []
    for run in runs:
        out = run.communicate()[0].split()
        if run.returncode != 0: raise SystemExit(f"error: steps-bench grid failed ({run.returncode}); see above")
        defaults = {k: float(v) for k, v in (kv.split("=") for kv in out[0].split(",")[1:])}
        lines += out[1:]
    results = [{} for _ in combos]
    for line in lines:
        index, rest = line.split(",", 1)
        path, count = rest.rsplit(",", 1)
        results[int(index)][os.path.basename(path)[:-4]] = int(count)
    return results, defaults


def cross_validate(tool, directory, trials, names, grid=GRID):
    """Leave-one-walker-out and leave-one-phone-out: on each fold the grid point with the lowest MAPE on the other
    recordings is chosen and scored on the held-out ones. Every point is counted once on every recording and the
    folds choose from that table."""
    combos = [dict(zip(grid, v)) for v in itertools.product(*grid.values())]
    results, defaults = grid_counts(tool, [os.path.join(directory, n + ".csv") for n in names], combos)
    shipped = next((r for c, r in zip(combos, results) if c == defaults), None)
    if shipped is None:
        raise SystemExit(f"error: the shipped defaults {defaults} are not on the cross-validation grid; add them to GRID")
    mape = lambda r, sel: np.mean(np.abs(errors(r, trials, sel)))
    print(f"\ncross-validation over {len(combos)} settings ({', '.join(f'{k} {v}' for k, v in grid.items())})")
    print(summary("  in-sample, shipped defaults", errors(shipped, trials, names), names))
    best = min(range(len(combos)), key=lambda i: mape(results[i], names))
    print(summary(f"  in-sample, best grid point {combos[best]}", errors(results[best], trials, names), names))
    for key in ("user", "phone"):
        held, held_names = [], []
        for value in sorted({trials[n][key] for n in names}):
            train = [n for n in names if trials[n][key] != value]
            test = [n for n in names if trials[n][key] == value]
            i = min(range(len(combos)), key=lambda j: mape(results[j], train))
            held += list(errors(results[i], trials, test))
            held_names += test
            print(f"    hold out {key} {value}: chose {combos[i]}, held-out MAPE {mape(results[i], test):.2f} %")
        print(summary(f"  leave-one-{'walker' if key == 'user' else 'phone'}-out", np.array(held), held_names))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("directory")
    p.add_argument("--tool", required=True)
    p.add_argument("--baseline", default="optimised", choices=sorted(steps_oxford.PARAMETERS))
    p.add_argument("--check-prototype", action="store_true")
    p.add_argument("--cv", action="store_true")
    p.add_argument("--cv-only", action="store_true")
    a = p.parse_args()
    trials, names = load(a.directory)
    paths = [os.path.join(a.directory, n + ".csv") for n in names]
    if a.cv_only:
        cross_validate(a.tool, a.directory, trials, names)
        return
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
    print(summary(f"\nours (Swift Pedometry, {len(names)} recordings)", errors(ours, trials, names), names))
    print(summary(f"Oxford windowed peak detection ({a.baseline} parameters)", errors(base, trials, names)))
    events = swift_events(a.tool, paths)
    lat = {n: latency(events[n]) for n in names}
    print(f"\nlatency (counted + tentative steps shown): at most {max(v[0] for v in lat.values())} counted steps "
          f"older than 1 s not shown, at most {max(v[1] for v in lat.values())} shown ahead; the first step of "
          f"{sum(v[2] <= 1 for v in lat.values())} of {len(names)} recordings reported within 1 s (median "
          f"{np.median([v[2] for v in lat.values()]):.2f} s, worst {max(v[2] for v in lat.values()):.2f} s)")
    if a.check_prototype:
        with Pool(2) as pool:
            proto = dict(zip(names, pool.map(prototype_events, paths)))
        differ = [n for n in names if proto[n][0] != ours[n]]
        for n in differ: print(f"prototype {proto[n][0]} != Swift {ours[n]}: {n}")
        same = lambda x, y: x[0] == y[0] and abs(x[1] - y[1]) < 1e-9
        unlike = [n for n in names if len(proto[n][1]) != len(events[n])
                  or not all(same(x, y) for x, y in zip(proto[n][1], events[n]))]
        for n in unlike: print(f"prototype events != Swift events: {n}")
        print(f"\nprototype check: the Python prototype and the Swift detector agree on {len(names) - len(differ)} "
              f"of {len(names)} recordings' counts and {len(names) - len(unlike)} of {len(names)} recordings' events")
        if differ or unlike: sys.exit(1)
    if a.cv:
        cross_validate(a.tool, a.directory, trials, names)


if __name__ == "__main__":
    main()
