import Fusion
import MotionMath
import ReadingFormats
import Testing
import TextFormats

/// The socket protocol of `bodyreadings serve`: requests parse or say what is wrong; every line the service sends
/// reads back as what was sent, numbers exactly.
@Suite("service protocol")
struct ServiceProtocolTests {
    private func request(_ text: String) throws(ServiceProtocolError) -> ServiceRequest {
        try ServiceRequest.parse(Array(text.utf8))
    }

    @Test func requestsParse() throws {
        #expect(
            try request(#"{"op":"subscribe","reading":"motion","interval":0.02,"id":7}"#)
                == ServiceRequest(.subscribe(.motion, interval: 0.02, everySample: false), id: .number(7)))
        #expect(
            try request(#"{"op":"subscribe","reading":"raw","interval":0.01,"every_sample":true}"#).operation
                == .subscribe(.raw, interval: 0.01, everySample: true))
        #expect(try request(#"{"op":"subscribe","reading":"heart_rate"}"#).operation == .subscribe(.heartRate, interval: 0.1, everySample: false))
        #expect(try request(#"{"op":"unsubscribe","reading":"steps"}"#).operation == .unsubscribe(.steps))
        #expect(try request(#" {"op":"available"} "#).operation == .available)
        #expect(
            try request(#"{"op":"history","reading":"steps","from":100,"to":200,"per":"hour"}"#).operation
                == .history(ServiceHistoryQuery(reading: .steps, from: 100, to: 200, per: .hour)))
        #expect(try request(#"{"op":"history","reading":"heart_rate"}"#).operation == .history(ServiceHistoryQuery(reading: .heartRate)))
    }

