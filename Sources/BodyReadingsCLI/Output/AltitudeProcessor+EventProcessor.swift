import BodyReadings
import ReadingFormats

extension AltitudeProcessor: EventProcessor {
    func live(console: Console, count: Int?) -> LiveAltitudeConsumer {
        LiveAltitudeConsumer(console: console, count: count)
    }

    func summary() -> AltitudeSummary { AltitudeSummary() }

    static func row(_ reading: AltitudeReading) -> (time: Double, row: AltitudeReading?) { (reading.t, reading) }

    /// The floors come from the processor: the rows are the altimeter's readings only.
    func amend(_ summary: inout AltitudeSummary) {
        summary.floorsAscended = floors?.ascended
        summary.floorsDescended = floors?.descended
    }

    func warnRejected(of elements: Int, console: Console) {
        let rejected = steps.altimeter.rejectedSamples
        guard rejected > 0 else { return }
        console.warning(
            "\(rejected) of \(elements) readings had a pressure not above 0 kPa or a temperature not a number: "
                + "skipped; check the recording's units (pressure in kPa)")
    }
}
