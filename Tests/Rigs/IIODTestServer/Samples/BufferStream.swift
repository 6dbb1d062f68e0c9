import Foundation
import MotionSimulation

/// One opened buffer of one connection: the channel layout for the client's mask, and the sample clock.
///
/// Samples sit on a global grid t_k = k / rate (trajectory seconds), so devices opened separately (split accel
/// and gyro) at the same rate sample the same instants; a new buffer starts at the next grid point.
struct BufferStream {
    struct Slot {
        var channel: FixtureChannel
        var offset: Int
        var format: FixtureScanFormat
        var encoding: ServerState.ChannelEncoding
    }

    let device: FixtureDevice
    let maskWords: [UInt32]
    let samplesCount: Int
    let slots: [Slot]
    let sampleSize: Int
    let rate: Double
    /// Every `dropEvery`-th grid sample is missing from the stream (0: none), as after a kernel FIFO overrun.
    let dropEvery: Int64
    private(set) var nextSample: Int64

    /// Builds the layout libiio expects for `mask` (bit n = the device's n-th channel): enabled scan channels in
    /// order, each aligned to its own size, a repeated index counted once (`iio_device_get_sample_size_mask`).
    init?(device: FixtureDevice, maskWords: [UInt32], samplesCount: Int, state: ServerState) {
        var slots: [Slot] = []
        var size = 0
        var previousIndex: Int?
        for (number, channel) in device.channels.enumerated() {
            guard let index = channel.scanIndex, let format = channel.scanFormat else { break }
            let word = number / 32
            guard word < maskWords.count, maskWords[word] & (1 << UInt32(number % 32)) != 0 else { continue }
            if previousIndex == index { continue }
            previousIndex = index
            let length = format.sampleBytes
            if size % length != 0 { size += length - size % length }
            slots.append(Slot(
                channel: channel, offset: size, format: format,
                encoding: state.encoding(device: device, channel: channel)
            ))
            size += length
        }
        let rate = state.samplingFrequency(of: device)
        guard !slots.isEmpty, size > 0, rate > 0, rate.isFinite else { return nil }
        self.device = device
        self.maskWords = maskWords
        self.samplesCount = samplesCount
        self.slots = slots
        self.sampleSize = size
        self.rate = rate
        self.dropEvery = Int64(max(0, state.dropEvery))
        self.nextSample = Int64((state.trajectoryNow * rate).rounded(.up))
    }

    /// The mask line iiod sends before the first chunk: `%08x` words, most significant first.
    var maskLine: String {
        maskWords.reversed().map { String(format: "%08x", $0) }.joined() + "\n"
    }

    /// Trajectory time of sample `k`.
    func time(ofSample k: Int64) -> Double { Double(k) / rate }

    /// Grid indices of the next block's samples, dropped ones skipped.
    private var nextIndices: [Int64] {
        var indices: [Int64] = []
        indices.reserveCapacity(samplesCount)
        var k = nextSample
        while indices.count < samplesCount {
            if dropEvery == 0 || k % dropEvery != 0 { indices.append(k) }
            k += 1
        }
        return indices
    }

    /// The trajectory time at which the next block of `samplesCount` samples is complete.
    var nextBlockEnd: Double { time(ofSample: nextIndices.last ?? nextSample) }

    /// Encodes the next `samplesCount` samples and advances the clock.
    mutating func nextBlock(trajectory: any Trajectory, timestampOrigin: Int64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: sampleSize * samplesCount)
        let indices = nextIndices
        for (sample, k) in indices.enumerated() {
            let t = time(ofSample: k)
            let truth = trajectory.truth(at: t)
            let base = sample * sampleSize
            for slot in slots {
                let raw = ServerState.raw(slot.encoding, truth: truth, timestampOrigin: timestampOrigin, time: t)
                let encoded = slot.format.encode(raw)
                for repetition in 0..<slot.format.repeatCount {
                    let start = base + slot.offset + repetition * encoded.count
                    bytes.replaceSubrange(start..<(start + encoded.count), with: encoded)
                }
            }
        }
        nextSample = (indices.last ?? nextSample) + 1
        return bytes
    }
}
