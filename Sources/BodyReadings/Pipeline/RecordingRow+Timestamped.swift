import ReadingFormats

extension RecordingRow: Timestamped {
    /// `t`, s.
    @inlinable public var timestamp: Double { t }
}
