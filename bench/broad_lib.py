"""Shared helpers of the BROAD benchmark: .mat → recording CSV conversion and the BROAD error metrics.

Metric (Laidig et al., "BROAD — A Benchmark for Robust Inertial Orientation Estimation", Data 6(7):72, 2021, and
../shared/data/broad/README.md): e = q_est ⊗ q_true⁻¹ (earth frame); inclination 2·acos(√(e_w² + e_z²)),
heading 2·atan(|e_z / e_w|), total 2·acos|e_w|; RMSE in degrees over the samples where `movement` is set and the
truth is finite; a set of trials is summarised by the mean of the per-trial RMSEs.
"""
import os

import numpy as np
import scipy.io

HEADER = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z,magn_x,magn_y,magn_z"


def load_trial(path):
    """Returns dict with t, acc, gyr, mag, quat (truth), movement (bool), rate."""
    m = scipy.io.loadmat(path)
    rate = float(np.asarray(m["sampling_rate"]).ravel()[0])
    n = m["imu_acc"].shape[0]
    return {
        "t": np.arange(n) / rate,
        "acc": np.ascontiguousarray(m["imu_acc"], dtype=float),
        "gyr": np.ascontiguousarray(m["imu_gyr"], dtype=float),
        "mag": np.ascontiguousarray(m["imu_mag"], dtype=float),
        "quat": np.ascontiguousarray(m["opt_quat"], dtype=float),
        "movement": np.asarray(m["movement"]).ravel().astype(bool),
        "rate": rate,
    }


def write_recording_csv(trial, path):
    """Writes the recording format of docs/formats.md (with magnetometer columns); `fuse --no-magnetometer` gives 6D."""
    data = np.column_stack([trial["t"], trial["acc"], trial["gyr"], trial["mag"]])
    tmp = path + ".tmp"
    np.savetxt(tmp, data, fmt="%.17g", delimiter=",", header=HEADER, comments="")
    os.replace(tmp, path)


def quat_mult(a, b):
    aw, ax, ay, az = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bw, bx, by, bz = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    return np.column_stack([
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    ])


def errors(quat_est, trial):
    """(inclination, heading, total) RMSE in degrees, BROAD definition."""
    truth = trial["quat"]
    conj = truth * np.array([1, -1, -1, -1])
    e = quat_mult(np.asarray(quat_est, dtype=float), conj)
    valid = trial["movement"] & np.all(np.isfinite(truth), axis=1) & np.all(np.isfinite(e), axis=1)
    e = e[valid]
    ew, ez = e[:, 0], e[:, 3]
    incl = 2 * np.arccos(np.clip(np.sqrt(ew ** 2 + ez ** 2), -1, 1))
    head = 2 * np.arctan(np.abs(ez / ew))
    total = 2 * np.arccos(np.clip(np.abs(ew), -1, 1))
    rmse = lambda x: float(np.degrees(np.sqrt(np.mean(x ** 2))))
    return rmse(incl), rmse(head), rmse(total)


def trials(directory):
    return sorted(os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".mat"))
