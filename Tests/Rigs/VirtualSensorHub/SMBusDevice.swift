import Glibc

/// A chip on an I2C adapter through `/dev/i2c-N` (i2c-dev), addressed even while a kernel driver owns it
/// (`I2C_SLAVE_FORCE`), as the feeders of the chips emulated by `i2c-stub` need: the driver reads what they write.
///
/// Only SMBus byte reads and I2C-block writes: i2c-stub stores an SMBus word in one register slot, which corrupts the
/// register map (HIL-FACTS.md), so words are never written.
public final class SMBusDevice {
    private let fileDescriptor: Int32

    /// Opens `/dev/i2c-<bus>` and addresses `address`. The corresponding C call is `ioctl(fd, I2C_SLAVE_FORCE, …)`.
    public init(bus: Int, address: UInt8) throws(SystemError) {
        let path = "/dev/i2c-\(bus)"
        let fd = try systemCall("open \(path) (is i2c-dev loaded?)") { open(path, O_RDWR | O_CLOEXEC) }
        fileDescriptor = fd
        try systemCall("ioctl I2C_SLAVE_FORCE 0x\(String(address, radix: 16)) on \(path)") {
            ioctl(fd, 0x0706, Int32(address))
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Writes `bytes` (at most 32) to consecutive registers from `register` in one SMBus I2C-block write.
    public func write(register: UInt8, bytes: [UInt8]) throws(SystemError) {
        // union i2c_smbus_data: block[0] = length, then the bytes.
        var block = [UInt8](repeating: 0, count: 34)
        block[0] = UInt8(min(bytes.count, 32))
        block.replace(at: 1, with: Array(bytes.prefix(32)))
        try transfer(write: true, register: register, size: 8, data: &block, "I2C_SMBUS block write at")  // I2C_SMBUS_I2C_BLOCK_DATA
    }

    /// Reads the byte at `register` (SMBus read byte data).
    public func readByte(register: UInt8) throws(SystemError) -> UInt8 {
        var block = [UInt8](repeating: 0, count: 34)
        try transfer(write: false, register: register, size: 2, data: &block, "I2C_SMBUS byte read at")  // I2C_SMBUS_BYTE_DATA
        return block[0]
    }

    /// One SMBus transfer. The corresponding C call is `ioctl(fd, I2C_SMBUS, &args)`.
    private func transfer(
        write: Bool, register: UInt8, size: UInt32, data: inout [UInt8], _ operation: String
    ) throws(SystemError) {
        let fd = fileDescriptor
        try systemCall("\(operation) 0x\(String(register, radix: 16))") {
            data.withUnsafeMutableBytes { buffer -> Int32 in
                // struct i2c_smbus_ioctl_data { u8 read_write; u8 command; u32 size; union i2c_smbus_data *data; }
                var arguments = [UInt8](repeating: 0, count: 16)
                arguments[0] = write ? 0 : 1  // I2C_SMBUS_WRITE, I2C_SMBUS_READ
                arguments[1] = register
                arguments.replace(at: 4, with: littleEndian(size, bytes: 4))
                let pointer = UInt(bitPattern: buffer.baseAddress)
                arguments.replace(at: 8, with: (0..<8).map { UInt8(truncatingIfNeeded: pointer >> (8 * UInt($0))) })
                return arguments.withUnsafeMutableBytes { raw -> Int32 in
                    guard let address = raw.baseAddress else { return -1 }
                    return ioctl(fd, 0x0720, address)
                }
            }
        }
    }
}
