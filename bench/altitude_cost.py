"""bench/altitude --cost: what `bodyreadings altitude` costs at a barometer's rate.

Feeds a barometer's recording (t,pressure,temperature) to `bodyreadings altitude -` through a pipe, each row when its
`t` is due (real time, as a live sensor delivers), for SECONDS, and reads the CPU time the tool used from wait4(2):
its own user and system time, not this feeder's. Standard library only."""
import argparse
import os
import subprocess
import sys
import time


def feed(tool, recording, seconds):
    """Runs the tool on the recording's first `seconds` s at real time; returns (user, system, wall) seconds."""
    with open(recording) as rows:
        header = rows.readline()
        process = subprocess.Popen(
            [tool, "altitude", "-", "--format", "csv"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        start = time.monotonic()
        process.stdin.write(header)
        for row in rows:
            t = float(row.split(",", 1)[0])
            if t > seconds:
                break
            delay = start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            process.stdin.write(row)
        process.stdin.close()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"error: bodyreadings altitude exited {process.returncode}")
    return usage.ru_utime, usage.ru_stime, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("recordings", nargs="+", help="RATE=FILE: a recording at RATE Hz")
    arguments = parser.parse_args()
    for item in arguments.recordings:
        rate, _, path = item.partition("=")
        user, system, wall = feed(arguments.tool, path, arguments.seconds)
        share = 100 * (user + system) / wall
        print(
            f"cost: altitude at {rate} Hz from a pipe at real time for {wall:.1f} s: {user + system:.3f} s of CPU "
            f"(user {user:.3f}, system {system:.3f}), {share:.3f} % of a core")


if __name__ == "__main__":
    main()
