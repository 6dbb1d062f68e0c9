// What the bench helper executables (pulse-bench, steps-bench) share: the usage-error exit and the CPU clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `error: message` to standard error and exits with 64 (usage error).
public func fail(_ message: String) -> Never {
    let line = "error: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(64)
}

/// CPU time of this thread, s: the machine is shared, and wall-clock rates would measure the other processes too.
public func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Samples per CPU second of a detector run over a recording again and again, best of three rounds of `seconds` / 3
/// CPU seconds each. `makeRound` makes a fresh detector for a round and returns its pass: `pass(offset)` feeds the
/// whole recording (`samplesPerPass` samples) with its times shifted by `offset` seconds, so that they keep
/// increasing from pass to pass (`span` seconds each).
public func bestRate(
    seconds: Double, samplesPerPass: Int, span: Double, makeRound: () -> (_ offset: Double) -> Void
) -> Double {
    var best = 0.0
    for _ in 0..<3 {
        let pass = makeRound()
        var count = 0
        var offset = 0.0
        let start = threadCPUTime()
        var elapsed = 0.0
        while elapsed < seconds / 3 {
            pass(offset)
            count += samplesPerPass
            offset += span
            elapsed = threadCPUTime() - start
        }
        best = Swift.max(best, Double(count) / elapsed)
    }
    return best
}
