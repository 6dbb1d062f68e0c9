"""bench/heart-rate: heart-rate accuracy of the Swift Pulse detector against NeuroKit2 and HeartPy (see README.md)."""
import argparse
import io
import os
import subprocess
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")


# ---- the metric of shared/data/ppg/README.md ---------------------------------------------------------------------

def windowed_error(beat_times, heart_rates, reference, duration, clean_only=False):
    """(MAE in bpm over windows with an estimate, fraction of windows with one, windows): 10 s windows every 5 s after
    the first 10 s; reference 60 / mean RR of `reference` in the window; estimate the median of the reported heart
    rates of the beats in it. clean_only keeps the windows whose reference RR mean and median agree within 5 %."""
    errors, windows = [], 0
    start = 10.0
    while start + 10.0 <= duration + 1e-9:
        end = start + 10.0
        r = reference[(reference >= start) & (reference < end)]
        start += 5.0
        if len(r) < 2:
            continue
        rr = np.diff(r)
        if clean_only and abs(np.mean(rr) / np.median(rr) - 1) > 0.05:
            continue
        windows += 1
        m = (beat_times >= end - 10.0) & (beat_times < end) & np.isfinite(heart_rates)
        if m.any():
            errors.append(abs(np.median(heart_rates[m]) - 60.0 / np.mean(rr)))
    return (float(np.mean(errors)) if errors else float("nan")), len(errors) / max(windows, 1), windows


# ---- the three detectors -----------------------------------------------------------------------------------------

def ours(tool, csv_path):
    """Beats of `pulse-bench detect` (the Swift BeatDetector): times, heart rates (nan without one)."""
    with open(csv_path) as f:
        out = subprocess.run([tool, "detect"], stdin=f, capture_output=True, text=True, check=True).stdout
    rows = [line.split(",") for line in out.splitlines()[1:]]
    times = np.array([float(r[0]) for r in rows])
    rates = np.array([float(r[1]) if r[1] else np.nan for r in rows])
    return times, rates


def neurokit(t, x, fs):
    """NeuroKit2: ppg_clean + ppg_peaks (defaults), heart rate 60 / interval at each peak after the first."""
    import neurokit2 as nk
    try:
        x = np.nan_to_num(x, nan=float(np.nanmedian(x)))
        cleaned = nk.ppg_clean(x, sampling_rate=fs)
        _, info = nk.ppg_peaks(cleaned, sampling_rate=fs)
        peaks = np.asarray(info["PPG_Peaks"], dtype=int)
    except Exception:  # noqa: BLE001 - a baseline that gives up reports nothing
        return np.array([]), np.array([])
    return _rates_from_peaks(t, peaks)


def heartpy(t, x, fs):
    """HeartPy: process (defaults), heart rate 60 / interval at each peak whose interval joins two peaks HeartPy
    accepted (its own rejection of implausible peaks; without it its noise peaks read thousands of bpm)."""
    import heartpy as hp
    try:
        x = np.nan_to_num(x, nan=float(np.nanmedian(x)))
        working, _ = hp.process(x, sample_rate=fs)
        peaks = np.asarray(working["peaklist"], dtype=int)
        accepted = np.asarray(working["binary_peaklist"], dtype=bool)
    except Exception:  # noqa: BLE001
        return np.array([]), np.array([])
    times, rates = _rates_from_peaks(t, peaks)
    if len(rates) > 1:
        rates[1:][~(accepted[1:] & accepted[:-1])] = np.nan
    return times, rates


def _rates_from_peaks(t, peaks):
    times = t[peaks]
    rates = np.full(len(times), np.nan)
    if len(times) > 1:
        rates[1:] = 60.0 / np.diff(times)
    return times, rates


def read_csv(path):
    import pandas
    data = pandas.read_csv(path)
    column = next(c for c in ("ppg", "ppg_ir", "ppg_red") if c in data.columns)
    t = data["t"].to_numpy(dtype=float)
    return t, data[column].to_numpy(dtype=float), data


# ---- the benches -------------------------------------------------------------------------------------------------

def fmt(v, spec="%5.2f"):
    return "  n/a" if not np.isfinite(v) else spec % v


