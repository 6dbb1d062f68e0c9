/// A hardware step counter found in an IIO context: a chip that counts steps itself (the kernel's `bma400` driver),
/// exposed as an IIO `steps` channel (`in_steps_input`, enabled by `in_steps_en`) and, often, `activity` channels
/// (`in_activity_still_input`, `…_walking_input`, `…_running_input`: the chip's confidence, 0–100 %).
///
/// The drivers have no buffer for these channels: the counter is read by polling. It counts only while enabled, and
/// wraps around at `counterBits` bits (the BMA400's counter is 24 bits wide).
public struct DiscoveredStepCounter: Sendable, Hashable {
    /// How often a capture reads the counter, Hz: a walker makes at most about 4 steps a second, and a step is
    /// reported at most 0.1 s after the counter has it.
    public static let pollingRate = 10.0

    /// The IIO device id (`iio:device4`).
    public var deviceID: String
    /// The driver's device name (`bma400`).
    public var deviceName: String
    /// The device label, when the firmware gives one.
    public var label: String?
    /// Stable identity of the chip (the same rule as for sensors, see ``SensorIdentity``).
    public var identity: SensorIdentity
    /// Where the count is read: `in_steps_input`.
    public var countAttribute: AttributeLocation
    /// Where the counter is switched on and off (`in_steps_en`), when the driver has the switch.
    public var enableAttribute: AttributeLocation?
    /// Whether the counter was enabled when discovery looked; nil when unknown (no switch, or no values).
    public var isEnabled: Bool?
    /// Where the activity confidences are read, for the activities the driver reports.
    public var activityAttributes: [ActivityChannel: AttributeLocation]
    /// The width of the counter, bits: it wraps from 2^bits − 1 to 0.
    public var counterBits: Int

    /// The activities a step-counting chip may report, by their IIO channel modifier.
    public enum ActivityChannel: String, Sendable, Hashable, CaseIterable {
        /// `in_activity_still_input`.
        case still
        /// `in_activity_walking_input`.
        case walking
        /// `in_activity_running_input`.
        case running
    }

    public init(
        deviceID: String, deviceName: String, label: String? = nil, identity: SensorIdentity,
        countAttribute: AttributeLocation, enableAttribute: AttributeLocation? = nil, isEnabled: Bool? = nil,
        activityAttributes: [ActivityChannel: AttributeLocation] = [:], counterBits: Int = 24
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.label = label
        self.identity = identity
        self.countAttribute = countAttribute
        self.enableAttribute = enableAttribute
        self.isEnabled = isEnabled
        self.activityAttributes = activityAttributes
        self.counterBits = counterBits
    }
}
