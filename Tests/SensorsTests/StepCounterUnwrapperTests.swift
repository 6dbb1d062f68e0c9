import Testing

@testable import Sensors

@Suite("capture: a hardware step counter's wrap-around")
struct StepCounterUnwrapperTests {
    @Test("counts from the first value read, across the 24-bit wrap")
    func wraps() {
        var unwrapper = StepCounterUnwrapper(bits: 24)
        let top = (1 << 24) - 1
        #expect(unwrapper.update(top - 5) == 0)
        #expect(unwrapper.update(top - 1) == 4)
        #expect(unwrapper.update(top) == 5)
        #expect(unwrapper.update(2) == 8)
        #expect(unwrapper.update(2) == 8)
        #expect(unwrapper.update(40) == 46)
    }

    @Test("a counter that went back (a reset) has counted its new value since")
    func reset() {
        var unwrapper = StepCounterUnwrapper(bits: 24)
        #expect(unwrapper.update(1000) == 0)
        #expect(unwrapper.update(1010) == 10)
        #expect(unwrapper.update(3) == 13)
        #expect(unwrapper.update(5) == 15)
    }

    @Test("values outside the counter's range are reduced into it")
    func reduces() {
        var unwrapper = StepCounterUnwrapper(bits: 8)
        #expect(unwrapper.update(250) == 0)
        #expect(unwrapper.update(256 + 4) == 10)
        #expect(unwrapper.update(-250) == 12)
    }
}
