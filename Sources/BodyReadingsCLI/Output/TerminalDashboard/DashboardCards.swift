import ReadingsWeb
import TextFormats

/// The content of the four cards for a model at a time `now` (the dashboard's monotonic clock, s), at most
/// `width` columns a line, the most important lines first (a short card shows the first ones). A reading that is
/// not measured says why; one not received yet says that it is awaited; neither shows a number.
enum DashboardCards {
    /// The card titles: the original app's three, and the barometer's as the web dashboard names it.
    static let titles = (heartRate: "Heart Rate", steps: "Steps Today", motion: "Live Motion", flights: "Flights Today")

    /// Heart Rate: beats/min while a trusted beat is recent, the last one and its age otherwise.
    static func heartRate(_ model: DashboardModel, now: Double, width: Int) -> [StyledLine] {
        if case .unavailable(let reason) = model.heartRateAvailability { return unavailable(reason, width: width) }
        guard let heart = model.heartRate else { return note("waiting for the first beat…", width: width) }
        var lines: [StyledLine] = []
        if let rate = heart.rate, let received = heart.rateReceived, now - received <= DashboardModel.heartRateFreshness {
            lines.append(value(FixedDecimal.string(rate, digits: 0), unit: " bpm"))
            lines += note("\(heart.quality.rawValue) beat · \(age(now - heart.received))", width: width)
        } else {
            lines.append(value("--", unit: " bpm"))
            if let rate = heart.rate, let received = heart.rateReceived {
                let last = FixedDecimal.string(rate, digits: 0)
                lines += note("last \(last) bpm \(age(now - received)); now \(heart.quality.rawValue)", width: width)
            } else {
                lines += note("no trusted beat yet (\(heart.quality.rawValue))", width: width)
            }
        }
        return lines + history(model.heartRateHistory, now: now, width: width, floor: nil, caption: "bpm")
    }

    /// Steps Today: the day's count, the activity and cadence at the newest step, steps per 10 s.
    static func steps(_ model: DashboardModel, now: Double, width: Int) -> [StyledLine] {
        if case .unavailable(let reason) = model.stepsAvailability { return unavailable(reason, width: width) }
        guard let steps = model.steps else { return note("waiting for the first step…", width: width) }
        var lines = [value("\(steps.today)", unit: steps.today == 1 ? " step" : " steps")]
        if let cadence = steps.cadence, let activity = steps.activity, now - steps.received <= 5 {
            let cadence = FixedDecimal.string(cadence, digits: 0)
            lines += note(["\(activity) · \(cadence) steps/min", "\(activity) · \(cadence)/min"], width: width)
        } else if steps.cadence != nil {
            lines += note(
                ["still · last step \(age(now - steps.received))", "still · \(age(now - steps.received))"], width: width)
        } else {
            lines += note("stored today; no step since the start", width: width)
        }
        let history = history(model.stepHistory, now: now, width: width, floor: 0, caption: "steps per 10 s")
        let since = model.stepsSinceStart ? note(["since the start (no store)", "since the start"], width: width) : []
        return lines + since + history
    }

    /// Flights Today: the day's floors climbed while walking, the relative altitude (signed, cm) with the floors walked
    /// down and the pressure as far as `width` allows, and the altitude's trace (drawn over at least 3 m, so that the
    /// barometer's centimetres of noise on a level floor stay a flat line, as on the web).
    static func flights(_ model: DashboardModel, now: Double, width: Int) -> [StyledLine] {
        if case .unavailable(let reason) = model.altitudeAvailability { return unavailable(reason, width: width) }
        guard let flights = model.flights?.update else { return note("waiting for the barometer…", width: width) }
        var lines = [value("\(flights.floorsAscended)", unit: flights.floorsAscended == 1 ? " floor" : " floors")]
        let height = flights.reading.relativeAltitude
        let signed = (height >= 0.005 ? "+" : "") + fixed(abs(height) < 0.005 ? 0 : height, 2, width: 0) + " m"
        var detail = signed
        for part in [flights.floorsDescended > 0 ? "\(flights.floorsDescended) down" : nil,
            FixedDecimal.string(flights.reading.pressure, digits: 2) + " kPa"].compactMap({ $0 })
        where (detail + " · " + part).unicodeScalars.count <= width {
            detail += " · " + part
        }
        lines.append(StyledLine(detail, .dim))
        return lines + history(
            model.altitudeHistory, now: now, width: width, floor: nil, caption: "m altitude", minimumRange: 3)
    }

