/// The XDG base directories of the user (XDG Base Directory Specification 0.8): where per-user configuration and
/// state go. A variable that is unset, empty or relative falls back to its default under the home directory (`HOME`,
/// else the password database's).
package enum XDGDirectory {
    /// `$XDG_CONFIG_HOME`, default `~/.config` (calibration files).
    package static func config(environment: [String: String]) -> String {
        directory("XDG_CONFIG_HOME", default: ".config", environment: environment)
    }

    /// `$XDG_STATE_HOME`, default `~/.local/state` (the readings store).
    package static func state(environment: [String: String]) -> String {
        directory("XDG_STATE_HOME", default: ".local/state", environment: environment)
    }

    private static func directory(_ variable: String, default relative: String, environment: [String: String])
        -> String
    {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileSystem.homeDirectory()
        return home + "/" + relative
    }
}
