extension EntryAttributes {
    /// Beyond SwiftEntryKit: several entries at once. Default `.exclusive`.
    public enum Stacking: Equatable, Sendable {
        /// SwiftEntryKit's behaviour: one entry at a time, across all positions.
        case exclusive
        /// Entries at the same position stack, the newest nearest the edge, the others
        /// shifted `spacing` points away; at most `maxVisible` show, the rest wait in that
        /// position's queue. Stacked entries at different positions show side by side, and
        /// beside an exclusive entry.
        case stack(maxVisible: Int, spacing: Double)

        public static var stack: Stacking { .stack(maxVisible: 3, spacing: 8) }
    }
}
