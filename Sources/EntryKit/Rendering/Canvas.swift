import CFcft
import CPixman

/// Caches shared by every render on one thread: fonts and shaped runs, blurred shadows.
final class RenderContext {
    let text = TextSystem()
    let shadows = ShadowCache()
}

/// What content needs to measure itself and draw: the scale and display mode it renders for.
public struct ContentEnvironment {
    public let scale: Double
    public let displayMode: ResolvedDisplayMode
    let context: RenderContext

    init(scale: Double, displayMode: ResolvedDisplayMode, context: RenderContext) {
        self.scale = scale
        self.displayMode = displayMode
        self.context = context
    }

    /// Size of `label` laid out at most `width` points wide (nil: on as few lines as it
    /// has paragraphs), in points.
    public func measure(_ label: LabelContent, width: Double?) -> Size {
        guard !label.text.isEmpty,
              let layout = context.text.layout(label.text, font: label.style.font, scale: scale,
                                               maxWidth: width.map { Int32(($0 * scale).rounded(.down)) },
                                               maxLines: label.style.numberOfLines)
        else { return .zero }
        return Size(width: Double(layout.width) / scale, height: Double(layout.height) / scale)
    }
}

/// Drawing over a pixman image, in logical points: every call multiplies by `scale`
/// and snaps rectangles to whole pixels so edges stay crisp.
public final class Canvas {
    let image: OpaquePointer
    public let environment: ContentEnvironment
    public var scale: Double { environment.scale }
    public var pixelWidth: Int32 { pixman_image_get_width(image) }
    public var pixelHeight: Int32 { pixman_image_get_height(image) }

    init(image: OpaquePointer, environment: ContentEnvironment) {
        self.image = image
        self.environment = environment
        pixman_image_ref(image)
    }

    deinit { pixman_image_unref(image) }

    func pixels(_ rect: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        ((rect.x * scale).rounded(), (rect.y * scale).rounded(), (rect.maxX * scale).rounded(), (rect.maxY * scale).rounded())
    }

    /// Fills `rect` with `paint`, corners rounded by `radii`, anti-aliased.
    public func fill(_ rect: Rect, paint: Paint, radii: CornerRadii = .zero) {
        let p = pixels(rect)
        let w = p.x1 - p.x0, h = p.y1 - p.y0
        guard w > 0, h > 0 else { return }
        let r = radii.scaled(by: scale)
        let mask = r == .zero ? nil : CoverageMask.roundedRect(width: Int32(w), height: Int32(h), rect: (0, 0, w, h), radii: r)
        defer { if let mask { pixman_image_unref(mask) } }
        fill(rect, paint: paint, mask: mask)
    }

    /// Fills `rect` through a coverage mask of its pixel size (nil: the whole rectangle).
    func fill(_ rect: Rect, paint: Paint, mask: OpaquePointer?) {
        let p = pixels(rect)
        let w = p.x1 - p.x0, h = p.y1 - p.y0
        guard w > 0, h > 0 else { return }
        let source = paint.sourceImage(width: w, height: h)
        defer { pixman_image_unref(source) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask, image, 0, 0, 0, 0,
                                 Int32(p.x0), Int32(p.y0), Int32(w), Int32(h))
    }

    /// A border of `width` points drawn inside `rect`'s edge, following its corners.
    public func stroke(_ rect: Rect, color: Color, width: Double, radii: CornerRadii = .zero) {
        let p = pixels(rect)
        let w = p.x1 - p.x0, h = p.y1 - p.y0
        let line = width * scale
        guard w > 0, h > 0, line > 0 else { return }
        let r = radii.scaled(by: scale).fitted(width: w, height: h)
        let outer = CoverageMask.roundedRect(width: Int32(w), height: Int32(h), rect: (0, 0, w, h), radii: r)
        defer { pixman_image_unref(outer) }
        strokeRing(p, outer: outer, line: line, radii: r, color: color)
    }

    /// Turns `outer` (the shape's coverage, consumed) into the ring `line` pixels wide
    /// inside its edge and paints it.
    func strokeRing(_ p: (x0: Double, y0: Double, x1: Double, y1: Double), outer: OpaquePointer, line: Double,
                    radii r: CornerRadii, color: Color) {
        let w = p.x1 - p.x0, h = p.y1 - p.y0
        if line * 2 < min(w, h) {
            let inner = CoverageMask.roundedRect(width: Int32(w), height: Int32(h),
                                                 rect: (line, line, w - line, h - line), radii: r.inset(by: line))
            // outer × (1 − inner): keep only the ring.
            pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, inner, nil, outer, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
            pixman_image_unref(inner)
        }
        var c = color.pixman
        let source = pixman_image_create_solid_fill(&c)
        defer { pixman_image_unref(source) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, outer, image, 0, 0, 0, 0,
                                 Int32(p.x0), Int32(p.y0), Int32(w), Int32(h))
    }

