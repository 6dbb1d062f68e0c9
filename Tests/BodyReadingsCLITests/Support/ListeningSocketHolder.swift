import Foundation

/// A TCP port held by a listening socket for as long as the value lives.
final class ListeningSocketHolder {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let opened = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard opened >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(opened, $0, length) == 0 && listen(opened, 1) == 0 && getsockname(opened, $0, &length) == 0
            }
        }
        guard ready else {
            close(opened)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        descriptor = opened
    }

    deinit { close(descriptor) }
}
