import Foundation
import Glibc

/// One client connection speaking iiod 0.24's text protocol (iiod/parser.y, iiod/ops.c): a command per line,
/// answers as a decimal line (a negative errno on failure), attribute values framed as `<length>\n<bytes>\n`,
/// buffer data as `<length>\n<mask>\n<bytes>`.
final class IIODSession {
    private let stream: SocketStream
    private let state: ServerState
    private let isStopping: @Sendable () -> Bool
    private var buffers: [String: BufferStream] = [:]

    init(stream: SocketStream, state: ServerState, isStopping: @escaping @Sendable () -> Bool) {
        self.stream = stream
        self.state = state
        self.isStopping = isStopping
    }

    /// Serves commands until EXIT, EOF, a write failure or server stop.
    func run() {
        defer { closeAll() }
        while !isStopping() {
            switch stream.readLine() {
            case .end:
                return
            case .tooLong:
                guard answer(-Int(EINVAL)) else { return }
            case .text(let bytes):
                let line = String(decoding: bytes, as: UTF8.self)
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard !words.isEmpty else { continue }
                state.log(command: line)
                guard state.waitOutStall(before: words, unless: ended), execute(words) else { return }
            }
        }
    }

    private func closeAll() {
        for device in buffers.keys { state.adjustOpenBuffers(of: device, by: -1) }
        buffers.removeAll()
    }

    /// Whether the session should end while it waits: the server stops or the client hangs up.
    private func ended() -> Bool { isStopping() || stream.peerHungUp() }

    /// Writes a decimal answer line; false when the client is gone.
    private func answer(_ value: Int) -> Bool { stream.write("\(value)\n") }

    private func errno(_ code: Int32) -> Int { -Int(code) }

    /// Runs one command; false ends the session.
    private func execute(_ words: [String]) -> Bool {
        let command = words[0].uppercased()
        let arguments = Array(words.dropFirst())
        // Commands without operands are syntax errors with any (parser.y: `PRINT END` and so on).
        if ["EXIT", "HELP", "VERSION", "PRINT", "ZPRINT"].contains(command) && !arguments.isEmpty {
            return answer(errno(EINVAL))
        }
        switch command {
        case "EXIT":
            return false
        case "HELP":
            return stream.write(Self.help)
        case "VERSION":
            return stream.write(IIODVersion.line)
        case "PRINT":
            let xml = state.fixture.xml
            return stream.write("\(xml.utf8.count)\n\(xml)\n")
        case "ZPRINT":
            // Debian's libiio 0.24 is built without zstd: iiod has no compressed XML to send.
            return answer(errno(EINVAL))
        case "TIMEOUT":
            guard arguments.count == 1 else { return answer(errno(EINVAL)) }
            return answer(0)
        case "READ":
            return read(arguments)
        case "WRITE":
            return write(arguments)
        case "GETTRIG":
            return getTrigger(arguments)
        case "SETTRIG":
            return setTrigger(arguments)
        case "SET":
            return setBuffersCount(arguments)
        case "OPEN":
            return open(arguments)
        case "CLOSE":
            return close(arguments)
        case "READBUF":
            return readBuffer(arguments)
        case "WRITEBUF":
            return writeBuffer(arguments)
        default:
            return answer(errno(EINVAL))
        }
    }

    // MARK: Attributes

    private enum Target {
        case device
        case buffer
        case debug
        case channel(FixtureChannel)
    }

    private struct Address {
        var device: FixtureDevice
        var target: Target
        var attribute: String?
    }

    /// Splits `<device> [DEBUG|BUFFER|INPUT chn|OUTPUT chn] [attr]` (before `trailing` extra words), failing with
    /// the errno iiod answers: ENODEV for an unknown device, ENXIO for an unknown channel, EINVAL for bad syntax.
    private func resolve(_ arguments: [String], trailing: Int) -> Result<Address, ErrnoCode> {
        guard arguments.count >= 1 + trailing else { return .failure(ErrnoCode(EINVAL)) }
        let words = Array(arguments.dropLast(trailing))
        guard let device = state.fixture.device(words[0]) else { return .failure(ErrnoCode(ENODEV)) }
        var rest = Array(words.dropFirst())
        var target = Target.device
        if let first = rest.first?.uppercased() {
            switch first {
            case "DEBUG":
                target = .debug
                rest.removeFirst()
            case "BUFFER":
                target = .buffer
                rest.removeFirst()
            case "INPUT", "OUTPUT":
                guard rest.count >= 2 else { return .failure(ErrnoCode(EINVAL)) }
                let channelID = rest[1]
                // Fixture channels have ids only, no names; the direction must match.
                let output = first == "OUTPUT"
                guard let channel = device.channels.first(where: { $0.id == channelID && $0.isOutput == output }) else {
                    return .failure(ErrnoCode(ENXIO))
                }
                target = .channel(channel)
                rest.removeFirst(2)
            default:
                break
            }
        }
        guard rest.count <= 1 else { return .failure(ErrnoCode(EINVAL)) }
        return .success(Address(device: device, target: target, attribute: rest.first))
    }

