import CFcft
import CPixman

/// An entry's card drawn once — shadow, background, content, border — ready to be
/// composited every frame.
final class CardImage {
    let image: OpaquePointer
    /// Pixels of shadow to the left of and above the card inside `image`.
    let marginLeft: Int32
    let marginTop: Int32
    let scale: Int32
    let cardSize: Size

    init(image: OpaquePointer, marginLeft: Int32, marginTop: Int32, scale: Int32, cardSize: Size) {
        self.image = image
        self.marginLeft = marginLeft
        self.marginTop = marginTop
        self.scale = scale
        self.cardSize = cardSize
    }

    deinit { pixman_image_unref(image) }

    var width: Int32 { pixman_image_get_width(image) }
    var height: Int32 { pixman_image_get_height(image) }
}

enum CardRenderer {
    static func render(content: EntryContent, attributes: EntryAttributes, cardSize: Size, scale: Int32,
                       context: RenderContext) -> CardImage {
        let s = Double(scale)
        let extent = attributes.shadow.extent
        let left = Int32((extent.left * s).rounded(.up)), top = Int32((extent.top * s).rounded(.up))
        let right = Int32((extent.right * s).rounded(.up)), bottom = Int32((extent.bottom * s).rounded(.up))
        let width = Int32((cardSize.width * s).rounded()) + left + right
        let height = Int32((cardSize.height * s).rounded()) + top + bottom
        let image = pixman_image_create_bits(formatARGB32, max(1, width), max(1, height), nil, 0)!
        let mode = attributes.displayMode.resolved
        let canvas = Canvas(image: image, environment: ContentEnvironment(scale: s, displayMode: mode, context: context))
        let card = Rect(x: Double(left) / s, y: Double(top) / s, width: cardSize.width, height: cardSize.height)
        let radii = attributes.roundCorners.radii

        if let shadow = attributes.shadow.value {
            canvas.shadow(of: card, radii: radii, color: shadow.color.color(for: mode), opacity: shadow.opacity,
                          radius: shadow.radius, offset: shadow.offset)
        }
        // One coverage mask of the card serves the background, the shadow cut-out and the
        // border's outer edge.
        let p = canvas.pixels(card)
        let pw = p.x1 - p.x0, ph = p.y1 - p.y0
        let pixelRadii = radii.scaled(by: s).fitted(width: pw, height: ph)
        let mask = pixelRadii == .zero ? nil
            : CoverageMask.roundedRect(width: Int32(pw), height: Int32(ph), rect: (0, 0, pw, ph), radii: pixelRadii)
        defer { if let mask { pixman_image_unref(mask) } }
        if let paint = attributes.entryBackground.paint(for: mode) {
            if let shadow = attributes.shadow.value, shadow.opacity > 0 {
                // The shadow belongs outside the card only: a translucent background must not
                // show it through, as a layer's shadow on iOS does not.
                clear(p, mask: mask, canvas: canvas)
            }
            canvas.fill(card, paint: paint, mask: mask)
        }
        content.draw(in: canvas, rect: card)
        if case .value(let color, let borderWidth) = attributes.border, borderWidth > 0 {
            let outer = pixman_image_create_bits(formatA8, Int32(pw), Int32(ph), nil, 0)!
            if let mask {
                pixman_image_composite32(PIXMAN_OP_SRC, mask, nil, outer, 0, 0, 0, 0, 0, 0, Int32(pw), Int32(ph))
            } else {
                fill(outer, PixelRect(x: 0, y: 0, width: Int32(pw), height: Int32(ph)),
                     pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xffff))
            }
            canvas.strokeRing(p, outer: outer, line: borderWidth * s, radii: pixelRadii, color: color.color(for: mode))
            pixman_image_unref(outer)
        }
        return CardImage(image: image, marginLeft: left, marginTop: top, scale: scale, cardSize: cardSize)
    }

    private static func clear(_ p: (x0: Double, y0: Double, x1: Double, y1: Double), mask: OpaquePointer?, canvas: Canvas) {
        let w = Int32(p.x1 - p.x0), h = Int32(p.y1 - p.y0)
        guard w > 0, h > 0 else { return }
        var c = Color.black.pixman
        let solid = pixman_image_create_solid_fill(&c)
        pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, solid, mask, canvas.image, 0, 0, 0, 0,
                                 Int32(p.x0), Int32(p.y0), w, h)
        pixman_image_unref(solid)
    }
}
