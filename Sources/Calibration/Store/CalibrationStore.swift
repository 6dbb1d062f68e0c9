import SystemSupport

/// Where calibration files live and how they are read, written and removed.
///
/// One file per physical sensor, named after its identity (`fileName(forSensor:)`), looked up in the per-user
/// directory first (`$XDG_CONFIG_HOME/bodyreadings/calibration`, default `~/.config/bodyreadings/calibration`), then
/// the system-wide one (`/etc/bodyreadings/calibration`). New calibrations go to the per-user directory unless a file
/// is named explicitly (`--calibration FILE`). Writes are atomic and merge with the sensor's existing calibration, so
/// calibrating the gyroscope keeps the accelerometer section. A rejected calibration never reaches the store: the
/// estimators throw before anything is written, and the store refuses an implausible file
/// (`CalibrationFile.implausibility`) and reports a stored one as corrupt.
public struct CalibrationStore: Sendable, Equatable {
    /// The per-user directory, searched first and written to.
    public var userDirectory: String
    /// The system-wide directory, searched second, never written to unless named explicitly.
    public var systemDirectory: String

    /// The default system-wide directory.
    public static let defaultSystemDirectory = "/etc/bodyreadings/calibration"

    /// A store over explicit directories.
    public init(userDirectory: String, systemDirectory: String = CalibrationStore.defaultSystemDirectory) {
        self.userDirectory = userDirectory
        self.systemDirectory = systemDirectory
    }

    /// The store of the environment: `XDG_CONFIG_HOME` (else `HOME/.config`, else the password database's home
    /// directory) for the user directory;
    /// `BODYREADINGS_SYSTEM_CALIBRATION_DIR` replaces `/etc/bodyreadings/calibration` (for packaging and tests).
    public init(environment: [String: String]) {
        self.init(
            userDirectory: XDGDirectory.config(environment: environment) + "/bodyreadings/calibration",
            systemDirectory: environment["BODYREADINGS_SYSTEM_CALIBRATION_DIR"].flatMap { $0.isEmpty ? nil : $0 }
                ?? Self.defaultSystemDirectory)
    }

