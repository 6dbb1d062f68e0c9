/// The PPG columns of a recording (docs/formats.md, "Recording"): `ppg`, a pulse wave that rises at
/// systole (a pulse oximeter's pleth), or a pulse sensor's light intensities as it
/// measures them, ADC counts that *fall* at systole: `ppg_red`, `ppg_ir`, `ppg_green` (what `record` writes).
public enum PPGColumns {
    /// The pulse-wave column.
    public static let wave = "ppg"
    /// The intensity columns, in the order `record` writes them (red, infrared, green).
    public static let intensities = ["ppg_red", "ppg_ir", "ppg_green"]
    /// The column a heart-rate reader takes, most preferred first: the pulse wave, then infrared (the strongest pulse
    /// at a fingertip), red and green.
    public static let preference = [wave, "ppg_ir", "ppg_red", "ppg_green"]

    /// True for the columns whose values fall at systole (the intensities), which a reader negates.
    public static func isIntensity(_ column: String) -> Bool { intensities.contains(column) }
}
