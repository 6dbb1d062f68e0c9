extension Double {
    /// `100`, `12.5`, `0.1`: the shortest text of a number, without `.0` for whole numbers — how sysfs spells
    /// frequencies and matrix entries, and how capture writes them back and names them in log lines.
    var sysfsText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
