import Calibration

/// The stderr line of `calibrate` when readings were skipped as outside `SampleBounds`: counted, never used.
enum RejectedSamples {
    /// `warning: 3 of 500 samples skipped: a reading was not a number or beyond the sensor's range (…)`; nil when
    /// none were.
    static func warning(_ count: Int, of total: Int? = nil) -> String? {
        guard count > 0 else { return nil }
        let of = total.map { " of \($0)" } ?? ""
        return "\(count)\(of) sample\(count == 1 && total == nil ? "" : "s") skipped: a reading was not a number or "
            + "beyond the sensor's range (±16 g, ±2000 °/s, ±4900 µT); check the driver's scale if there are many"
    }
}
