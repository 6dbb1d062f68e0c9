import SystemSupport

/// The readings store: steps, heart rate and a motion summary per minute, heart-rate samples and beats, in one SQLite
/// file (WAL mode: any number of readers while one process writes).
///
/// The service opens it for writing and feeds it through a ``ReadingsRecorder``; `bodyreadings history`, the HTTP
/// API and any other reader open it read-only and ask for a ``TimeRange`` per ``Granularity``:
///
/// ```swift
/// let store = try ReadingsDatabase(path: StoreLocation.user(environment: env))
/// let today = try store.steps(in: .today(now: WallClock.now()))          // one bucket, nil before any reading
/// let days = try store.steps(in: range, per: .day)                        // [StepsBucket], local days
/// ```
///
/// Thread-safe: calls are serialised on the store's one connection. Every failure is a ``StoreError``.
public final class ReadingsDatabase: @unchecked Sendable {
    // @unchecked: `connection`, `statements` and `lastPrune` are only touched while holding `lock`.

    /// How the file is opened.
    public enum Access: Sendable, Hashable {
        /// Queries only; the file must exist and have this build's schema. Reading needs read access to the file, and
        /// while no writer has it open, write access to its directory or no `-wal` file beside it.
        case readOnly
        /// Queries and writes; the file (and its directory) is created when missing, set to WAL mode, and its
        /// schema created or migrated.
        case readWrite
    }

    /// How the store behaves.
    public struct Settings: Sendable, Hashable {
        /// How long a call waits for another process's lock before failing with ``StoreFailure/busy``, s.
        /// Default 5.
        public var busyTimeout: Double
        /// How long readings are kept (writers only).
        public var retention: Retention

        public init(busyTimeout: Double = 5, retention: Retention = Retention()) {
            self.busyTimeout = busyTimeout
            self.retention = retention
        }
    }

    /// The store file.
    public let path: String
    /// How it was opened.
    public let access: Access
    /// The settings it was opened with.
    public let settings: Settings

    let lock = ThreadLock()
    private let connection: SQLiteConnection
    private var statements: [String: Statement] = [:]
    /// When rows were last pruned (Unix time, s), so that writes prune at most hourly.
    var lastPrune = -Double.infinity

    /// Opens the store at `path`.
    ///
    /// For ``Access/readWrite`` the file is created private (mode 0600, see `StoreFiles`) when missing, in its
    /// directory, which is created (mode 0700) only when `createsDirectory` (the store's default place) and must
    /// exist otherwise (`noDirectory`); the file is switched to WAL mode with `synchronous = NORMAL` (a committed
    /// flush survives the process being killed; a power cut may lose the last ones), and its schema is created or
    /// migrated in one transaction. Either access refuses a store others may write (`writableByOthers`).
    public init(
        path: String, access: Access = .readOnly, settings: Settings = Settings(), createsDirectory: Bool = false
    ) throws(StoreError) {
        self.path = path
        self.access = access
        self.settings = settings
        if access == .readWrite {
            if createsDirectory {
                try StoreFiles.makeOwnDirectory(FileSystem.directoryName(path))
            } else {
                try StoreFiles.requireDirectory(of: path)
            }
            try StoreFiles.requirePrivate(path)
            try StoreFiles.createPrivately(path)
        }
        try StoreFiles.requirePrivate(path)
        switch access {
        case .readOnly:
            connection = try Self.openForReading(path, busyTimeout: settings.busyTimeout)
        case .readWrite:
            connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: settings.busyTimeout)
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            try Schema.migrate(connection)
        }
    }

    /// A reader of a WAL file needs its index (`-shm`), which only exists while a writer has the file open or the
    /// reader creates it, for which it needs write access to the directory. A member of the system service's group
    /// has neither while the service is stopped (SQLite: `SQLITE_READONLY_DIRECTORY`). Without a `-wal` file no
    /// writer has anything unwritten, so the file alone is the whole store: it is then read as immutable.
    private static func openForReading(_ path: String, busyTimeout: Double) throws(StoreError) -> SQLiteConnection {
        do {
            let connection = try SQLiteConnection(path: path, access: .readOnly, busyTimeout: busyTimeout)
            try Schema.verify(connection)
            return connection
        } catch {
            guard error.code == readOnlyDirectoryCode, !FileSystem.exists(path + "-wal") else { throw error }
            let connection = try SQLiteConnection(path: path, access: .immutable, busyTimeout: busyTimeout)
            try Schema.verify(connection)
            return connection
        }
    }

    /// The schema version of the file (`PRAGMA user_version`), ``currentSchemaVersion`` once opened.
    public func schemaVersion() throws(StoreError) -> Int {
        try lock.withLock { () throws(StoreError) in try connection.userVersion() }
    }

    /// The schema version this build reads and writes.
    public static let currentSchemaVersion = Schema.version

    /// Closes the file. Later calls fail. Idempotent.
    public func close() throws(StoreError) {
        try lock.withLock { () throws(StoreError) in
            statements.removeAll()
            try connection.close()
        }
    }

    /// The cached statement for `sql`, compiled on first use. Hold `lock`.
    func statement(_ sql: String) throws(StoreError) -> Statement {
        if let cached = statements[sql] { return cached }
        let compiled = try connection.prepare(sql)
        statements[sql] = compiled
        return compiled
    }

    /// Runs `body` in a write transaction. Hold `lock`.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try connection.transaction(body)
    }
}
