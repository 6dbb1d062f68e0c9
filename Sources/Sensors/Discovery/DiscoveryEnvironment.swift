import FoundationEssentials

/// Where discovery looks for facts libiio does not give: sysfs (to resolve a device's bus path and its device node
/// numbers) and the udev database (for `ACCEL_MOUNT_MATRIX`). Consulted only for `local:` contexts.
///
/// Tests point it at a fake tree; ``system`` is the real machine.
public struct DiscoveryEnvironment: Sendable, Hashable {
    /// The sysfs mount point, `/sys`.
    public var sysfsRoot: String
    /// udev's database directory, `/run/udev/data` (files `c<major>:<minor>` per character device).
    public var udevDataDirectory: String

    public init(sysfsRoot: String = "/sys", udevDataDirectory: String = "/run/udev/data") {
        self.sysfsRoot = sysfsRoot
        self.udevDataDirectory = udevDataDirectory
    }

    /// The running machine.
    public static let system = DiscoveryEnvironment()

    /// The device's parent path below `<sysfs>/devices`, with HID instance counters removed; nil when sysfs does
    /// not have the device.
    func busPath(deviceID: String) -> String? {
        let link = "\(sysfsRoot)/bus/iio/devices/\(deviceID)"
        guard FileManager.default.fileExists(atPath: link) else { return nil }
        let resolved = URL(fileURLWithPath: link).resolvingSymlinksInPath().path
        let devices = URL(fileURLWithPath: "\(sysfsRoot)/devices").resolvingSymlinksInPath().path + "/"
        var components = resolved.split(separator: "/").map(String.init)
        guard components.last == deviceID else { return nil }
        components.removeLast()
        let parent = "/" + components.joined(separator: "/")
        let relative = parent.hasPrefix(devices) ? String(parent.dropFirst(devices.count)) : parent
        return Self.stableBusPath(relative)
    }

    /// Drops the per-boot HID instance counters from a sysfs device path: `0003:8087:0AC2.0001` →
    /// `0003:8087:0AC2`, `HID-SENSOR-200073.1.auto` → `HID-SENSOR-200073`.
    static func stableBusPath(_ path: String) -> String {
        path.split(separator: "/").map { component -> Substring in
            let parts = component.split(separator: ".", omittingEmptySubsequences: false)
            let hidPattern = parts.count == 2 && parts[0].split(separator: ":").count == 3
                && parts[1].count == 4 && parts[1].allSatisfy(\.isHexDigit)
            if hidPattern { return parts[0] }
            if component.hasPrefix("HID-SENSOR-"), component.hasSuffix(".auto"), let dot = component.firstIndex(of: ".") {
                return component[..<dot]
            }
            return component
        }.joined(separator: "/")
    }

    /// The udev property `name` of the device's node (`/dev/iio:deviceN`), from `<udev>/c<major>:<minor>`; nil when
    /// there is no udev database entry or no such property.
    func udevProperty(_ name: String, deviceID: String) -> String? {
        guard let numbers = try? String(contentsOfFile: "\(sysfsRoot)/bus/iio/devices/\(deviceID)/dev", encoding: .utf8)
        else { return nil }
        let node = numbers[...].trimmingWhitespace
        guard !node.isEmpty, node.split(separator: ":").count == 2,
            let database = try? String(contentsOfFile: "\(udevDataDirectory)/c\(node)", encoding: .utf8)
        else { return nil }
        return Self.udevProperty(name, in: database)
    }

    /// The value of `E:<name>=…` in a udev database file's text.
    static func udevProperty(_ name: String, in database: String) -> String? {
        let prefix = "E:\(name)="
        for line in database.split(separator: "\n") where line.hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count))
        }
        return nil
    }
}
