import Foundation
import Glibc
import Testing
@testable import IIODTestServer

/// Every fixture side by side with the real iiod 0.24 serving the same devices from a fake sysfs through libiio's
/// local backend: the XML (how libiio parses sysfs names into channels and attributes) and every attribute answer
/// must be identical.
@Suite(
    "Against the real iiod on a fake sysfs",
    .enabled(if: FakeSysfs.isAvailable, "needs root, unshare (mount namespaces) and iiod")
)
struct RealIIODComparisonTests {
    /// The XML with the host-specific description and kernel release blanked.
    static func normalised(_ xml: String) -> String {
        var text = xml
        for pattern in [#"description="[^"]*""#, #"name="local,kernel" value="[^"]*""#] {
            text = text.replacingOccurrences(of: pattern, with: "§", options: .regularExpression)
        }
        return text
    }

    static func print(_ client: RawClient) throws -> String {
        let length = try client.command("PRINT")
        return String(decoding: try client.bytes(length + 1).dropLast(), as: UTF8.self)
    }

    /// The framed answer to a command, as raw bytes: the integer line and, for a non-negative answer, the payload.
    static func answer(_ client: RawClient, _ command: String, payload: Bool) throws -> [UInt8] {
        let value = try client.command(command)
        var out = Array("\(value)\n".utf8)
        if payload && value >= 0 { out += try client.bytes(value + 1) }
        return out
    }

    /// A read-all payload with its padding zeroed: iiod pads each value to 4 bytes with whatever its stack held.
    static func zeroingPadding(_ answer: [UInt8]) -> [UInt8] {
        guard let newline = answer.firstIndex(of: UInt8(ascii: "\n")),
              let total = Int(String(decoding: answer[..<newline], as: UTF8.self)), total > 0 else { return answer }
        var out = answer
        var offset = newline + 1
        let end = newline + 1 + total
        while offset + 4 <= end {
            let size = Int(Int32(bitPattern: UInt32(out[offset]) << 24 | UInt32(out[offset + 1]) << 16
                | UInt32(out[offset + 2]) << 8 | UInt32(out[offset + 3])))
            offset += 4
            guard size > 0 else { continue }
            let padded = (size + 3) / 4 * 4
            for index in (offset + size)..<min(offset + padded, end) { out[index] = 0 }
            offset += padded
        }
        return out
    }

    @Test("PRINT is identical (description and kernel release aside)", arguments: IIOFixture.all)
    func sameXML(_ fixture: IIOFixture) throws {
        let real = try FakeSysfs.RealIIOD(fixture: fixture)
        defer { real.stop() }
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let expected = Self.normalised(try Self.print(real.connect()))
        let got = Self.normalised(try Self.print(RawClient(port: server.port)))
        #expect(got == expected)
    }

    @Test("every attribute READ answers the same bytes; GETTRIG too (except bmi160's EIO)", arguments: IIOFixture.all)
    func sameReads(_ fixture: IIOFixture) throws {
        let real = try FakeSysfs.RealIIOD(fixture: fixture)
        defer { real.stop() }
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let theirs = try real.connect()
        let ours = try RawClient(port: server.port)
        var commands: [(String, Bool)] = []
        for device in fixture.devices {
            for attribute in device.attributes { commands.append(("READ \(device.id) \(attribute.name)", true)) }
            for attribute in device.bufferAttributes { commands.append(("READ \(device.id) BUFFER \(attribute.name)", true)) }
            for attribute in device.debugAttributes { commands.append(("READ \(device.id) DEBUG \(attribute.name)", true)) }
            for channel in device.channels {
                // Raw values follow the motion in the test server; the fake sysfs holds the fixture's constant.
                for attribute in channel.attributes where attribute.name != "raw" {
                    commands.append(("READ \(device.id) INPUT \(channel.id) \(attribute.name)", true))
                }
            }
            commands.append(("READ \(device.id) nonesuch", true))
            commands.append(("READ \(device.id) INPUT nonesuch raw", true))
            commands.append(("READ \(device.id) BUFFER", true))
            // A device without a current trigger answers 0 and no name (iiod's get_trigger): no payload to read.
            if device.trigger != .unsupported(errno: EIO) {
                commands.append(("GETTRIG \(device.id)", device.trigger != .settable(current: nil)))
            }
            commands.append(("CLOSE \(device.id)", false))
            commands.append(("READBUF \(device.id) 64", false))
        }
        commands += [
            ("READ nodev x", false), ("GETTRIG nodev", false), ("FOO", false), ("TIMEOUT 1000", false),
            ("PRINT now", false), ("VERSION x", false), ("HELP me", false), ("TIMEOUT", false), ("TIMEOUT 1 2", false),
            ("SETTRIG", false), ("CLOSE", false), ("SET nodev BUFFERS_COUNT 2", false), ("EXIT later", false),
        ]
        for (command, payload) in commands {
            var expected = try Self.answer(theirs, command, payload: payload)
            var got = try Self.answer(ours, command, payload: payload)
            if command.hasSuffix(" BUFFER") {
                expected = Self.zeroingPadding(expected)
                got = Self.zeroingPadding(got)
            }
            #expect(got == expected, "\(command): \(String(decoding: got, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
        }
    }
}
