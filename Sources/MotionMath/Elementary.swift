/// Elementary functions in pure Swift, because `MotionMath` and the filter above it import nothing but the standard
/// library (which has no `sin` or `atan2`).
///
/// The kernels are the polynomial approximations of Sun's fdlibm (freely distributable, © 1993 Sun Microsystems),
/// accurate to about one ulp on the reduced ranges. Range reduction for `sin`/`cos` uses a three-part π/2 and stays
/// accurate for |x| < 1e5 rad, which covers every angle the filter handles. NaN and infinity propagate as NaN.
public enum Elementary {
    // π/2 split so that n·pio2Hi is exact for |n| < 2^20.
    @inlinable static var pio2Hi: Double { 1.57079632673412561417e+00 }
    @inlinable static var pio2Mid: Double { 6.07710050630396597660e-11 }
    @inlinable static var pio2Lo: Double { 2.02226624879595063154e-21 }
    @inlinable static var twoOverPi: Double { 6.36619772367581382433e-01 }

    /// sin(x) for |x| ≤ π/4.
    @inlinable @inline(__always)
    static func sinKernel(_ x: Double) -> Double {
        let z = x * x
        let r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
        return x + x * z * (-1.66666666666666324348e-01 + z * r)
    }

    /// cos(x) for |x| ≤ π/4.
    @inlinable @inline(__always)
    static func cosKernel(_ x: Double) -> Double {
        let z = x * x
        let r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05
            + z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
        let hz = 0.5 * z
        let w = 1.0 - hz
        return w + (((1.0 - w) - hz) + z * r)
    }

    /// Reduces x to r ∈ [-π/4, π/4] with x = r + n·π/2; returns (r, n mod 4).
    @inlinable @inline(__always)
    static func reduce(_ x: Double) -> (Double, Int) {
        if Swift.abs(x) <= 0.7853981633974483 { return (x, 0) }
        let n = (x * twoOverPi).rounded(.toNearestOrEven)
        let r = ((x - n * pio2Hi) - n * pio2Mid) - n * pio2Lo
        guard n.isFinite, Swift.abs(n) < 9.0e15 else { return (.nan, 0) }
        return (r, Int(n) & 3)
    }

    /// sin(x), x in radians.
    @inlinable
    public static func sin(_ x: Double) -> Double {
        let (r, q) = reduce(x)
        switch q {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// cos(x), x in radians.
    @inlinable
    public static func cos(_ x: Double) -> Double {
        let (r, q) = reduce(x)
        switch q {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// (sin x, cos x) with one range reduction.
    @inlinable
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        let (r, q) = reduce(x)
        let s = sinKernel(r), c = cosKernel(r)
        switch q {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// tan(x), x in radians.
    @inlinable
    public static func tan(_ x: Double) -> Double {
        let (s, c) = sincos(x)
        return s / c
    }

    @inlinable static var atanHi: (Double, Double, Double, Double) {(
        4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01,
        1.57079632679489655800e+00)}
    @inlinable static var atanLo: (Double, Double, Double, Double) {(
        2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17,
        6.12323399573676603587e-17)}

    /// atan(x) in (-π/2, π/2).
    @inlinable
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let negative = x < 0
        var t = Swift.abs(x)
        if t > 1.0e17 { return negative ? -1.57079632679489655800e+00 : 1.57079632679489655800e+00 }
        var id = -1
        if t < 0.4375 {
            id = -1
        } else if t < 1.1875 {
            if t < 0.6875 {
                id = 0
                t = (2.0 * t - 1.0) / (2.0 + t)
            } else {
                id = 1
                t = (t - 1.0) / (t + 1.0)
            }
        } else if t < 2.4375 {
            id = 2
            t = (t - 1.5) / (1.0 + 1.5 * t)
        } else {
            id = 3
            t = -1.0 / t
        }
        let z = t * t
        let w = z * z
        let s1 = z * (3.33333333333329318027e-01 + w * (1.42857142725034663711e-01 + w * (9.09088713343650656196e-02
            + w * (6.66107313738753120669e-02 + w * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 = w * (-1.99999999998764832476e-01 + w * (-1.11111104054623557880e-01 + w * (-7.69187620504482999495e-02
            + w * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        let result: Double
        switch id {
        case -1: result = t - t * (s1 + s2)
        case 0: result = atanHi.0 - ((t * (s1 + s2) - atanLo.0) - t)
        case 1: result = atanHi.1 - ((t * (s1 + s2) - atanLo.1) - t)
        case 2: result = atanHi.2 - ((t * (s1 + s2) - atanLo.2) - t)
        default: result = atanHi.3 - ((t * (s1 + s2) - atanLo.3) - t)
        }
        return negative ? -result : result
    }

    /// atan2(y, x) in [-π, π]: the angle of the point (x, y).
    @inlinable
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let pi = 3.14159265358979311600e+00
        let ax = Swift.abs(x), ay = Swift.abs(y)
        if ax == 0 && ay == 0 {
            // Follow C's signed-zero conventions.
            let base = x.sign == .minus ? pi : 0
            return y.sign == .minus ? -base : base
        }
        var angle: Double
        if ax.isInfinite && ay.isInfinite {
            angle = 0.7853981633974483
        } else if ay <= ax {
            angle = atan(ay / ax)
        } else {
            angle = 1.57079632679489655800e+00 - atan(ax / ay)
        }
        if x < 0 || (x == 0 && x.sign == .minus) { angle = pi - angle }
        return y.sign == .minus ? -angle : angle
    }

    /// asin(x) for x ∈ [-1, 1]; NaN outside.
    @inlinable
    public static func asin(_ x: Double) -> Double {
        guard Swift.abs(x) <= 1 else { return .nan }
        return atan2(x, ((1 - x) * (1 + x)).squareRoot())
    }

    /// acos(x) for x ∈ [-1, 1]; NaN outside.
    @inlinable
    public static func acos(_ x: Double) -> Double {
        guard Swift.abs(x) <= 1 else { return .nan }
        return atan2(((1 - x) * (1 + x)).squareRoot(), x)
    }

    /// e^x.
    @inlinable
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let ln2Hi = 6.93147180369123816490e-01
        let ln2Lo = 1.90821492927058770002e-10
        let k = (x * 1.44269504088896338700e+00).rounded(.toNearestOrEven)
        let hi = x - k * ln2Hi
        let lo = k * ln2Lo
        let r = hi - lo
        let z = r * r
        let c = r - z * (1.66666666666666019037e-01 + z * (-2.77777777770155933842e-03 + z * (6.61375632143793436117e-05
            + z * (-1.65339022054652515390e-06 + z * 4.13813679705723846039e-08))))
        let y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi)
        let n = Int(k)
        // Scale in two steps so that 2^n never overflows or underflows on its own.
        let half = n / 2
        return y * Double(sign: .plus, exponent: half, significand: 1)
            * Double(sign: .plus, exponent: n - half, significand: 1)
    }
}
