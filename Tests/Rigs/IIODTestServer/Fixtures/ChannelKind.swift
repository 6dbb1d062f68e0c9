/// What a fixture channel measures; decides which physical quantity its raw values and samples encode.
public enum ChannelKind: String, Sendable, Hashable, CaseIterable {
    /// Acceleration (specific force), m/s² after scale (IIO `accel`).
    case accel
    /// Angular velocity, rad/s after scale (IIO `anglvel`).
    case anglvel
    /// Magnetic field, Gauss after scale (IIO `magn`).
    case magn
    /// Die temperature, milli-°C after offset and scale (IIO `temp`).
    case temp
    /// Kernel timestamp in ns (IIO `timestamp`).
    case timestamp
    /// A hardware step counter (IIO `steps`): `input` answers the trajectory's steps counted while `en` is 1.
    case steps
    /// A step-counting chip's activity (IIO `activity` with modifier still, walking or running): `input` answers 100
    /// for the activity the trajectory's recent steps show, else 0.
    case activity
    /// Light intensity seen by a pulse sensor's photodiode, ADC counts (IIO `intensity`): follows the served pulse
    /// (`PulseWaveform`) through the channel's `IntensityProfile`.
    case intensity
    /// An LED drive current (IIO `current`, an output channel of the AFE440x): its attributes hold their values.
    case current
    /// None of the above, whose attributes hold their values: libiio's `mount` pseudo-channel that carries
    /// `in_mount_matrix`, and a barometer's pressure, temperature and humidity channels.
    case other
}

/// The axis modifier of a three-axis channel (`_x`, `_y`, `_z`).
public enum ChannelAxis: Int, Sendable, Hashable, CaseIterable {
    /// The device x axis.
    case x = 0
    /// The device y axis.
    case y = 1
    /// The device z axis.
    case z = 2

    /// The modifier as it appears in channel ids.
    public var suffix: String {
        switch self {
        case .x: return "x"
        case .y: return "y"
        case .z: return "z"
        }
    }
}
