import Glibc

/// Easing curves over normalised time 0…1.
enum Easing {
    static func easeOutCubic(_ t: Double) -> Double {
        let u = 1 - min(1, max(0, t))
        return 1 - u * u * u
    }
    static func easeInCubic(_ t: Double) -> Double {
        let u = min(1, max(0, t))
        return u * u * u
    }
    static func easeInOutCubic(_ t: Double) -> Double {
        let u = min(1, max(0, t))
        return u < 0.5 ? 4 * u * u * u : 1 - pow(-2 * u + 2, 3) / 2
    }
}

/// A damped harmonic oscillator going from 0 to 1, the exact solution (no stepping).
///
/// `damping` is the damping ratio ζ (1: critical, no overshoot; below 1: it overshoots and
/// rings; above 1: sluggish) and `initialVelocity` the starting speed in units of the whole
/// distance per second, as UIKit's spring animations take them. The natural frequency is
/// chosen so that the motion has settled to within 0.1 % when `duration` ends.
struct Spring: Equatable {
    let damping: Double
    let initialVelocity: Double
    let duration: Double

    /// ω₀, such that the slowest decaying part of the motion falls to 0.001 at
    /// `duration`: its rate is ζω₀ up to critical damping, ω₀(ζ − √(ζ²−1)) beyond.
    var naturalFrequency: Double {
        let zeta = max(damping, 0.05)
        let rate = zeta <= 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
        return log(1000) / (rate * max(duration, 0.001))
    }

    /// Position at `t` seconds: 0 at the start, 1 at rest.
    func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < duration else { return 1 }
        let zeta = max(damping, 0.05), w0 = naturalFrequency, v0 = initialVelocity
        // u = 1 − x is the displacement from rest: u(0) = 1, u'(0) = −v0.
        let u: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            u = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            u = exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            u = (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - u
    }
}

/// Where the card is drawn in one frame, relative to its resting place.
struct Motion: Equatable {
    var offsetY: Double = 0
    var alpha: Double = 1
    var scale: Double = 1
    static let rest = Motion()
}

/// An entrance or exit: up to three tracks (translation, scale, fade), each with its own
/// duration, delay and curve (spring or easing), combined into one motion per frame.
/// Evaluating it is arithmetic only: nothing is allocated per frame.
struct Transition {
    struct Track {
        var from: Double
        var to: Double
        var delay: Double
        var duration: Double
        var spring: Spring?
        var easing: (Double) -> Double

        func value(at t: Double) -> Double {
            let local = t - delay
            let p: Double
            if local <= 0 { p = 0 } else if local >= duration { p = 1 } else if let spring {
                p = spring.value(at: local)
            } else {
                p = easing(local / duration)
            }
            return from + (to - from) * p
        }

        var end: Double { delay + duration }
    }

    var offset: Track?
    var scale: Track?
    var alpha: Track?
    /// The motion before the first track starts and after all have ended.
    var start: Motion
    var finish: Motion

    var duration: Double { [offset, scale, alpha].compactMap { $0?.end }.max() ?? 0 }

    /// The motion at `elapsed` seconds since the start, and whether it is finished.
    func motion(at elapsed: Double) -> (Motion, finished: Bool) {
        guard elapsed < duration else { return (finish, true) }
        var m = start
        if let offset { m.offsetY = offset.value(at: elapsed) }
        if let scale { m.scale = scale.value(at: elapsed) }
        if let alpha { m.alpha = alpha.value(at: elapsed) }
        return (m, false)
    }

    var from: Motion { start }
    var to: Motion { finish }

    private static func track(from: Double, to: Double, duration: Double, delay: Double,
                              spring: EntryAttributes.Animation.Spring?, easing: @escaping (Double) -> Double) -> Track {
        Track(from: from, to: to, delay: delay, duration: duration,
              spring: spring.map { Spring(damping: $0.damping, initialVelocity: $0.initialVelocity, duration: duration) },
              easing: easing)
    }

    /// The card comes to rest: from `shift` points away at its edge (nil for centre
    /// entries, which have no edge: their translation becomes a fade), scaled and faded
    /// per `animation`.
    static func entrance(_ animation: EntryAttributes.Animation, shift: Double?) -> Transition {
        var t = Transition(start: .rest, finish: .rest)
        if let translate = animation.translate {
            if let shift = shift.map({ anchored($0, translate.anchorPosition) }) {
                t.offset = track(from: shift, to: 0, duration: translate.duration, delay: translate.delay,
                                 spring: translate.spring, easing: Easing.easeOutCubic)
                t.start.offsetY = shift
            } else {
                t.alpha = track(from: 0, to: 1, duration: translate.duration, delay: translate.delay,
                                spring: nil, easing: Easing.easeOutCubic)
                t.start.alpha = 0
            }
        }
        if let scale = animation.scale {
            t.scale = track(from: scale.from, to: scale.to, duration: scale.duration, delay: scale.delay,
                            spring: scale.spring, easing: Easing.easeOutCubic)
            t.start.scale = scale.from
            t.finish.scale = scale.to
        }
        if let fade = animation.fade {
            t.alpha = track(from: fade.from, to: fade.to, duration: fade.duration, delay: fade.delay,
                            spring: nil, easing: Easing.easeOutCubic)
            t.start.alpha = fade.from
            t.finish.alpha = fade.to
        }
        return t
    }

    /// The card leaves from wherever it is (`current`) per `animation`.
    static func exit(_ animation: EntryAttributes.Animation, from current: Motion, shift: Double?) -> Transition {
        var t = Transition(start: current, finish: current)
        if let translate = animation.translate {
            if let shift = shift.map({ anchored($0, translate.anchorPosition) }) {
                t.offset = track(from: current.offsetY, to: shift, duration: translate.duration, delay: translate.delay,
                                 spring: translate.spring, easing: Easing.easeInCubic)
                t.finish.offsetY = shift
            } else {
                t.alpha = track(from: current.alpha, to: 0, duration: translate.duration, delay: translate.delay,
                                spring: nil, easing: Easing.easeInCubic)
                t.finish.alpha = 0
            }
        }
        if let scale = animation.scale {
            t.scale = track(from: scale.from, to: scale.to, duration: scale.duration, delay: scale.delay,
                            spring: scale.spring, easing: Easing.easeInCubic)
            t.finish.scale = scale.to
        }
        if let fade = animation.fade {
            t.alpha = track(from: fade.from, to: fade.to, duration: fade.duration, delay: fade.delay,
                            spring: nil, easing: Easing.easeInCubic)
            t.finish.alpha = fade.to
        }
        return t
    }

    /// How far past its end a springy translation goes, as a fraction of its travel.
    static func overshoot(of animation: EntryAttributes.Animation) -> Double {
        guard let translate = animation.translate, let s = translate.spring else { return 0 }
        let spring = Spring(damping: s.damping, initialVelocity: s.initialVelocity, duration: translate.duration)
        let peak = (0...400).map { spring.value(at: translate.duration * Double($0) / 400) }.max() ?? 1
        return max(0, peak - 1)
    }

    /// The edge's shift, flipped when the animation names the other edge than the entry's.
    private static func anchored(_ shift: Double, _ anchor: EntryAttributes.Animation.Translate.AnchorPosition) -> Double {
        switch anchor {
        case .automatic: return shift
        case .top: return -abs(shift)
        case .bottom: return abs(shift)
        }
    }
}
