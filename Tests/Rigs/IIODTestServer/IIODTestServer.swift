import Foundation
import Glibc
import MotionSimulation

/// A test-support iiod: serves an `IIOFixture` over libiio 0.24's iiod text protocol on a TCP port, so that the
/// real network client (`ip:` contexts, `iio_info`, `iio_attr`, `iio_readdev`) sees devices with attribute values
/// and buffered samples generated from a known trajectory (MotionSimulation) and, for pulse sensors, a known pulse.
///
/// Each connection runs on its own thread; attribute values, triggers and the write log are shared between
/// connections; every connection's buffers sample the same trajectory clock (`rateScale` trajectory seconds per
/// wall second, `.infinity` for as fast as the client reads). Raw attributes (`in_accel_x_raw`) answer the
/// trajectory's value at the time of the read. Channel values are the ideal sensor readings (no noise or bias):
/// accel = specific force (m/s²), anglvel = angular velocity (rad/s), magn = field / 100 (µT → Gauss), temp = 25 °C,
/// timestamp = `timestampOrigin` + trajectory time in ns; raw = (M⁻¹ · value) / scale − offset, M the mount matrix.
public final class IIODTestServer: Sendable {
    /// The fixture served.
    public let fixture: IIOFixture
    /// The port listened on (the kernel's choice when 0 was asked).
    public let port: UInt16
    /// The host listened on.
    public let host: String

    private let listener: Int32
    private let state: ServerState
    private let stopping = Locked(false)
    private let clients = Locked(Set<Int32>())
    private let acceptDone = DispatchSemaphore(value: 0)

