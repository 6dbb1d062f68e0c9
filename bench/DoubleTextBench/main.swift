// double-text-bench: DoubleText's parsing and formatting against the C library and the standard library, side by side
// in one process on the same numbers, so that the speed claims in `Sources/TextFormats/DoubleText.swift` have a bench.
//
//   double-text-bench [--seconds S] [--count N] [--digits shortest|6]
//
// The numbers are N (default 100,000) uniform random values in [−20, 20] (seed 1), as text in their shortest
// round-trip form (up to 17 significant digits) or with 6 decimals (`--digits 6`, what a sensor's CSV looks like).
// Each contender runs over all of them again and again for about S / 3 CPU seconds (default S = 3), best of three
// rounds; the figure is CPU time per number, ns. A checksum of every result is printed so that none is optimised away.
import BenchSupport
import MotionMath
import TextFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole bench, in a function so that its settings are plain locals (top-level variables are main-actor state).
func runBench() {
    var seconds = 3.0
    var count = 100_000
    var digits = "shortest"
    var arguments = CommandLine.arguments.dropFirst()
    while let option = arguments.popFirst() {
        guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
        switch option {
        case "--seconds": seconds = Double(value) ?? { fail("--seconds takes a number, not \(value)") }()
        case "--count": count = Int(value) ?? { fail("--count takes a whole number, not \(value)") }()
        case "--digits" where value == "shortest" || value == "6": digits = value
        default: fail("unknown option \(option) (use --seconds S, --count N, --digits shortest|6)")
        }
    }

    var generator = SplitMix64(seed: 1)
    let values = (0..<count).map { _ in generator.nextUniform() * 40 - 20 }
    let texts: [[UInt8]] = values.map { value in
        if digits == "6" {
            var buffer = [CChar](repeating: 0, count: 32)
            let length = buffer.withUnsafeMutableBufferPointer { out in
                withVaList([value]) { vsnprintf(out.baseAddress, 32, "%.6f", $0) }
            }
            return buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        }
        return Array(DoubleText.shortest(value).utf8)
    }
    // All texts in one buffer, each followed by a NUL for strtod; offsets and lengths beside it.
    var joined: [UInt8] = []
    var offsets: [Int] = []
    for text in texts {
        offsets.append(joined.count)
        joined += text
        joined.append(0)
    }
    let strings = texts.map { String(decoding: $0, as: UTF8.self) }

    /// CPU ns per number of `pass`, which handles every number once and returns a checksum; best of three rounds.
    func nanoseconds(_ pass: () -> Double) -> (ns: Double, checksum: Double) {
        var best = Double.infinity
        var checksum = 0.0
        for _ in 0..<3 {
            var numbers = 0
            let start = threadCPUTime()
            var elapsed = 0.0
            while elapsed < seconds / 3 {
                checksum += pass()
                numbers += count
                elapsed = threadCPUTime() - start
            }
            best = min(best, elapsed / Double(numbers) * 1e9)
        }
        return (best, checksum)
    }

    func report(_ name: String, _ result: (ns: Double, checksum: Double)) {
        let ns = (result.ns * 10).rounded() / 10
        let padding = String(repeating: " ", count: max(1, 40 - name.count))
        print(name + padding + "\(ns) ns   (checksum \(result.checksum))")
    }

    print("\(count) values in [-20, 20], \(digits == "6" ? "6 decimals" : "shortest round-trip text"), "
        + "mean \(joined.count / count - 1) characters; CPU ns per number, best of 3")

    joined.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        // The contenders must agree before their times mean anything: every parse equals strtod's, every formatted
        // text parses back to its value.
        var disagreements = 0
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
            for index in 0..<count {
                let ours = DoubleText.parse(base + offsets[index], count: texts[index].count)
                if ours != strtod(characters + offsets[index], nil) { disagreements += 1 }
                if Double(DoubleText.shortest(values[index])) != values[index] { disagreements += 1 }
            }
        }
        guard disagreements == 0 else { fail("DoubleText disagrees with strtod on \(disagreements) numbers") }
        report("parse: DoubleText.parse", nanoseconds {
            var sum = 0.0
            for index in 0..<count {
                sum += DoubleText.parse(base + offsets[index], count: texts[index].count) ?? 0
            }
            return sum
        })
        report("parse: strtod", nanoseconds {
            var sum = 0.0
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                for index in 0..<count { sum += strtod(characters + offsets[index], nil) }
            }
            return sum
        })
    }
    report("parse: Double(String)", nanoseconds {
        var sum = 0.0
        for string in strings { sum += Double(string) ?? 0 }
        return sum
    })

    var scratch = [UInt8](repeating: 0, count: 64)
    scratch.withUnsafeMutableBufferPointer { out in
        let pointer = out.baseAddress!
        report("format: DoubleText.writeShortest", nanoseconds {
            var sum = 0.0
            for value in values { sum += Double(DoubleText.writeShortest(value, into: pointer)) }
            return sum
        })
        report("format: snprintf %.17g", nanoseconds {
            var sum = 0.0
            pointer.withMemoryRebound(to: CChar.self, capacity: 64) { characters in
                for value in values { sum += Double(withVaList([value]) { vsnprintf(characters, 64, "%.17g", $0) }) }
            }
            return sum
        })
    }
    report("format: Double.write(to:)", nanoseconds {
        var sum = 0.0
        var text = ""
        text.reserveCapacity(64)
        for value in values {
            text.removeAll(keepingCapacity: true)
            value.write(to: &text)
            sum += Double(text.utf8.count)
        }
        return sum
    })
    report("format: Double.description", nanoseconds {
        var sum = 0.0
        for value in values { sum += Double(value.description.utf8.count) }
        return sum
    })
}

runBench()
