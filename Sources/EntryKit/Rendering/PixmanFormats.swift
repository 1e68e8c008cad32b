import CFcft
import CPixman

/// Premultiplied 32-bit ARGB: every buffer and card.
let formatARGB32 = ek_pixman_a8r8g8b8()
/// 8-bit alpha: coverage masks and shadows.
let formatA8 = ek_pixman_a8()
