// The CoreMotion-shaped public API: MotionManager, DeviceMotion and friends.
