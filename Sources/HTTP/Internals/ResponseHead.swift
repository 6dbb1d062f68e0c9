/// The bytes of a response's head: status line, the server's fields, the handler's fields, the empty line.
enum ResponseHead {
    /// Fields the server sets itself; a handler's copies are dropped.
    private static let serverFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    /// The head of `response` to a request of `version`. `contentLength` nil leaves the field out (an event stream,
    /// delimited by closing the connection; a 1xx or 204); `keepAlive` false says `Connection: close`.
    static func encode(
        _ response: HTTPResponse, version: HTTPVersion, contentLength: Int?, keepAlive: Bool, date: String
    ) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n"
        text += "Date: \(date)\r\n"
        if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if version == .http10 {
            text += "Connection: keep-alive\r\n"
        }
        for field in response.headers where !serverFields.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
            text += "\(field.name): \(oneLine(field.value))\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// A value without CR or LF, which would end the field early (response splitting).
    private static func oneLine(_ value: String) -> String {
        String(value.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : Character($0) })
    }
}
