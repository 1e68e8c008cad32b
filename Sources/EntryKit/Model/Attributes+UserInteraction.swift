extension EntryAttributes {
    /// What a tap does, on the entry (`entryInteraction`, default `.dismiss`) or beside it
    /// (`screenInteraction`, default `.forward`).
    public struct UserInteraction: @unchecked Sendable {
        public enum Default: Equatable, Sendable {
            /// The tap is swallowed.
            case absorbTouches
            /// Any touch delays the exit by this many seconds.
            case delayExit(by: Double)
            /// The tap dismisses the entry.
            case dismissEntry
            /// The tap goes through to what lies below (the input region excludes it).
            case forward
        }

        public var defaultAction: Default
        /// Run on every tap of the entry, before the default action.
        public var customTapActions: [() -> Void]

        public init(defaultAction: Default = .dismissEntry, customTapActions: [() -> Void] = []) {
            self.defaultAction = defaultAction
            self.customTapActions = customTapActions
        }

        public static var dismiss: UserInteraction { UserInteraction(defaultAction: .dismissEntry) }
        public static var forward: UserInteraction { UserInteraction(defaultAction: .forward) }
        public static var absorbTouches: UserInteraction { UserInteraction(defaultAction: .absorbTouches) }
        public static func delayExit(by seconds: Double) -> UserInteraction {
            UserInteraction(defaultAction: .delayExit(by: seconds))
        }

        public var isResponsive: Bool { defaultAction != .forward }
    }
}