    /// Live Motion: the magnitude of user acceleration, the gravity vector, the attitude angles with the heading
    /// arrow, the largest user acceleration per second (a chart as tall as `rows` leaves room for, up to 8 rows)
    /// and the rotation rate. Below 44 columns the numbers lose their padding and the attitude takes two lines.
    static func motion(_ model: DashboardModel, now: Double, width: Int, rows: Int = 0) -> [StyledLine] {
        if case .unavailable(let reason) = model.motionAvailability { return unavailable(reason, width: width) }
        guard let motion = model.motion else { return note("waiting for the sensors…", width: width) }
        let narrow = width < 44
        let pad = narrow ? 0 : 6
        let degree = 180 / Double.pi
        let g = motion.gravity
        var acceleration = StyledLine(narrow ? "user accel. " : "user acceleration ", .dim)
        acceleration.append(fixed(motion.userAcceleration.norm, 3, width: 0), .value)
        acceleration.append(" m/s²", .dim)
        var gravity = StyledLine("gravity", .dim)
        for (name, component) in [("x", g.x), ("y", g.y), ("z", g.z)] {
            gravity.append(narrow ? " " : "  \(name) ", .dim)
            gravity.append(fixed(component, 2, width: pad), .value)
        }
        gravity.append(" m/s²", .dim)
        var angles = StyledLine()
        for (name, angle) in [("roll", motion.attitude.roll), ("pitch", motion.attitude.pitch)] {
            angles.append(angles.width == 0 ? "\(name) " : "  \(name) ", .dim)
            angles.append(fixed(angle * degree, 1, width: pad) + "°", .value)
        }
        var heading = StyledLine(narrow ? "yaw " : "  yaw ", .dim)
        heading.append(fixed(motion.attitude.yaw * degree, 1, width: pad) + "° ", .value)
        heading.append(String(AttitudeIndicator.arrow(yaw: motion.attitude.yaw)), .value)
        var rotation = StyledLine("rotation rate ", .dim)
        rotation.append(fixed(motion.rotationRate.norm, 2, width: 0), .value)
        rotation.append(" rad/s", .dim)
        var lines = [acceleration, gravity]
        if narrow {
            lines += [angles, heading]
        } else {
            angles.append(heading)
            lines.append(angles)
        }
        let chart = max(1, min(8, rows - lines.count - 2))
        let history = history(
            model.accelerationHistory, now: now, width: width, floor: 0, caption: "m/s² peak per s", height: chart)
        return lines + history + [rotation]
    }

    /// The readings without boxes for a terminal too small for cards: each reading's title and its first card
    /// line (the value, or why it is missing), wrapped onto at most `lines` lines of `width`.
    static func summary(_ model: DashboardModel, now: Double, width: Int, lines: Int) -> [StyledLine] {
        let readings: [(String, [StyledLine])] = [
            (titles.heartRate, heartRate(model, now: now, width: .max)),
            (titles.steps, steps(model, now: now, width: .max)),
            (titles.flights, flights(model, now: now, width: .max)),
            (titles.motion, motionSummary(model, now: now)),
        ]
        return readings.flatMap { title, content -> [StyledLine] in
            let head = "\(title): "
            let text = head + (content.first?.text ?? "")
            return wrap(text, width: width).prefix(max(1, lines)).enumerated().map { index, line in
                guard index == 0, line.hasPrefix(head) else { return StyledLine(line) }
                var styled = StyledLine(head, .title)
                styled.append(String(line.dropFirst(head.count)), content.first?.runs.last?.style ?? .plain)
                return styled
            }
        }
    }

