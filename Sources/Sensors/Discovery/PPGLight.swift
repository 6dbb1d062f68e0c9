/// The LED behind one channel of a pulse sensor, and where its intensity goes in a `.ppg` reading
/// (`SensorReading.value`: x red, y infrared, z green).
///
/// The health drivers name their channels differently: max30100/max30102/max30105 by colour (`intensity_red`,
/// `intensity_ir`, `intensity_green`); afe4403/afe4404 by number, where the ambient-subtracted channels
/// `intensity5` (LED2 − ambient) and `intensity6` (LED1 − ambient) are taken as red and infrared, the LED wiring of TI's
/// pulse-oximeter reference designs (boards may wire other LEDs: the heart rate does not depend on the colour).
public enum PPGLight: String, Sendable, Hashable, CaseIterable, Codable {
    /// The red LED (660 nm on MAX3010x).
    case red
    /// The infrared LED (880 nm on MAX3010x).
    case infrared
    /// The green LED (537 nm on MAX30105).
    case green

    /// The component of a `.ppg` reading's value that carries this LED's intensity: 0 (x), 1 (y), 2 (z).
    public var component: Int {
        switch self {
        case .red: 0
        case .infrared: 1
        case .green: 2
        }
    }

    /// The recording column of this LED's intensity: `ppg_red`, `ppg_ir`, `ppg_green`.
    public var column: String {
        switch self {
        case .red: "ppg_red"
        case .infrared: "ppg_ir"
        case .green: "ppg_green"
        }
    }

    /// The order in which a heart-rate reader prefers the lights when a sensor has several: infrared (the deepest
    /// light, the strongest pulse at a fingertip), red, green.
    public static let preference: [PPGLight] = [.infrared, .red, .green]
}
