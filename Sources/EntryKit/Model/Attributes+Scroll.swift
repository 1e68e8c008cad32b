extension EntryAttributes {
    /// Dragging the entry: swipe to dismiss, and the rubber band past its resting edge.
    /// Default `.enabled(swipeable: true, pullbackAnimation: .jolt)`.
    public enum Scroll: Equatable, Sendable {
        /// The entry does not move under the pointer.
        case disabled
        /// It can be dragged (and swiped away when `swipeable`) but not stretched past its edge.
        case edgeCrossingDisabled(swipeable: Bool)
        /// It can be dragged and stretched, and springs back with `pullbackAnimation`.
        case enabled(swipeable: Bool, pullbackAnimation: PullbackAnimation)

        /// How a released entry returns to its place.
        public struct PullbackAnimation: Equatable, Sendable {
            public var duration: Double
            public var damping: Double
            public var initialSpringVelocity: Double
            public init(duration: Double, damping: Double, initialSpringVelocity: Double) {
                self.duration = duration
                self.damping = damping
                self.initialSpringVelocity = initialSpringVelocity
            }
            /// A lively spring.
            public static var jolt: PullbackAnimation { PullbackAnimation(duration: 0.5, damping: 0.3, initialSpringVelocity: 10) }
            /// A calm return without overshoot.
            public static var easeOut: PullbackAnimation { PullbackAnimation(duration: 0.3, damping: 1, initialSpringVelocity: 0) }
        }

        /// Whether the card can be pulled away from its edge (the rubber band).
        var stretchesPastEdge: Bool {
            if case .enabled = self { return true }
            return false
        }

        public var isSwipeable: Bool {
            switch self {
            case .disabled: return false
            case .edgeCrossingDisabled(let swipeable), .enabled(let swipeable, _): return swipeable
            }
        }
    }
}
