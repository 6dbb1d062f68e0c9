import Foundation
import MotionMath
import MotionSimulation

/// One sensor of the virtual hub: its HID collection, report ID, units and how its readings are quantized.
///
/// Units and exponents are chosen so the kernel's hid-sensor drivers derive round scales
/// (`hid_sensor_format_scale`, drivers/iio/common/hid-sensors/hid-sensor-attributes.c): scale = unit value ×
/// 10^exponent, with the 4-bit exponent code 0xE = −2 and 0xD = −3.
public enum HubSensor: UInt8, CaseIterable, Sendable {
    /// Accelerometer 3D → IIO `accel_3d`. Unit 0 (the default, g), exponent −2: 0.01 g per LSB, scale 0.0980665.
    case accelerometer = 1
    /// Gyrometer 3D → IIO `gyro_3d`. Unit 0x15 (deg/s), exponent −2: 0.01 °/s per LSB, scale 0.000174532.
    case gyrometer = 2
    /// Compass 3D → IIO `magn_3d`. Unit 0x01E1F000 (gauss), exponent −3: 1 mG = 0.1 µT per LSB, scale 0.001.
    case compass = 3

    /// The standard gravity the kernel's HID unit "g" stands for, m/s² (`hid-sensor-attributes.c`).
    public static let standardGravity = 9.80665

    /// Report ID of both the feature and the input report.
    public var reportID: UInt8 { rawValue }

    /// The IIO device name the kernel gives it.
    public var iioName: String {
        switch self {
        case .accelerometer: "accel_3d"
        case .gyrometer: "gyro_3d"
        case .compass: "magn_3d"
        }
    }

    /// The sensor's collection usage.
    public var usage: UInt16 {
        switch self {
        case .accelerometer: SensorUsage.accelerometer3D
        case .gyrometer: SensorUsage.gyrometer3D
        case .compass: SensorUsage.compass3D
        }
    }

    /// The axis-group data usage (sensitivity is declared against it).
    public var dataUsage: UInt16 {
        switch self {
        case .accelerometer: SensorUsage.acceleration
        case .gyrometer: SensorUsage.angularVelocity
        case .compass: SensorUsage.magneticFlux
        }
    }

    /// X, Y, Z data usages, in input-report order.
    public var axisUsages: [UInt16] {
        switch self {
        case .accelerometer: [SensorUsage.accelerationX, SensorUsage.accelerationY, SensorUsage.accelerationZ]
        case .gyrometer: [SensorUsage.angularVelocityX, SensorUsage.angularVelocityY, SensorUsage.angularVelocityZ]
        case .compass: [SensorUsage.magneticFluxX, SensorUsage.magneticFluxY, SensorUsage.magneticFluxZ]
        }
    }

    /// HID Unit item value of the data fields.
    public var unit: UInt32 {
        switch self {
        case .accelerometer: 0
        case .gyrometer: 0x15
        case .compass: 0x01E1_F000
        }
    }

    /// HID Unit Exponent code of the data fields.
    public var unitExponentCode: UInt8 {
        switch self {
        case .accelerometer, .gyrometer: 0x0E
        case .compass: 0x0D
        }
    }

    /// The SI value of one LSB of a data field: m/s², rad/s or µT. Equals the IIO `scale` (×100 for µT from gauss).
    public var lsb: Double {
        switch self {
        case .accelerometer: 0.01 * Self.standardGravity
        case .gyrometer: 0.01 * Double.pi / 180
        case .compass: 0.1
        }
    }

    /// The `in_*_scale` the kernel should derive, as IIO reports it (m/s², rad/s, gauss).
    public var expectedIIOScale: Double {
        switch self {
        case .accelerometer: 0.0980665
        case .gyrometer: 0.000174532
        case .compass: 0.001
        }
    }

    /// This sensor's value in a reading, SI.
    public func value(in reading: SensorErrorModel.Reading) -> Vector3 {
        switch self {
        case .accelerometer: reading.accel
        case .gyrometer: reading.anglvel
        case .compass: reading.magn
        }
    }

    /// The descriptor items of this sensor's physical collection: a feature report of properties, then an input
    /// report with one Input item per axis (the drivers need Report Count 1 per axis).
    public func appendCollection(to descriptor: inout ReportDescriptor) {
        descriptor.append(.reportID(reportID), .usagePage(SensorUsage.page))
        descriptor.collection(usage: usage, kind: .physical) { d in
            // Feature report. Properties have no unit: Report Interval in ms.
            d.append(.unit(0), .unitExponent(0))
            d.append(.logicalMinimum(1), .logicalMaximum(6), .reportSize(8), .reportCount(1))
            d.collection(usage: SensorUsage.reportingState, kind: .logical) { d in
                d.append(contentsOf: SensorUsage.reportingStateSelectors.map(HIDItem.usage))
                d.append(.feature(.dataArrayAbsolute))
            }
            d.collection(usage: SensorUsage.powerState, kind: .logical) { d in
                d.append(contentsOf: SensorUsage.powerStateSelectors.map(HIDItem.usage))
                d.append(.feature(.dataArrayAbsolute))
            }
            d.append(.logicalMinimum(0), .logicalMaximum(Int32.max), .reportSize(32), .reportCount(1))
            d.append(.usage(SensorUsage.reportInterval), .feature(.dataVariableAbsolute))
            // Sensitivity is in the data's unit.
            d.append(.unit(unit), .unitExponent(unitExponentCode))
            d.append(.logicalMinimum(0), .logicalMaximum(0xFFFF), .reportSize(16), .reportCount(1))
            d.append(
                .usage(SensorUsage.changeSensitivityAbsolute | dataUsage), .feature(.dataVariableAbsolute))
            // Input report: signed 32-bit axes.
            d.append(.logicalMinimum(Int32.min), .logicalMaximum(Int32.max), .reportSize(32), .reportCount(1))
            for axis in axisUsages {
                d.append(.usage(axis), .input(.dataVariableAbsolute))
            }
        }
    }

    /// The input report for `value` (SI): report ID, then X, Y, Z as little-endian Int32 in LSBs.
    public func inputReport(_ value: Vector3) -> [UInt8] {
        var report = [reportID]
        for component in value.array {
            let counts = (component / lsb).rounded()
            let clamped = Int32(max(Double(Int32.min), min(Double(Int32.max), counts.isNaN ? 0 : counts)))
            report.append(contentsOf: littleEndian(UInt32(bitPattern: clamped), bytes: 4))
        }
        return report
    }

    /// The hub's whole descriptor: one Sensor application collection holding each sensor's physical collection
    /// (kernel 6.1 groups a device as a sensor hub only when a Physical collection opens on usage page 0x20).
    public static func hubDescriptor(_ sensors: [HubSensor] = HubSensor.allCases) -> ReportDescriptor {
        var descriptor = ReportDescriptor()
        descriptor.append(.usagePage(SensorUsage.page))
        descriptor.collection(usage: SensorUsage.sensor, kind: .application) { d in
            for sensor in sensors {
                sensor.appendCollection(to: &d)
            }
        }
        return descriptor
    }
}
