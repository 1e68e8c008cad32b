import CFcft
import CPixman
@testable import EntryKit

/// An ARGB (premultiplied) image to draw into and read pixels from.
final class TestImage {
    let image: OpaquePointer
    let width: Int32, height: Int32
    init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
        image = pixman_image_create_bits(ek_pixman_a8r8g8b8(), width, height, nil, 0)!
    }
    init(adopting image: OpaquePointer) {
        self.image = image
        pixman_image_ref(image)
        width = pixman_image_get_width(image)
        height = pixman_image_get_height(image)
    }
    deinit { pixman_image_unref(image) }

    func pixel(_ x: Int32, _ y: Int32) -> (a: Int, r: Int, g: Int, b: Int) {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let stride = Int(pixman_image_get_stride(image)) / 4
        let p = pixman_image_get_data(image)![Int(y) * stride + Int(x)]
        return (Int(p >> 24), Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff))
    }

    func alpha(_ x: Int32, _ y: Int32) -> Int { pixel(x, y).a }

    func canvas(scale: Double = 1, mode: ResolvedDisplayMode = .light) -> Canvas {
        Canvas(image: image, environment: ContentEnvironment(scale: scale, displayMode: mode, context: sharedContext))
    }

    /// Bounding box of pixels with any alpha, or nil when empty.
    func inkBounds() -> (x0: Int32, y0: Int32, x1: Int32, y1: Int32)? {
        var box: (Int32, Int32, Int32, Int32)?
        for y in 0..<height { for x in 0..<width where alpha(x, y) > 0 {
            if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) } else { box = (x, y, x, y) }
        } }
        return box
    }
}

/// A fresh render context: caches are not thread-safe and tests run in parallel.
var sharedContext: RenderContext { RenderContext() }

func close(_ a: Int, _ b: Int, _ tolerance: Int = 3) -> Bool { abs(a - b) <= tolerance }