    /// The attributes a read-all answers: those libiio lists.
    private func attributes(of device: FixtureDevice, _ target: Target) -> (IIODAttributeKind, [FixtureAttribute]) {
        switch target {
        case .device: return (.device, device.attributes.filter(\.isListed))
        case .buffer: return (.buffer, device.bufferAttributes.filter(\.isListed))
        case .debug: return (.debug, device.debugAttributes.filter(\.isListed))
        case .channel(let channel): return (.channel, channel.attributes.filter(\.isListed))
        }
    }

    private struct Found {
        var kind: IIODAttributeKind
        var attribute: FixtureAttribute
        var channel: FixtureChannel?
    }

    /// Finds the file an attribute name reaches, as the local backend does: a channel attribute by name, else
    /// (like `get_filename` falling back to the name) any file of the device directory: a device attribute or a
    /// channel attribute's sysfs file (`in_accel_scale`); buffer and debug attributes by name, listed or not.
    private func find(_ name: String, in device: FixtureDevice, _ target: Target) -> Found? {
        switch target {
        case .buffer:
            return device.bufferAttributes.first { $0.name == name }.map { Found(kind: .buffer, attribute: $0) }
        case .debug:
            return device.debugAttributes.first { $0.name == name }.map { Found(kind: .debug, attribute: $0) }
        case .channel(let channel):
            if let attribute = channel.attributes.first(where: { $0.name == name }) {
                return Found(kind: .channel, attribute: attribute, channel: channel)
            }
        case .device:
            break
        }
        if let attribute = device.attributes.first(where: { $0.name == name }) {
            return Found(kind: .device, attribute: attribute)
        }
        for channel in device.channels {
            if let attribute = channel.attributes.first(where: { $0.filename == name }) {
                return Found(kind: .channel, attribute: attribute, channel: channel)
            }
        }
        return nil
    }

    private func channel(of target: Target) -> FixtureChannel? {
        if case .channel(let channel) = target { return channel }
        return nil
    }

    private func read(_ arguments: [String]) -> Bool {
        let address: Address
        switch resolve(arguments, trailing: 0) {
        case .failure(let error): return answer(errno(error.value))
        case .success(let found): address = found
        }
        let (device, target, name) = (address.device, address.target, address.attribute)
        guard let name else {
            let (kind, list) = attributes(of: device, target)
            let channel = channel(of: target)
            // No attribute: all of them, each as a big-endian length (negative errno) and NUL-terminated value
            // padded to 4 bytes (libiio's read-all format).
            var payload: [UInt8] = []
            for attribute in list {
                switch state.read(device: device, channel: channel, kind: kind, attribute: attribute) {
                case .success(let value):
                    let bytes = Array(value.utf8) + [0]
                    payload += bigEndian(Int32(bytes.count)) + bytes
                    payload += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
                case .failure(let error):
                    payload += bigEndian(-error.value)
                }
            }
            return answer(payload.count) && stream.write(payload + [UInt8(ascii: "\n")])
        }
        guard let found = find(name, in: device, target) else { return answer(errno(ENOENT)) }
        switch state.read(device: device, channel: found.channel, kind: found.kind, attribute: found.attribute) {
        case .failure(let error):
            return answer(errno(error.value))
        case .success(let value):
            // The local backend returns the value with its newline turned into a NUL, counted in the length.
            let bytes = Array(value.utf8) + [0]
            return answer(bytes.count) && stream.write(bytes + [UInt8(ascii: "\n")])
        }
    }

