extension EntryAttributes {
    /// How an entry moves in or out: up to three parts at once — translation, scale and
    /// fade — each with its own duration and delay. Default `.translation`: in or out from
    /// the entry's edge over 0.3 s.
    ///
    /// This release plays translation and fade with ease curves; springs and scale are
    /// accepted and come with the animation engine.
    public struct Animation: Equatable, Sendable {
        public struct Spring: Equatable, Sendable {
            public var damping: Double
            public var initialVelocity: Double
            public init(damping: Double, initialVelocity: Double) {
                self.damping = damping
                self.initialVelocity = initialVelocity
            }
        }

        public struct Translate: Equatable, Sendable {
            public enum AnchorPosition: Equatable, Sendable {
                /// The entry's own edge (top for top entries, bottom for bottom ones).
                case automatic
                case top, bottom
            }
            public var duration: Double
            public var delay: Double
            public var anchorPosition: AnchorPosition
            public var spring: Spring?
            public init(duration: Double, anchorPosition: AnchorPosition = .automatic, delay: Double = 0, spring: Spring? = nil) {
                self.duration = duration
                self.delay = delay
                self.anchorPosition = anchorPosition
                self.spring = spring
            }
        }

        /// A value animated from `from` to `to` (scale factor or opacity).
        public struct RangeAnimation: Equatable, Sendable {
            public var from: Double
            public var to: Double
            public var duration: Double
            public var delay: Double
            public var spring: Spring?
            public init(from: Double, to: Double, duration: Double, delay: Double = 0, spring: Spring? = nil) {
                self.from = from
                self.to = to
                self.duration = duration
                self.delay = delay
                self.spring = spring
            }
        }

        public var translate: Translate?
        public var scale: RangeAnimation?
        public var fade: RangeAnimation?

        public init(translate: Translate? = nil, scale: RangeAnimation? = nil, fade: RangeAnimation? = nil) {
            self.translate = translate
            self.scale = scale
            self.fade = fade
        }

        /// Translate from (or to) the entry's edge over 0.3 s.
        public static var translation: Animation { Animation(translate: Translate(duration: 0.3)) }
        /// No motion: the entry appears or vanishes at once.
        public static var none: Animation { Animation() }

        /// Seconds until every part has finished.
        public var totalDuration: Double {
            [translate.map { $0.delay + $0.duration }, scale.map { $0.delay + $0.duration },
             fade.map { $0.delay + $0.duration }].compactMap { $0 }.max() ?? 0
        }
    }

    /// What an entry does when an entry of equal or higher priority overrides it.
    /// Default `.animated(animation: .translation)`.
    public enum PopBehavior: Equatable, Sendable {
        /// Gone at once.
        case overridden
        /// Leaves with this animation.
        case animated(animation: Animation)
    }
}
