/// The dashboard's screen for a model, a time and a terminal size: exactly `height` lines of exactly `width`
/// columns, with no escape sequences (`TerminalSequences` draws them). Pure, so that every size can be tested.
///
/// - **wide** (from 64×18): a header, Heart Rate, Steps Today and Flights Today side by side (the web dashboard's
///   row of readings), Live Motion across the screen with the attitude indicator on its right, and the capture's
///   newest note at the bottom.
/// - **column** (from 24×13): the four cards one below the other, shorter; Live Motion last, with the rows left.
/// - **summary** (anything smaller): one line per reading, without boxes.
enum DashboardLayout {
    /// How the cards are arranged.
    enum Arrangement: Sendable, Equatable {
        case wide, column, summary
    }

    /// The smallest terminal for the wide arrangement.
    static let wideMinimum = (width: 64, height: 18)
    /// The smallest terminal for the column: a header and four cards of three rows.
    static let columnMinimum = (width: 24, height: 13)
    /// The widest and narrowest attitude indicator, columns.
    static let horizonWidths = 11...21
    /// Content columns of Live Motion from which the attitude indicator fits beside its lines.
    static let horizonFrom = 56

    /// The arrangement for a terminal of `width` × `height`.
    static func arrangement(width: Int, height: Int) -> Arrangement {
        if width >= wideMinimum.width, height >= wideMinimum.height { return .wide }
        if width >= columnMinimum.width, height >= columnMinimum.height { return .column }
        return .summary
    }

    /// The screen.
    static func lines(_ model: DashboardModel, now: Double, width: Int, height: Int) -> [StyledLine] {
        guard width > 0, height > 0 else { return [] }
        var lines: [StyledLine]
        switch arrangement(width: width, height: height) {
        case .wide: lines = wide(model, now: now, width: width, height: height)
        case .column: lines = column(model, now: now, width: width, height: height)
        case .summary: lines = summary(model, now: now, width: width, height: height)
        }
        lines = Array(lines.prefix(height))
        while lines.count < height { lines.append(StyledLine()) }
        return lines.map { $0.fitted(to: width) }
    }

    // MARK: Arrangements

    private static func wide(_ model: DashboardModel, now: Double, width: Int, height: Int) -> [StyledLine] {
        let cardsHeight = height - 2
        let topHeight = max(6, min(8, cardsHeight / 3))
        // Three boxes and two gaps: the first gets the shortest share.
        let usable = width - 2
        let widths = [usable / 3, (usable - usable / 3) / 2, usable - usable / 3 - (usable - usable / 3) / 2]
        let cards: [(String, (DashboardModel, Double, Int) -> [StyledLine])] = [
            (DashboardCards.titles.heartRate, DashboardCards.heartRate),
            (DashboardCards.titles.steps, DashboardCards.steps),
            (DashboardCards.titles.flights, DashboardCards.flights),
        ]
        let top = zip(cards, widths).map { card, boxWidth in
            CardBox.lines(
                title: card.0, content: card.1(model, now, CardBox.contentWidth(boxWidth)), width: boxWidth,
                height: topHeight)
        }
        let motionHeight = cardsHeight - topHeight
        let motion = CardBox.lines(
            title: DashboardCards.titles.motion,
            content: motionContent(model, now: now, width: CardBox.contentWidth(width), rows: CardBox.contentHeight(motionHeight)),
            width: width, height: motionHeight)
        return [header(model, width: width)] + CardBox.beside(CardBox.beside(top[0], top[1]), top[2]) + motion
            + [footer(model)]
    }

    private static func column(_ model: DashboardModel, now: Double, width: Int, height: Int) -> [StyledLine] {
        let hasFooter = height > columnMinimum.height
        let cardsHeight = height - 1 - (hasFooter ? 1 : 0)
        let inner = CardBox.contentWidth(width)
        let cards: [(String, [StyledLine])] = [
            (DashboardCards.titles.heartRate, DashboardCards.heartRate(model, now: now, width: inner)),
            (DashboardCards.titles.steps, DashboardCards.steps(model, now: now, width: inner)),
            (DashboardCards.titles.flights, DashboardCards.flights(model, now: now, width: inner)),
            (DashboardCards.titles.motion, DashboardCards.motion(model, now: now, width: inner)),
        ]
        let heights = shares(of: cardsHeight, wanted: cards.map { $0.1.count + 2 }, minimum: CardBox.minimumSize.height)
        var lines = [header(model, width: width)]
        for ((title, content), rows) in zip(cards, heights) {
            // Live Motion gets the rows left over: its chart grows into them.
            let drawn = title == DashboardCards.titles.motion
                ? DashboardCards.motion(model, now: now, width: inner, rows: CardBox.contentHeight(rows)) : content
            lines += CardBox.lines(title: title, content: drawn, width: width, height: rows)
        }
        if hasFooter { lines.append(footer(model)) }
        return lines
    }

    private static func summary(_ model: DashboardModel, now: Double, width: Int, height: Int) -> [StyledLine] {
        let withHeader = height >= 4
        let perReading = (height - (withHeader ? 1 : 0)) / 4
        let readings = DashboardCards.summary(model, now: now, width: width, lines: perReading)
        return (withHeader ? [StyledLine("BodyReadings · q quits", .title)] : []) + readings
    }

    /// `total` rows shared among boxes that want `wanted` rows each: each gets what it wants and the rest goes to
    /// the last (Live Motion, whose sparkline and attitude use it); when they want more than there is, each gets
    /// an equal share (at least `minimum`), the remainder to the last.
    static func shares(of total: Int, wanted: [Int], minimum: Int) -> [Int] {
        guard !wanted.isEmpty else { return [] }
        var heights: [Int]
        if wanted.reduce(0, +) <= total {
            heights = wanted
        } else {
            let share = max(minimum, total / wanted.count)
            heights = wanted.map { min($0, share) }
        }
        heights[heights.count - 1] += total - heights.reduce(0, +)
        return heights
    }

    // MARK: Pieces

    /// Live Motion's lines with the attitude indicator on their right when the card is wide enough.
    private static func motionContent(_ model: DashboardModel, now: Double, width: Int, rows: Int) -> [StyledLine] {
        guard width >= horizonFrom, model.motionAvailability.isAvailable, let motion = model.motion else {
            return DashboardCards.motion(model, now: now, width: width, rows: rows)
        }
        let horizonWidth = max(horizonWidths.lowerBound, min(horizonWidths.upperBound, width / 4))
        let textWidth = width - horizonWidth - 2
        let text = DashboardCards.motion(model, now: now, width: textWidth, rows: rows)
        let horizon = AttitudeIndicator.horizon(
            roll: motion.attitude.roll, pitch: motion.attitude.pitch, width: horizonWidth,
            height: max(1, min(rows, horizonWidth / 2)))
        return (0..<max(text.count, horizon.count)).map { row in
            var line = (row < text.count ? text[row] : StyledLine()).fitted(to: textWidth + 2)
            if row < horizon.count { line.append(horizon[row], .dim) }
            return line
        }
    }

    /// "BodyReadings · SOURCE" and, on the right, "q quits".
    private static func header(_ model: DashboardModel, width: Int) -> StyledLine {
        let keys = "q quits"
        var line = StyledLine("BodyReadings", .title)
        line.append(" · \(model.source)", .dim)
        line = line.fitted(to: max(0, width - keys.count - 1))
        line.append(" ")
        line.append(keys, .dim)
        return line
    }

    /// The capture's newest note, if any.
    private static func footer(_ model: DashboardModel) -> StyledLine {
        StyledLine(model.note ?? "", .dim)
    }
}
