import CFcft
import CPixman

/// Premultiplied 32-bit ARGB: every buffer and card.
let formatARGB32 = ek_pixman_a8r8g8b8()
/// 8-bit alpha: coverage masks and shadows.
let formatA8 = ek_pixman_a8()

/// Fills `rect` of `image` with a premultiplied colour (SRC), clipped to the image.
/// pixman's fill takes its fast path without clipping to the image when no clip region
/// is set, so an unclipped rectangle would write past the pixels: always come here.
func fill(_ image: OpaquePointer, _ rect: PixelRect, _ color: pixman_color_t) {
    let r = rect.clipped(width: pixman_image_get_width(image), height: pixman_image_get_height(image))
    guard !r.isEmpty else { return }
    var c = color
    var box = pixman_rectangle16_t(x: Int16(clamping: r.x), y: Int16(clamping: r.y),
                                   width: UInt16(clamping: r.width), height: UInt16(clamping: r.height))
    pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &c, 1, &box)
}

/// Transparent black.
let clearColor = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
