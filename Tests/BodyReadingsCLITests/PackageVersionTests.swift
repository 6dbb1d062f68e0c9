import Foundation
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// The package's version is the program's: `scripts/package` takes it from `bodyreadings --version`, and the
/// newest entry of packaging/changelog must name the same one (the script refuses otherwise; this fails first).
@Suite("Package version")
struct PackageVersionTests {
    @Test func theChangelogsNewestEntryIsTheProgramsVersion() throws {
        let changelog = try String(contentsOfFile: PackagePaths.file("packaging/changelog"), encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first)
        #expect(first.hasPrefix("bodyreadings (\(BodyReadingsTool.version)) "), "\(first)")
    }
}
