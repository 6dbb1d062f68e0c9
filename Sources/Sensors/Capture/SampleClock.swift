/// Times the samples of a fixed-rate device without a timestamp channel (a pulse sensor's FIFO) on the host's clock by
/// counting them: sample n is at `anchor + n × period`, so samples are exactly one period apart whatever the jitter of
/// the refills' arrival (the host's scheduling, a network round trip). Arrivals keep the count honest:
///
/// - a sample cannot be measured after it arrived: when the last sample of a refill would lie after its arrival (the
///   chip runs a little fast, or the first arrival came late), the anchor moves back to the arrival;
/// - the refills trail their samples by the delivery latency, which varies; its minimum over `window` seconds of
///   refills is what no latency explains: more than 1.5 periods means samples were lost (a FIFO overrun: the clock
///   jumps, and the gap shows in the times for `OverrunDetector`); less means the chip runs a little slow (the clock
///   moves half of it).
struct SampleClock {
    /// The nominal sampling period, s.
    let period: Double
    /// Seconds of refills whose smallest lateness is judged at once.
    let window: Double
    /// Time of sample 0, s.
    private var anchor: Double?
    /// Samples timed so far.
    private var count = 0
    /// The smallest lateness (arrival − last sample's time) in the current window, s, and when the window began.
    private var smallestLateness = Double.infinity
    private var windowStart = -Double.infinity

    /// A clock for samples every `period` seconds, judging lateness over `window` seconds (default 2: long enough
    /// that some refill in it comes through quickly on a busy machine).
    init(period: Double, window: Double = 2) {
        self.period = period
        self.window = window
    }

    /// The time of the first of `samples` samples that arrived at `arrival` (host clock, s); the others follow it one
    /// period apart. Advances the count.
    mutating func time(ofNext samples: Int, arrival: Double) -> Double {
        let samples = max(samples, 1)
        var anchor = self.anchor ?? arrival - Double(samples - 1) * period
        let last = anchor + Double(count + samples - 1) * period
        let lateness = arrival - last
        if lateness < 0 {
            anchor += lateness
        } else {
            if windowStart == -Double.infinity { windowStart = arrival }
            smallestLateness = min(smallestLateness, lateness)
            if arrival - windowStart >= window {
                if smallestLateness > 1.5 * period {
                    anchor += smallestLateness
                } else if smallestLateness > 0.25 * period {
                    anchor += 0.5 * smallestLateness
                }
                smallestLateness = .infinity
                windowStart = arrival
            }
        }
        self.anchor = anchor
        let first = anchor + Double(count) * period
        count += samples
        return first
    }
}
