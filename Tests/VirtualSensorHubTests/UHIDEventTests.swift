import Testing
@testable import VirtualSensorHub

/// Offsets and sizes of `struct uhid_event` as the C compiler lays out include/uapi/linux/uhid.h on x86-64
/// (`offsetof`/`sizeof` printed from a C program against Debian's linux-libc-dev 6.1).
@Suite("uhid event layout")
struct UHIDEventTests {
    @Test("sizes match the C header")
    func sizes() {
        #expect(UHIDEvent.create2RequestSize == 4372)
        #expect(UHIDEvent.size == 4380)
    }

    @Test("UHID_CREATE2 puts each field at its C offset")
    func create2() {
        let descriptor: [UInt8] = [0x05, 0x20, 0xC0]
        let event = UHIDEvent.create2(name: "hub", descriptor: descriptor, bus: 0x06, vendor: 0x1209, product: 0x0001)
        #expect(event.uint32(at: 0) == 11)
        #expect(Array(event[4..<8]) == Array("hub".utf8) + [0])
        #expect(Array(event[260..<262]) == [3, 0])  // rd_size
        #expect(Array(event[262..<264]) == [0x06, 0])  // bus
        #expect(event.uint32(at: 264) == 0x1209)  // vendor
        #expect(event.uint32(at: 268) == 0x0001)  // product
        #expect(Array(event[280...]) == descriptor)  // rd_data
    }

    @Test("INPUT2, GET_REPORT_REPLY, SET_REPORT_REPLY and DESTROY layouts")
    func replies() {
        let input = UHIDEvent.input2([1, 2, 3])
        #expect(input.uint32(at: 0) == 12)
        #expect(Array(input[4...]) == [3, 0, 1, 2, 3])

        let reply = UHIDEvent.getReportReply(id: 0xA0B0_C0D0, report: [9, 8])
        #expect(reply.uint32(at: 0) == 10)
        #expect(reply.uint32(at: 4) == 0xA0B0_C0D0)
        #expect(Array(reply[8...]) == [0, 0, 2, 0, 9, 8])  // err, size, data

        let failed = UHIDEvent.getReportReply(id: 1, error: 22, report: [])
        #expect(Array(failed[8..<10]) == [22, 0])

        let setReply = UHIDEvent.setReportReply(id: 7, error: 5)
        #expect(setReply == [14, 0, 0, 0, 7, 0, 0, 0, 5, 0])

        #expect(UHIDEvent.destroy() == [1, 0, 0, 0])
    }

    @Test("GET_REPORT and SET_REPORT from the kernel decode")
    func received() {
        var get = [UInt8](repeating: 0, count: UHIDEvent.size)
        get.replace(at: 0, with: [9, 0, 0, 0, 0x44, 0x33, 0x22, 0x11, 2, 0])
        #expect(UHIDEvent.Received(get) == .getReport(id: 0x1122_3344, reportNumber: 2, type: .feature))

        var set = [UInt8](repeating: 0, count: UHIDEvent.size)
        set.replace(at: 0, with: [13, 0, 0, 0, 5, 0, 0, 0, 3, 0, 3, 0, 3, 2, 2])
        #expect(UHIDEvent.Received(set) == .setReport(id: 5, reportNumber: 3, type: .feature, data: [3, 2, 2]))

        #expect(UHIDEvent.Received([4, 0, 0, 0]) == .open)
        #expect(UHIDEvent.Received([99, 0, 0, 0]) == .other(99))
        #expect(UHIDEvent.Received([9, 0]) == nil)
    }
}