    @Test(arguments: [
        ("[1]", "a request is a JSON object"),
        ("{\"op\":", "not JSON: the line ends inside a value"),
        (#"{"reading":"motion"}"#, "needs \"op\""),
        (#"{"op":"subscrbe","reading":"motion"}"#, "unknown op 'subscrbe'"),
        (#"{"op":"subscribe"}"#, "needs \"reading\""),
        (#"{"op":"subscribe","reading":"pulse"}"#, "unknown reading 'pulse'"),
        // Text from the client is named escaped: the message stays one line and writes nothing raw to a terminal
        // (found by fuzz-service-request).
        (#"{"op":"S\ring\ngrate\u001b[2J"}"#, #"unknown op 'S\ring\ngrate\u001b[2J' (use"#),
        (#"{"op":"subscribe","reading":"it's\n"}"#, #"unknown reading 'it's\n'"#),
        (#"{"op":"subscribe","reading":"motion","interval":-1}"#, "\"interval\" must be"),
        (#"{"op":"subscribe","reading":"motion","interval":"0.1"}"#, "\"interval\" must be"),
        (#"{"op":"subscribe","reading":"motion","every_sample":true}"#, "raw reading only"),
        (#"{"op":"history","reading":"raw"}"#, "not stored"),
        (#"{"op":"history","reading":"steps","per":"week"}"#, "\"per\" must be"),
        (#"{"op":"history","reading":"steps","from":5,"to":5}"#, "after \"from\""),
        // Times beyond the calendar the store holds, which trapped converting to whole seconds.
        (#"{"op":"history","reading":"motion","from":1e20}"#, "from 0 (1970-01-01) to 253402300800 (10000-01-01)"),
        (#"{"op":"history","reading":"steps","to":9.3e18}"#, "\"to\" must be a Unix time in seconds from 0"),
        (#"{"op":"history","reading":"heart_rate","from":253402300801}"#, "\"from\" must be a Unix time"),
        (#"{"op":"history","reading":"steps","from":-1}"#, "\"from\" must be a Unix time"),
    ])
    func badRequestsSayWhatIsWrong(text: String, fragment: String) {
        #expect {
            try request(text)
        } throws: { error in
            (error as? ServiceProtocolError)?.message.contains(fragment) == true
        }
    }

    @Test func requestsRenderToWhatParses() throws {
        for operation: ServiceRequest.Operation in [
            .subscribe(.raw, interval: 0.005, everySample: true), .unsubscribe(.motion), .available, .status,
            .history(ServiceHistoryQuery(reading: .steps, from: 1, to: 2, per: .day)),
        ] {
            let sent = ServiceRequest(operation, id: .string("x"))
            #expect(sent.line.last == 0x0A)
            #expect(try ServiceRequest.parse(Array(sent.line.dropLast())) == sent)
        }
    }

    @Test func motionAndRawLinesReadBackExactly() throws {
        let estimate = MotionEstimate(
            t: 1_796_090_027.123456789, attitude: Quaternion(w: 0.9, x: 0.1, y: -0.3, z: 1.0 / 3.0),
            rotationRate: Vector3(0.1, -2e-7, 3), gravity: Vector3(0.01, 0.02, 9.80665),
            userAcceleration: Vector3(-0.5, 0.25, 1e-300), gyroBias: .zero, isResting: false,
            isMagneticallyDisturbed: false)
        let line = ServiceEvent.motionLine(estimate)
        #expect(String(decoding: line, as: UTF8.self).hasPrefix(#"{"reading":"motion","t":"#))
        #expect(line.last == 0x0A && line.filter { $0 == 0x0A }.count == 1)
        #expect(try ServiceEvent.parse(Array(line.dropLast())) == .motion(estimate))

        let sample = IMUSample(
            t: 12.5, accelerometer: Vector3(0.1, 0.2, 9.7), gyroscope: Vector3(-0.01, 0, 0.3),
            magnetometer: Vector3(20, -5, -40))
        #expect(try ServiceEvent.parse(Array(ServiceEvent.rawLine(sample).dropLast())) == .raw(sample))
        var bare = sample
        bare.magnetometer = nil
        #expect(try ServiceEvent.parse(Array(ServiceEvent.rawLine(bare).dropLast())) == .raw(bare))

        // Written directly, the line is what the JSON object renders to, numbers and all.
        func vector(_ v: Vector3) -> JSONValue { .object([("x", .number(v.x)), ("y", .number(v.y)), ("z", .number(v.z))]) }
        let odd = IMUSample(
            t: 1_764_590_000.123456, accelerometer: Vector3(1e-05, -3, 9.80665), gyroscope: Vector3(.nan, 0.1 + 0.2, -0.0),
            magnetometer: Vector3(1e20, 2.5e-300, 42))
        for sample in [odd, bare] {
            var members: [(String, JSONValue)] = [
                ("reading", .string("raw")), ("t", .number(sample.t)), ("acceleration", vector(sample.accelerometer)),
                ("rotation_rate", vector(sample.gyroscope)),
            ]
            if let field = sample.magnetometer { members.append(("magnetic_field", vector(field))) }
            #expect(
                String(decoding: ServiceEvent.rawLine(sample), as: UTF8.self)
                    == String(decoding: ServiceEvent.line(.object(members)), as: UTF8.self))
        }
    }

    @Test func helloRepliesAndNoticesReadBack() throws {
        let availability = ServiceAvailability(
            source: "sim (seed 1)", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false,
            maximumSampleRate: 1600, unavailable: [.heartRate: "no PPG sensor"])
        let hello = ServiceEvent.helloLine(service: "bodyreadings 0.1.0", availability: availability)
        #expect(
            try ServiceEvent.parse(Array(hello.dropLast()))
                == .hello(protocolVersion: 1, service: "bodyreadings 0.1.0", availability: availability))
        #expect(availability.isAvailable(.steps) && !availability.isAvailable(.heartRate))
        #expect(try ServiceEvent.parse(Array(ServiceEvent.droppedLine(count: 3, total: 9).dropLast())) == .dropped(count: 3, total: 9))
        #expect(try ServiceEvent.parse(Array(ServiceEvent.endedLine(.motion, error: "gone").dropLast())) == .ended(.motion, error: "gone"))
        let gap = ServiceEvent.gapLine(missed: 15, from: 1234.56, to: 1234.88)
        #expect(String(decoding: gap, as: UTF8.self) == #"{"event":"gap","missed":15,"from":1234.56,"to":1234.88}"# + "\n")
        #expect(try ServiceEvent.parse(Array(gap.dropLast())) == .gap(missed: 15, from: 1234.56, to: 1234.88))
        #expect(throws: ServiceProtocolError.self) { try ServiceEvent.parse(Array(#"{"event":"gap","missed":-1,"from":1,"to":2}"#.utf8)) }
        #expect(try ServiceEvent.parse(Array(ServiceEvent.endedLine(.raw, error: nil).dropLast())) == .ended(.raw, error: nil))
        #expect(try ServiceEvent.parse(Array(ServiceEvent.closingLine(reason: "bye").dropLast())) == .closing(reason: "bye"))
        let reply = ServiceEvent.replyLine(op: "subscribe", id: .number(4), error: "steps: no", [("reading", .string("steps"))])
        guard case .reply(let op, let id, let ok, let error, let body) = try ServiceEvent.parse(Array(reply.dropLast())) else {
            Issue.record("not a reply")
            return
        }
        #expect(op == "subscribe" && id == .number(4) && !ok && error == "steps: no" && body["reading"] == .string("steps"))
        let step = ServiceEvent.readingLine(.steps, [("t", .number(3)), ("steps", .number(12))])
        #expect(try ServiceEvent.parse(Array(step.dropLast())) == .reading(.steps, JSONValue.parse(Array(step.dropLast()))))
    }

    @Test func socketPaths() {
        #expect(ServiceSocketPath.user(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/bodyreadings/serve.sock")
        #expect(ServiceSocketPath.user(environment: [:]) == nil)
        #expect(ServiceSocketPath.server(environment: ["RUNTIME_DIRECTORY": "/run/bodyreadings"], isRoot: false) == "/run/bodyreadings/serve.sock")
        #expect(ServiceSocketPath.server(environment: [:], isRoot: true) == "/run/bodyreadings/serve.sock")
        #expect(
            ServiceSocketPath.server(environment: ["BODYREADINGS_SYSTEM_RUNTIME_DIR": "/t/run"], isRoot: true)
                == "/t/run/serve.sock")
        #expect(ServiceSocketPath.server(environment: [:], isRoot: false) == nil)
        #expect(ServiceSocketPath.candidates(environment: ["XDG_RUNTIME_DIR": "/r"]) == ["/r/bodyreadings/serve.sock", "/run/bodyreadings/serve.sock"])
        #expect(
            ServiceSocketPath.candidates(environment: ["BODYREADINGS_SYSTEM_RUNTIME_DIR": "/t"]) == ["/t/serve.sock"])
    }
}
