extension EntryAttributes {
    /// Where on the output the entry rests. Default `.top`.
    public enum Position: String, Equatable, Sendable, CaseIterable {
        case top, center, bottom

        public var isTop: Bool { self == .top }
        public var isCenter: Bool { self == .center }
        public var isBottom: Bool { self == .bottom }
    }
}
