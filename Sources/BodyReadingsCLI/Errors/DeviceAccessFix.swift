/// The one fix for a sensor the user may not open (EACCES): the project's udev rules and group `iio`. Discovery's
/// `SensorError` and capture's `CaptureError` name it alike, so the user reads the same advice wherever the
/// permission check bit.
enum DeviceAccessFix {
    /// `udev/install` installs `udev/60-bodyreadings.rules`, creates group `iio` and reloads udev; the group takes
    /// effect at the next login.
    static let text =
        "install the udev rules (sudo udev/install, which installs udev/60-bodyreadings.rules) and add yourself to "
        + "group 'iio' (sudo usermod -aG iio $USER), then log in again"
}
