extension EntryAttributes {
    /// Rounded corners of the entry. Default `.none`.
    public enum RoundCorners: Equatable, Sendable {
        case none
        case all(radius: Double)
        case top(radius: Double)
        case bottom(radius: Double)

        public var radii: CornerRadii {
            switch self {
            case .none: return .zero
            case .all(let r): return CornerRadii(all: r)
            case .top(let r): return CornerRadii(topLeft: r, topRight: r)
            case .bottom(let r): return CornerRadii(bottomRight: r, bottomLeft: r)
            }
        }
    }
}
