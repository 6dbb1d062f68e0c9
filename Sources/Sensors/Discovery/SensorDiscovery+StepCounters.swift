import IIO

// The step-counter rules of discovery: an input channel of type `steps` with an `input` attribute
// (`in_steps_input`, IIO_CHAN_INFO_PROCESSED), its `en` switch (`in_steps_en`, IIO_CHAN_INFO_ENABLE), and `activity`
// channels with the modifiers still, walking and running (`in_activity_walking_input`). Names follow the kernel ABI
// (Documentation/ABI/testing/sysfs-bus-iio: in_steps_input, in_steps_en, in_activity_*_input).

extension SensorDiscovery {
    /// The step counter of `device`, or nil when it has none.
    ///
    /// - Throws: ``SensorError`` when the enable switch cannot be read for a reason other than the driver's state
    ///   (permission denied, device vanished).
    static func stepCounter(
        of device: DeviceSnapshot, identity: SensorIdentity, reader: inout ValueReader
    ) throws(SensorError) -> DiscoveredStepCounter? {
        let inputs = device.channels.filter { !$0.isOutput }
        guard let steps = inputs.first(where: { $0.type == "steps" }),
              let countFile = steps.attributes["input"]
        else { return nil }
        let enable = steps.attributes["en"].map { AttributeLocation.channel(id: steps.id, attribute: "en", file: $0) }
        var isEnabled: Bool?
        if let enable, let text = try reader.text(at: enable, tolerateDriverErrors: true) {
            isEnabled = Double(attributeText: text).map { $0 != 0 }
        }
        var activities: [DiscoveredStepCounter.ActivityChannel: AttributeLocation] = [:]
        for channel in inputs where channel.type == "activity" {
            guard let file = channel.attributes["input"],
                  let activity = DiscoveredStepCounter.ActivityChannel.allCases.first(where: {
                      channel.id == "activity_\($0.rawValue)"
                  })
            else { continue }
            activities[activity] = .channel(id: channel.id, attribute: "input", file: file)
        }
        return DiscoveredStepCounter(
            deviceID: device.id, deviceName: device.name ?? device.id, label: device.label, identity: identity,
            countAttribute: .channel(id: steps.id, attribute: "input", file: countFile), enableAttribute: enable,
            isEnabled: isEnabled, activityAttributes: activities)
    }
}
