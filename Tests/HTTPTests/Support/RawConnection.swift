import Foundation

/// A plain TCP client for what `curl` will not do: send half a request and wait, pipeline two requests in one write,
/// open a stream and never read it.
final class RawConnection {
    let descriptor: Int32

    /// Connects to `port` of 127.0.0.1.
    ///
    /// `descriptor` is assigned only once connected: with every stored property set, a throwing init runs `deinit`,
    /// which would close the failed socket's number a second time, perhaps another test's descriptor by then.
    init(port: Int) throws {
        let opened = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard opened >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(opened, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(opened)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// Shrinks the kernel's receive buffer, so that a client that does not read fills up quickly.
    func shrinkReceiveBuffer() {
        var size: Int32 = 4096
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What arrives within `timeout` seconds, until the server closes the connection or `until` appears in it;
    /// `closed` tells whether the server closed it.
    func receive(timeout: Double, until marker: String? = nil) -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, left) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += buffer[0..<count]
            if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }
}
