import BodyReadingsCLI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// A write to a closed pipe must surface as EPIPE from write(2), not kill the process: stream ends cleanly then.
signal(SIGPIPE, SIG_IGN)
let console = Console.standard(environment: ProcessInfo.processInfo.environment)
exit(BodyReadingsTool.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console))
