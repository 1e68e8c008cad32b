extension EntryAttributes {
    /// What fills the entry behind its content. Default `.clear`.
    public enum BackgroundStyle: Equatable, Sendable {
        case clear
        case color(color: EntryColor)
        case gradient(gradient: Gradient)

        /// Colours spread along a line from `startPoint` to `endPoint`, in unit
        /// coordinates of the entry: (0,0) top-left, (1,1) bottom-right.
        public struct Gradient: Equatable, Sendable {
            public var colors: [EntryColor]
            public var startPoint: Point
            public var endPoint: Point
            public init(colors: [EntryColor], startPoint: Point, endPoint: Point) {
                self.colors = colors
                self.startPoint = startPoint
                self.endPoint = endPoint
            }
        }

        func paint(for mode: ResolvedDisplayMode) -> Paint? {
            switch self {
            case .clear: return nil
            case .color(let color): return .color(color.color(for: mode))
            case .gradient(let g):
                return .linearGradient(colors: g.colors.map { $0.color(for: mode) }, locations: nil,
                                       start: g.startPoint, end: g.endPoint)
            }
        }
    }
}
