import Foundation

/// The BROAD development trials (Laidig et al., Data 6(7):72, 2021), kept outside the repository in
/// `../shared/data/broad` (see that directory's README.md). Tests that need them skip when they are absent.
public enum BROADData {
    /// The first directory holding the trials' `.mat` files: `$BROAD_DIR`, then `../shared/data/broad` beside the
    /// package, then the same beside the main checkout when the package is a git worktree (`.git` is a file naming
    /// `<main>/.git/worktrees/<name>`). Nil when none has any.
    public static let directory: String? = {
        PackagePaths.sharedDataCandidates("broad", environmentVariable: "BROAD_DIR").first { !trials(in: $0).isEmpty }
    }()

    /// Why `directory` is nil, for a skipped test's message.
    public static let missingReason =
        "BROAD trials not found in $BROAD_DIR or ../shared/data/broad beside the package (or its main checkout)"

    /// The trial names (file names without `.mat`), sorted, in `directory`; empty without it.
    public static var trialNames: [String] {
        directory.map(trials(in:)) ?? []
    }

    /// The path of trial `name`'s `.mat` file, or nil without the data set.
    public static func path(of name: String) -> String? {
        directory.map { "\($0)/\(name).mat" }
    }

    private static func trials(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".mat") }.map { String($0.dropLast(4)) }.sorted()
    }

}
