import Foundation

/// One opened buffer of one connection: the channel layout for the client's mask, and the sample clock.
///
/// Samples sit on a global grid t_k = k / rate (trajectory seconds), so devices opened separately (split accel
/// and gyro) at the same rate sample the same instants; a new buffer starts at the next grid point.
struct BufferStream {
    struct Slot {
        var channel: FixtureChannel
        var offset: Int
        var format: ScanFormat
        var encoding: ServerState.ChannelEncoding
    }

    let device: FixtureDevice
    let maskWords: [UInt32]
    let samplesCount: Int
    let slots: [Slot]
    let sampleSize: Int
    let rate: Double
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
        self.nextSample = Int64((state.trajectoryNow * rate).rounded(.up))
    }

    /// The mask line iiod sends before the first chunk: `%08x` words, most significant first.
    var maskLine: String {
        maskWords.reversed().map { String(format: "%08x", $0) }.joined() + "\n"
    }

    /// Trajectory time of sample `k`.
    func time(ofSample k: Int64) -> Double { Double(k) / rate }

    /// The trajectory time at which the next block of `samplesCount` samples is complete.
    var nextBlockEnd: Double { time(ofSample: nextSample + Int64(samplesCount) - 1) }

    /// Encodes the next `samplesCount` samples and advances the clock.
    mutating func nextBlock(motion: any MotionSource, timestampOrigin: Int64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: sampleSize * samplesCount)
        for sample in 0..<samplesCount {
            let t = time(ofSample: nextSample + Int64(sample))
            let truth = motion.truth(at: t)
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
        nextSample += Int64(samplesCount)
        return bytes
    }
}
