// The vocabulary every layer shares: `Vector3`, `Matrix3`, `Quaternion`, the elementary functions, the one sample
// type `IMUSample`, and the seeded random number generators. Imports nothing but the Swift standard library (and
// libm for `SeededGenerator`'s normal deviates; see that file).
