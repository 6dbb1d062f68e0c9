import CFuzzerDriver
import Glibc

/// Runs libFuzzer with a Swift closure as the target: `FuzzDriver.run { bytes in … }` is a harness's whole
/// `main.swift`. The closure must not keep state between inputs that changes what a later input does (libFuzzer
/// replays a crash from its one input); a failed check is `fatalError`/`precondition`, which libFuzzer reports as a
/// crash with the input saved.
public enum FuzzDriver {
    nonisolated(unsafe) private static var target: ((UnsafeRawBufferPointer) -> Void)?

    /// Hands the command line to libFuzzer (corpus directories, `-max_total_time=` …) and exits with its status.
    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        target = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.target?(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}

/// Stops with `message` when `condition` is false. Unlike `precondition`, which an optimised build stops without a
/// message, this prints what was wrong before libFuzzer saves the input.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
