import Foundation
import Glibc

/// A BROAD trial as a recording CSV (docs/formats.md's recording format with magnetometer columns), byte for byte what
/// `bench/broad_lib.py` writes: `t = i / sampling_rate`, then `imu_acc`, `imu_gyr`, `imu_mag`, through
/// `np.savetxt(fmt="%.17g", delimiter=",", header=HEADER, comments="")`.
public enum BROADRecordingCSV {
    /// `bench/broad_lib.py`'s `HEADER`.
    public static let header = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z,magn_x,magn_y,magn_z"

    /// The CSV of the trial in `file`.
    public static func bytes(of file: MATFile) throws -> [UInt8] {
        guard let acc = file.matrices["imu_acc"], let gyr = file.matrices["imu_gyr"],
            let mag = file.matrices["imu_mag"], let rate = file.matrices["sampling_rate"]?.values.first,
            acc.columns == 3, gyr.columns == 3, mag.columns == 3, gyr.rows == acc.rows, mag.rows == acc.rows
        else { throw MATFile.Failure(description: "not a BROAD trial: imu_acc/imu_gyr/imu_mag (N×3), sampling_rate") }
        var out = [UInt8](header.utf8)
        out.append(UInt8(ascii: "\n"))
        out.reserveCapacity(acc.rows * 240)
        var line = [CChar](repeating: 0, count: 512)
        let rowFormat = [String](repeating: "%.17g", count: 10).joined(separator: ",") + "\n"
        for i in 0..<acc.rows {
            let row: [Double] = [
                Double(i) / rate, acc[i, 0], acc[i, 1], acc[i, 2], gyr[i, 0], gyr[i, 1], gyr[i, 2],
                mag[i, 0], mag[i, 1], mag[i, 2],
            ]
            if row.contains(where: \.isNaN) {
                out += row.map(pythonText).joined(separator: ",").utf8
                out.append(UInt8(ascii: "\n"))
                continue
            }
            // One C call per row: formatting dominates the conversion in an unoptimised build.
            let count = line.withUnsafeMutableBufferPointer { buffer in
                withVaList(row) { vsnprintf(buffer.baseAddress, buffer.count, rowFormat, $0) }
            }
            line.withUnsafeBufferPointer { buffer in
                buffer.prefix(Int(count)).withMemoryRebound(to: UInt8.self) { out += $0 }
            }
        }
        return out
    }

    /// Python's `"%.17g" % value`: C's `%.17g`, except that every NaN prints as `nan` (glibc writes `-nan` for a
    /// negative one).
    static func pythonText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        var field = [CChar](repeating: 0, count: 64)
        let count = field.withUnsafeMutableBufferPointer { buffer in
            withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.17g", $0) }
        }
        return String(decoding: field.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
