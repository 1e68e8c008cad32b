extension EntryAttributes {
    /// A border drawn inside the entry's edge. Default `.none`.
    public enum Border: Equatable, Sendable {
        case none
        case value(color: EntryColor, width: Double)
    }
}
