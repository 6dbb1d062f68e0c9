import BodyReadings
import ReadingFormats
import TextFormats

extension StepProcessor: EventProcessor {
    func live(console: Console, count: Int?) -> LiveStepsConsumer {
        LiveStepsConsumer(console: console, count: count, counter: counter, stepLength: stepLength)
    }

    func summary() -> StepsSummary { StepsSummary(counter: counter.rawValue) }

    /// Rows are the counted steps only: a tentative step could be withdrawn after it was written.
    static func row(_ update: StepUpdate) -> (time: Double, row: Step?) { (update.step?.t ?? update.t, update.step) }

    func amend(_ summary: inout StepsSummary) {
        // The duration is the input's, from its first reading to its last, not only the steps'.
        if let span {
            summary.observe(time: span.first)
            summary.observe(time: span.last)
        }
        if altitude != nil { summary.floors = (flights.floorsAscended, flights.floorsDescended) }
    }

    func warnRejected(of elements: Int, console: Console) {
        console.warnUnusable(
            detector.state.rejectedSamples, of: elements, "accelerometer samples",
            range: DoubleText.shortest(detector.settings.accelerometerRange) + " m/s²",
            "skipped; check the recording or the sensor's scale")
    }
}
