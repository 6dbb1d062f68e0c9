/// One sysfs attribute of a fixture: its libiio name, the sysfs file it stands for, its value and how it fails.
public struct FixtureAttribute: Sendable, Hashable {
    /// The name libiio shows (`scale`, `sampling_frequency`), which clients send in `READ`/`WRITE`.
    public var name: String
    /// The sysfs file name for channel attributes (`in_accel_scale`); `nil` for device, buffer and debug attributes,
    /// whose XML carries no file name.
    public var filename: String?
    /// The value a read answers, without the kernel's trailing newline.
    public var value: String
    /// Writes fail with `EACCES`, as a sysfs file without a store method does.
    public var isReadOnly: Bool
    /// When set, every read answers this errno (e.g. `EINVAL` for a bmi160 scale whose range register is 0).
    public var readError: Int32?
    /// When set, every write answers this errno (e.g. `EACCES` to test the permission path).
    public var writeError: Int32?
    /// Which written values the "driver" accepts; others answer `EINVAL`.
    public var rule: ValueRule
    /// Whether libiio lists the attribute (in the XML). `false` for sysfs files libiio 0.24 reserves to itself
    /// (`buffer/length`, `buffer/enable`, `buffer/watermark`): absent from the XML, yet READ/WRITE by name still
    /// reach them, as they reach the sysfs file.
    public var isListed: Bool

    /// Creates an attribute; `readOnly` attributes reject writes with `EACCES`.
    public init(
        _ name: String, filename: String? = nil, value: String, readOnly: Bool = false,
        readError: Int32? = nil, writeError: Int32? = nil, listed: Bool = true, rule: ValueRule = .automatic
    ) {
        self.rule = rule
        self.isListed = listed
        self.name = name
        self.filename = filename
        self.value = value
        self.isReadOnly = readOnly
        self.readError = readError
        self.writeError = writeError
    }
}
