import Sensors

/// The assembler of IMU samples: one per gyroscope reading, with the latest accelerometer and magnetometer.
extension SampleMerger: SampleAssembler {}
