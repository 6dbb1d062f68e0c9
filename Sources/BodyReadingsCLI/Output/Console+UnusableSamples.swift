extension Console {
    /// The warning of a detector that rejected `count` of `total` samples (not a number, or beyond ±`range`: no
    /// sensor's reading), saying what became of them; nothing when `count` is 0.
    func warnUnusable(_ count: Int, of total: Int, _ samples: String, range: String, _ outcome: String) {
        guard count > 0 else { return }
        warning(
            "\(count) of \(total) \(samples) were unusable (not a number or beyond ±\(range), no sensor's reading): "
                + outcome)
    }
}
