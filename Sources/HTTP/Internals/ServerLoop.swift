import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's thread: one `poll` over the listening socket, every connection and the wake-up pipe; reads, parses,
/// routes, writes, streams events and enforces the timeouts. Everything here runs on that one thread.
final class ServerLoop: @unchecked Sendable {
    // @unchecked: created by `HTTPServer`, then used only by the one thread that runs `run()`.

    let configuration: HTTPServer.Configuration
    private let router: HTTPRouter
    private var listener: ListeningSocket?
    private let poll: InterruptiblePoll
    let signals: StreamSignals
    let shared: ServerShared
    var connections: [Int32: HTTPConnection] = [:]
    /// The connection of each open event stream.
    private var streamConnections: [ObjectIdentifier: Int32] = [:]
    private var date = HTTPDate()
    /// Accepting pauses briefly when the process is out of descriptors, instead of spinning on a readable listener.
    var acceptPausedUntil = 0.0
    private var receiveBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Output beyond which a connection reads no more requests and takes no more events until the client catches up.
    static let highWater = 64 * 1024
    /// How long a closing connection drains the client's unread bytes, s.
    private static let lingerTime = 2.0

    init(
        configuration: HTTPServer.Configuration, router: HTTPRouter, listener: ListeningSocket,
        poll: InterruptiblePoll, shared: ServerShared
    ) {
        self.configuration = configuration
        self.router = router
        self.listener = listener
        self.poll = poll
        self.signals = StreamSignals(poll: poll)
        self.shared = shared
    }

