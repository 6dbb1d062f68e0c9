-- A readings store as schema version 1 wrote it (per-minute tables, samples and beats; no hourly rollups), with a
-- few rows: the migration test opens it with the current build and checks that the rows stay and the rollups fill.
-- Minutes: 2026-11-30T10:58Z (1796036280), 10:59Z, 11:00Z, 11:01Z.
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
INSERT INTO steps_minute VALUES (1796036280, 12), (1796036340, 0), (1796036400, 30), (1796036460, 7);
INSERT INTO heart_rate_minute VALUES (1796036340, 2, 150.0, 70.0, 80.0, 3), (1796036400, 1, 90.0, 90.0, 90.0, 1);
INSERT INTO motion_minute VALUES (1796036400, 4, 2.0, 1, 3, 0);
INSERT INTO heart_rate_sample VALUES (1796036350.5, 70.0), (1796036355.5, 80.0), (1796036410.25, 90.0);
INSERT INTO beat VALUES (1796036350.0, NULL, 'good'), (1796036351.0, 0.8, 'good'), (1796036352.0, 0.9, 'poor'),
    (1796036410.0, 0.7, 'irregular');
PRAGMA user_version = 1;
