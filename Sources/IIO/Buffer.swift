import CIIO

/// A capture buffer of one device: the kernel fills it with samples of the enabled channels.
///
/// Created by ``Device/createBuffer(samples:cyclic:)``; destroying it (dropping the last reference) disables
/// capture. Confined to the context's thread or actor; ``canceller`` hands out the one operation another thread may
/// perform (unblocking ``refill()``).
///
/// ## Blocking
/// ``refill()`` blocks until `samples` samples arrived or the context timeout passes (``IIOErrno/timedOut``; a
/// local refill that times out discards the partial data). With ``setBlocking(_:)`` false it answers
/// ``IIOErrno/resourceTemporarilyUnavailable`` instead of waiting (local contexts only); wait on
/// ``pollFileDescriptor()`` then.
///
/// The corresponding C type is `struct iio_buffer`.
public final class Buffer {
    let pointer: OpaquePointer
    /// The device that fills the buffer.
    public let device: Device
    /// Bytes of valid data after the last ``refill()``.
    public private(set) var byteCount = 0

    init(pointer: OpaquePointer, device: Device) {
        self.pointer = pointer
        self.device = device
    }

    deinit {
        iio_buffer_destroy(pointer)
    }

    /// Bytes from one sample to the next (all enabled channels, with alignment padding).
    ///
    /// The corresponding C function is `iio_buffer_step`.
    public var step: Int { iio_buffer_step(pointer) }

    /// Samples held after the last ``refill()``.
    public var sampleCount: Int {
        let step = self.step
        return step > 0 ? byteCount / step : 0
    }

    /// Waits for the next block of samples and returns the number of bytes read. Blocks (see the type's notes).
    ///
    /// - Throws: ``IIOError``: ``IIOErrno/timedOut`` when nothing arrived in time, ``IIOErrno/noSuchDevice`` when
    ///   the device vanished, ``IIOErrno/resourceTemporarilyUnavailable`` in non-blocking mode without data,
    ///   and an error (the code depends on the backend) after ``cancel()``.
    ///
    /// The corresponding C function is `iio_buffer_refill`.
    @discardableResult
    public func refill() throws(IIOError) -> Int {
        byteCount = 0
        let read = try check(iio_buffer_refill(pointer), "iio_buffer_refill", ErrorSubject(device: device.pointer))
        byteCount = read
        return read
    }

    /// Makes a blocked or future ``refill()`` return with an error; the buffer cannot be used afterwards except to
    /// be destroyed.
    ///
    /// The corresponding C function is `iio_buffer_cancel`.
    public func cancel() { iio_buffer_cancel(pointer) }

    /// A handle another thread can use to cancel this buffer (e.g. to stop a capture thread blocked in
    /// ``refill()``). It keeps the buffer alive.
    public var canceller: Canceller { Canceller(buffer: self) }

    /// A file descriptor that polls readable when samples are ready (local contexts only).
    ///
    /// - Throws: ``IIOError`` with ``IIOErrno/notImplemented`` (or another code) on non-local contexts.
    ///
    /// The corresponding C function is `iio_buffer_get_poll_fd`.
    public func pollFileDescriptor() throws(IIOError) -> Int32 {
        try check(iio_buffer_get_poll_fd(pointer), "iio_buffer_get_poll_fd", ErrorSubject(device: device.pointer))
    }

    /// Chooses whether ``refill()`` waits for data (the default) or fails at once with
    /// ``IIOErrno/resourceTemporarilyUnavailable`` (local contexts only).
    ///
    /// The corresponding C function is `iio_buffer_set_blocking_mode`.
    public func setBlocking(_ blocking: Bool) throws(IIOError) {
        try check(
            iio_buffer_set_blocking_mode(pointer, blocking), "iio_buffer_set_blocking_mode",
            ErrorSubject(device: device.pointer))
    }

    /// Where a channel's bytes start inside each sample, or nil when the channel is not enabled in this buffer.
    ///
    /// The corresponding C functions are `iio_buffer_first` and `iio_buffer_start`.
    public func byteOffset(of channel: Channel) -> Int? {
        guard channel.isEnabled, let start = iio_buffer_start(pointer),
            let first = iio_buffer_first(pointer, channel.pointer)
        else { return nil }
        let offset = first - start
        return offset >= 0 && offset < max(step, 1) ? offset : nil
    }

    /// The stored bytes of one channel in sample `index` (``ScanFormat/byteCount`` bytes, buffer byte order),
    /// or nil when the channel is not enabled or the index is past ``sampleCount``.
    public func rawBytes(of channel: Channel, sample index: Int) -> [UInt8]? {
        guard let offset = byteOffset(of: channel), let format = channel.scanFormat, index >= 0,
            index < sampleCount, let start = iio_buffer_start(pointer)
        else { return nil }
        let from = index * step + offset
        guard from + format.byteCount <= byteCount else { return nil }
        return Array(UnsafeRawBufferPointer(start: start + from, count: format.byteCount))
    }

    /// One channel's stored sample converted by libiio (``Channel/convert(_:)``: host order, sign-extended).
    public func convertedBytes(of channel: Channel, sample index: Int) -> [UInt8]? {
        rawBytes(of: channel, sample: index).map(channel.convert)
    }

    /// Every value of one channel in the last refill, decoded with its ``ScanFormat`` (first element of repeated
    /// channels); empty when the channel is not enabled. Multiply by the channel's scale for physical units.
    public func values(of channel: Channel) -> [Int64] {
        guard let offset = byteOffset(of: channel), let format = channel.scanFormat, let start = iio_buffer_start(pointer)
        else { return [] }
        let bytes = UnsafeRawBufferPointer(start: start, count: byteCount)
        let step = self.step
        return (0..<sampleCount).compactMap { index in
            let from = index * step + offset
            guard from + format.byteCount <= bytes.count else { return nil }
            return format.decode(bytes[from..<(from + format.byteCount)])
        }
    }

    /// Calls `body` with the valid bytes of the last refill (``byteCount`` bytes, ``sampleCount`` samples of
    /// ``step`` bytes). The pointer is valid only during the call and until the next ``refill()``.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: iio_buffer_start(pointer), count: byteCount))
    }

    /// Cancels a ``Buffer`` from another thread; see ``Buffer/canceller``.
    public struct Canceller: @unchecked Sendable {
        // @unchecked: libiio documents iio_buffer_cancel as callable from another thread while refill blocks; the
        // strong reference keeps the buffer from being destroyed under it.
        private let buffer: Buffer

        init(buffer: Buffer) { self.buffer = buffer }

        /// Unblocks the buffer's ``Buffer/refill()``; the buffer is unusable afterwards.
        public func cancel() { iio_buffer_cancel(buffer.pointer) }
    }
}
