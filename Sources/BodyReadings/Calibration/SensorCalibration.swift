import Calibration
import MotionMath
import Sensors

/// The calibration applied to a source's readings: the calibration file of the physical sensor that produced each
/// kind of reading (an IMU whose accelerometer and gyroscope are one chip shares one file; a laptop's separate
/// accelerometer and gyroscope devices have one file each), and the correction step that applies it.
///
/// Bridges the `Calibration` target (files, corrections) to the pipeline: hand `readingCorrection` to a
/// `SourceInput` (or `MotionManager(calibration: .custom(…))`), or this value to a `RecordingInput`, which calls
/// `apply(to:)` on merged samples (`fuse`).
public struct SensorCalibration: Sendable {
    /// The file applied to each kind of reading, with where it came from. Kinds without an entry pass unchanged.
    public var files: [SensorReading.Kind: CalibrationStore.Located]

    /// A calibration from per-kind files.
    public init(files: [SensorReading.Kind: CalibrationStore.Located] = [:]) {
        self.files = files
    }

    /// One file for every kind (a file named explicitly, applied whatever sensor it was written for).
    public init(file: CalibrationFile, path: String) {
        let located = CalibrationStore.Located(file: file, path: path)
        self.init(files: [.accelerometer: located, .gyroscope: located, .magnetometer: located])
    }

    /// True when nothing would be corrected.
    public var isEmpty: Bool {
        !SensorReading.Kind.allCases.contains { kind in section(for: kind) != nil }
    }

    /// The sections that will be applied, with their files, for a stderr note: e.g.
    /// `["gyroscope, accelerometer from /home/u/.config/bodyreadings/calibration/imu.json"]`.
    public var descriptions: [String] {
        var byPath: [(path: String, kinds: [String])] = []
        for kind in SensorReading.Kind.allCases where section(for: kind) != nil {
            guard let path = files[kind]?.path else { continue }
            if let index = byPath.firstIndex(where: { $0.path == path }) {
                byPath[index].kinds.append(kind.rawValue)
            } else {
                byPath.append((path, [kind.rawValue]))
            }
        }
        return byPath.map { "\($0.kinds.joined(separator: ", ")) from \($0.path)" }
    }

    /// One line naming what is applied: `calibration: gyroscope, accelerometer from /path/imu.json; …`.
    public var summary: String {
        "calibration: " + descriptions.joined(separator: "; ")
    }

    private func section(for kind: SensorReading.Kind) -> Bool? {
        guard let file = files[kind]?.file else { return nil }
        switch kind {
        case .accelerometer: return file.accelerometer != nil ? true : nil
        case .gyroscope: return file.gyroscope != nil ? true : nil
        case .magnetometer: return file.magnetometer != nil ? true : nil
        case .stepCount, .activity, .ppg, .pressure: return nil
        }
    }

    /// The per-reading correction: gyroscope − bias, accelerometer matrix · (raw − offset), magnetometer
    /// soft_iron · (raw − hard_iron); PPG intensities pass unchanged (a pulse sensor needs no calibration).
    public var readingCorrection: ReadingCorrection {
        let accelerometer = files[.accelerometer]?.file.accelerometer
        let gyroscope = files[.gyroscope]?.file.gyroscope
        let magnetometer = files[.magnetometer]?.file.magnetometer
        return { reading in
            var corrected = reading
            switch reading.kind {
            case .accelerometer:
                if let accelerometer { corrected.value = accelerometer.corrected(reading.value) }
            case .gyroscope:
                if let gyroscope { corrected.value = gyroscope.corrected(reading.value) }
            case .magnetometer:
                if let magnetometer { corrected.value = magnetometer.corrected(reading.value) }
            case .stepCount, .activity, .ppg, .pressure:
                break
            }
            return corrected
        }
    }

    /// Corrects a merged sample.
    public func apply(to sample: IMUSample) -> IMUSample {
        var corrected = sample
        if let accelerometer = files[.accelerometer]?.file.accelerometer {
            corrected.accelerometer = accelerometer.corrected(sample.accelerometer)
        }
        if let gyroscope = files[.gyroscope]?.file.gyroscope {
            corrected.gyroscope = gyroscope.corrected(sample.gyroscope)
        }
        if let magnetometer = files[.magnetometer]?.file.magnetometer, let raw = sample.magnetometer {
            corrected.magnetometer = magnetometer.corrected(raw)
        }
        return corrected
    }