    /// Starts listening on `host:port` (port 0: any free port) and serving on a background thread.
    ///
    /// - Parameters:
    ///   - trajectory: the ground truth that samples and raw reads encode, at trajectory time = seconds since
    ///     start × `rateScale` (default: MotionSimulation's 80-second `ScriptedTrajectory.demo`).
    ///   - rateScale: trajectory seconds per wall-clock second (default 1: real time; 10: ten times faster;
    ///     `.infinity`: buffers are filled as fast as they are read).
    ///   - dropEvery: leave every n-th sample of the sample grid out of buffers, so that timestamps show a gap of
    ///     two periods, as after a kernel FIFO overrun (default 0: no drops).
    ///   - pulse: what the intensity channels of pulse sensors play, at trajectory time (default: a simulated pulse
    ///     at 72 beats/min, `PulseWaveform.simulated()`).
    /// - Throws: `IIODTestServerError` when the socket cannot be set up.
    public init(
        fixture: IIOFixture, host: String = "127.0.0.1", port: UInt16 = 0,
        trajectory: any Trajectory = ScriptedTrajectory.demo, rateScale: Double = 1, dropEvery: Int = 0,
        pulse: PulseWaveform = .simulated()
    ) throws {
        let address = "\(host):\(port)"
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw IIODTestServerError(operation: "socket", code: Glibc.errno, address: address) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &socketAddress.sin_addr) == 1 else {
            Glibc.close(fd)
            throw IIODTestServerError(operation: "inet_pton", code: 0, address: address)
        }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = Glibc.errno
            Glibc.close(fd)
            throw IIODTestServerError(operation: "bind", code: code, address: address)
        }
        guard listen(fd, 16) == 0 else {
            let code = Glibc.errno
            Glibc.close(fd)
            throw IIODTestServerError(operation: "listen", code: code, address: address)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = Glibc.errno
            Glibc.close(fd)
            throw IIODTestServerError(operation: "getsockname", code: code, address: address)
        }
        self.fixture = fixture
        self.host = host
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listener = fd
        self.state = ServerState(
            fixture: fixture, trajectory: trajectory, pulse: pulse, rateScale: rateScale, dropEvery: dropEvery)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "iiod-test-accept"
        thread.start()
    }

    deinit { stop() }

    /// The libiio URI of this server, `ip:HOST:PORT`.
    public var uri: String { "ip:\(host):\(port)" }

    /// Stops accepting, disconnects every client and ends their buffers. Idempotent.
    public func stop() {
        let wasStopping = stopping.withLock { value -> Bool in
            defer { value = true }
            return value
        }
        guard !wasStopping else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        clients.withLock { fds in
            for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        _ = acceptDone.wait(timeout: .now() + 2)
        Glibc.close(listener)
    }

    private func acceptLoop() {
        defer { acceptDone.signal() }
        while !stopping.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if Glibc.errno == EINTR || Glibc.errno == ECONNABORTED { continue }
                return
            }
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let accepted = clients.withLock { fds -> Bool in
                if stopping.withLock({ $0 }) { return false }
                fds.insert(client)
                return true
            }
            guard accepted else {
                Glibc.close(client)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.name = "iiod-test-client"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        state.adjustConnections(by: 1)
        let session = IIODSession(stream: SocketStream(fd: fd), state: state) { [stopping] in
            stopping.withLock { $0 }
        }
        session.run()
        state.adjustConnections(by: -1)
        clients.withLock { fds in
            fds.remove(fd)
            Glibc.close(fd)
        }
    }

    // MARK: Fault injection for tests

    /// Simulates the sensors vanishing (unbound driver, unplugged hub): from now on every READBUF, including one
    /// waiting for samples, and every OPEN answers `-errno` (default `ENODEV`, what reading a removed
    /// `/dev/iio:deviceN` gives), as iiod does when its refill fails. Attribute reads keep working.
    public func vanish(errno: Int32 = ENODEV) { state.vanish(errno: errno) }

    /// Makes every attribute write from now on answer `-errno` (default `EIO`: a driver whose bus stopped
    /// answering), so that a client's clean-up writes fail while reads keep working.
    public func refuseWrites(errno: Int32 = EIO) { state.refuseWrites(errno: errno) }

    /// Simulates a server starved of CPU (iiod on a loaded board): for `seconds` from now no connection gets an
    /// answer, a buffer block or any other byte; commands wait, and samples keep accruing on the trajectory clock, to
    /// go out in a burst once the stall ends. Connections stay open.
    public func stall(seconds: Double) { state.stall(seconds: seconds) }

    /// Simulates a slow bus to one device (id, name or label): each of its next `count` attribute READs is answered
    /// `seconds` late, while every other device is served at once.
    public func slowReads(of device: String, seconds: Double, count: Int) {
        guard let found = fixture.device(device) else { return }
        state.slowReads(of: found.id, seconds: seconds, count: count)
    }

    /// Disconnects every client at once (iiod killed, network gone); the server keeps listening.
    public func dropConnections() {
        clients.withLock { fds in
            for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    // MARK: Inspection for tests

    /// The current value of an attribute as a read would answer it (raw channel values excluded: they follow the
    /// motion): `channel` is a channel id for channel attributes; `kind` picks buffer or debug attributes;
    /// `attribute` is the libiio name or the sysfs file name. `nil` when there is no such attribute.
    public func value(device: String, channel: String? = nil, kind: IIODAttributeKind? = nil, attribute: String) -> String? {
        guard let found = fixture.device(device) else { return nil }
        let matches: (FixtureAttribute) -> Bool = { $0.name == attribute || $0.filename == attribute }
        if let channel {
            guard let foundChannel = found.channel(channel), let item = foundChannel.attributes.first(where: matches)
            else { return nil }
            return state.currentValue(device: found, kind: .channel, attribute: item)
        }
        let families: [(IIODAttributeKind, [FixtureAttribute])] = [
            (.device, found.attributes), (.buffer, found.bufferAttributes), (.debug, found.debugAttributes),
        ]
        for (family, list) in families where kind == nil || kind == family {
            if let item = list.first(where: matches) { return state.currentValue(device: found, kind: family, attribute: item) }
        }
        return nil
    }

    /// Every attribute value the server holds (raw channel values excluded: they follow the motion) and every
    /// device's trigger, keyed by where they live: what a client that cleans up leaves as it found it.
    public func settingsSnapshot() -> [String: String] {
        var values: [String: String] = [:]
        for device in fixture.devices {
            values["\(device.id) trigger"] = currentTrigger(of: device.id) ?? "none"
            for attribute in device.attributes {
                values["\(device.id) \(attribute.name)"] = value(device: device.id, kind: .device, attribute: attribute.name)
            }
            for attribute in device.bufferAttributes {
                values["\(device.id) buffer/\(attribute.name)"] =
                    value(device: device.id, kind: .buffer, attribute: attribute.name)
            }
            for channel in device.channels {
                for attribute in channel.attributes where attribute.name != "raw" {
                    values["\(device.id) \(channel.id) \(attribute.name)"] =
                        value(device: device.id, channel: channel.id, attribute: attribute.name)
                }
            }
        }
        return values
    }

    /// The device's current trigger name (`nil` when none is set or the device takes none).
    public func currentTrigger(of device: String) -> String? {
        guard let found = fixture.device(device), case .success(let name) = state.trigger(of: found) else { return nil }
        return name
    }

    /// Every WRITE received, accepted or refused, in order.
    public var writes: [AttributeWrite] { state.writes }

    /// How many writes of `attribute` (the libiio name, any device or channel) were accepted.
    public func acceptedWrites(of attribute: String) -> Int {
        state.writes.filter { $0.attribute == attribute && $0.result >= 0 }.count
    }

    /// Every command line received, in order (payload bytes excluded).
    public var commands: [String] { state.commands }

    /// Buffers currently open (OPEN without CLOSE or disconnect), over all connections and devices.
    public var openBufferCount: Int { state.openBuffers }

    /// Buffers of one device (id, name or label) currently open, over all connections.
    public func openBufferCount(of device: String) -> Int {
        guard let found = fixture.device(device) else { return 0 }
        return state.openBuffers(of: found.id)
    }

    /// Connections currently being served.
    public var connectionCount: Int { state.connections }

    /// The trajectory served.
    public var trajectory: any Trajectory { state.trajectory }

    /// The pulse the intensity channels play (at trajectory time).
    public var pulse: PulseWaveform { state.pulse }

    /// The trajectory served, under the name the first version of this API used (`server.motion.truth(at:)`).
    public var motion: any Trajectory { state.trajectory }

    /// The trajectory time now, seconds: what a raw attribute read at this instant encodes (elapsed wall time ×
    /// `rateScale`; plain elapsed time in fast mode).
    public var trajectoryNow: Double { state.trajectoryNow }

    /// The kernel timestamp (ns, CLOCK_REALTIME) of trajectory time 0.
    public var timestampOrigin: Int64 { state.timestampOrigin }

    /// The trajectory time (s) of a kernel timestamp from this server's timestamp channels.
    public func trajectoryTime(ofTimestamp nanoseconds: Int64) -> Double {
        Double(nanoseconds - state.timestampOrigin) / 1e9
    }

    /// The truth at a sample's kernel timestamp, to compare decoded samples with.
    public func truth(atTimestamp nanoseconds: Int64) -> MotionTruth {
        state.trajectory.truth(at: trajectoryTime(ofTimestamp: nanoseconds))
    }
}
