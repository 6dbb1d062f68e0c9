import MotionMath

/// The magnetometer section of a calibration: `corrected = soft_iron · (raw − hard_iron)`.
public struct MagnetometerCalibration: Sendable, Equatable {
    /// Hard-iron offset, µT: the field of magnetised parts of the board, constant in the device frame.
    public var hardIron: Vector3
    /// Soft-iron matrix (rows), dimensionless: undoes the distortion by magnetically soft material and the sensor's
    /// scale differences. Normalised to determinant 1, so the corrected magnitude is `fieldStrength`.
    public var softIron: Matrix3
    /// The fitted local field strength, µT (the geometric mean of the ellipsoid's semi-axes); nil when unknown.
    public var fieldStrength: Double?
    /// How good the estimate is; nil for hand-written files.
    public var quality: Quality?

    /// Creates a section.
    public init(
        hardIron: Vector3, softIron: Matrix3 = .identity, fieldStrength: Double? = nil,
        quality: Quality? = nil
    ) {
        self.hardIron = hardIron
        self.softIron = softIron
        self.fieldStrength = fieldStrength
        self.quality = quality
    }

    /// Figures of merit of a magnetometer calibration.
    public struct Quality: Sendable, Equatable {
        /// RMS of ‖corrected‖ − field strength over the samples, µT.
        public var residual: Double
        /// Fraction of the sphere's equal-area direction bins hit by the corrected samples, 0...1 (`SphereCoverage`).
        public var coverage: Double
        /// Number of samples fitted.
        public var samples: Int
        /// Condition number of the normalised ellipsoid solve.
        public var conditionNumber: Double

        /// Creates the figures.
        public init(residual: Double, coverage: Double, samples: Int, conditionNumber: Double) {
            self.residual = residual
            self.coverage = coverage
            self.samples = samples
            self.conditionNumber = conditionNumber
        }
    }

    /// The corrected magnetic field, µT.
    public func corrected(_ raw: Vector3) -> Vector3 {
        softIron * (raw - hardIron)
    }
}
