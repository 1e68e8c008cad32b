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
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, max(1, width), max(1, height), nil, 0)!
        let mode = attributes.displayMode.resolved
        let canvas = Canvas(image: image, environment: ContentEnvironment(scale: s, displayMode: mode, context: context))
        let card = Rect(x: Double(left) / s, y: Double(top) / s, width: cardSize.width, height: cardSize.height)
        let radii = attributes.roundCorners.radii

        if let shadow = attributes.shadow.value {
            canvas.shadow(of: card, radii: radii, color: shadow.color.color(for: mode), opacity: shadow.opacity,
                          radius: shadow.radius, offset: shadow.offset)
        }
        if let paint = attributes.entryBackground.paint(for: mode) {
            if let shadow = attributes.shadow.value, shadow.opacity > 0 {
                // The shadow belongs outside the card only: a translucent background must not
                // show it through, as a layer's shadow on iOS does not.
                clear(card, radii: radii, canvas: canvas)
            }
            canvas.fill(card, paint: paint, radii: radii)
        }
        content.draw(in: canvas, rect: card)
        if case .value(let color, let borderWidth) = attributes.border {
            canvas.stroke(card, color: color.color(for: mode), width: borderWidth, radii: radii)
        }
        return CardImage(image: image, marginLeft: left, marginTop: top, scale: scale, cardSize: cardSize)
    }

    private static func clear(_ rect: Rect, radii: CornerRadii, canvas: Canvas) {
        let p = canvas.pixels(rect)
        let w = Int32(p.x1 - p.x0), h = Int32(p.y1 - p.y0)
        guard w > 0, h > 0 else { return }
        let mask = CoverageMask.roundedRect(width: w, height: h, rect: (0, 0, Double(w), Double(h)),
                                            radii: radii.scaled(by: canvas.scale))
        var c = Color.black.pixman
        let solid = pixman_image_create_solid_fill(&c)
        pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, solid, mask, canvas.image, 0, 0, 0, 0,
                                 Int32(p.x0), Int32(p.y0), w, h)
        pixman_image_unref(solid)
        pixman_image_unref(mask)
    }
}
