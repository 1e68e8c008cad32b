/// An sRGB colour with straight (not premultiplied) alpha, components 0…1.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`, fully opaque.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
                  blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard let value = UInt32(digits, radix: 16), digits.allSatisfy({ $0.isHexDigit }) else { return nil }
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xf, g = (value >> 4) & 0xf, b = value & 0xf
            self.init(rgb: (r * 17) << 16 | (g * 17) << 8 | b * 17)
        case 6: self.init(rgb: value)
        case 8: self.init(rgb: value >> 8, alpha: Double(value & 0xff) / 255)
        default: return nil
        }
    }

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xffffff)

    var isValid: Bool {
        [red, green, blue, alpha].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }
    }

    public var description: String {
        func hex(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

/// A colour for light and dark display modes, like SwiftEntryKit's EKColor.
public struct EntryColor: Equatable, Sendable {
    public var light: Color
    public var dark: Color

    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both modes.
    public init(_ color: Color) { self.init(light: color, dark: color) }

    public func color(for mode: ResolvedDisplayMode) -> Color { mode == .dark ? dark : light }

    public static let white = EntryColor(.white)
    public static let black = EntryColor(.black)
    public static let clear = EntryColor(.clear)
    /// Text and glyphs on an entry: near-black on light, near-white on dark.
    public static let standardContent = EntryColor(light: Color(rgb: 0x1c1c1e), dark: Color(rgb: 0xf2f2f7))
    /// An entry's surface: white on light, dark grey on dark.
    public static let standardBackground = EntryColor(light: .white, dark: Color(rgb: 0x2c2c2e))
}

/// Light or dark, after `.inferred` has been resolved.
public enum ResolvedDisplayMode: Sendable, Equatable {
    case light, dark
}
