import MotionMath
import ReadingFormats
import Sensors

/// The assembler of a recording (`record`, `stream --raw`): IMU samples (`SampleMerger`) and, with `includesPPG`, a
/// pulse sensor's `.ppg` readings, merged into `RecordingRow`s in strictly increasing time — a sample and a reading
/// of the same instant share one row.
///
/// The two sensors deliver in batches of their own (a MAX3010x buffer is read a few times a second, the IMU once per
/// update interval), so a row waits until the other sensor has caught up with its time, or until it is more than
/// `maximumLag` behind the newest reading of either: a sensor that stalls or never delivers delays the rows by at
/// most that much. A reading that arrives only after later rows were written cannot go into a file whose `t`
/// increases: it is dropped and counted (`droppedReadings`). Without `includesPPG`, every IMU sample is a row at once
/// and `.ppg` readings are ignored. Memory: the rows of `maximumLag` seconds.
public struct RecordingRowAssembler: SampleAssembler {
    /// Are `.ppg` readings rows too?
    public let includesPPG: Bool
    /// How long a row may wait for the other sensor, s. Default 1 (longer than a pulse sensor's buffer read).
    public let maximumLag: Double

    private var merger: SampleMerger
    private var merged: [IMUSample] = []
    private var motion: [IMUSample] = []
    private var pulse: [SensorReading] = []
    private var newest = -Double.infinity
    private var lastEmitted = -Double.infinity
    private var late = 0

    /// An assembler of IMU samples from `merger` and, with `includesPPG`, of PPG readings.
    public init(includesPPG: Bool, maximumLag: Double = 1, merger: SampleMerger = SampleMerger()) {
        self.includesPPG = includesPPG
        self.maximumLag = maximumLag
        self.merger = merger
    }

    /// The merger's drops plus the readings that came too late for their place in time.
    public var droppedReadings: Int { merger.droppedReadings + late }

    public mutating func push(_ reading: SensorReading, into output: inout [RecordingRow]) {
        if reading.kind == .ppg {
            guard includesPPG else { return }
            if reading.t <= lastEmitted || reading.t <= pulse.last?.t ?? -.infinity {
                late += 1
                return
            }
            pulse.append(reading)
            newest = max(newest, reading.t)
        } else {
            merger.push(reading, into: &merged)
            takeMerged()
        }
        drain(into: &output, force: false)
    }

    public mutating func flush(into output: inout [RecordingRow]) {
        merger.flush(into: &merged)
        takeMerged()
        drain(into: &output, force: true)
    }

    /// Moves the merger's new samples to the motion queue.
    private mutating func takeMerged() {
        for sample in merged {
            if sample.t <= lastEmitted {
                late += 1
            } else {
                motion.append(sample)
                newest = max(newest, sample.t)
            }
        }
        merged.removeAll(keepingCapacity: true)
    }

    /// Emits rows in time order while it is safe: the earlier head of two non-empty queues cannot be preceded by a
    /// later reading; a lone queue's head waits for the other sensor up to `maximumLag` (not at all without PPG).
    private mutating func drain(into output: inout [RecordingRow], force: Bool) {
        var m = 0
        var p = 0
        while m < motion.count || p < pulse.count {
            let motionTime = m < motion.count ? motion[m].t : Double.infinity
            let pulseTime = p < pulse.count ? pulse[p].t : Double.infinity
            let earliest = min(motionTime, pulseTime)
            let bothWaiting = m < motion.count && p < pulse.count
            guard bothWaiting || force || !includesPPG || newest - earliest > maximumLag else { break }
            var row = RecordingRow(t: earliest)
            if motionTime == earliest {
                row.motion = motion[m]
                m += 1
            }
            if pulseTime == earliest {
                row.ppg = pulse[p].value
                p += 1
            }
            output.append(row)
            lastEmitted = earliest
        }
        motion.removeFirst(m)
        pulse.removeFirst(p)
    }
}