    func run() {
        while !shared.isStopRequested {
            var now = MonotonicClock.now()
            var descriptors: [pollfd] = []
            let accepting = now >= acceptPausedUntil
            if accepting, let listener {
                descriptors.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
            }
            let polled = Array(connections.values)
            for connection in polled {
                var events: Int16 = 0
                if wantsInput(connection) { events |= Int16(POLLIN) }
                if connection.pendingOutput > 0 { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            _ = poll.wait(on: &descriptors, timeout: max(0, nextDeadline(now) - now))
            if shared.isStopRequested { break }
            now = MonotonicClock.now()
            for stream in signals.takeReady() {
                guard let descriptor = streamConnections[ObjectIdentifier(stream)],
                    let connection = connections[descriptor]
                else { continue }
                drive(connection, now: now)
            }
            let offset = accepting && listener != nil ? 1 : 0
            if offset == 1, descriptors[0].revents != 0 { acceptConnections(now: now) }
            for (index, connection) in polled.enumerated() {
                let events = descriptors[index + offset].revents
                guard events != 0, connections[connection.descriptor] === connection else { continue }
                service(connection, events: events, now: now)
            }
            expire(now: now)
        }
        for connection in Array(connections.values) { close(connection) }
        signals.shutDown()
        listener = nil
    }

    // MARK: Accepting

    private func acceptConnections(now: Double) {
        while let listener {
            let accepted: (descriptor: Int32, peer: SocketAddress?)?
            do throws(SystemError) {
                accepted = try listener.accept()
            } catch {
                // EMFILE, ENFILE, ENOBUFS: the connection waits in the backlog; try again shortly.
                acceptPausedUntil = now + 0.1
                return
            }
            guard let (descriptor, _) = accepted else { return }
            if connections.count >= configuration.maximumConnections {
                refuse(descriptor)
                continue
            }
            try? SystemCall.setOption(descriptor, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
            connections[descriptor] = HTTPConnection(descriptor: descriptor, limits: configuration.limits, now: now)
            shared.update {
                $0.connectionsAccepted += 1
                $0.openConnections = connections.count
            }
        }
    }

    /// Answers 503 (best effort, without waiting) and closes.
    private func refuse(_ descriptor: Int32) {
        let response = HTTPResponse.text(
            "too many connections (\(configuration.maximumConnections)); try again later", status: .serviceUnavailable)
        var bytes = ResponseHead.encode(
            response, version: .http11, contentLength: response.body.count, keepAlive: false, date: date.now())
        bytes += response.body
        shared.update { $0.connectionsRefused += 1 }
        _ = bytes.withUnsafeBytes { try? SystemCall.send(descriptor, $0) }
        try? SystemCall.close(descriptor)
    }

    // MARK: Serving a connection

    private func wantsInput(_ connection: HTTPConnection) -> Bool {
        switch connection.phase {
        case .requests: return connection.pendingOutput < Self.highWater && !connection.peerClosed
        case .streaming, .lingering: return true
        case .closing: return false
        }
    }

    private func service(_ connection: HTTPConnection, events: Int16, now: Double) {
        if events & Int16(POLLNVAL | POLLERR) != 0 {
            close(connection)
            return
        }
        if events & Int16(POLLIN | POLLHUP) != 0 {
            guard receive(connection, now: now) else { return }
        }
        drive(connection, now: now)
    }

    /// Reads what the client sent; false when the connection was closed.
    private func receive(_ connection: HTTPConnection, now: Double) -> Bool {
        for _ in 0..<4 {
            let count: Int?
            do throws(SystemError) {
                count = try receiveBuffer.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try SystemCall.receive(connection.descriptor, into: buffer) }
                }.get()
            } catch {
                close(connection)
                return false
            }
            guard let count else { return true }
            if count == 0 {
                connection.peerClosed = true
                switch connection.phase {
                case .requests where connection.pendingOutput > 0: connection.phase = .closing
                case .closing: break
                default:
                    close(connection)
                    return false
                }
                return true
            }
            if case .requests = connection.phase {
                connection.parser.append(receiveBuffer[0..<count])
                if connection.requestStarted == nil { connection.requestStarted = now }
            }
            if count < receiveBuffer.count { return true }
        }
        return true
    }

    /// Answers complete requests, moves queued events into the output, writes, and moves the connection on to
    /// closing when it is done.
    func drive(_ connection: HTTPConnection, now: Double) {
        for _ in 0..<8 {
            var outputFull = false
            switch connection.phase {
            case .requests: outputFull = answerRequests(connection, now: now)
            case .streaming(let stream): pump(connection, stream, now: now)
            case .closing, .lingering: break
            }
            guard flush(connection, now: now) else { return }
            guard connection.pendingOutput == 0 else { return }
            switch connection.phase {
            case .closing:
                SystemCall.shutdownSending(connection.descriptor)
                connection.phase = .lingering(until: now + Self.lingerTime)
                return
            case .streaming(let stream) where !connection.backlogged:
                // All written: the producer's thread may write the next events itself.
                stream.allowDirectSending(on: connection.descriptor)
                return
            case .requests:
                if connection.peerClosed {
                    close(connection)
                    return
                }
                guard outputFull else { return }
            default:
                return
            }
        }
    }

    /// Parses and answers requests until the parser needs more bytes or the output is full; true in the second case.
    private func answerRequests(_ connection: HTTPConnection, now: Double) -> Bool {
        while case .requests = connection.phase {
            guard connection.pendingOutput < Self.highWater else { return true }
            switch connection.parser.next() {
            case .incomplete:
                if !connection.parser.isInsideRequest { connection.requestStarted = nil }
                return false
            case .continueExpected:
                connection.queue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), now: now)
            case .request(let request):
                connection.requestStarted = connection.parser.isInsideRequest ? now : nil
                connection.idleSince = now
                answer(request, on: connection, now: now)
            case .failure(let error):
                shared.update { $0.refusedRequests += 1 }
                send(.refusal(error), to: nil, on: connection, keepAlive: false, now: now)
            }
        }
        return false
    }

    private func answer(_ request: HTTPRequest, on connection: HTTPConnection, now: Double) {
        shared.update { $0.requests += 1 }
        if let token = configuration.token {
            let verdict = token.verdict(on: request)
            if verdict != .granted {
                shared.update { $0.unauthorizedRequests += 1 }
                send(
                    BearerToken.challenge(verdict), to: request, on: connection, keepAlive: request.keepsAlive, now: now
                )
                return
            }
        }
        switch router.reply(to: request) {
        case .response(let response):
            send(response, to: request, on: connection, keepAlive: request.keepsAlive, now: now)
        case .eventStream(let headers, let open):
            openStream(headers: headers, open: open, for: request, on: connection, now: now)
        }
    }

    /// Queues `response`; without `keepAlive` the connection closes after it.
    func send(
        _ response: HTTPResponse, to request: HTTPRequest?, on connection: HTTPConnection, keepAlive: Bool, now: Double
    ) {
        let hasBody = response.status.code >= 200 && response.status.code != 204 && response.status.code != 304
        var bytes = ResponseHead.encode(
            response, version: request?.version ?? .http11, contentLength: hasBody ? response.body.count : nil,
            keepAlive: keepAlive, date: date.now())
        if hasBody && request?.method != .head { bytes += response.body }
        connection.queue(bytes, now: now)
        if !keepAlive { connection.phase = .closing }
    }

    private func openStream(
        headers: HTTPHeaders, open: @Sendable (EventStream) -> Void, for request: HTTPRequest,
        on connection: HTTPConnection, now: Double
    ) {
        var response = HTTPResponse(status: .ok, headers: headers)
        response.headers.set("Content-Type", "text/event-stream; charset=utf-8")
        if !response.headers.contains("Cache-Control") { response.headers.add("Cache-Control", "no-store") }
        if request.method == .head {
            connection.queue(
                ResponseHead.encode(
                    response, version: request.version, contentLength: nil, keepAlive: false, date: date.now()),
                now: now)
            connection.phase = .closing
            return
        }
        // The body runs until the connection closes (RFC 9112 §6.3, rule 8): no length, `Connection: close`.
        var bytes = ResponseHead.encode(
            response, version: request.version, contentLength: nil, keepAlive: false, date: date.now())
        bytes += ServerSentEvent.retry(milliseconds: Int(configuration.reconnectDelay * 1000))
        connection.queue(bytes, now: now)
        connection.lastStreamWrite = now
        let shared = self.shared
        let stream = EventStream(capacity: configuration.eventQueueCapacity, signals: signals) { count in
            shared.update { $0.eventsSent += count }
        }
        connection.phase = .streaming(stream)
        streamConnections[ObjectIdentifier(stream)] = connection.descriptor
        shared.update { $0.openEventStreams += 1 }
        open(stream)
    }

    /// Moves queued events into the output, up to the high-water mark.
    private func pump(_ connection: HTTPConnection, _ stream: EventStream, now: Double) {
        let room = Self.highWater - connection.pendingOutput
        guard room > 0 else { return }
        let batch = stream.take(maxBytes: room)
        if !batch.bytes.isEmpty {
            connection.queue(batch.bytes, now: now)
            connection.lastStreamWrite = now
        }
        connection.backlogged = batch.remaining
        if batch.events > 0 || batch.dropped > 0 {
            shared.update {
                $0.eventsSent += batch.events
                $0.eventsDropped += batch.dropped
            }
        }
        if batch.producerClosed && !batch.remaining { connection.phase = .closing }
    }

    /// Sends what the socket takes; false when the connection was closed (the client is gone).
    private func flush(_ connection: HTTPConnection, now: Double) -> Bool {
        while connection.pendingOutput > 0 {
            let sent: Int?
            do throws(SystemError) {
                sent = try connection.withPendingOutput { bytes in
                    Result { () throws(SystemError) in try SystemCall.send(connection.descriptor, bytes) }
                }.get()
            } catch {
                close(connection)
                return false
            }
            guard let sent, sent > 0 else { return true }
            connection.sent(sent, now: now)
        }
        return true
    }

    // MARK: Closing

    func close(_ connection: HTTPConnection) {
        guard connections.removeValue(forKey: connection.descriptor) != nil else { return }
        let stream = connection.stream
        if let stream { streamConnections.removeValue(forKey: ObjectIdentifier(stream)) }
        shared.update {
            $0.openConnections = connections.count
            if stream != nil { $0.openEventStreams -= 1 }
        }
        // Ended first: a producer writing to the socket itself finishes, and writes no more, before it closes.
        stream?.end()
        try? SystemCall.close(connection.descriptor)
    }
}
