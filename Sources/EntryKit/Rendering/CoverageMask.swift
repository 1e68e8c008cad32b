import CFcft
import CPixman

/// Radii of the four corners, in logical points (or pixels, where a function says so).
public struct CornerRadii: Equatable, Sendable {
    public var topLeft, topRight, bottomRight, bottomLeft: Double
    public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    public static let zero = CornerRadii()

    func scaled(by s: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft * s, topRight: topRight * s, bottomRight: bottomRight * s, bottomLeft: bottomLeft * s)
    }
    /// Radii shrunk so that adjacent corners never overlap, as CSS does.
    func fitted(width: Double, height: Double) -> CornerRadii {
        var f = 1.0
        if topLeft + topRight > width { f = min(f, width / (topLeft + topRight)) }
        if bottomLeft + bottomRight > width { f = min(f, width / (bottomLeft + bottomRight)) }
        if topLeft + bottomLeft > height { f = min(f, height / (topLeft + bottomLeft)) }
        if topRight + bottomRight > height { f = min(f, height / (topRight + bottomRight)) }
        return f < 1 ? scaled(by: f) : self
    }
    func inset(by d: Double) -> CornerRadii {
        CornerRadii(topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
                    bottomRight: max(0, bottomRight - d), bottomLeft: max(0, bottomLeft - d))
    }
}

/// Anti-aliased a8 coverage of a rounded rectangle, built from horizontal spans: each
/// pixel row is sampled at a few sub-rows, each sub-row's exact span is intersected with
/// the pixel columns, and rows whose spans repeat the previous row are copied. No
/// polygons, so corners are smooth at any radius.
enum CoverageMask {
    static let subrows = 5

    /// A `width`×`height` a8 image holding the coverage of `rect` (pixels, may be
    /// fractional) with `radii` (pixels).
    static func roundedRect(width: Int32, height: Int32, rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                            radii input: CornerRadii) -> OpaquePointer {
        let image = pixman_image_create_bits(formatA8, width, height, nil, 0)!
        fill(image, rect: rect, radii: input)
        return image
    }

    /// Writes the coverage into an existing a8 image (zeroed beforehand by the caller).
    static func fill(_ image: OpaquePointer, rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                     radii input: CornerRadii) {
        let width = Int(pixman_image_get_width(image))
        let height = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        let bits = UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self)
        let w = rect.x1 - rect.x0, h = rect.y1 - rect.y0
        guard w > 0, h > 0, width > 0 else { return }
        let r = input.fitted(width: w, height: h)

        // Coverage accumulators: `partial` for the fractional ends of spans, `delta` a
        // difference array for full pixels between them.
        var partial = [Float](repeating: 0, count: width + 1)
        var delta = [Float](repeating: 0, count: width + 2)
        var spans = [(Double, Double)](repeating: (0, 0), count: subrows)
        var previousSpans: [(Double, Double)] = []
        let weight = Float(1) / Float(subrows)
        let firstRow = max(0, Int(rect.y0.rounded(.down)))
        let lastRow = min(height, Int(rect.y1.rounded(.up)))

        for row in firstRow..<lastRow {
            for s in 0..<subrows {
                let y = Double(row) + (Double(s) + 0.5) / Double(subrows)
                spans[s] = span(at: y, rect: rect, radii: r)
            }
            let dest = bits + row * stride
            if row > firstRow, spans.elementsEqual(previousSpans, by: { $0 == $1 }) {
                (dest).update(from: dest - stride, count: width)
                continue
            }
            previousSpans = spans
            var minX = width, maxX = 0
            for (left, right) in spans where right > left {
                let l = max(0, left), rr = min(Double(width), right)
                guard rr > l else { continue }
                let li = Int(l), ri = Int(rr)
                minX = min(minX, li)
                maxX = max(maxX, min(width, ri + 1))
                if li == ri {
                    partial[li] += Float(rr - l) * weight
                    continue
                }
                partial[li] += Float(Double(li + 1) - l) * weight
                if ri < width { partial[ri] += Float(rr - Double(ri)) * weight }
                // Full pixels li+1 ..< ri.
                delta[li + 1] += weight
                delta[ri] -= weight
            }
            // Only columns the spans touched; the accumulators are zeroed behind the cursor
            // so the next row starts clean without a full clear.
            var running: Float = 0
            if minX < maxX {
                for x in minX..<maxX {
                    running += delta[x]
                    delta[x] = 0
                    let c = min(1, running + partial[x])
                    partial[x] = 0
                    dest[x] = UInt8(c * 255 + 0.5)
                }
                delta[maxX] = 0
                delta[maxX + 1] = 0
            }
        }
    }

    /// The horizontal extent of the shape at height `y` (pixels), empty when outside.
    @inline(__always)
    static func span(at y: Double, rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                     radii r: CornerRadii) -> (Double, Double) {
        guard y >= rect.y0, y < rect.y1 else { return (0, 0) }
        var left = rect.x0, right = rect.x1
        let top = y - rect.y0, bottom = rect.y1 - y
        if top < r.topLeft { left = rect.x0 + r.topLeft - circle(r.topLeft, r.topLeft - top) }
        else if bottom < r.bottomLeft { left = rect.x0 + r.bottomLeft - circle(r.bottomLeft, r.bottomLeft - bottom) }
        if top < r.topRight { right = rect.x1 - r.topRight + circle(r.topRight, r.topRight - top) }
        else if bottom < r.bottomRight { right = rect.x1 - r.bottomRight + circle(r.bottomRight, r.bottomRight - bottom) }
        return (left, right)
    }

    @inline(__always)
    private static func circle(_ radius: Double, _ dy: Double) -> Double {
        (max(0, radius * radius - dy * dy)).squareRoot()
    }
}

/// Box blur of an a8 image in place: three horizontal and three vertical passes of a
/// running-sum box approximate a Gaussian (pixman's convolution filter is far slower).
enum BoxBlur {
    /// Box widths for three passes approximating a Gaussian of standard deviation `sigma`.
    static func boxes(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - n * Double(lower * lower) - 4 * n * Double(lower) - 3 * n) /
                 (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? max(1, lower) : max(1, upper) }
    }

    static func blur(_ image: OpaquePointer, sigma: Double) {
        let width = Int(pixman_image_get_width(image))
        let height = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        let bits = UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self)
        let sizes = boxes(sigma: sigma)
        guard !sizes.isEmpty, width > 0, height > 0 else { return }
        var line = [UInt8](repeating: 0, count: max(width, height))
        for size in sizes where size > 1 {
            let radius = size / 2
            for y in 0..<height { pass(bits + y * stride, step: 1, count: width, radius: radius, scratch: &line) }
            for x in 0..<width { pass(bits + x, step: stride, count: height, radius: radius, scratch: &line) }
        }
    }

    /// One box pass along a line of `count` samples `step` bytes apart.
    @inline(__always)
    private static func pass(_ base: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int,
                             scratch: inout [UInt8]) {
        let window = 2 * radius + 1
        scratch.withUnsafeMutableBufferPointer { copy in
            for i in 0..<count { copy[i] = base[i * step] }
            var sum = 0
            for i in 0...min(radius, count - 1) { sum += Int(copy[i]) }
            for i in 0..<count {
                base[i * step] = UInt8(sum / window)
                let add = i + radius + 1, remove = i - radius
                if add < count { sum += Int(copy[add]) }
                if remove >= 0 { sum -= Int(copy[remove]) }
            }
        }
    }
}
