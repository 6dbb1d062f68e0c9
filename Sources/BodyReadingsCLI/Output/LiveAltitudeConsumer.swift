import BodyReadings
import ReadingFormats
import TextFormats

/// `altitude`'s one live line on a terminal, redrawn at every reading:
///
///     altitude   +3.02 m   pressure 101.289 kPa
struct LiveAltitudeConsumer: LiveEventConsumer {
    let console: Console
    /// Stop after this many readings; nil: no limit.
    let count: Int?
    var summary = AltitudeSummary()

    var rows: Int { summary.samples }

    mutating func receive(_ reading: AltitudeReading) throws -> ConsumerDemand {
        summary.add(reading)
        var text = "\r\u{1B}[Kaltitude "
        text += (reading.relativeAltitude < 0 ? "" : "+")
        text += FixedDecimal.string(reading.relativeAltitude, digits: 2, width: 7) + " m   pressure "
        text += FixedDecimal.string(reading.pressure, digits: 3, width: 7) + " kPa"
        try console.write(text)
        if let count, summary.samples >= count { return .enough }
        return .more
    }

    mutating func idle() throws {
        try console.flush()
    }
}
