extension EntryAttributes {
    /// What fills the entry behind its content. Default `.clear`.
    public enum BackgroundStyle: Equatable, Sendable {
        case clear
        case color(color: EntryColor)
        case gradient(gradient: Gradient)
        /// A picture filling the entry (scaled to cover it, centred, cropped).
        case image(image: Image)
        /// iOS blurs what lies beneath; a Wayland client cannot see beneath its surface, so
        /// EntryKit draws the style's translucent tint instead.
        case visualEffect(style: BlurStyle)

        /// A translucent material for light and dark display modes.
        public struct BlurStyle: Equatable, Sendable {
            public enum Tint: Equatable, Sendable {
                case extraLight, light, dark, prominent
            }
            public var light: Tint
            public var dark: Tint
            public init(light: Tint, dark: Tint) {
                self.light = light
                self.dark = dark
            }
            public static var extraLight: BlurStyle { BlurStyle(light: .extraLight, dark: .extraLight) }
            public static var light: BlurStyle { BlurStyle(light: .light, dark: .light) }
            public static var dark: BlurStyle { BlurStyle(light: .dark, dark: .dark) }
            /// Light in light mode, dark in dark mode.
            public static var standard: BlurStyle { BlurStyle(light: .light, dark: .dark) }
            public static var prominent: BlurStyle { BlurStyle(light: .prominent, dark: .prominent) }

            /// The tint drawn in place of a blur.
            public func color(for mode: ResolvedDisplayMode) -> Color {
                switch mode == .dark ? dark : light {
                case .extraLight: return Color(rgb: 0xffffff, alpha: 0.85)
                case .light: return Color(rgb: 0xf5f5f7, alpha: 0.75)
                case .dark: return Color(rgb: 0x1c1c1e, alpha: 0.75)
                case .prominent: return mode == .dark ? Color(rgb: 0x2c2c2e, alpha: 0.92) : Color(rgb: 0xffffff, alpha: 0.92)
                }
            }
        }

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
            case .image(let image): return .image(image)
            case .visualEffect(let style): return .color(style.color(for: mode))
            }
        }
    }
}
