import Foundation
import TestSupport
import Testing

/// `docs/hardware.md`'s compatibility table says what the VM tier's chip scenarios (`Tests/HardwareInTheLoop/guest/
/// chips.sh`) prove: one row per scenario, with the scenario's kernel module, what it checks and the corrections it
/// expects. A scenario added, removed or changed without the table (or the other way round) fails here.
@Suite("hardware compatibility table")
struct HardwareTableTests {
    /// One chip scenario as `chips.sh` defines it.
    struct Scenario: Equatable {
        var name: String
        var module: String
        var sensors: Set<String>
        var corrections: Set<String>
        /// The chip (a magnetometer alone) is bound beside another's accelerometer (`BESIDE`), which streams.
        var beside = false
    }

    /// One row of the table.
    struct Row {
        var scenario: String
        var module: String
        var works: String
        var quirks: String
    }

    static func scenarios() throws -> [Scenario] {
        let text = try String(contentsOfFile: PackagePaths.file("Tests/HardwareInTheLoop/guest/chips.sh"), encoding: .utf8)
        guard let listStart = text.range(of: "CHIP_SCENARIOS=\""),
            let listEnd = text[listStart.upperBound...].firstIndex(of: "\"")
        else { return [] }
        let names = text[listStart.upperBound..<listEnd].split(whereSeparator: \.isWhitespace).map(String.init)
        return names.map { name in
            let key = String(name.dropFirst("chip-".count))
            // The case block of chip_spec: from "    <key>)" (or a pattern "a|<key>|b)") to its ";;".
            let patterns = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                line.hasPrefix("    ") && !line.hasPrefix("     ") && line.hasSuffix(")")
                    && line.dropFirst(4).dropLast().split(separator: "|").contains(Substring(key))
            }
            guard let pattern = patterns.first, let start = text.range(of: "\n\(pattern)\n"),
                let end = text[start.upperBound...].range(of: ";;")
            else { return Scenario(name: name, module: "", sensors: [], corrections: [], beside: false) }
            let block = String(text[start.upperBound..<end.lowerBound])
            func value(_ variable: String) -> String {
                guard let range = block.range(of: "\(variable)=") else { return "" }
                let rest = block[range.upperBound...]
                if rest.hasPrefix("\"") {
                    return String(rest.dropFirst().prefix { $0 != "\"" })
                }
                return String(rest.prefix { !$0.isWhitespace })
            }
            let sensors = Set(["ACCEL": "accelerometer", "GYRO": "gyroscope", "MAGN": "magnetometer"]
                .filter { !value($0.key).isEmpty }.map(\.value))
            let corrections = Set(value("CORRECTION").split(separator: " ").map { String($0.prefix { $0 != "=" }) })
            return Scenario(
                name: name, module: value("MODULE"), sensors: sensors, corrections: corrections,
                beside: !value("BESIDE").isEmpty)
        }
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOfFile: PackagePaths.file("docs/hardware.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- hardware-table -->"), let end = text.range(of: "<!-- /hardware-table -->")
        else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "| chip | driver | bus | scenario | works | quirks | how tested |" splits into 9 cells.
            guard cells.count == 9, cells[4].hasPrefix("`chip-") else { return nil }
            let unquoted = { (cell: String) in cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            return Row(scenario: unquoted(cells[4]), module: cells[2], works: cells[5], quirks: cells[6])
        }
    }

    /// The backquoted names in the first and second cells of the table between `<!-- MARKER -->` and its end.
    static func namedInTable(_ marker: String) throws -> Set<String> {
        let text = try String(contentsOfFile: PackagePaths.file("docs/hardware.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- \(marker) -->"), let end = text.range(of: "<!-- /\(marker) -->")
        else { return [] }
        var names: Set<String> = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = line.split(separator: "|").prefix(2).joined(separator: "|")
            for (index, piece) in cells.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where index % 2 == 1 {
                names.insert(String(piece))
            }
        }
        return names
    }

    /// A scenario's chip as `new_device` knows it ("bmc150-accel" is `bmc150_accel`).
    static func chipName(_ scenario: Scenario) -> String {
        String(scenario.name.dropFirst("chip-".count)).replacingOccurrences(of: "-", with: "_")
    }

    @Test("a chip listed as untested or untestable has no scenario")
    func untestedChipsHaveNoScenario() throws {
        let scenarios = try Self.scenarios()
        let untested = try Self.namedInTable("untested-table")
        let untestable = try Self.namedInTable("untestable-table")
        #expect(!untestable.isEmpty)
        for barometer in try Self.barometerScenarios() {
            let chip = String(barometer.dropFirst("baro-".count))
            #expect(
                !untested.contains(chip) && !untestable.contains(chip), "\(barometer) is listed as without a scenario")
        }
        for scenario in scenarios {
            #expect(!untested.contains(Self.chipName(scenario)), "\(scenario.name) is listed as without a scenario")
            #expect(!untestable.contains(scenario.module), "\(scenario.name)'s driver is listed as untestable")
        }
    }

    /// The barometer scenarios of `barometers.sh` (`BARO_SCENARIOS`).
    static func barometerScenarios() throws -> [String] {
        let text = try String(
            contentsOfFile: PackagePaths.file("Tests/HardwareInTheLoop/guest/barometers.sh"), encoding: .utf8)
        guard let listStart = text.range(of: "BARO_SCENARIOS=\""),
            let listEnd = text[listStart.upperBound...].firstIndex(of: "\"")
        else { return [] }
        return text[listStart.upperBound..<listEnd].split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test("every barometer scenario is named in the barometers' table, and every name there is a scenario")
    func sameBarometers() throws {
        let scenarios = try Self.barometerScenarios()
        let text = try String(contentsOfFile: PackagePaths.file("docs/hardware.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- barometer-table -->"),
            let end = text.range(of: "<!-- /barometer-table -->")
        else {
            Issue.record("docs/hardware.md has no barometer table")
            return
        }
        // "| chip | driver | bus | scenario | …": the backquoted names of the fourth cell.
        let named = text[start.upperBound..<end.lowerBound].split(separator: "\n").flatMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 4 else { return [String]() }
            return cells[4].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(!scenarios.isEmpty)
        #expect(Set(named) == Set(scenarios) && named.count == scenarios.count, "table names \(named)")
    }

    @Test("every chip scenario has one row and every row a scenario")
    func sameChips() throws {
        let scenarios = try Self.scenarios()
        let rows = try Self.rows()
        #expect(!scenarios.isEmpty)
        #expect(rows.map(\.scenario).sorted() == scenarios.map(\.name).sorted())
    }

    @Test("each row names the scenario's module, what it checks and the corrections it expects")
    func rowsMatchScenarios() throws {
        let rows = try Self.rows()
        for scenario in try Self.scenarios() {
            guard let row = rows.first(where: { $0.scenario == scenario.name }) else { continue }
            #expect(row.module.contains("`\(scenario.module)`"), "\(scenario.name): driver cell '\(row.module)'")
            for sensor in ["accelerometer", "gyroscope", "magnetometer"] {
                #expect(row.works.contains(sensor) == scenario.sensors.contains(sensor), "\(scenario.name): \(sensor)")
            }
            let streams = scenario.sensors.contains("accelerometer") || scenario.beside
            #expect(row.works.contains("stream") == streams, "\(scenario.name): stream in '\(row.works)'")
            let calibrates = streams && scenario.sensors.contains("gyroscope")
            #expect(row.works.contains("calibrate gyro") == calibrates, "\(scenario.name): calibrate in '\(row.works)'")
            // With or without a gyroscope: the fused attitude's heading, or the tilt filter's compass.
            let heading = streams && scenario.sensors.contains("magnetometer")
            #expect(row.works.contains("heading") == heading, "\(scenario.name): heading in '\(row.works)'")
            if scenario.corrections.isEmpty {
                #expect(row.quirks == "none", "\(scenario.name): quirks '\(row.quirks)'")
            }
            for kind in scenario.corrections {
                #expect(row.quirks.contains(kind), "\(scenario.name): quirks '\(row.quirks)' lack \(kind)")
            }
        }
    }
}
