// The CoreMotion-shaped public API: MotionManager, DeviceMotion and friends. See Exports.swift for what it re-exports.