    /// A safe file name for a sensor identity: letters, digits, `.`, `-` and `_` are kept, anything else becomes
    /// `_`; when something was replaced (or the name is long) a 64-bit FNV-1a hash of the identity is appended so
    /// that different identities never share a file. Never starts with a dot, never contains a slash.
    public static func fileName(forSensor sensor: String) -> String {
        var safe = ""
        var changed = false
        for scalar in sensor.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars
                .contains(scalar)
            {
                safe.unicodeScalars.append(scalar)
            } else {
                safe += "_"
                changed = true
            }
        }
        if safe.hasPrefix(".") || safe.isEmpty {
            safe = "_" + safe
            changed = true
        }
        if safe.count > 80 {
            safe = String(safe.prefix(80))
            changed = true
        }
        if changed {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in sensor.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            safe += "-" + String(repeating: "0", count: 16 - hex.count) + hex
        }
        return safe + ".json"
    }

    /// The paths where a sensor's file may be, in search order (user, then system).
    public func candidatePaths(forSensor sensor: String) -> [String] {
        let name = Self.fileName(forSensor: sensor)
        return [userDirectory + "/" + name, systemDirectory + "/" + name]
    }

    /// A file found in the store, with where it was.
    public struct Located: Sendable, Equatable {
        /// The calibration.
        public var file: CalibrationFile
        /// Its path.
        public var path: String

        /// Creates a value.
        public init(file: CalibrationFile, path: String) {
            self.file = file
            self.path = path
        }
    }

    /// The sensor's calibration: the first existing file in search order, or nil when there is none. A file that
    /// exists but is unreadable, corrupt, truncated, of another version or another sensor is an error (the caller
    /// reports it and continues uncalibrated); it does not fall through to the system file, which would silently
    /// apply a calibration the user meant to replace.
    public func load(sensor: String) throws(CalibrationFileError) -> Located? {
        for path in candidatePaths(forSensor: sensor) where try Self.isPresent(path) {
            return Located(file: try Self.read(path: path, expectedSensor: sensor), path: path)
        }
        return nil
    }

    /// True when a file is at `path`, false when nothing is; a lookup that cannot tell — a directory on the way
    /// that may not be searched, a symbolic link to nothing or in a loop — is `.unreadable`, never "no file"
    /// (which would silently fall through to the system file or to no calibration).
    static func isPresent(_ path: String) throws(CalibrationFileError) -> Bool {
        switch FileSystem.presence(path) {
        case .present: return true
        case .absent: return false
        case .danglingLink:
            throw .unreadable(
                path: path, reason: "it is a symbolic link to a file that does not exist", permission: false)
        case .failed(let error):
            throw .unreadable(path: path, reason: error.reason, permission: error.errno.isPermissionError)
        }
    }

    /// Reads and decodes the file at `path`; with `expectedSensor`, refuses a file for another sensor.
    public static func read(path: String, expectedSensor: String? = nil) throws(CalibrationFileError)
        -> CalibrationFile
    {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path)
        } catch {
            if error.errno == .noSuchFile { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: error.reason, permission: error.errno.isPermissionError)
        }
        return try CalibrationFile(json: bytes, path: path, expectedSensor: expectedSensor)
    }

    /// Writes `file` to `path` atomically (temporary file, fsync, rename, fsync of the directory), creating the
    /// directory if needed; refuses an implausible calibration (`.implausible`) before touching anything. On any
    /// failure the previous file at `path` is untouched.
    public static func write(_ file: CalibrationFile, to path: String) throws(CalibrationFileError) {
        try write(file, to: path, crashAt: nil)
    }

    static func write(
        _ file: CalibrationFile, to path: String, crashAt crash: FileSystem.CrashPoint?
    ) throws(CalibrationFileError) {
        if let problem = file.implausibility { throw .implausible(path: path, detail: problem) }
        let directory = FileSystem.directoryName(path)
        do {
            try FileSystem.makeDirectories(directory)
        } catch {
            throw .unwritableDirectory(
                directory: directory, reason: error.reason, permission: error.errno.isPermissionError)
        }
        do {
            try FileSystem.writeAtomically(Array(file.jsonText.utf8), to: path, crashAt: crash)
        } catch {
            switch error {
            case .directory(let failure):
                throw .unwritableDirectory(
                    directory: directory, reason: failure.reason, permission: failure.errno.isPermissionError)
            case .file(let failure):
                throw .writeFailed(path: path, reason: failure.reason)
            case .simulatedCrash(let temporary):
                throw .writeFailed(path: path, reason: "simulated crash, temporary file \(temporary) left behind")
            }
        }
    }

    /// What `save` did.
    public struct SaveOutcome: Sendable, Equatable {
        /// The file as written (merged with the previous calibration).
        public var file: CalibrationFile
        /// Where it was written.
        public var path: String
        /// The file whose other sections were kept, if any (may be the system file when writing the user file).
        public var mergedFrom: String?
        /// A previous file (at the destination, or the system file it would have merged with) that could not be
        /// read, with why: its sections were not kept.
        public var unreadablePrevious: CalibrationFileError?
    }

    /// Saves a new calibration for `file.sensor`, merged with the sensor's current calibration: sections absent from
    /// `file` are kept. Without `path` the file goes to the user directory and the current calibration is the one
    /// `load` finds (user, else system); with `path` it is the file at `path`. An existing file for another sensor
    /// at the destination is refused (`wrongSensor`), and so is, at a named `path`, a file that is not ours
    /// (`notOurs`); a calibration file of ours that is unreadable or corrupt is not merged (and, at the destination,
    /// replaced) and is reported in the outcome.
    ///
    /// The read, merge and replace happen under an exclusive lock on the destination's directory, so two
    /// calibrations of one sensor at the same time (gyroscope in one terminal, accelerometer in another) keep both
    /// sections.
    public func save(_ file: CalibrationFile, to path: String? = nil) throws(CalibrationFileError) -> SaveOutcome {
        let destination = path ?? candidatePaths(forSensor: file.sensor)[0]
        let lock = try Self.lockDirectory(of: destination)
        defer { FileSystem.unlockDirectory(lock) }
        var base: Located?
        var unreadable: CalibrationFileError?
        do throws(CalibrationFileError) {
            if let path {
                if let bytes = try Self.existingBytes(path) {
                    guard CalibrationFile.isOurs(json: bytes) else { throw .notOurs(path: path) }
                    base = Located(
                        file: try CalibrationFile(json: bytes, path: path, expectedSensor: file.sensor), path: path)
                }
            } else {
                base = try load(sensor: file.sensor)
            }
        } catch {
            // Another sensor's file and the user's own file are refused; a broken calibration of ours is replaced
            // (the new calibration is good, the old one was unusable anyway) and reported.
            switch error {
            case .wrongSensor, .notOurs: throw error
            default: unreadable = error
            }
        }
        let merged = base.map { $0.file.merging(file) } ?? file
        try Self.write(merged, to: destination)
        return SaveOutcome(file: merged, path: destination, mergedFrom: base?.path, unreadablePrevious: unreadable)
    }

    /// The bytes of the file at `path`, nil when there is none.
    private static func existingBytes(_ path: String) throws(CalibrationFileError) -> [UInt8]? {
        do {
            return try FileSystem.readFile(path)
        } catch {
            if error.errno == .noSuchFile { return nil }
            throw .unreadable(path: path, reason: error.reason, permission: error.errno.isPermissionError)
        }
    }

    /// Creates the directory of `path` if needed and locks it (see `save`).
    private static func lockDirectory(of path: String) throws(CalibrationFileError) -> Int32 {
        let directory = FileSystem.directoryName(path)
        do {
            try FileSystem.makeDirectories(directory)
            return try FileSystem.lockDirectory(directory)
        } catch {
            throw .unwritableDirectory(
                directory: directory, reason: error.reason, permission: error.errno.isPermissionError)
        }
    }

    /// Removes the sensor's files from the store (user and, when permitted, system); returns the removed paths.
    /// Nothing to remove is not an error. The store's own files are removed even when corrupt (that is how a broken
    /// calibration is reset), and so is a symbolic link there to a file that does not exist: it holds no
    /// calibration, and removing the link (never a target) loses nothing, while refusing would leave the user a
    /// store that every command reports as broken. Other lookup failures (a directory that may not be searched, a
    /// loop of links) are `.unreadable`.
    public func remove(sensor: String) throws(CalibrationFileError) -> [String] {
        var removed: [String] = []
        for path in candidatePaths(forSensor: sensor) where try Self.isRemovable(path) {
            try Self.removeFile(path)
            removed.append(path)
        }
        return removed
    }

    /// Removes the calibration file at a path the user named; a file that is not ours (`notOurs`) is kept. A
    /// symbolic link to a file that does not exist is removed (the link only), as by `remove(sensor:)`.
    public static func remove(path: String) throws(CalibrationFileError) {
        if FileSystem.presence(path) == .danglingLink { return try removeFile(path) }
        guard let bytes = try existingBytes(path) else { throw .notFound(path: path) }
        guard CalibrationFile.isOurs(json: bytes) else { throw .notOurs(path: path) }
        try removeFile(path)
    }

    /// Whether `remove(sensor:)` removes `path`: a file, or a symbolic link to nothing.
    private static func isRemovable(_ path: String) throws(CalibrationFileError) -> Bool {
        FileSystem.presence(path) == .danglingLink ? true : try isPresent(path)
    }

    /// Removes one file.
    private static func removeFile(_ path: String) throws(CalibrationFileError) {
        do {
            try FileSystem.remove(path)
        } catch {
            if error.errno == .noSuchFile { throw .notFound(path: path) }
            throw .removeFailed(path: path, reason: error.reason, permission: error.errno.isPermissionError)
        }
    }

    /// One file found by `entries()`.
    public struct Entry: Sendable {
        /// Its path.
        public var path: String
        /// The decoded file, or why it could not be decoded.
        public var content: Result<CalibrationFile, CalibrationFileError>
    }

    /// Every calibration file in the store (`*.json`, not temporary files), user directory first, each decoded; a
    /// store directory that exists but cannot be listed is an entry of its own with the failure.
    /// Files shadowed by a user file of the same name are listed too; `shadowed(_:)` tells which.
    public func entries() -> [Entry] {
        var result: [Entry] = []
        for directory in [userDirectory, systemDirectory] {
            guard let names = FileSystem.list(directory) else {
                // A store directory that is there but cannot be listed is reported, not taken for an empty one.
                if let problem = Self.unlistable(directory) {
                    result.append(Entry(path: directory, content: .failure(problem)))
                }
                continue
            }
            for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = directory + "/" + name
                do {
                    result.append(Entry(path: path, content: .success(try Self.read(path: path))))
                } catch {
                    result.append(Entry(path: path, content: .failure(error)))
                }
            }
        }
        return result
    }

    /// Why `directory`, which could not be listed, is not simply missing; nil when it does not exist.
    private static func unlistable(_ directory: String) -> CalibrationFileError? {
        do {
            guard try isPresent(directory) else { return nil }
        } catch {
            return error
        }
        return .unreadable(path: directory, reason: "the directory cannot be listed", permission: true)
    }

    /// True when `path` is a system file hidden by a user file of the same name.
    public func shadowed(_ path: String) -> Bool {
        FileSystem.directoryName(path) == systemDirectory && userDirectory != systemDirectory
            && FileSystem.exists(userDirectory + "/" + FileSystem.baseName(path))
    }
}
