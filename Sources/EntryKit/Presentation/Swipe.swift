/// Dragging an entry: where the card follows the pointer, how it resists being pulled
/// away from its edge, and whether letting go dismisses it or sends it back. Pure.
enum Swipe {
    /// A release faster than this towards the edge dismisses, points per second.
    static let dismissVelocity = 500.0
    /// A release farther than this fraction of the card's height towards the edge dismisses.
    static let dismissDistance = 0.4

    /// Which way is "towards the edge": −1 up for top entries, +1 down for bottom ones, 0
    /// for centre entries, which may leave either way.
    static func edgeSign(_ position: EntryAttributes.Position) -> Double {
        switch position {
        case .top: return -1
        case .bottom: return 1
        case .center: return 0
        }
    }

    /// iOS's rubber band: the farther past the limit, the less the card follows; it never
    /// goes farther than `dimension`.
    static func rubberBand(_ distance: Double, dimension: Double) -> Double {
        guard distance > 0, dimension > 0 else { return 0 }
        let c = 0.55
        return (1 - 1 / (distance * c / dimension + 1)) * dimension
    }

    /// Where the card is drawn for a drag of `translation` points.
    static func offset(for translation: Double, position: EntryAttributes.Position,
                       scroll: EntryAttributes.Scroll, cardHeight: Double) -> Double {
        let sign = edgeSign(position)
        if scroll == .disabled { return 0 }
        if sign == 0 { return translation }
        let towardsEdge = translation * sign > 0
        if towardsEdge { return translation }
        // Past the resting place, away from the edge.
        switch scroll {
        case .disabled, .edgeCrossingDisabled: return 0
        case .enabled: return -sign * rubberBand(abs(translation), dimension: cardHeight)
        }
    }

    enum Outcome: Equatable {
        case dismiss
        case pullback
    }

    /// What letting go does, from the drag's translation and velocity.
    static func outcome(translation: Double, velocity: Double, position: EntryAttributes.Position,
                        scroll: EntryAttributes.Scroll, cardHeight: Double) -> Outcome {
        guard scroll.isSwipeable else { return .pullback }
        let sign = edgeSign(position)
        let along = sign == 0 ? abs(translation) : translation * sign
        let speed = sign == 0 ? abs(velocity) : velocity * sign
        if speed > dismissVelocity && along > 0 { return .dismiss }
        if along > cardHeight * dismissDistance { return .dismiss }
        return .pullback
    }
}
