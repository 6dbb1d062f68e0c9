/// One channel of a fixture device, as libiio presents it (id, direction, scan element, attributes).
public struct FixtureChannel: Sendable, Hashable {
    /// The channel id (`accel_x`, `timestamp`).
    public var id: String
    /// What the channel measures.
    public var kind: ChannelKind
    /// The axis modifier, for three-axis channels.
    public var axis: ChannelAxis?
    /// The scan index (buffer order) when the channel can be buffered; `nil` for attribute-only channels.
    public var scanIndex: Int?
    /// The storage format, when buffered.
    public var scanFormat: FixtureScanFormat?
    /// The channel's attributes, in the order libiio lists them.
    public var attributes: [FixtureAttribute]
    /// An output channel (`out_current1_raw`) rather than an input.
    public var isOutput: Bool
    /// For an intensity channel, how its counts follow the pulse; nil for other channels.
    public var intensity: IntensityProfile?

    /// Creates a channel.
    public init(
        id: String, kind: ChannelKind, axis: ChannelAxis? = nil, scanIndex: Int? = nil, scanFormat: FixtureScanFormat? = nil,
        attributes: [FixtureAttribute] = [], isOutput: Bool = false, intensity: IntensityProfile? = nil
    ) {
        self.id = id
        self.kind = kind
        self.axis = axis
        self.scanIndex = scanIndex
        self.scanFormat = scanFormat
        self.attributes = attributes
        self.isOutput = isOutput
        self.intensity = intensity
    }

    /// The attribute named `name`, if the channel has it.
    public func attribute(_ name: String) -> FixtureAttribute? {
        attributes.first { $0.name == name }
    }
}
