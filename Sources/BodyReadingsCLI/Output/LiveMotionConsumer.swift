import BodyReadings
import Fusion

/// Fused motion as `stream`'s one live line on a terminal (`LiveMotionView`).
struct LiveMotionConsumer: UpdateConsumer {
    var view: LiveMotionView
    let console: Console

    mutating func receive(_ estimate: MotionEstimate) throws -> ConsumerDemand {
        if let line = view.line(for: estimate) { try console.write(line) }
        return .more
    }

    func idle() throws {
        try console.flush()
    }
}
