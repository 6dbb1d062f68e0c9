// fuzz-calibration-file: the calibration file reader. Any bytes decode or fail with a CalibrationFileError (no
// trap); a file that decodes renders (`jsonText`) to a file that decodes and renders to the same text (the
// rendering is a fixed point: `created` keeps milliseconds, so the first round may round it).
import Calibration
import FuzzSupport

FuzzDriver.run { bytes in
    let file: CalibrationFile
    do {
        file = try CalibrationFile(json: bytes, path: "fuzz.json")
    } catch let error as CalibrationFileError {
        _ = error.description
        return
    } catch {
        fatalError("an error of another type: \(error)")
    }
    let text = file.jsonText
    do {
        let again = try CalibrationFile(json: Array(text.utf8), path: "again.json", expectedSensor: file.sensor)
        check(again.jsonText == text, "round trip changed the file:\n\(text)\n\(again.jsonText)")
    } catch {
        fatalError("a decoded file's jsonText does not decode (\(error)):\n\(text)")
    }
}
