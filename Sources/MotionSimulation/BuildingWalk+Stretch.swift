extension BuildingWalk {
    /// A stretch of the altitude: from `start` to `end` s it goes from `from` to `to` m, linearly or (a lift ride)
    /// along a raised cosine.
    public struct Stretch: Sendable, Hashable {
        /// Start and end, s; the altitude at them, m; a raised-cosine (lift) or linear course between.
        public var start: Double
        public var end: Double
        public var from: Double
        public var to: Double
        public var raisedCosine: Bool

        /// A stretch with the given fields.
        public init(start: Double, end: Double, from: Double, to: Double, raisedCosine: Bool) {
            self.start = start
            self.end = end
            self.from = from
            self.to = to
            self.raisedCosine = raisedCosine
        }
    }
}
