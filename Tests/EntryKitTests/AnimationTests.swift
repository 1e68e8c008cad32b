import Foundation
import Testing
@testable import EntryKit

@Suite struct SpringTests {
    /// x'' = −2ζω₀x' − ω₀²(x − 1), x(0) = 0, x'(0) = v0, integrated with fine RK4 steps:
    /// an independent check of the closed form.
    func integrate(_ spring: Spring, to t: Double) -> Double {
        let w0 = spring.naturalFrequency, z = max(spring.damping, 0.05)
        var x = 0.0, v = spring.initialVelocity
        let steps = 20_000, h = t / Double(steps)
        func a(_ x: Double, _ v: Double) -> Double { -2 * z * w0 * v - w0 * w0 * (x - 1) }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test(arguments: [(0.3, 0.0), (0.3, 10.0), (0.7, 2.0), (1.0, 0.0), (1.0, 5.0), (2.0, 0.0), (1.6, -3.0)])
    func closedFormMatchesTheDifferentialEquation(_ damping: Double, _ velocity: Double) {
        let spring = Spring(damping: damping, initialVelocity: velocity, duration: 0.6)
        for t in stride(from: 0.02, through: 0.58, by: 0.08) {
            let exact = spring.value(at: t), numeric = integrate(spring, to: t)
            #expect(abs(exact - numeric) < 1e-6, "ζ \(damping) v0 \(velocity) t \(t): \(exact) vs \(numeric)")
        }
    }

    @Test func underdampedOvershootsCriticalDoesNot() {
        let jolt = Spring(damping: 0.3, initialVelocity: 0, duration: 0.5)
        let peak = stride(from: 0.0, through: 0.5, by: 0.005).map { jolt.value(at: $0) }.max()!
        #expect(peak > 1.2, "ζ 0.3 overshoots: \(peak)")
        let critical = Spring(damping: 1, initialVelocity: 0, duration: 0.5)
        let values = stride(from: 0.0, through: 0.5, by: 0.005).map { critical.value(at: $0) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "critical damping is monotonic")
        #expect(values.allSatisfy { $0 <= 1 })
    }

    @Test func settlesByItsDurationAndStartsAtZero() {
        for damping in [0.3, 0.5, 1, 3] {
            let s = Spring(damping: damping, initialVelocity: 0, duration: 0.4)
            #expect(s.value(at: 0) == 0 && s.value(at: 0.4) == 1)
            #expect(abs(s.value(at: 0.399) - 1) < 0.01, "ζ \(damping) is within 1 % just before its end")
        }
    }

    @Test func initialVelocityIsTheStartingSlope() {
        let s = Spring(damping: 0.8, initialVelocity: 4, duration: 1)
        let slope = s.value(at: 1e-6) / 1e-6
        #expect(abs(slope - 4) < 1e-3, "x'(0) = v0: \(slope)")
    }
}

@Suite struct EasingTests {
    @Test func closedFormValues() {
        #expect(Easing.easeOutCubic(0) == 0 && Easing.easeOutCubic(1) == 1)
        #expect(abs(Easing.easeOutCubic(0.5) - 0.875) < 1e-12, "1 − (1 − t)³")
        #expect(abs(Easing.easeInCubic(0.5) - 0.125) < 1e-12, "t³")
        #expect(abs(Easing.easeInOutCubic(0.25) - 0.0625) < 1e-12 && abs(Easing.easeInOutCubic(0.75) - 0.9375) < 1e-12)
        #expect(Easing.easeOutCubic(-1) == 0 && Easing.easeOutCubic(2) == 1, "clamped")
    }
}

@Suite struct TransitionTests {
    typealias A = EntryAttributes.Animation

    @Test func threeTracksWithTheirOwnDurationsAndDelays() {
        let animation = A(translate: .init(duration: 0.4), scale: .init(from: 0.6, to: 1, duration: 0.2, delay: 0.1),
                          fade: .init(from: 0.2, to: 1, duration: 0.1))
        let t = Transition.entrance(animation, shift: -100)
        #expect(t.duration == 0.4)
        let (m0, _) = t.motion(at: 0)
        #expect(m0.offsetY == -100 && m0.scale == 0.6 && abs(m0.alpha - 0.2) < 1e-12)
        let (m1, _) = t.motion(at: 0.05)
        #expect(m1.scale == 0.6, "scale waits for its delay")
        #expect(m1.alpha > 0.2 && m1.alpha < 1)
        let (m2, _) = t.motion(at: 0.2)
        #expect(m2.alpha == 1, "fade done after 0.1 s")
        #expect(abs(m2.scale - (0.6 + 0.4 * Easing.easeOutCubic(0.5))) < 1e-12)
        #expect(abs(m2.offsetY - (-100 + 100 * Easing.easeOutCubic(0.5))) < 1e-12)
        let (end, done) = t.motion(at: 0.4)
        #expect(done && end == .rest)
    }

    @Test func springTranslationOvershootsTheRestingPlace() {
        let animation = A(translate: .init(duration: 0.6, spring: .init(damping: 0.4, initialVelocity: 0)))
        let t = Transition.entrance(animation, shift: -80)
        let offsets = stride(from: 0.0, to: 0.6, by: 0.01).map { t.motion(at: $0).0.offsetY }
        #expect(offsets.max()! > 5, "a springy entrance passes its resting place: \(offsets.max()!)")
        #expect(t.motion(at: 0.6).0 == .rest)
    }

    @Test func exitStartsWhereTheCardIs() {
        var current = Motion.rest
        current.offsetY = -20
        let t = Transition.exit(.translation, from: current, shift: -120)
        #expect(t.motion(at: 0).0.offsetY == -20)
        #expect(t.motion(at: 0.3).0.offsetY == -120)
        let mid = t.motion(at: 0.15).0.offsetY
        #expect(mid < -20 && mid > -120)
    }

    @Test func centreEntriesFadeInsteadOfTranslating() {
        let t = Transition.entrance(.translation, shift: nil)
        #expect(t.motion(at: 0).0.alpha == 0 && t.motion(at: 0).0.offsetY == 0)
        #expect(t.motion(at: 0.3).0 == .rest)
    }

    @Test func anchorPositionOverridesTheEdge() {
        let fromBottom = Transition.entrance(A(translate: .init(duration: 0.3, anchorPosition: .bottom)), shift: -90)
        #expect(fromBottom.motion(at: 0).0.offsetY == 90)
    }
}
