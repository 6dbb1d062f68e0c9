"""serve under load (bench/serve-load): 100 clients, each at its own interval, on the simulated IMU at 1.6 kHz.

Socket clients subscribe to motion (or, every fourth, raw samples) at intervals from 0.01 to 1 s; with --http half of
the clients are Server-Sent Event streams of /events/motion instead. A reader thread per client timestamps every line
as it arrives (monotonic clock); the clients are spread over 10 processes so that the Python interpreter's lock does
not become the latency measured. Afterwards:
- order and drops per client: times strictly increasing, no `dropped` event, the spacing of its interval;
- the service's CPU share (utime + stime from /proc over the measured window, one core = 100 %) and peak RSS (VmHWM);
- latency: the simulated IMU is paced in real time from its start, so arrival − t is the latency plus one constant
  offset; the offset is estimated as the smallest arrival − t seen over all clients (the fastest delivery counts as
  zero latency), and the percentiles of arrival − t − offset are printed: a lower bound of the true latency by at most
  the fastest delivery's own latency.
"""
import argparse, json, multiprocessing, os, select, socket, subprocess, sys, tempfile, threading, time, http.client

def clock_ticks():
    return os.sysconf(os.sysconf_names["SC_CLK_TCK"])

def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / clock_ticks()

def peak_rss_mib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")

class Client(threading.Thread):
    def __init__(self, kind, interval, stop, socket_path=None, port=None):
        super().__init__(daemon=True)
        self.kind, self.interval, self.stop = kind, interval, stop
        self.socket_path, self.port = socket_path, port
        self.times, self.arrivals, self.dropped = [], [], 0

    def record(self, payload):
        t = payload.get("t")
        if t is not None:
            self.times.append(t)
            self.arrivals.append(time.monotonic())

    def run(self):
        if self.kind == "sse":
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            connection.request("GET", f"/events/motion?interval={self.interval}")
            response = connection.getresponse()
            while not self.stop.is_set():
                line = response.fp.readline()
                if not line:
                    break
                if line.startswith(b"data:"):
                    try:
                        self.record(json.loads(line[5:]))
                    except ValueError:
                        pass
            return
        connection = socket.socket(socket.AF_UNIX)
        connection.connect(self.socket_path)
        reading = "raw" if self.kind == "raw" else "motion"
        connection.sendall((json.dumps({"op": "subscribe", "reading": reading, "interval": self.interval}) + "\n").encode())
        buffer = b""
        while not self.stop.is_set():
            if not select.select([connection], [], [], 0.2)[0]:
                continue
            chunk = connection.recv(1 << 16)
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                message = json.loads(line)
                if message.get("event") == "dropped":
                    self.dropped += message.get("count", 0)
                elif message.get("reading") in ("motion", "raw"):
                    self.record(message)

class Result:
    """What one client saw, sent back from its process."""
    def __init__(self, client):
        self.kind, self.times, self.arrivals, self.dropped = client.kind, client.times, client.arrivals, client.dropped

def run_group(specs, socket_path, port, measure, done, results):
    stop = threading.Event()
    clients = [Client(kind, interval, stop, socket_path=socket_path, port=port) for kind, interval in specs]
    for client in clients:
        client.start()
    measure.wait()
    for client in clients:
        client.times, client.arrivals = client.times[-1:], client.arrivals[-1:]
    done.wait()
    stop.set()
    results.put([Result(client) for client in clients])

def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--http", action="store_true", help="half of the clients are event streams")
    parser.add_argument("--seconds", type=float, default=30)
    arguments = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="serve-load-")
    socket_path = os.path.join(directory, "serve.sock")
    port = 18000 + os.getpid() % 1000
    command = [arguments.tool, "serve", "--source", "sim", "--socket", socket_path, "--no-store"]
    if arguments.http:
        command += ["--http", f"127.0.0.1:{port}"]
    service = subprocess.Popen(command, stderr=open(os.path.join(directory, "stderr"), "w"))
    for _ in range(200):
        if os.path.exists(socket_path):
            break
        time.sleep(0.05)
    time.sleep(0.5)
    intervals = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0]
    specs = [("raw", 0.000625)]  # one client asks for every sample: the simulated IMU runs at 1.6 kHz
    for index in range(99):
        interval = intervals[index % len(intervals)]
        if arguments.http and index % 2 == 0:
            specs.append(("sse", interval))
        else:
            specs.append(("raw" if index % 4 == 3 else "motion", interval))
    start = multiprocessing.Event()
    measure = multiprocessing.Event()
    done = multiprocessing.Event()
    results = multiprocessing.Queue()
    groups = [specs[k::10] for k in range(10)]
    workers = [multiprocessing.Process(target=run_group, args=(group, socket_path, port, measure, done, results))
               for group in groups]
    for worker in workers:
        worker.start()
    time.sleep(3)  # the sensors restart for the fastest interval; measure once they run at it
    measure.set()
    cpu0, wall0 = cpu_seconds(service.pid), time.monotonic()
    time.sleep(arguments.seconds)
    cpu1, wall1 = cpu_seconds(service.pid), time.monotonic()
    rss = peak_rss_mib(service.pid)
    done.set()
    clients = [client for _ in workers for client in results.get(timeout=60)]
    for worker in workers:
        worker.join(timeout=10)
    service.terminate()
    service.wait(timeout=10)
    in_order = sum(1 for c in clients if all(a < b for a, b in zip(c.times, c.times[1:])))
    dropped = sum(c.dropped for c in clients)
    updates = sum(len(c.times) for c in clients)
    offset = min((a - t) for c in clients for t, a in zip(c.times, c.arrivals))
    latencies = {kind: [(a - t - offset) * 1000 for c in clients if c.kind == kind for t, a in zip(c.times, c.arrivals)]
                 for kind in ("motion", "raw", "sse")}
    print(f"clients: {len(clients)} ({sum(c.kind == 'sse' for c in clients)} event streams), "
          f"{updates / arguments.seconds:.0f} updates/s delivered, in order: {in_order}/{len(clients)}, dropped: {dropped}")
    print(f"service: {100 * (cpu1 - cpu0) / (wall1 - wall0):.1f} % of one core over {wall1 - wall0:.0f} s, "
          f"peak RSS {rss:.1f} MiB; load average {os.getloadavg()[0]:.1f}")
    for kind, values in latencies.items():
        if values:
            print(f"latency {kind:6}: p50 {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, "
                  f"max {max(values):.1f} ms ({len(values)} updates)")

if __name__ == "__main__":
    sys.exit(main())
