import BodyReadings
import ReadingFormats
import TextFormats

extension HeartRateProcessor: EventProcessor {
    func live(console: Console, count: Int?) -> LiveHeartRateConsumer {
        LiveHeartRateConsumer(console: console, count: count)
    }

    func summary() -> HeartRateSummary { HeartRateSummary() }

    static func row(_ update: HeartRateUpdate) -> (time: Double, row: Beat?) { (update.t, update.beat) }

    func warnRejected(of elements: Int, console: Console) {
        console.warnUnusable(
            detector.state.rejectedSamples, of: elements, "PPG samples",
            range: DoubleText.shortest(detector.settings.valueRange),
            "taken as artefacts, no beats there; check the recording or the sensor")
    }
}
