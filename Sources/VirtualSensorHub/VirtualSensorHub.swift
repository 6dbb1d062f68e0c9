// A test-support HID sensor hub through /dev/uhid: accelerometer, gyrometer and compass collections that the 
// kernel's hid-sensor drivers bind to, fed from a known trajectory.
