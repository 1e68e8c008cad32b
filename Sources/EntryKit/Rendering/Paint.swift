import CFcft
import CPixman

/// What fills a shape: a colour or a linear gradient.
public enum Paint: Equatable, Sendable {
    case color(Color)
    /// Colours spread evenly (or at `locations`, 0…1) from `start` to `end`, both in unit
    /// coordinates of the filled rectangle: (0,0) its top-left, (1,1) its bottom-right.
    case linearGradient(colors: [Color], locations: [Double]?, start: Point, end: Point)
    /// A picture scaled to cover the rectangle, centred, the overflow cropped.
    case image(Image)
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
            return GradientRaster.render(colors: colors, locations: locations, start: start, end: end,
                                         width: Int32(width.rounded()), height: Int32(height.rounded()))
        case .image(let picture):
            let w = max(1, Int32(width.rounded())), h = max(1, Int32(height.rounded()))
            let cover = max(Double(w) / Double(picture.width), Double(h) / Double(picture.height))
            let sw = max(w, Int32((Double(picture.width) * cover).rounded())), sh = max(h, Int32((Double(picture.height) * cover).rounded()))
            let scaled = picture.scaled(width: sw, height: sh)
            let out = pixman_image_create_bits(formatARGB32, w, h, nil, 0)!
            pixman_image_composite32(PIXMAN_OP_SRC, scaled, nil, out, (sw - w) / 2, (sh - h) / 2, 0, 0, 0, 0, w, h)
            return out
        }
    }
}

/// Linear gradients rasterised into an ARGB image, one table lookup a pixel. pixman's
/// own gradient source takes its general path, computing every pixel in floating point
/// on each composite: it was over half the cost of rendering a card.
enum GradientRaster {
    static let steps = 256

    /// 256 premultiplied colours from the first stop to the last, interpolated in
    /// premultiplied space (no dark fringes between a colour and transparent).
    static func table(colors: [Color], locations: [Double]?) -> [UInt32] {
        let list = colors.isEmpty ? [Color.clear] : colors
        let positions = list.indices.map { index in
            locations.flatMap { index < $0.count ? $0[index] : nil }
                ?? (list.count == 1 ? 0 : Double(index) / Double(list.count - 1))
        }
        func premultiplied(_ c: Color) -> (Double, Double, Double, Double) {
            (c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        }
        return (0..<steps).map { step in
            let t = Double(step) / Double(steps - 1)
            var upper = positions.firstIndex { $0 >= t } ?? list.count - 1
            if upper == 0 { upper = min(1, list.count - 1) }
            let lower = max(0, upper - 1)
            let span = positions[upper] - positions[lower]
            let f = span > 0 ? min(1, max(0, (t - positions[lower]) / span)) : (t >= positions[upper] ? 1 : 0)
            let a = premultiplied(list[lower]), b = premultiplied(list[upper])
            func mix(_ x: Double, _ y: Double) -> UInt32 { UInt32(((x + (y - x) * f) * 255).rounded()) }
            return mix(a.3, b.3) << 24 | mix(a.0, b.0) << 16 | mix(a.1, b.1) << 8 | mix(a.2, b.2)
        }
    }

    /// A `width`×`height` image of the gradient from `start` to `end` (unit coordinates of
    /// the image), padded beyond the ends. The caller unrefs it.
    static func render(colors: [Color], locations: [Double]?, start: Point, end: Point, width: Int32, height: Int32) -> OpaquePointer {
        let w = max(1, width), h = max(1, height)
        let image = pixman_image_create_bits(formatARGB32, w, h, nil, 0)!
        let lut = table(colors: colors, locations: locations)
        let stride = Int(pixman_image_get_stride(image)) / 4
        let bits = pixman_image_get_data(image)!
        // t(x, y) = ((p − p1) · d) / |d|², with d = p2 − p1, sampled at pixel centres.
        let x1 = start.x * Double(w), y1 = start.y * Double(h)
        var dx = end.x * Double(w) - x1, dy = end.y * Double(h) - y1
        if dx == 0 && dy == 0 { dx = 1 }
        let scale = Double(steps - 1) / (dx * dx + dy * dy)
        let stepX = Float(dx * scale)
        lut.withUnsafeBufferPointer { table in
            for y in 0..<Int(h) {
                let row = bits + y * stride
                var t = Float(((0.5 - x1) * dx + (Double(y) + 0.5 - y1) * dy) * scale)
                for x in 0..<Int(w) {
                    let index = t <= 0 ? 0 : (t >= 255 ? 255 : Int(t + 0.5))
                    row[x] = table[index]
                    t += stepX
                }
            }
        }
        return image
    }
}

@inline(__always)
func fixed(_ value: Double) -> pixman_fixed_t {
    pixman_fixed_t((value * 65536).rounded())
}
