/// A name for one physical sensor chip that stays the same across reboots and `iio:deviceN` renumbering; calibration
/// files are keyed by it.
///
/// The rule (documented in docs/cli.md, "How discovery decides"):
/// - **Local contexts**: `<driver name>[+<label>]@<bus path>`, where the bus path is the device's parent under
///   `/sys/devices` (resolved from `/sys/bus/iio/devices/iio:deviceN`): `pci0000:00/0000:00:15.1/i2c_designware.1/i2c-1/1-0068`
///   for an I²C chip at address 0x68, `…/0003:8087:0AC2/HID-SENSOR-200073` for a HID sensor hub (the HID instance
///   counters `.0001`, `.1.auto` that change between boots are dropped).
/// - **Other contexts** (network, USB, XML): `<driver name>[+<label>]@<place>`, the place being the context attribute
///   `hw_serial`, else `hw_model`, else the host of an `ip:` URI, else the backend name (`usb`, `xml`).
/// - When two devices would get the same identity, the second and later get `#2`, `#3` in context order.
///
/// A combined IMU (bmi160) gives its accelerometer and gyroscope the same identity: they are one chip.
public struct SensorIdentity: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identity text, e.g. `bmi160@platform/i2c-0/0-0068`.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The identity as a file name: every character other than letters, digits, `.`, `_`, `-` and `+` becomes `_`.
    public var fileName: String {
        String(
            rawValue.map { character -> Character in
                character.isASCII && (character.isLetter || character.isNumber || "._-+".contains(character))
                    ? character : "_"
            })
    }

    public var description: String { rawValue }
}
