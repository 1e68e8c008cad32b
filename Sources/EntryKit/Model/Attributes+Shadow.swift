extension EntryAttributes {
    /// The shadow around the entry. Default `.none`.
    public enum Shadow: Equatable, Sendable {
        case none
        case active(with: Value)

        public struct Value: Equatable, Sendable {
            public var color: EntryColor
            /// 0…1, multiplied with the colour's alpha.
            public var opacity: Double
            /// Blur radius in points.
            public var radius: Double
            /// Shift of the shadow in points.
            public var offset: Point
            public init(color: EntryColor = .black, opacity: Double, radius: Double, offset: Point = .zero) {
                self.color = color
                self.opacity = opacity
                self.radius = radius
                self.offset = offset
            }
        }

        var value: Value? {
            if case .active(let value) = self { return value }
            return nil
        }

        /// Space the shadow needs around the card, per edge, in points.
        var extent: EdgeInsets {
            guard let v = value, v.opacity > 0 else { return EdgeInsets() }
            let blur = v.radius * 1.5   // 3 sigma, sigma = radius / 2
            return EdgeInsets(top: max(0, blur - v.offset.y), left: max(0, blur - v.offset.x),
                              bottom: max(0, blur + v.offset.y), right: max(0, blur + v.offset.x))
        }
    }
}
