// The step detector: turns timestamped accelerometer samples into steps, cadence, activity and distance, like
// CoreMotion's CMPedometer does from the motion coprocessor. Its filters come from MotionMath; nothing else is imported.
import MotionMath
