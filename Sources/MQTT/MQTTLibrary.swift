import CMosquitto

/// libmosquitto itself: its one-time initialisation and its version.
public enum MQTTLibrary {
    /// `mosquitto_lib_init` runs once per process, on first use of any client (Swift runs a static's initialiser
    /// once, thread-safely). It is never undone: `mosquitto_lib_cleanup` would pull OpenSSL out from under clients
    /// still running, and the process exit frees everything anyway.
    private static let initialization: Int32 = mosquitto_lib_init()

    /// Initialises libmosquitto if it is not yet; every client calls this before `mosquitto_new`.
    static func initialize() {
        _ = initialization
    }

    /// The linked libmosquitto's version as (major, minor, revision), e.g. (2, 0, 11) on Debian bookworm.
    /// The corresponding C function is `mosquitto_lib_version`.
    public static var version: (major: Int, minor: Int, revision: Int) {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        _ = mosquitto_lib_version(&major, &minor, &revision)
        return (Int(major), Int(minor), Int(revision))
    }
}