    /// Live Motion on one line: user acceleration and gravity.
    private static func motionSummary(_ model: DashboardModel, now: Double) -> [StyledLine] {
        guard model.motionAvailability.isAvailable, let motion = model.motion else {
            return self.motion(model, now: now, width: .max)
        }
        let g = motion.gravity
        let text = fixed(motion.userAcceleration.norm, 3, width: 0) + " m/s², gravity "
            + [g.x, g.y, g.z].map { fixed($0, 1, width: 0) }.joined(separator: " ")
        return [StyledLine(text, .value)]
    }

    // MARK: Pieces

    /// `text` dimmed, wrapped at `width` (a card's secondary line: nothing of it is cut in a narrow card).
    static func note(_ text: String, width: Int) -> [StyledLine] {
        wrap(text, width: width).map { StyledLine($0, .dim) }
    }

    /// The first of `variants` (longest first, saying the same) that fits `width`, dimmed; the last wrapped when none
    /// does: a narrow card says it shorter before it takes a second row.
    static func note(_ variants: [String], width: Int) -> [StyledLine] {
        let text = variants.first { $0.unicodeScalars.count <= width } ?? variants.last ?? ""
        return note(text, width: width)
    }

    /// "unavailable: REASON", wrapped at `width`.
    static func unavailable(_ reason: String, width: Int) -> [StyledLine] {
        wrap("unavailable: \(reason)", width: width).map { StyledLine($0, .warning) }
    }

    /// `text` broken into lines of at most `width` columns at spaces (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.unicodeScalars.count <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = String(word)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A sparkline of the series' newest buckets, `width` wide and `height` rows tall (scaled over at least
    /// `minimumRange`), and a caption with its time span and range.
    private static func history(
        _ series: RecentSeries, now: Double, width: Int, floor: Double?, caption: String, height: Int = 1,
        minimumRange: Double = 0
    ) -> [StyledLine] {
        guard !series.isEmpty, width > 0 else { return [] }
        let count = min(width, series.capacity)
        let values = series.values(endingAt: now, count: count)
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return [] }
        let minutes = Double(count) * series.bucket / 60
        let span = minutes >= 1 ? "last \(FixedDecimal.string(minutes, digits: 0)) min" : "last \(Int(Double(count) * series.bucket)) s"
        let digits = high < 10 ? 2 : 0
        let range = floor == nil
            ? "\(FixedDecimal.string(low, digits: digits))–\(FixedDecimal.string(high, digits: digits))"
            : "≤ \(FixedDecimal.string(high, digits: digits))"
        let full = "\(span) · \(range) \(caption)"
        // A narrow card keeps the range and its unit, not the span.
        let text = full.unicodeScalars.count <= width ? full : "\(range) \(caption)"
        return Sparkline.rows(values, floor: floor, height: height, minimumRange: minimumRange).map { StyledLine($0) }
            + [StyledLine(text, .dim)]
    }

    /// `number` in bold followed by `unit`.
    private static func value(_ number: String, unit: String) -> StyledLine {
        var line = StyledLine(number, .value)
        line.append(unit, .dim)
        return line
    }

    /// "3 s ago", "2 min ago", "1 h ago".
    static func age(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 90 { return "\(Int(seconds.rounded(.down))) s ago" }
        if seconds < 5400 { return "\(Int((seconds / 60).rounded())) min ago" }
        return "\(Int((seconds / 3600).rounded())) h ago"
    }

    /// `value` with `digits` decimals right-aligned to `width`; `--` for a value that is not known (NaN: the
    /// filter rejected the accelerometer's reading), never `nan`.
    private static func fixed(_ value: Double, _ digits: Int, width: Int) -> String {
        guard value.isFinite else { return String(repeating: " ", count: max(0, width - 2)) + "--" }
        return FixedDecimal.string(value, digits: digits, width: width)
    }
}
