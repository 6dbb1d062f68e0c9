import Foundation
import Testing

@testable import MotionMath

@Suite("Quaternion")
struct QuaternionTests {
    static let samples: [Quaternion] = [
        .identity,
        Quaternion(axis: Vector3(1, 0, 0), angle: .pi),
        Quaternion(axis: Vector3(1, 2, 3), angle: 0.7),
        Quaternion(axis: Vector3(-0.3, 0.9, 0.1), angle: -2.5),
        Quaternion(roll: 0.4, pitch: -1.2, yaw: 2.9),
    ]

    @Test func rotateAgreesWithTheRotationMatrixAndInverts() {
        let v = Vector3(0.3, -1.7, 2.2)
        for q in Self.samples {
            let a = q.rotate(v), b = q.rotationMatrix * v
            #expect((a - b).norm < 1e-14)
            #expect((q.inverseRotate(a) - v).norm < 1e-14)
            #expect((q.conjugate.rotate(a) - v).norm < 1e-14)
            #expect(abs(q.norm - 1) < 1e-15)
            // The rotation matrix is orthonormal with determinant +1.
            let m = q.rotationMatrix
            #expect(abs(m.determinant - 1) < 1e-14)
        }
    }

    @Test func hamiltonProductComposesRightToLeft() {
        let a = Quaternion(axis: Vector3(0, 0, 1), angle: .pi / 2)
        let b = Quaternion(axis: Vector3(1, 0, 0), angle: .pi / 2)
        // b first: y → z; then a (about z): z stays z.
        let v = (a * b).rotate(Vector3(0, 1, 0))
        #expect((v - Vector3(0, 0, 1)).norm < 1e-15)
        // Attitude convention: 90° about z maps device x onto reference y (north).
        #expect((a.rotate(Vector3(1, 0, 0)) - Vector3(0, 1, 0)).norm < 1e-15)
    }

    @Test func eulerAnglesRoundTrip() {
        for roll in stride(from: -3.0, through: 3.0, by: 0.75) {
            for pitch in stride(from: -1.5, through: 1.5, by: 0.5) {
                for yaw in stride(from: -3.0, through: 3.0, by: 1.0) {
                    let q = Quaternion(roll: roll, pitch: pitch, yaw: yaw)
                    #expect(abs(q.roll - roll) < 1e-12)
                    #expect(abs(q.pitch - pitch) < 1e-12)
                    #expect(abs(q.yaw - yaw) < 1e-12)
                    // ZYX: yaw about z, then pitch about y, then roll about x.
                    let composed = Quaternion(axis: Vector3(0, 0, 1), angle: yaw)
                        * Quaternion(axis: Vector3(0, 1, 0), angle: pitch) * Quaternion(axis: Vector3(1, 0, 0), angle: roll)
                    #expect(q.angle(to: composed) < 1e-12)
                }
            }
        }
    }

    @Test func rotationVectorAndMatrixRoundTrip() {
        for r in [Vector3(0.1, -0.2, 0.3), Vector3(1e-9, 2e-9, -1e-9), Vector3(0, 0, 3.0), Vector3(0.03, 0.02, -0.01)] {
            let q = Quaternion(rotationVector: r)
            #expect((q.rotationVector - r).norm < 1e-14 * max(1, r.norm))
            #expect(abs(q.angle - r.norm) < 1e-14)
            #expect(Quaternion(rotationMatrix: q.rotationMatrix).angle(to: q) < 1e-7)
            // Agrees with the axis-angle initializer.
            if r.norm > 0 { #expect(q.angle(to: Quaternion(axis: r, angle: r.norm)) < 1e-7) }
        }
        for q in Self.samples {
            #expect(Quaternion(rotationMatrix: q.rotationMatrix).angle(to: q) < 1e-7)
        }
        #expect(Quaternion(axis: .zero, angle: 1) == .identity)
    }

    @Test func seriesExponentialMatchesTrigonometryAtItsThreshold() {
        // Just below and above the 0.05 rad switch to the series: both must agree to double precision.
        let axis = Vector3(1, -2, 0.5).normalized
        for angle in [0.0499999, 0.0500001, 0.01, 1e-6] {
            let q = Quaternion(rotationVector: axis * angle)
            #expect(abs(q.w - cos(angle / 2)) < 4e-17)
            #expect(abs(q.vector.norm - sin(angle / 2)) < 4e-17)
        }
    }

    @Test func angleBetweenAttitudesIsSymmetricAndSignInvariant() {
        let a = Quaternion(axis: Vector3(0, 1, 0), angle: 0.3)
        let b = Quaternion(axis: Vector3(0, 1, 0), angle: -0.2)
        #expect(abs(a.angle(to: b) - 0.5) < 1e-14)
        #expect(abs(b.angle(to: a) - 0.5) < 1e-14)
        #expect(abs(a.angle(to: -b) - 0.5) < 1e-14)
        #expect(a.angle(to: a) < 1e-7)
    }

    @Test func renormalizationRestoresUnitNorm() {
        let q = Quaternion(w: 0.5 * (1 + 1e-7), x: 0.5, y: 0.5, z: 0.5)
        #expect(abs(q.renormalized.norm - 1) < 1e-14)
        #expect(abs(q.normalized.norm - 1) < 1e-15)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized == Quaternion(w: 0, x: 0, y: 0, z: 0))
    }
}
