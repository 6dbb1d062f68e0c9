// Sensor discovery and capture: finds accelerometer, gyroscope and magnetometer in an IIO context and delivers 
// calibrated-unit samples from IIO buffers, IIO polling, the simulator or a recording.