    /// The identity of the sensor behind each kind of reading of `source`: discovery's `SensorIdentity` for IIO,
    /// `sim:seed-N` for the simulator, `replay:<file name>` for a recording (what `calibrate` stores them under).
    public static func sensorIdentities(of source: any MotionSource) -> [SensorReading.Kind: String] {
        if let iio = source as? IIOMotionSource {
            var identities: [SensorReading.Kind: String] = [:]
            for sensor in iio.sensors {
                switch sensor.kind {
                case .accelerometer: identities[.accelerometer] = sensor.identity.rawValue
                case .gyroscope: identities[.gyroscope] = sensor.identity.rawValue
                case .magnetometer: identities[.magnetometer] = sensor.identity.rawValue
                case .ppg: break
                }
            }
            return identities
        }
        let identity: String
        if let simulated = source as? SimulatedMotionSource {
            identity = "sim:seed-\(simulated.seed)"
        } else {
            identity = "replay:" + (source.info.name.split(separator: "/").last.map(String.init) ?? source.info.name)
        }
        return [.accelerometer: identity, .gyroscope: identity, .magnetometer: identity]
    }

    /// What `resolve` found, as values that the CLI and `MotionManager` each render: the calibration to apply (with
    /// the file behind each kind of reading), the stored files that could not be used, and notes. A stored file that
    /// cannot be used leaves that sensor's data uncalibrated (`uncalibratedWarning`); an explicitly named one makes
    /// the CLI fail (and `MotionManager` refuse to start), since the user asked for that file.
    public struct Resolution: Sendable {
        /// The calibration to apply (possibly empty); `calibration.files` says which file each kind comes from.
        public var calibration: SensorCalibration
        /// Files that exist but could not be used.
        public var problems: [CalibrationFileError]
        /// Facts worth telling, e.g. an explicit file written for another sensor.
        public var notes: [CalibrationNote]

        /// What the data lose when a file could not be used, for a `warning:` line; nil when every file was used.
        public var uncalibratedWarning: String? {
            problems.isEmpty ? nil : "continuing without the calibration of the file(s) above: the data are uncalibrated"
        }
    }

    /// The identities whose stored files apply to `source` without being named: the IIO sensors and the simulator.
    /// A recording (or any other source) has none: it is calibrated already unless it was recorded raw,
    /// and only an explicitly named file is applied to it (as `fuse` does).
    public static func storedIdentities(of source: any MotionSource) -> [SensorReading.Kind: String] {
        guard source is IIOMotionSource || source is SimulatedMotionSource else { return [:] }
        return sensorIdentities(of: source)
    }

    /// Finds the calibration for `source`: the file `explicitPath` names (applied to every kind; a file written
    /// for another sensor is applied as asked, with a note), else each sensor's file in `store` (user, then system)
    /// for the sensors `storedIdentities(of:)` names — none for a recording.
    public static func resolve(
        for source: any MotionSource, explicitPath: String?, store: CalibrationStore
    ) -> Resolution {
        let identities = sensorIdentities(of: source)
        if let explicitPath {
            do {
                let file = try CalibrationStore.read(path: explicitPath)
                var notes: [CalibrationNote] = []
                if !Set(identities.values).contains(file.sensor) {
                    notes.append(
                        .writtenForAnotherSensor(path: explicitPath, writtenFor: file.sensor, source: source.info.name))
                }
                return Resolution(
                    calibration: SensorCalibration(file: file, path: explicitPath), problems: [], notes: notes)
            } catch {
                return Resolution(calibration: SensorCalibration(), problems: [error], notes: [])
            }
        }
        let stored = storedIdentities(of: source)
        var files: [SensorReading.Kind: CalibrationStore.Located] = [:]
        var problems: [CalibrationFileError] = []
        var loaded: [String: Result<CalibrationStore.Located?, CalibrationFileError>] = [:]
        for kind in SensorReading.Kind.allCases {
            guard let identity = stored[kind] else { continue }
            let result = loaded[identity] ?? Result { () throws(CalibrationFileError) in
                try store.load(sensor: identity)
            }
            if loaded[identity] == nil, case .failure(let error) = result { problems.append(error) }
            loaded[identity] = result
            if case .success(let located?) = result { files[kind] = located }
        }
        return Resolution(calibration: SensorCalibration(files: files), problems: problems, notes: [])
    }
}
