import Foundation
import TestSupport
import Testing

/// The outputs that must not change without a deliberate decision: `fuse` (9D, 6D, `--interval 0.05 --format jsonl`)
/// on the BROAD development trials and `stream --source sim --seed N --fast` (CSV, `--interval 0.02` JSONL, `--raw`),
/// each compared by SHA-256 with `Tests/Golden/golden-outputs.txt`, the outputs the fusion filter and the simulator
/// are pinned to: a change of any byte is a change of behaviour, to be made on purpose. The trials are converted from their `.mat` files here, exactly as
/// `bench/broad_lib.py` writes them; `Tests/Golden/broad-recording-csv.txt` pins those CSV bytes, so a difference is
/// found in the converter or in `bodyreadings`, never hidden between them.
///
/// Coverage: the debug `swift test` fuses one trial (36, magnetic disturbance: the 9D path with its rejection, and
/// the trial of the BROAD regression test) and runs every stream variant, about 8 s of CPU. A debug
/// `bodyreadings fuse` takes 1.5–2.5 s of CPU per trial and variant, so all 48 fuses would add about two minutes to
/// a suite of half a minute, while every trial runs the same code. `Tests/Golden/check-release` runs all 16 trials
/// against a release build (it sets `BODYREADINGS_GOLDEN_BINARY`, which selects every trial); so does a release
/// build of this test.
@Suite("Golden outputs (byte-identical to the pinned digests)")
struct GoldenOutputTests {
    /// `$BODYREADINGS_GOLDEN_BINARY`, else the `bodyreadings` built beside the tests.
    static let binary: String? =
        ProcessInfo.processInfo.environment["BODYREADINGS_GOLDEN_BINARY"] ?? PackagePaths.builtExecutable("bodyreadings")

    /// "kind name" → SHA-256, from both golden lists.
    static let expected: [String: String] = {
        var digests: [String: String] = [:]
        for list in ["golden-outputs.txt", "broad-recording-csv.txt"] {
            let text = (try? String(contentsOfFile: PackagePaths.file("Tests/Golden/\(list)"), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count == 3 { digests["\(fields[0]) \(fields[1])"] = String(fields[2]) }
            }
        }
        return digests
    }()

    /// The fuse variants: golden kind and the arguments after `fuse FILE`.
    static let fuseVariants: [(kind: String, arguments: [String])] = [
        ("fuse-9d", []),
        ("fuse-6d", ["--no-magnetometer"]),
        ("fuse-9d-i0.05-jsonl", ["--interval", "0.05", "--format", "jsonl"]),
    ]

    /// The stream variants: golden kind and the arguments after `stream --source sim --seed N --fast`.
    static let streamVariants: [(kind: String, arguments: [String])] = [
        ("stream-sim", ["--count", "3000"]),
        ("stream-sim-i0.02-jsonl", ["--interval", "0.02", "--count", "500", "--format", "jsonl"]),
        ("stream-sim-raw", ["--raw", "--count", "3000"]),
    ]

    static let everyTrial: [String] = expected.keys.filter { $0.hasPrefix("fuse-9d ") }.map { String($0.dropFirst(8)) }
        .sorted()

    #if DEBUG
    static let fusedTrials = ProcessInfo.processInfo.environment["BODYREADINGS_GOLDEN_BINARY"] == nil
        ? ["36_disturbed_attached_magnet_5cm"] : everyTrial
    #else
    static let fusedTrials = everyTrial
    #endif

    @Test("the golden lists are in the repository: 16 trials × 3 fuse variants, 3 seeds × 3 stream variants")
    func listsArePresent() {
        #expect(Self.everyTrial.count == 16)
        #expect(Self.expected.count == 16 * 3 + 3 * 3 + 16, "Tests/Golden/*.txt unreadable or incomplete")
    }

    @Test(
        "fuse on a BROAD trial: recording CSV as bench/broad_lib.py writes it, then 9D, 6D, --interval 0.05 jsonl",
        .enabled(if: BROADData.directory != nil, "\(BROADData.missingReason)"),
        arguments: fusedTrials)
    func fuse(trial: String) throws {
        let binary = try #require(Self.binary, "build it first: swift build --product bodyreadings")
        let mat = try #require(BROADData.path(of: trial))
        #expect(FileManager.default.fileExists(atPath: mat), "trial \(trial) missing from \(BROADData.directory ?? "")")
        let csv = try BROADRecordingCSV.bytes(of: MATFile(path: mat))
        let directory = try TemporaryDirectory(prefix: "golden-\(trial)")
        let path = directory.file("\(trial).csv")
        try Data(csv).write(to: URL(fileURLWithPath: path))
        try #require(
            try SHA256Sum.ofFile(path) == Self.expected["recording-csv \(trial)"],
            "\(trial): the converted CSV differs from bench/broad_lib.py's bytes (Tests/Golden/broad-recording-csv.txt)")
        for variant in Self.fuseVariants {
            let (digest, status) = try SHA256Sum.ofOutput(of: binary, ["fuse", path] + variant.arguments)
            #expect(status == 0, "\(variant.kind) \(trial): exit status \(status)")
            #expect(
                digest == Self.expected["\(variant.kind) \(trial)"],
                "\(variant.kind) \(trial): output differs from Tests/Golden/golden-outputs.txt")
        }
    }

    @Test("stream --source sim --fast: CSV, --interval 0.02 JSONL and --raw", arguments: [1, 2, 7])
    func streamSimulated(seed: Int) throws {
        let binary = try #require(Self.binary, "build it first: swift build --product bodyreadings")
        for variant in Self.streamVariants {
            let arguments = ["stream", "--source", "sim", "--seed", "\(seed)", "--fast"] + variant.arguments
            let (digest, status) = try SHA256Sum.ofOutput(of: binary, arguments)
            #expect(status == 0, "\(variant.kind) seed\(seed): exit status \(status)")
            #expect(
                digest == Self.expected["\(variant.kind) seed\(seed)"],
                "\(variant.kind) seed\(seed): output differs from Tests/Golden/golden-outputs.txt")
        }
    }
}
