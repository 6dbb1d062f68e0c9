import BodyReadingsCLI
#if canImport(Glibc)
import Glibc
#endif

// A write to a closed pipe must surface as EPIPE from write(2), not kill the process: stream ends cleanly then.
signal(SIGPIPE, SIG_IGN)

// The environment from environ(7) rather than Foundation's ProcessInfo: the executable then does not pay for
// loading Foundation (several MB of RSS) in a long-running stream.
var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}
let console = Console.standard(environment: environment)
exit(BodyReadingsTool.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console))
