import CFcft
import CPixman

/// What fills a shape: a colour or a linear gradient.
public enum Paint: Equatable, Sendable {
    case color(Color)
    /// Colours spread evenly (or at `locations`, 0…1) from `start` to `end`, both in unit
    /// coordinates of the filled rectangle: (0,0) its top-left, (1,1) its bottom-right.
    case linearGradient(colors: [Color], locations: [Double]?, start: Point, end: Point)
}

extension Color {
    /// Premultiplied 16-bit colour, as pixman composites.
    var pixman: pixman_color_t {
        let a = max(0, min(1, alpha))
        func channel(_ v: Double) -> UInt16 { UInt16((max(0, min(1, v)) * a * 65535).rounded()) }
        return pixman_color_t(red: channel(red), green: channel(green), blue: channel(blue),
                              alpha: UInt16((a * 65535).rounded()))
    }

    /// Premultiplied a8r8g8b8 pixel.
    var premultipliedPixel: UInt32 {
        let c = pixman
        return UInt32(c.alpha >> 8) << 24 | UInt32(c.red >> 8) << 16 | UInt32(c.green >> 8) << 8 | UInt32(c.blue >> 8)
    }
}

extension Paint {
    /// A pixman source image for this paint over a `width`×`height` pixel rectangle whose
    /// top-left is the source origin. The caller unrefs it.
    func sourceImage(width: Double, height: Double) -> OpaquePointer {
        switch self {
        case .color(let color):
            var c = color.pixman
            return pixman_image_create_solid_fill(&c)
        case .linearGradient(let colors, let locations, let start, let end):
            let list = colors.isEmpty ? [Color.clear] : colors
            var stops = list.enumerated().map { index, color -> pixman_gradient_stop_t in
                let position = locations.flatMap { index < $0.count ? $0[index] : nil }
                    ?? (list.count == 1 ? 0 : Double(index) / Double(list.count - 1))
                return pixman_gradient_stop_t(x: fixed(position), color: color.pixman)
            }
            var p1 = pixman_point_fixed_t(x: fixed(start.x * width), y: fixed(start.y * height))
            var p2 = pixman_point_fixed_t(x: fixed(end.x * width), y: fixed(end.y * height))
            if p1.x == p2.x && p1.y == p2.y { p2.x += 1 }   // degenerate: pixman needs a direction
            let image = pixman_image_create_linear_gradient(&p1, &p2, &stops, Int32(stops.count))!
            pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
            return image
        }
    }
}

@inline(__always)
func fixed(_ value: Double) -> pixman_fixed_t {
    pixman_fixed_t((value * 65536).rounded())
}