def development(tool, directory):
    print("Development recordings (README metric; 'clean ref' = windows whose ECG reference RR mean and median agree "
          "within 5 %)")
    print("%-14s %16s %16s %16s %22s" % ("record", "ours MAE/cov", "NeuroKit2", "HeartPy", "clean ref: ours/NK/HP"))
    totals = {"ours": [], "nk": [], "hp": []}
    for name in ("a103l", "mixedsignals"):
        path = os.path.join(directory, name + ".csv")
        if not os.path.exists(path):
            print("%-14s missing" % name)
            continue
        t, x, _ = read_csv(path)
        fs = 1.0 / float(np.median(np.diff(t)))
        reference = np.loadtxt(os.path.join(directory, name + ".beats"))
        results, clean = {}, {}
        for key, (bt, hr) in (("ours", ours(tool, path)), ("nk", neurokit(t, x, fs)), ("hp", heartpy(t, x, fs))):
            results[key] = windowed_error(bt, hr, reference, t[-1])
            clean[key] = windowed_error(bt, hr, reference, t[-1], clean_only=True)
            totals[key].append(results[key][0])
        print("%-14s %10s/%4.0f%% %10s/%4.0f%% %10s/%4.0f%% %10s/%s/%s" % (
            name, fmt(results["ours"][0]), 100 * results["ours"][1], fmt(results["nk"][0]), 100 * results["nk"][1],
            fmt(results["hp"][0]), 100 * results["hp"][1], fmt(clean["ours"][0]), fmt(clean["nk"][0]),
            fmt(clean["hp"][0])))
    print("%-14s %16s %16s %16s" % ("mean", fmt(np.mean(totals["ours"])), fmt(np.mean(totals["nk"])),
                                     fmt(np.mean(totals["hp"]))))


def simulated_ours(tool, cache):
    """Our simulator (PulseSimulation through pulse-bench simulate): 48-165 bpm, 25-250 Hz, 10 % timestamp jitter,
    a motion-artefact burst every 20 s on average, and a finger-off and a saturated stretch on every third."""
    print("\nSimulated PPG (PulseSimulation, 120 s each: artefact bursts every ~20 s, 10 % jitter; F = finger off "
          "40-50 s, S = saturated 70-78 s). Error of the mean reported heart rate vs the true beat rate, bpm; "
          "'matched' = against the true rate of the same trailing 8 s at each reported beat; 'in bad' = beats with a heart "
          "rate inside a burst/finger-off/saturation stretch")
    print("%-22s %14s %8s %6s %10s %10s" % ("case", "ours (cov)", "matched", "in bad", "NeuroKit2", "HeartPy"))
    errors = {"ours": [], "matched": [], "nk": [], "hp": []}
    case = 0
    for bpm in (48, 60, 75, 90, 105, 120, 135, 150, 165):
        for rate in (25, 50, 100, 250):
            case += 1
            extra, tag = [], ""
            if case % 3 == 0:
                extra = ["--finger-off", "40:50", "--saturation", "70:78"]
                tag = " F+S"
            path = os.path.join(cache, "sim-%d-%d.csv" % (bpm, rate))
            truth_path = path + ".truth"
            with open(path, "w") as f:
                subprocess.run([tool, "simulate", "--heart-rate", str(bpm), "--rate", str(rate), "--duration", "120",
                                "--seed", str(case), "--jitter", "0.1", "--artefacts", "0.05", "--truth",
                                truth_path] + extra, stdout=f, check=True)
            t, x, data = read_csv(path)
            truth = np.loadtxt(truth_path)
            true_rate = 60.0 * (len(truth) - 1) / (truth[-1] - truth[0])
            bad = data["condition"].to_numpy() != "clean"
            row = {}
            bt, hr = ours(tool, path)
            ok = np.isfinite(hr)
            row["ours"] = np.mean(hr[ok]) - true_rate if ok.any() else np.nan
            # matched: against the true rate over the same trailing 8 s at each reported beat (the detector's
            # accuracy without the drift of the stretches it rightly left out)
            matched = []
            for b, h in zip(bt[ok], hr[ok]):
                onsets = truth[(truth > b - 8.0) & (truth <= b)]
                if len(onsets) > 1:
                    matched.append(h - 60.0 * (len(onsets) - 1) / (onsets[-1] - onsets[0]))
            row["matched"] = float(np.mean(matched)) if matched else np.nan
            index = np.clip(np.searchsorted(t, bt[ok]), 0, len(t) - 1)
            in_bad = int(bad[index].sum())
            coverage = ok.sum() / max(len(truth), 1)
            for key, f in (("nk", neurokit), ("hp", heartpy)):
                bt2, hr2 = f(t, x, rate)
                ok2 = np.isfinite(hr2)
                row[key] = np.mean(hr2[ok2]) - true_rate if ok2.any() else np.nan
            for key in errors:
                errors[key].append(abs(row[key]))
            print("%-22s %+8.2f (%2.0f%%) %+8.2f %6d %+10.2f %+10.2f" % (
                "%3d bpm %3d Hz%s" % (bpm, rate, tag), row["ours"], 100 * coverage, row["matched"], in_bad, row["nk"],
                row["hp"]))
    for label, f in (("mean |error|", np.nanmean), ("max |error|", np.nanmax)):
        print("%-22s %14s %8s %6s %10s %10s" % (label, fmt(f(errors["ours"])), fmt(f(errors["matched"])), "",
                                                fmt(f(errors["nk"])), fmt(f(errors["hp"]))))
    print("%-22s %14s %8s %6s %10s %10s" % ("failed (no rate)", sum(np.isnan(errors["ours"])), "", "",
                                            sum(np.isnan(errors["nk"])), sum(np.isnan(errors["hp"]))))


