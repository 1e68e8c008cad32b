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

    /// An entrance described by `animation`: the card starts `shift` points away (its
    /// edge; nil for centre entries, which have none) and transparent per the fade. A
    /// translation without an edge becomes a fade, so centre entries still ease in.
    static func entrance(_ animation: EntryAttributes.Animation, shift: Double?) -> Transition {
        var start = Motion.rest
        if animation.translate != nil {
            if let shift { start.offsetY = shift } else { start.alpha = 0 }
        }
        if let fade = animation.fade { start.alpha = fade.from }
        var end = Motion.rest
        if let fade = animation.fade { end.alpha = fade.to }
        return Transition(from: start, to: end, duration: animation.totalDuration, curve: Easing.easeOutCubic)
    }

    /// An exit described by `animation`, starting wherever the card is now.
    static func exit(_ animation: EntryAttributes.Animation, from current: Motion, shift: Double?) -> Transition {
        var end = current
        if animation.translate != nil {
            if let shift { end.offsetY = shift } else { end.alpha = 0 }
        }
        if let fade = animation.fade { end.alpha = fade.to }
        return Transition(from: current, to: end, duration: animation.totalDuration, curve: Easing.easeInCubic)
    }
}
