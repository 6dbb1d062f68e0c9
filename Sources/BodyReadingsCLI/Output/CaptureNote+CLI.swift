import Sensors

extension CaptureNote {
    /// The line on stderr: as the source said it, with the CLI's option named where a longer update interval helps.
    var cliText: String {
        switch self {
        case .info(let line):
            line
        case .slowDelivery(let device, let achieved, let rate, let cause):
            Self.slowDelivery(
                device: device, achieved: achieved, rate: rate, cause: cause, advice: "use a longer --interval")
        case .notRestored:
            description
        }
    }
}

extension Console {
    /// Where a command's capture diagnostics go: stderr, in the CLI's terms.
    var captureLog: @Sendable (CaptureNote) -> Void {
        { [self] note in
            if case .notRestored(let device, _, _) = note { self.deviceLeftChanged(device) }
            self.note(note.cliText)
        }
    }
}
