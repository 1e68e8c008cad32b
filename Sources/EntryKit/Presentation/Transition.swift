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
}

/// Where the card is drawn in one frame, relative to its resting place.
struct Motion: Equatable {
    var offsetY: Double = 0
    var alpha: Double = 1
    static let rest = Motion()
}

/// An entrance or exit: from one motion to another over `duration` seconds.
struct Transition {
    var from: Motion
    var to: Motion
    var duration: Double
    var curve: (Double) -> Double

    /// The motion at `elapsed` seconds since the start, and whether it is finished.
    func motion(at elapsed: Double) -> (Motion, finished: Bool) {
        guard duration > 0, elapsed < duration else { return (to, true) }
        let p = curve(max(0, elapsed) / duration)
        return (Motion(offsetY: from.offsetY + (to.offsetY - from.offsetY) * p,
                       alpha: from.alpha + (to.alpha - from.alpha) * p), false)
    }

    /// SwiftEntryKit's default: translate in from the entry's edge over 0.3 s (centre
    /// entries, which have no edge, fade).
    static func entrance(shift: Double?) -> Transition {
        let start = shift.map { Motion(offsetY: $0, alpha: 1) } ?? Motion(offsetY: 0, alpha: 0)
        return Transition(from: start, to: .rest, duration: 0.3, curve: Easing.easeOutCubic)
    }

    static func exit(shift: Double?) -> Transition {
        let end = shift.map { Motion(offsetY: $0, alpha: 1) } ?? Motion(offsetY: 0, alpha: 0)
        return Transition(from: .rest, to: end, duration: 0.3, curve: Easing.easeInCubic)
    }
}
