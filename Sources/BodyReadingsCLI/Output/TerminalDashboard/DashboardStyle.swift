/// How a piece of dashboard text is drawn; `TerminalSequences` maps each to its escape sequence, so that the layout
/// stays free of them.
enum DashboardStyle: Sendable, Hashable {
    /// Ordinary text.
    case plain
    /// A card's title and the header.
    case title
    /// A reading's main value.
    case value
    /// Secondary text: units, ages, sparklines.
    case dim
    /// Why a reading is missing.
    case warning
}
