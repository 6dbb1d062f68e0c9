import MotionMath

/// The accelerometer section of a calibration: `corrected = matrix · (raw − offset)`.
public struct AccelerometerCalibration: Sendable, Equatable {
    /// The zero-g offset, m/s², subtracted first.
    public var offset: Vector3
    /// Scale and misalignment (rows), applied after the offset. The identity for an offset-only calibration.
    public var matrix: Matrix3
    /// How the values were found; nil for hand-written files.
    public var method: Method?
    /// How good the estimate is; nil for hand-written files.
    public var quality: Quality?

    /// Creates a section.
    public init(
        offset: Vector3, matrix: Matrix3 = .identity, method: Method? = nil, quality: Quality? = nil
    ) {
        self.offset = offset
        self.matrix = matrix
        self.method = method
        self.quality = quality
    }

    /// The procedure that produced a calibration (the file's `method` string).
    public enum Method: String, Sendable, Equatable, CaseIterable {
        /// Six still poses, one per face: full 3×3 matrix including misalignment to the faces.
        case sixPosition = "six-position"
        /// Nine or more well-spread still poses: offset and symmetric matrix from an ellipsoid fit to |g|.
        case ellipsoid = "ellipsoid"
        /// One still pose on a level surface: offset only, identity matrix.
        case level = "level"
        /// Written by hand or by another tool.
        case manual = "manual"
    }

    /// Figures of merit of an accelerometer calibration.
    public struct Quality: Sendable, Equatable {
        /// RMS over the poses of ‖corrected‖ − g, m/s².
        public var residual: Double
        /// Number of distinct still poses used.
        public var poses: Int
        /// Number of still samples behind the poses.
        public var samples: Int
        /// Spread of the pose directions, 0...1 (3 × the smallest eigenvalue of the covariance of the unit
        /// directions: 1 for six faces or the whole sphere, 0.25 for a hemisphere, 0 for poses in one plane).
        public var coverage: Double

        /// Creates the figures.
        public init(residual: Double, poses: Int, samples: Int, coverage: Double) {
            self.residual = residual
            self.poses = poses
            self.samples = samples
            self.coverage = coverage
        }
    }

    /// The corrected specific force, m/s².
    public func corrected(_ raw: Vector3) -> Vector3 {
        matrix * (raw - offset)
    }
}
