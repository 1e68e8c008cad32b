extension EntryAttributes {
    /// Closures run on EntryKit's event-loop thread as the entry comes and goes.
    public struct LifecycleEvents: @unchecked Sendable {
        public typealias Event = () -> Void
        /// Before the entrance animation starts.
        public var willAppear: Event?
        /// After the entrance animation ends: the entry is at rest.
        public var didAppear: Event?
        /// Before the exit animation starts.
        public var willDisappear: Event?
        /// After the entry has left the screen and its surface is gone.
        public var didDisappear: Event?

        public init(willAppear: Event? = nil, didAppear: Event? = nil,
                    willDisappear: Event? = nil, didDisappear: Event? = nil) {
            self.willAppear = willAppear
            self.didAppear = didAppear
            self.willDisappear = willDisappear
            self.didDisappear = didDisappear
        }
    }
}
