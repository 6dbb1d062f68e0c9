import IIO
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// A capture's exclusive claim on the sysfs settings of one device, held from before its first write until after
/// the restorer put them back: a second bodyreadings capture of the same device (another `stream`, a `serve`) is
/// refused with `CaptureError.Kind.inUse` instead of changing the sampling frequency under the first and, at its
/// end, "restoring" the first one's value.
///
/// The claim is an `flock` on `/run/lock/bodyreadings-<context>-<device>[-<role>].lock` (world-writable and
/// sticky on Debian, so users share it; else `/tmp`; `BODYREADINGS_LOCK_DIR` replaces both): the kernel drops it
/// when the process ends however it ends. `ExclusiveFileLock` guards the shared directory: a planted symbolic link
/// or other non-file at the path is refused and named, another user's file is never written, and a refusal names
/// the user who holds the lock. The context in the name is the machine the opened context reaches (``identity(of:)``), not
/// the URI's spelling, so that `ip:localhost`, `ip:127.0.0.1` and `ip:127.0.0.1:30431` claim one device. A step
/// counter's capture claims a role of its own (`steps`): it writes only `in_steps_en`, and runs beside the same
/// chip's motion capture.
struct DeviceClaim {
    private let lock: ExclusiveFileLock?

    /// Claims `deviceID` of the context `uri` for `role` (nil: the sampling settings).
    ///
    /// - Parameters:
    ///   - label: the device as messages name it, `bmi160 (iio:device0)`.
    ///   - directories: where lock files may go, first usable wins (tests pass their own).
    /// - Throws: `CaptureError` `.inUse` when another capture holds the claim. When no directory can hold a lock
    ///   file, the capture goes ahead unclaimed (as before claims existed) rather than refusing to run.
    init(
        uri: String, deviceID: String, role: String?, label: String,
        directories: [String] = DeviceClaim.defaultDirectories()
    ) throws(CaptureError) {
        let name = Self.fileName(uri: uri, deviceID: deviceID, role: role)
        for directory in directories where FileSystem.exists(directory) {
            let path = directory + "/" + name
            let attempt: ExclusiveFileLock.Attempt
            do {
                attempt = try ExclusiveFileLock.attempt(path)
            } catch where error.errno == .symbolicLink || error.errno == .notPermitted {
                let what = error.errno == .symbolicLink ? "a symbolic link" : "not a plain file"
                throw CaptureError(
                    .inUse, "cannot claim \(label): its lock file \(path) is \(what), which bodyreadings never makes; "
                        + "remove it (someone may have planted it)")
            } catch {
                continue
            }
            switch attempt {
            case .acquired(let lock):
                self.lock = lock
                return
            case .held(let holder):
                throw CaptureError(.inUse, Self.refusal(label: label, holder: holder, path: path))
            }
        }
        self.lock = nil
    }

    /// Why a claim was refused: the holder's process id, and the user owning the lock file when that is another
    /// user (who may hold it without being a bodyreadings capture at all).
    static func refusal(label: String, holder: ExclusiveFileLock.Holder, path: String) -> String {
        let process = holder.processID.map { "process \($0)" } ?? "a process"
        guard holder.isSameUser else {
            let user = holder.userName.map { "user \($0) (uid \(holder.userID))" } ?? "uid \(holder.userID)"
            return "\(label) is in use: \(process) of \(user) holds its lock file \(path) (if that is not a "
                + "bodyreadings capture, that user or root can remove the file)"
        }
        let who = holder.processID.map { "bodyreadings process \($0)" } ?? "another bodyreadings process"
        return "\(label) is in use by \(who), which changed its settings"
    }

    /// Claims `deviceID` of an opened context, keyed on the machine it reaches (``identity(of:)``).
    init(context: Context, deviceID: String, role: String?, label: String) throws(CaptureError) {
        try self.init(uri: Self.identity(of: context), deviceID: deviceID, role: role, label: label)
    }

    /// The machine a context reaches, the same for every spelling of its URI: `ip:ADDRESS:PORT` with the address
    /// libiio connected to (its `ip,ip-addr` attribute) and the URI's port (default 30431); `usb:VENDOR:PRODUCT:SERIAL`
    /// from the USB descriptor when it has a serial number, else the bus and address libiio chose (its `uri`
    /// attribute); `local:` for this machine's sysfs (device ids are unique on it). Other contexts: their URI.
    static func identity(of context: Context) -> String {
        switch context.name {
        case "local":
            return "local:"
        case "network":
            guard let address = context.attribute("ip,ip-addr"), !address.isEmpty else { return context.uri }
            let port = SensorDiscovery.port(of: context.uri) ?? SensorDiscovery.defaultIIODPort
            return "ip:\(address.contains(":") ? "[\(address)]" : address):\(port)"
        case "usb":
            let descriptor = ["usb,idVendor", "usb,idProduct", "usb,serial"].compactMap { context.attribute($0) }
            if descriptor.count == 3, !descriptor[2].isEmpty { return "usb:" + descriptor.joined(separator: ":") }
            return context.attribute("uri") ?? context.uri
        default:
            return context.uri
        }
    }

    /// Gives the claim up (after the restorer ran).
    func release() {
        lock?.release()
    }

    /// The settings a capture of this user recorded before it changed them and that it never restored: it was
    /// killed holding the claim. Oldest first.
    var inherited: [RecordedSetting] { (lock?.inherited ?? []).compactMap(RecordedSetting.init(line:)) }

    /// The claim file, for messages.
    var path: String? { lock?.path }

    /// Forgets the inherited settings (once they were put back).
    func discardInherited() {
        lock?.reset()
    }

    /// Records `setting` before the capture changes it, where the next capture finds it if this one is killed.
    func record(_ setting: RecordedSetting) {
        guard let line = setting.line else { return }
        lock?.append(line)
    }

    /// `/run/lock`, then `/tmp`: both shared by every user (a per-user directory such as `$XDG_RUNTIME_DIR` would
    /// not stop a second user's capture of the same device). `BODYREADINGS_LOCK_DIR` names the one directory instead
    /// (tests; a packaging that has its own).
    static func defaultDirectories() -> [String] {
        if let directory = getenv("BODYREADINGS_LOCK_DIR"), directory.pointee != 0 { return [String(cString: directory)] }
        return ["/run/lock", "/tmp"]
    }

    /// `bodyreadings-ip%3A127.0.0.1%3A30431-iio%3Adevice0.lock`: every byte but letters, digits, `.` and `_`
    /// percent-encoded, so that any URI gives one file name and different URIs different names.
    static func fileName(uri: String, deviceID: String, role: String?) -> String {
        let context = uri.isEmpty ? "local:" : uri
        let parts = [context, deviceID] + (role.map { [$0] } ?? [])
        return "bodyreadings-" + parts.map(escaped).joined(separator: "-") + ".lock"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result += "%"
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }
}
