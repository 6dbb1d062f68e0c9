import ReadingFormats

extension MotionOutputWriter {
    /// A writer onto the command's stdout; `flush()` also flushes the console.
    convenience init(format: MotionOutputFormat, units: MotionOutputUnits = .si, console: Console) {
        self.init(
            format: format, units: units, sink: { try console.write(bytes: $0) }, flush: { try console.flush() })
    }
}