def simulated_neurokit(tool, cache):
    """NeuroKit2's own simulator (ppg_simulate: motion 0.3, five bursts, drift 1), 48-165 bpm at 50 and 100 Hz: an
    independent model of PPG, so that ours is not judged only on the data it was designed with."""
    import neurokit2 as nk
    print("\nSimulated PPG (NeuroKit2 ppg_simulate, 120 s, motion_amplitude 0.3, burst_number 5, drift 1). Error of the "
          "mean reported heart rate vs the requested rate, bpm")
    print("%-22s %14s %10s %10s" % ("case", "ours", "NeuroKit2", "HeartPy"))
    errors = {"ours": [], "nk": [], "hp": []}
    for i, bpm in enumerate((48, 60, 75, 90, 105, 120, 135, 150, 165)):
        for rate in (50, 100):
            x = nk.ppg_simulate(duration=120, sampling_rate=rate, heart_rate=bpm, motion_amplitude=0.3,
                                burst_number=5, burst_amplitude=1.0, drift=1.0, random_state=i * 7 + rate)
            t = np.arange(len(x)) / rate
            path = os.path.join(cache, "nk-%d-%d.csv" % (bpm, rate))
            with open(path, "w") as f:
                f.write("t,ppg\n")
                for a, b in zip(t, x):
                    f.write("%r,%r\n" % (float(a), float(b)))
            row = {}
            for key, (bt, hr) in (("ours", ours(tool, path)), ("nk", neurokit(t, x, rate)),
                                  ("hp", heartpy(t, x, rate))):
                ok = np.isfinite(hr)
                row[key] = np.mean(hr[ok]) - bpm if ok.any() else np.nan
                errors[key].append(abs(row[key]))
            print("%-22s %+14.2f %+10.2f %+10.2f" % ("%3d bpm %3d Hz" % (bpm, rate), row["ours"], row["nk"], row["hp"]))
    print("%-22s %14s %10s %10s" % ("mean |error|", fmt(np.nanmean(errors["ours"])), fmt(np.nanmean(errors["nk"])),
                                    fmt(np.nanmean(errors["hp"]))))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data", help="the PPG development recordings (shared/data/ppg)")
    parser.add_argument("--tool", required=True, help="pulse-bench (release build)")
    parser.add_argument("--cache", required=True)
    parser.add_argument("--skip", action="append", default=[], choices=["dev", "sim", "nk-sim", "speed"])
    args = parser.parse_args()
    os.makedirs(args.cache, exist_ok=True)
    if "dev" not in args.skip:
        development(args.tool, args.data)
    if "sim" not in args.skip:
        simulated_ours(args.tool, args.cache)
    if "nk-sim" not in args.skip:
        simulated_neurokit(args.tool, args.cache)
    if "speed" not in args.skip:
        path = os.path.join(args.data, "a103l.csv")
        if os.path.exists(path):
            with open(path) as f:
                out = subprocess.run([args.tool, "throughput", "3"], stdin=f, capture_output=True, text=True,
                                     check=True).stdout.strip()
            print("\nThroughput (BeatDetector alone, a103l repeated, one thread, best of three 1 s rounds of CPU time): "
                  + out)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
