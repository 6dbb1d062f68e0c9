import Glibc

/// The part of a one-shot barometer that `i2c-stub` lacks: the bit the chip clears itself when a conversion is done.
/// The bmp180 and mpl3115 drivers start a measurement by writing the control register with that bit set and read it
/// back; i2c-stub keeps it set, so every read fails. This polls the control register through `/dev/i2c-N` and clears
/// the bit once it is set, as the chip does. The output registers keep what the scenario wrote (i2c-stub never
/// changes them), so a conversion needs nothing else: the data of every conversion is already there.
///
/// Timing: the bmp180 driver (no EOC interrupt) sleeps the conversion time — 4.5 ms for a temperature, 25.5 ms for a
/// pressure at ×8 — and reads the bit once: the bit must be clear by then. A guest vCPU the host does not run for
/// longer (16 ms seen at host load 11) cannot clear it, so the scenario runs one emulator pinned to each vCPU at
/// real-time priority: whichever vCPU runs the driver after its sleep runs its emulator first, and that one has
/// polled since the command. Two emulators may both clear the same command, or one a later command early; both are
/// harmless because the result registers never change during a conversion. The mpl3115 driver polls the bit 15
/// times 20 ms apart, so it has 280 ms.
public final class ConversionEmulator {
    /// Seconds between two reads of the control register: well inside the bmp180's 4.5 ms, and each i2c read costs
    /// the TCG guest's vCPU far more than on hardware (at 0.25 ms the two chip scenarios took 2–3 times as long as the
    /// others).
    public static let pollInterval = 0.001

    /// The emulated chips.
    public enum Chip: String, CaseIterable, Sendable {
        /// Bosch BMP180: CTRL_MEAS 0xF4, SCO bit 5.
        case bmp180
        /// NXP MPL3115A2: CTRL_REG1 0x26, OST bit 1.
        case mpl3115

        var controlRegister: UInt8 { self == .bmp180 ? 0xF4 : 0x26 }
        var startBit: UInt8 { self == .bmp180 ? 0x20 : 0x02 }
        public var defaultAddress: UInt8 { self == .bmp180 ? 0x77 : 0x60 }
    }

    /// What a run did, printed when it ends.
    public struct Statistics: Sendable, CustomStringConvertible {
        /// Conversions whose bit this emulator cleared.
        public var conversions = 0
        /// Reads of the control register.
        public var polls = 0
        /// The longest time between two polls, s.
        public var longestGap = 0.0
        /// Gaps between two polls longer than the bmp180's shortest wait (4.5 ms): the vCPU was not run.
        public var longGaps = 0

        public var description: String {
            "\(conversions) conversions cleared in \(polls) polls; longest gap between polls "
                + "\(Int((longestGap * 1e6).rounded())) µs, \(longGaps) over 4.5 ms"
        }
    }

    private let chip: SMBusDevice
    private let kind: Chip

    /// Opens `/dev/i2c-<bus>` and addresses the chip, even though its driver owns it.
    public init(_ kind: Chip, bus: Int, address: UInt8? = nil) throws(SystemError) {
        self.kind = kind
        chip = try SMBusDevice(bus: bus, address: address ?? kind.defaultAddress)
    }

    /// Polls until SIGTERM or SIGINT; creates `readyFile` once polling; returns what it did.
    public func run(readyFile: String?) throws(SystemError) -> Statistics {
        let signals = try PendingSignals(signals: [SIGTERM, SIGINT])
        var statistics = Statistics()
        var previous: Double?
        if let readyFile { createFile(readyFile) }
        try FeederLoop.run(rate: 1 / Self.pollInterval, duration: nil) { t throws(SystemError) in
            if let previous {
                statistics.longestGap = max(statistics.longestGap, t - previous)
                if t - previous > 0.0045 { statistics.longGaps += 1 }
            }
            previous = t
            statistics.polls += 1
            let command = try chip.readByte(register: kind.controlRegister)
            if command & kind.startBit != 0 {
                try chip.write(register: kind.controlRegister, bytes: [command & ~kind.startBit])
                statistics.conversions += 1
            }
            return signals.take() == nil
        }
        return statistics
    }
}
