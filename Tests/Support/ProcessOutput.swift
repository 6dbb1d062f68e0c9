import Foundation

/// What a finished subprocess left: its exit status and what it wrote.
public struct ProcessOutput: Sendable {
    /// The exit status; -1 when `Subprocess.run` killed it at its timeout.
    public var status: Int32
    /// Everything written to standard output (with standard error too when they were merged).
    public var stdout: Data
    /// Standard error as text ("timed out" after a timeout; empty when merged into `stdout`).
    public var stderr: String

    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }
}
