/// A font request: a fontconfig family, a size in logical points (pixels at scale 1) and
/// a weight. A family fontconfig does not know falls back to its best match, with a warning.
public struct Font: Hashable, Sendable {
    public enum Weight: String, Sendable {
        case regular, medium, semibold, bold
    }

    public var family: String
    public var size: Double
    public var weight: Weight

    public init(family: String = "sans-serif", size: Double = 14, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The fontconfig pattern fcft opens, sized in buffer pixels.
    func pattern(scale: Double) -> String {
        let pixels = max(1, (size * scale).rounded())
        return "\(family):pixelsize=\(Int(pixels)):weight=\(weight.rawValue)"
    }

    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "emoji"]
}

public enum TextAlignment: Sendable, Equatable {
    case left, center, right
}
