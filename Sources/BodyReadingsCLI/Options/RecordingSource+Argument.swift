import ReadingFormats

extension RecordingSource {
    /// The recording a FILE argument names: `-` is stdin, anything else a path.
    init(argument path: String) {
        self = path == "-" ? .fileDescriptor(0, source: "<stdin>") : .path(path)
    }
}
