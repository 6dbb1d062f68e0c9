#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The barometric (hypsometric) formula for a thin layer of air: the height between two pressures at one
/// temperature, h = (R·T / (g·M)) · ln(p₀ / p). Over the tens of metres of a building the layer's temperature is
/// one value, so the formula is exact to the gas law; the international standard atmosphere's lapse rate would
/// change a 30 m height by less than 1 mm.
public enum BarometricFormula {
    /// R / (g·M) for dry air, m/K: 8.314462618 J/(mol·K) / (9.80665 m/s² × 0.0289644 kg/mol).
    public static let metresPerKelvin = 8.314462618 / (9.80665 * 0.0289644)
    /// 0 °C in kelvin.
    public static let zeroCelsius = 273.15
    /// The temperature assumed when the sensor reports none, °C (the standard atmosphere's at sea level).
    public static let standardTemperature = 15.0

    /// The height of pressure `pressure` above pressure `reference` (any one unit for both) in air at
    /// `temperature` °C, m; negative below it.
    @inlinable
    public static func height(pressure: Double, reference: Double, temperature: Double) -> Double {
        metresPerKelvin * (temperature + zeroCelsius) * log(reference / pressure)
    }
}
