/// The store's tables, their version (`PRAGMA user_version`) and the steps from each older version to the current one.
///
/// Times are Unix time (seconds since 1970-01-01 UTC): per-minute rows are keyed by the start of their minute (a
/// multiple of 60), hourly rollups by the start of their UTC hour (a multiple of 3600). A rollup row holds the
/// aggregate of its hour's minute rows (`minutes` counts them); the writer rebuilds the hours it touched in the same
/// transaction, so the two always agree. Rollups exist so that a day over a year of minute rows reads 24 rows instead
/// of 1440 (see docs/store.md and docs/performance.md: `history steps --per day` over a year).
///
/// Version history:
/// 1. Per-minute tables (`steps_minute`, `heart_rate_minute`, `motion_minute`), heart-rate samples and beats.
/// 2. Hourly rollups (`steps_hour`, `heart_rate_hour`, `motion_hour`), filled from the minute rows on migration.
/// 3. Flights climbed (`flights_minute`, `flights_hour`), empty on migration.
enum Schema {
    /// The version this build writes and reads.
    static let version = 3

    /// The tables of a new store, at ``version``.
    static let create = """
        CREATE TABLE steps_minute (
            minute INTEGER PRIMARY KEY,
            steps INTEGER NOT NULL
        );
        CREATE TABLE heart_rate_minute (
            minute INTEGER PRIMARY KEY,
            samples INTEGER NOT NULL,
            bpm_sum REAL NOT NULL,
            bpm_min REAL,
            bpm_max REAL,
            beats INTEGER NOT NULL
        );
        CREATE TABLE motion_minute (
            minute INTEGER PRIMARY KEY,
            samples INTEGER NOT NULL,
            user_acceleration_sum REAL NOT NULL,
            still_samples INTEGER NOT NULL,
            walking_samples INTEGER NOT NULL,
            running_samples INTEGER NOT NULL
        );
        CREATE TABLE heart_rate_sample (
            t REAL NOT NULL,
            bpm REAL NOT NULL
        );
        CREATE INDEX heart_rate_sample_by_time ON heart_rate_sample (t);
        CREATE TABLE beat (
            t REAL NOT NULL,
            rr_interval REAL,
            quality TEXT NOT NULL
        );
        CREATE INDEX beat_by_time ON beat (t);
        """ + rollups + flights

    /// The hourly rollups (version 2).
    static let rollups = """
        CREATE TABLE steps_hour (
            hour INTEGER PRIMARY KEY,
            minutes INTEGER NOT NULL,
            steps INTEGER NOT NULL
        );
        CREATE TABLE heart_rate_hour (
            hour INTEGER PRIMARY KEY,
            minutes INTEGER NOT NULL,
            samples INTEGER NOT NULL,
            bpm_sum REAL NOT NULL,
            bpm_min REAL,
            bpm_max REAL,
            beats INTEGER NOT NULL
        );
        CREATE TABLE motion_hour (
            hour INTEGER PRIMARY KEY,
            minutes INTEGER NOT NULL,
            samples INTEGER NOT NULL,
            user_acceleration_sum REAL NOT NULL,
            still_samples INTEGER NOT NULL,
            walking_samples INTEGER NOT NULL,
            running_samples INTEGER NOT NULL
        );
        """

    /// The flights climbed per minute and per hour (version 3).
    static let flights = """
        CREATE TABLE flights_minute (
            minute INTEGER PRIMARY KEY,
            ascended INTEGER NOT NULL,
            descended INTEGER NOT NULL
        );
        CREATE TABLE flights_hour (
            hour INTEGER PRIMARY KEY,
            minutes INTEGER NOT NULL,
            ascended INTEGER NOT NULL,
            descended INTEGER NOT NULL
        );
        """

    /// Brings a store opened for writing to ``version`` inside one write transaction: creates the tables of an empty
    /// file, runs each step from an older version, or refuses a newer one.
    static func migrate(_ connection: SQLiteConnection) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            let found = try connection.userVersion()
            if found > version {
                throw StoreError(
                    operation: "migrate", failure: .schemaTooNew(found: found, supported: version),
                    path: connection.path)
            }
            if found == version { return }
            if found == 0 {
                try connection.execute(create)
            } else {
                for step in found..<version {
                    try upgrade(connection, from: step)
                }
            }
            try connection.setUserVersion(version)
        }
    }

    /// Checks that a store opened for reading has this build's version.
    static func verify(_ connection: SQLiteConnection) throws(StoreError) {
        let found = try connection.userVersion()
        guard found != version else { return }
        let failure: StoreFailure =
            found > version
            ? .schemaTooNew(found: found, supported: version) : .schemaOutdated(found: found, current: version)
        throw StoreError(operation: "open", failure: failure, path: connection.path)
    }

    /// The step from `version` to `version + 1`.
    private static func upgrade(_ connection: SQLiteConnection, from version: Int) throws(StoreError) {
        switch version {
        case 1:
            try connection.execute(rollups)
            for series in [MinuteSeries.steps, .heartRate, .motion] {
                try connection.prepare(series.rebuildHours).run([.integer(Int64.min), .integer(Int64.max)])
            }
        case 2:
            try connection.execute(flights)
        default:
            throw StoreError(
                operation: "migrate", failure: .schemaOutdated(found: version, current: Schema.version),
                path: connection.path, detail: "no migration from version \(version)")
        }
    }
}
