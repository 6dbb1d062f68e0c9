/// The timeouts of ``HTTPServer/Configuration`` and the keep-alive comments of event streams.
extension ServerLoop {
    /// The earliest time a connection needs attention without an event: a timeout or a keep-alive comment.
    func nextDeadline(_ now: Double) -> Double {
        var deadline = now + 60
        if acceptPausedUntil > now { deadline = min(deadline, acceptPausedUntil) }
        for connection in connections.values {
            if connection.pendingOutput > 0 {
                deadline = min(deadline, connection.lastWriteProgress + configuration.writeTimeout)
            }
            switch connection.phase {
            case .requests:
                if let started = connection.requestStarted {
                    deadline = min(deadline, started + configuration.requestTimeout)
                } else {
                    deadline = min(deadline, connection.idleSince + configuration.idleTimeout)
                }
            case .streaming(let stream):
                deadline = min(deadline, lastWrite(connection, stream) + configuration.keepAliveInterval)
            case .lingering(let until):
                deadline = min(deadline, until)
            case .closing:
                break
            }
        }
        return deadline
    }

    /// When the stream last wrote to the client: the server's thread or the producer's, whichever was later.
    private func lastWrite(_ connection: HTTPConnection, _ stream: EventStream) -> Double {
        max(connection.lastStreamWrite, stream.lastDirectWriteTime)
    }

    func expire(now: Double) {
        for connection in Array(connections.values) {
            if connection.pendingOutput > 0, now >= connection.lastWriteProgress + configuration.writeTimeout {
                shared.update { $0.connectionsTimedOut += 1 }
                close(connection)
                continue
            }
            switch connection.phase {
            case .requests:
                if let started = connection.requestStarted, now >= started + configuration.requestTimeout {
                    shared.update {
                        $0.connectionsTimedOut += 1
                        $0.refusedRequests += 1
                    }
                    let reason = "the request took longer than \(configuration.requestTimeout) s to arrive"
                    send(.text(reason, status: .requestTimeout), to: nil, on: connection, keepAlive: false, now: now)
                    drive(connection, now: now)
                } else if connection.requestStarted == nil, connection.pendingOutput == 0,
                    now >= connection.idleSince + configuration.idleTimeout
                {
                    close(connection)
                }
            case .streaming(let stream):
                if connection.pendingOutput == 0,
                    now >= lastWrite(connection, stream) + configuration.keepAliveInterval
                {
                    stream.revokeDirectSending()
                    connection.queue(ServerSentEvent.comment("keep-alive"), now: now)
                    connection.lastStreamWrite = now
                    drive(connection, now: now)
                }
            case .lingering(let until):
                if now >= until { close(connection) }
            case .closing:
                break
            }
        }
    }
}