    private func bigEndian(_ value: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: value)
        return [UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF)]
    }

    /// Largest attribute payload accepted; bigger ones are read and discarded.
    private static let maxPayload = 1 << 20

    private func write(_ arguments: [String]) -> Bool {
        guard let countText = arguments.last, let count = Int(countText), count >= 0 else {
            return answer(errno(EINVAL))
        }
        // Consume the payload first so that a refused write never leaves its bytes to be parsed as commands.
        var payload: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            let piece = min(remaining, 64 * 1024)
            guard let bytes = stream.read(count: piece) else { return false }
            if payload.count < Self.maxPayload { payload += bytes }
            remaining -= piece
        }
        guard count <= Self.maxPayload else { return answer(errno(ENOMEM)) }
        let address: Address
        switch resolve(arguments, trailing: 1) {
        case .failure(let error): return answer(errno(error.value))
        case .success(let found): address = found
        }
        guard let name = address.attribute else { return answer(errno(EINVAL)) }
        let (device, target) = (address.device, address.target)
        guard let found = find(name, in: device, target) else { return answer(errno(ENOENT)) }
        return answer(state.write(
            device: device, channel: found.channel, kind: found.kind, attribute: found.attribute, bytes: payload
        ))
    }

    // MARK: Triggers

    private func getTrigger(_ arguments: [String]) -> Bool {
        guard arguments.count == 1 else { return answer(errno(EINVAL)) }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        switch state.trigger(of: device) {
        case .failure(let error):
            return answer(errno(error.value))
        case .success(nil):
            return answer(0)
        case .success(let name?):
            return answer(name.utf8.count) && stream.write(name + "\n")
        }
    }

    private func setTrigger(_ arguments: [String]) -> Bool {
        guard arguments.count == 1 || arguments.count == 2 else { return answer(errno(EINVAL)) }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        var trigger: FixtureDevice?
        if arguments.count == 2 {
            guard let found = state.fixture.device(arguments[1]) else { return answer(errno(ENOENT)) }
            trigger = found
        }
        return answer(state.setTrigger(of: device, to: trigger))
    }

    private func setBuffersCount(_ arguments: [String]) -> Bool {
        guard arguments.count == 3, arguments[1].uppercased() == "BUFFERS_COUNT" else { return answer(errno(EINVAL)) }
        guard state.fixture.device(arguments[0]) != nil else { return answer(errno(ENODEV)) }
        guard let count = Int(arguments[2]), count >= 1 else { return answer(errno(EINVAL)) }
        return answer(0)
    }

    // MARK: Buffers

    private func open(_ arguments: [String]) -> Bool {
        guard arguments.count == 3 || (arguments.count == 4 && arguments[3].uppercased() == "CYCLIC") else {
            return answer(errno(EINVAL))
        }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        let maskText = arguments[2]
        let wordCount = (device.channels.count + 31) / 32
        // Hex digits only, so that characters and bytes agree when the words are cut out (a multi-byte character
        // counted 8 bytes but fewer characters, and the cut went out of bounds: found by fuzz-iiod-protocol).
        guard maskText.utf8.count == wordCount * 8, maskText.utf8.allSatisfy({ Self.isHexDigit($0) }) else {
            return answer(errno(EINVAL))
        }
        var words: [UInt32] = []
        var end = maskText.endIndex
        while end > maskText.startIndex {
            let begin = maskText.index(end, offsetBy: -8)
            words.append(UInt32(maskText[begin..<end], radix: 16) ?? 0)
            end = begin
        }
        guard let samples = Int(arguments[1]), samples > 0 else { return answer(errno(EINVAL)) }
        if device.scanChannels.isEmpty { return answer(errno(ENOENT)) }
        if let error = state.vanished { return answer(errno(error)) }
        if let error = device.bufferEnableError { return answer(errno(error)) }
        guard let buffer = BufferStream(device: device, maskWords: words, samplesCount: samples, state: state) else {
            return answer(errno(EINVAL))
        }
        if buffers.updateValue(buffer, forKey: device.id) == nil { state.adjustOpenBuffers(of: device.id, by: 1) }
        return answer(0)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private func close(_ arguments: [String]) -> Bool {
        guard arguments.count == 1 else { return answer(errno(EINVAL)) }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        guard buffers.removeValue(forKey: device.id) != nil else { return answer(errno(ENXIO)) }
        state.adjustOpenBuffers(of: device.id, by: -1)
        return answer(0)
    }

    private func readBuffer(_ arguments: [String]) -> Bool {
        guard arguments.count == 2 else { return answer(errno(EINVAL)) }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        guard var buffer = buffers[device.id] else { return answer(errno(EBADF)) }
        if let error = state.vanished { return answer(errno(error)) }
        let requested = Int(arguments[1]) ?? 0
        guard requested >= buffer.sampleSize else { return answer(0) }
        if device.bufferNeverDelivers {
            // Nothing ever arrives: wait for the client to hang up, the server to stop or the devices to vanish.
            while !isStopping() && !stream.peerHungUp() {
                if let error = state.vanished { return answer(errno(error)) }
                var request = timespec(tv_sec: 0, tv_nsec: 50_000_000)
                nanosleep(&request, nil)
            }
            return false
        }
        // Like iiod's rw thread: one refill per chunk of at most the buffer's size, the mask before the first.
        var remaining = requested
        var first = true
        while remaining >= buffer.sampleSize {
            switch waitUntil(trajectoryTime: buffer.nextBlockEnd) {
            case .ready: break
            case .ended: return false
            // As iiod's rw thread when a refill fails: the error ends this READBUF.
            case .failed(let error): return answer(errno(error))
            }
            let block = buffer.nextBlock(trajectory: state.trajectory, timestampOrigin: state.timestampOrigin)
            let length = min(block.count, remaining)
            var out = Array("\(length)\n".utf8)
            if first { out += Array(buffer.maskLine.utf8) }
            out += block[0..<length]
            buffers[device.id] = buffer
            guard stream.write(out) else { return false }
            remaining -= length
            first = false
        }
        if remaining > 0 { return answer(0) }
        return true
    }

    private func writeBuffer(_ arguments: [String]) -> Bool {
        guard arguments.count == 2 else { return answer(errno(EINVAL)) }
        guard let device = state.fixture.device(arguments[0]) else { return answer(errno(ENODEV)) }
        guard buffers[device.id] != nil else { return answer(errno(EBADF)) }
        // Every fixture channel is an input: there is nothing to push samples to.
        return answer(errno(EINVAL))
    }

    private enum Wait {
        case ready
        case ended
        case failed(Int32)
    }

    /// Sleeps until the trajectory clock reaches `time` (at once in fast mode); `.ended` when the server stops or
    /// the client hangs up, `.failed` when the devices vanish meanwhile.
    private func waitUntil(trajectoryTime time: Double) -> Wait {
        let deadline = state.monotonicDeadline(forTrajectoryTime: time) ?? 0
        while true {
            // Like iiod's rw thread waiting with POLLRDHUP: a client that hangs up ends the refill at once.
            if ended() { return .ended }
            if let error = state.vanished { return .failed(error) }
            guard state.waitOutStall(unless: ended) else { return .ended }
            let now = ServerState.now(CLOCK_MONOTONIC)
            if now >= deadline { return .ready }
            let slice = min(deadline - now, 50_000_000)
            var request = timespec(tv_sec: 0, tv_nsec: Int(slice))
            nanosleep(&request, nil)
        }
    }

    static let help = """
        Available commands:

        \tHELP
        \t\tPrint this help message
        \tEXIT
        \t\tClose the current session
        \tPRINT
        \t\tDisplays a XML string corresponding to the current IIO context
        \tZPRINT
        \t\tGet a compressed XML string corresponding to the current IIO context
        \tVERSION
        \t\tGet the version of libiio in use
        \tTIMEOUT <timeout_ms>
        \t\tSet the timeout (in ms) for I/O operations
        \tOPEN <device> <samples_count> <mask> [CYCLIC]
        \t\tOpen the specified device with the given mask of channels
        \tCLOSE <device>
        \t\tClose the specified device
        \tREAD <device> DEBUG|BUFFER|[INPUT|OUTPUT <channel>] [<attribute>]
        \t\tRead the value of an attribute
        \tWRITE <device> DEBUG|BUFFER|[INPUT|OUTPUT <channel>] [<attribute>] <bytes_count>
        \t\tSet the value of an attribute
        \tREADBUF <device> <bytes_count>
        \t\tRead raw data from the specified device
        \tWRITEBUF <device> <bytes_count>
        \t\tWrite raw data to the specified device
        \tGETTRIG <device>
        \t\tGet the name of the trigger used by the specified device
        \tSETTRIG <device> [<trigger>]
        \t\tSet the trigger to use for the specified device
        \tSET <device> BUFFERS_COUNT <count>
        \t\tSet the number of kernel buffers for the specified device

        """
}
