import Pulse
import Sensors

/// Turns a pulse sensor's `.ppg` readings (intensities per LED, falling at systole) into the `PPGSample`s the beat
/// detector takes: one LED's intensity, negated so that the pulse rises at systole.
///
/// The LED is chosen once, from the first reading: the first of `PPGLight.preference` (infrared, red, green) that
/// the sensor has (a finite component), so that `heart-rate` live and on a recording of the same sensor
/// (`PPGColumns.preference`) read the same light. Readings of other kinds are ignored; a reading that does not move
/// time forward is dropped and counted. A pipeline over it asks the source for `.ppg` readings
/// (`PipelineSettings.readings`).
public struct PPGAssembler: SampleAssembler {
    /// The LED read, once the first reading chose it.
    public private(set) var light: PPGLight?
    public private(set) var droppedReadings = 0
    private var lastTime = -Double.infinity

    /// An assembler that chooses its LED from the first reading.
    public init() {}

    /// An assembler that reads `light`.
    public init(light: PPGLight) {
        self.light = light
    }

    public mutating func push(_ reading: SensorReading, into output: inout [PPGSample]) {
        guard reading.kind == .ppg else { return }
        guard reading.t > lastTime else {
            droppedReadings += 1
            return
        }
        let components = reading.value.simd
        if light == nil {
            light = PPGLight.preference.first { components[$0.component].isFinite }
        }
        guard let light else { return }
        lastTime = reading.t
        output.append(PPGSample(t: reading.t, value: -components[light.component]))
    }

    public mutating func flush(into output: inout [PPGSample]) {}
}
