import MotionMath

extension Vector3 {
    /// Parses "x,y,z" (three decimal numbers), as the command line takes vectors; nil when malformed.
    init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.filter { $0 != " " }) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2] else { return nil }
        self.init(x, y, z)
    }
}
