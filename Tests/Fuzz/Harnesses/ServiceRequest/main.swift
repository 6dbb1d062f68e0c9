// fuzz-service-request: the service's request decoder and what answers it without a capture. The input is one
// request line, as a client writes it to the socket. Every line parses to a request or fails with one line of text
// (which the service sends back as its error reply); a request renders to a line that parses back to the same
// request; a history request is answered from a real readings store (`FixtureStore`) with an answer or a one-line
// error, never a trap, and every time in an answer is a date between 1970 and the year 10000.
import FuzzStoreFixture
import FuzzSupport
import ReadingFormats
import Service
import TextFormats

/// A one-line, non-empty message.
func checkOneLine(_ message: String, _ line: [UInt8]) {
    check(
        !message.isEmpty && !message.contains("\n"),
        "not one line for \(String(decoding: line, as: UTF8.self)): \(message)")
}

FuzzDriver.run { bytes in
    let line = Array(bytes)
    let request: ServiceRequest
    do throws(ServiceProtocolError) {
        request = try ServiceRequest.parse(line)
    } catch {
        checkOneLine(error.message, line)
        return
    }
    let again = try? ServiceRequest.parse(Array(request.line.dropLast()))
    check(
        again == request,
        "\(String(decoding: line, as: UTF8.self)) renders to \(request.line), which parses to \(String(describing: again))")
    guard case .history(let query) = request.operation else { return }
    do throws(ServiceProtocolError) {
        let answer = try StoreRecording.history(query, in: FixtureStore.store, now: FixtureStore.now)
        for (key, value) in answer where key == "from" || key == "to" {
            let text = value.stringValue ?? ""
            check(text.first?.isNumber == true && text.count <= 26, "\(key) \(text) for \(query)")
        }
    } catch {
        checkOneLine(error.message, line)
    }
}
