import Fusion
import MotionMath

/// The processor of `MotionManager`'s device motion: the attitude filter, with each estimate completed into a
/// `DeviceMotion` (magnetic field and heading from the sample).
public struct DeviceMotionFilter: ReadingProcessor {
    /// The filter.
    public var filter: AttitudeFilter

    public init(settings: AttitudeFilter.Settings = AttitudeFilter.Settings()) {
        filter = AttitudeFilter(settings: settings)
    }

    @inlinable
    public mutating func process(_ input: IMUSample, emit: (DeviceMotion) throws -> Void) rethrows {
        try emit(DeviceMotion(estimate: filter.update(input), sample: input))
    }
}
