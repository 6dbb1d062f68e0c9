/// The topics whose samples are batched: the high-rate IMU and barometer readings.
enum BatchedTopic: CaseIterable {
    case deviceMotion
    case rawIMU
    case magneticField
    case altitude

    /// The topic in `layout`.
    func topic(in layout: TopicLayout) -> String {
        switch self {
        case .deviceMotion: return layout.deviceMotion
        case .rawIMU: return layout.rawIMU
        case .magneticField: return layout.magneticField
        case .altitude: return layout.altitude
        }
    }
}
