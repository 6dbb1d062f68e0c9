import Sensors

/// Turns discovery and IIO failures into one `error:` line (cause; fix) and a sysexits status.
///
/// | Reason | Exit | Fix named |
/// |---|---|---|
/// | permission denied | 77 | `DeviceAccessFix`: udev rules and group `iio` |
/// | malformed URI, missing `xml:` file | 64 | the `--uri` forms / the path |
/// | malformed `xml:` file, non-numeric or malformed attribute | 65 | regenerate the XML / report the driver value |
/// | unreachable context, missing scale, vanished, busy, timeout, unsupported | 69 | what to start, load or stop |
/// | other I/O errors | 74 | `dmesg` |
extension SensorError: CLIErrorConvertible {
    public var cliError: CLIError {
        CLIError("\(message); \(fix)", exitCode: exitCode)
    }

    /// The status for this failure (docs/exit-codes.md).
    var exitCode: ExitCode {
        switch reason {
        case .permissionDenied: .noPermission
        case .malformedURI, .missingContextFile: .usage
        case .malformedContextFile, .malformedAttribute: .dataError
        case .contextUnreachable, .missingAttribute, .deviceVanished, .busy, .timedOut, .unsupported: .unavailable
        case .ioError: .ioError
        }
    }

    /// What the user can do about it.
    var fix: String {
        switch reason {
        case .permissionDenied:
            DeviceAccessFix.text
        case .malformedURI:
            "use --uri local:, ip:HOST[:PORT], usb:[BUS.ADDR] or xml:FILE"
        case .missingContextFile:
            "check the path after xml: (write one with 'iio_genxml URI > FILE')"
        case .malformedContextFile:
            "regenerate it with 'iio_genxml URI > FILE' and check it with 'iio_info -u xml:FILE'"
        case .contextUnreachable:
            uri?.hasPrefix("usb:") == true
                ? "connect the USB device and check 'iio_info -s'"
                : uri?.hasPrefix("local:") == true
                    ? "check that the IIO drivers are loaded (ls /sys/bus/iio/devices)"
                    : "start iiod on the host and check the address and port (default 30431) with 'iio_info -u URI'"
        case .missingAttribute:
            "the driver does not expose it, so raw values cannot be converted to units; update the kernel driver or "
                + "use another sensor"
        case .malformedAttribute:
            "the driver reported a value BodyReadings cannot read; check it with 'iio_attr' and report it"
        case .deviceVanished:
            "the sensor was removed or its driver unbound; reconnect it or reload the driver"
        case .busy:
            "another program is capturing from the sensor (e.g. iio-sensor-proxy); stop it and retry"
        case .timedOut:
            "the context did not answer in time; check the connection and that the sensor delivers data"
        case .unsupported:
            "this context cannot do that (xml: contexts carry no values); use local: or ip:HOST"
        case .ioError:
            "check the kernel log (dmesg) for the driver's complaint"
        }
    }
}