    /// A soft drop shadow of the rounded `rect`: `radius` is the blur (about twice the
    /// Gaussian's standard deviation, as Core Animation's shadowRadius), `offset` moves it.
    public func shadow(of rect: Rect, radii: CornerRadii, color: Color, opacity: Double, radius: Double, offset: Point) {
        let p = pixels(rect)
        let w = p.x1 - p.x0, h = p.y1 - p.y0
        guard w > 0, h > 0, opacity > 0 else { return }
        let sigma = radius * scale / 2
        let shadow = environment.context.shadows.mask(width: Int32(w), height: Int32(h),
                                                       radii: radii.scaled(by: scale), sigma: sigma)
        var c = color.withAlpha(color.alpha * min(1, opacity)).pixman
        let source = pixman_image_create_solid_fill(&c)
        defer { pixman_image_unref(source) }
        let x = Int32(p.x0 + (offset.x * scale).rounded()) - shadow.margin
        let y = Int32(p.y0 + (offset.y * scale).rounded()) - shadow.margin
        pixman_image_composite32(PIXMAN_OP_OVER, source, shadow.image, image, 0, 0, 0, 0, x, y,
                                 pixman_image_get_width(shadow.image), pixman_image_get_height(shadow.image))
    }

    /// Draws `label` wrapped to `rect`'s width, aligned per its style, top-aligned.
    public func draw(_ label: LabelContent, in rect: Rect) {
        guard !label.text.isEmpty else { return }
        let p = pixels(rect)
        let maxWidth = Int32(p.x1 - p.x0)
        guard let layout = environment.context.text.layout(label.text, font: label.style.font, scale: scale,
                                                           maxWidth: maxWidth, maxLines: label.style.numberOfLines)
        else { return }
        var c = label.style.color.color(for: environment.displayMode).pixman
        let ink = pixman_image_create_solid_fill(&c)
        defer { pixman_image_unref(ink) }
        for (index, line) in layout.lines.enumerated() {
            let free = maxWidth - line.width
            let start: Int32
            switch label.style.alignment {
            case .left: start = 0
            case .center: start = free / 2
            case .right: start = free
            }
            let baseline = Int32(p.y0) + Int32(index) * layout.lineHeight + layout.ascent
            for placed in line.glyphs {
                let g = placed.glyph.pointee
                guard let pix = g.pix, g.width > 0, g.height > 0 else { continue }
                let x = Int32(p.x0) + start + placed.x + Int32(g.x)
                let y = baseline - Int32(g.y)
                if pixman_image_get_format(pix) == formatARGB32 {   // colour glyph (emoji)
                    pixman_image_composite32(PIXMAN_OP_OVER, pix, nil, image, 0, 0, 0, 0, x, y, Int32(g.width), Int32(g.height))
                } else {
                    pixman_image_composite32(PIXMAN_OP_OVER, ink, pix, image, 0, 0, 0, 0, x, y, Int32(g.width), Int32(g.height))
                }
            }
        }
    }

    /// Draws `image` scaled to fill `rect`.
    public func draw(_ image: Image, in rect: Rect) {
        let p = pixels(rect)
        let w = Int32(p.x1 - p.x0), h = Int32(p.y1 - p.y0)
        guard w > 0, h > 0 else { return }
        let scaled = image.scaled(width: w, height: h)
        pixman_image_composite32(PIXMAN_OP_OVER, scaled, nil, self.image, 0, 0, 0, 0, Int32(p.x0), Int32(p.y0), w, h)
    }
}

/// Blurred shadow masks by geometry: a card re-rendered at the same size reuses its shadow.
final class ShadowCache {
    struct Key: Hashable {
        let width, height: Int32
        let radii: [Double]
        let sigma: Double
    }
    final class Entry {
        let image: OpaquePointer
        let margin: Int32
        init(image: OpaquePointer, margin: Int32) {
            self.image = image
            self.margin = margin
        }
        deinit { pixman_image_unref(image) }
    }

    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    static let limit = 16

    static func margin(sigma: Double) -> Int32 { Int32((sigma * 3).rounded(.up)) }

    func mask(width: Int32, height: Int32, radii: CornerRadii, sigma: Double) -> Entry {
        let key = Key(width: width, height: height,
                      radii: [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft], sigma: sigma)
        if let entry = entries[key] { return entry }
        let m = Self.margin(sigma: sigma)
        let image = CoverageMask.roundedRect(width: width + 2 * m, height: height + 2 * m,
                                             rect: (Double(m), Double(m), Double(m + width), Double(m + height)),
                                             radii: radii)
        BoxBlur.blur(image, sigma: sigma)
        let entry = Entry(image: image, margin: m)
        entries[key] = entry
        order.append(key)
        if order.count > Self.limit { entries[order.removeFirst()] = nil }
        return entry
    }
}
