/// How a fixture device answers `GETTRIG`, mirroring what iiod 0.24 reports for the kernel drivers.
public enum TriggerSupport: Sendable, Hashable {
    /// The device takes a trigger; the associated value is the current trigger's name, or `nil` for none set
    /// (GETTRIG answers `0`).
    case settable(current: String?)
    /// The device has no `trigger/current_trigger` file or reading it fails: GETTRIG and SETTRIG answer this
    /// errno (`ENOENT` for FIFO drivers and trigger devices, `EIO` for bmi160 without an IRQ, see HIL-FACTS.md).
    case unsupported(errno: Int32)
}
