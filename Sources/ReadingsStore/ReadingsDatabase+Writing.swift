/// Writing and pruning: what a ``ReadingsRecorder`` flushes, in one transaction.
extension ReadingsDatabase {
    /// Writes `pending` in one transaction: adds each minute's values to its row, rebuilds the rollups of the hours
    /// touched, inserts the samples and beats, and prunes when the last prune is an hour old. Nothing is written when
    /// it throws.
    func write(_ pending: PendingReadings, now: Double) throws(StoreError) {
        try lock.withLock { () throws(StoreError) in
            try requireWritable("write")
            try transaction { () throws(StoreError) in
                for series in MinuteSeries.all {
                    guard let minutes = pending.minutes[series.name], !minutes.isEmpty else { continue }
                    let upsert = try statement(series.upsertMinute)
                    var hours = Set<Int64>()
                    for (minute, values) in minutes.sorted(by: { $0.key < $1.key }) {
                        try upsert.run([.integer(minute)] + values.map(SQLValue.real))
                        hours.insert(minute / 3600 * 3600)
                    }
                    let rebuild = try statement(series.rebuildHours)
                    for hour in hours.sorted() {
                        try rebuild.run([.integer(hour), .integer(hour + 3600)])
                    }
                }
                let sample = try statement("INSERT INTO heart_rate_sample (t, bpm) VALUES (?1, ?2)")
                for reading in pending.heartRateSamples {
                    try sample.run([.real(reading.time), .real(reading.heartRate)])
                }
                let beat = try statement("INSERT INTO beat (t, rr_interval, quality) VALUES (?1, ?2, ?3)")
                for reading in pending.beats {
                    try beat.run([.real(reading.time), .real(reading.rrInterval), .text(reading.quality.rawValue)])
                }
                if now - lastPrune >= 3600 { try deleteExpired(now: now) }
            }
        }
    }

    /// Deletes what ``Settings/retention`` no longer keeps, as of `now` (Unix time, s): per-minute rows and rollups
    /// before the whole UTC hour `perMinute` ago, samples and beats older than `samples`. Writers only.
    public func prune(now: Double) throws(StoreError) {
        try lock.withLock { () throws(StoreError) in
            try requireWritable("prune")
            try transaction { () throws(StoreError) in try deleteExpired(now: now) }
        }
    }

    /// Hold `lock`, inside a transaction.
    private func deleteExpired(now: Double) throws(StoreError) {
        let retention = settings.retention
        if retention.perMinute.isFinite {
            let cutoff = Int64(((now - retention.perMinute) / 3600).rounded(.down)) * 3600
            for series in MinuteSeries.all {
                try statement(series.pruneMinutes).run([.integer(cutoff)])
                try statement(series.pruneHours).run([.integer(cutoff)])
            }
        }
        if retention.samples.isFinite {
            let cutoff = now - retention.samples
            try statement("DELETE FROM heart_rate_sample WHERE t < ?1").run([.real(cutoff)])
            try statement("DELETE FROM beat WHERE t < ?1").run([.real(cutoff)])
        }
        lastPrune = now
    }

    private func requireWritable(_ operation: String) throws(StoreError) {
        guard access == .readWrite else {
            throw StoreError(
                operation: operation, failure: .permissionDenied, path: path,
                detail: "the store was opened read-only")
        }
    }
}
