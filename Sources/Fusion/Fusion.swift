// The attitude filter: the 6D/9D filter that turns timestamped samples into attitude, gravity and user acceleration.
// Its math (vectors, quaternions, matrices, elementary functions) comes from MotionMath; nothing else is imported.
