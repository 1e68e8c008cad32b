extension EntryAttributes {
    /// How an entry treats entries already shown or waiting. Default
    /// `.override(priority: .normal, dropEnqueuedEntries: false)`.
    public enum Precedence: Equatable, Sendable {
        /// Shown at once when its priority is at least the displayed entry's, which is
        /// popped (see `popBehavior`); otherwise not shown at all. With
        /// `dropEnqueuedEntries` the queue is flushed as it appears; without, the first
        /// queued entry shows after it leaves.
        case override(priority: Priority, dropEnqueuedEntries: Bool)
        /// Shown at once when nothing is displayed, else queued until its turn.
        case enqueue(priority: Priority)

        public var priority: Priority {
            get {
                switch self {
                case .override(let p, _), .enqueue(let p): return p
                }
            }
            set {
                switch self {
                case .override(_, let drop): self = .override(priority: newValue, dropEnqueuedEntries: drop)
                case .enqueue: self = .enqueue(priority: newValue)
                }
            }
        }

        public var isEnqueue: Bool {
            if case .enqueue = self { return true }
            return false
        }

        /// Display priority: an entry can only be overridden by one of equal or higher priority.
        public struct Priority: RawRepresentable, Comparable, Hashable, Sendable, ExpressibleByIntegerLiteral {
            public var rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            public init(integerLiteral value: Int) { rawValue = value }
            public static let min = Priority(rawValue: 0)
            public static let low = Priority(rawValue: 250)
            public static let normal = Priority(rawValue: 500)
            public static let high = Priority(rawValue: 750)
            public static let max = Priority(rawValue: 1000)
            public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
        }

        /// How the queue is ordered; set once, globally, before displaying entries.
        public enum QueueingHeuristic: Sendable {
            /// By priority, highest first, then by arrival. The default.
            case priority
            /// By arrival only.
            case chronological

            private static let lock = Lock()
            nonisolated(unsafe) private static var current = QueueingHeuristic.priority

            /// The heuristic every presenter uses. Default `.priority`.
            public static var value: QueueingHeuristic {
                get { lock.withLock { current } }
                set { lock.withLock { current = newValue } }
            }
        }
    }
}
