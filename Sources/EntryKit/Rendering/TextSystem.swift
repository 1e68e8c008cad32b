import CFcft
import CPixman

/// fcft is initialised once per process, before the first font, with a filter for
/// scaled bitmap glyphs (emoji).
private let fcftInitialised: Bool = {
    _ = fcft_init(FCFT_LOG_COLORIZE_NEVER, false, FCFT_LOG_CLASS_ERROR)
    _ = fcft_set_scaling_filter(FCFT_SCALING_FILTER_LANCZOS3)
    return true
}()

/// One glyph placed on a line: its pen position in pixels from the line's start.
struct PlacedGlyph {
    let glyph: UnsafePointer<fcft_glyph>
    let x: Int32
}

/// A word shaped once and kept: fcft shaping costs ~0.2 ms a run.
final class ShapedRun {
    let glyphs: [PlacedGlyph]
    let width: Int32
    private let run: UnsafeMutablePointer<fcft_text_run>?

    init(glyphs: [PlacedGlyph], width: Int32, run: UnsafeMutablePointer<fcft_text_run>?) {
        self.glyphs = glyphs
        self.width = width
        self.run = run
    }

    deinit { if let run { fcft_text_run_destroy(run) } }
}

/// Lines of placed glyphs, in buffer pixels.
struct TextLayout {
    struct Line {
        var glyphs: [PlacedGlyph] = []
        var width: Int32 = 0
    }

    var lines: [Line]
    let lineHeight: Int32
    let ascent: Int32
    /// Kept alive while the layout is drawn.
    let runs: [ShapedRun]

    var width: Int32 { lines.map(\.width).max() ?? 0 }
    var height: Int32 { Int32(lines.count) * lineHeight }
}

/// Fonts and shaped runs, cached. Lives on the thread that renders.
final class TextSystem {
    final class LoadedFont {
        let font: UnsafeMutablePointer<fcft_font>
        let ellipsis: UnsafePointer<fcft_glyph>?
        let space: Int32
        init(_ font: UnsafeMutablePointer<fcft_font>) {
            self.font = font
            ellipsis = fcft_rasterize_char_utf32(font, 0x2026, FCFT_SUBPIXEL_NONE)
            space = fcft_rasterize_char_utf32(font, 0x20, FCFT_SUBPIXEL_NONE).map { Int32($0.pointee.advance.x) } ?? 0
        }
        deinit { fcft_destroy(font) }
    }

    private struct RunKey: Hashable {
        let pattern: String
        let text: String
    }

    private var fonts: [String: LoadedFont] = [:]
    private var runs: [RunKey: ShapedRun] = [:]
    private var warnedFamilies: Set<String> = []
    private let canShapeRuns: Bool
    static let runCacheLimit = 4096

    /// Receives warnings (a missing font family).
    var onWarning: ((String) -> Void)?

    init() {
        _ = fcftInitialised
        canShapeRuns = fcft_capabilities().rawValue & FCFT_CAPABILITY_TEXT_RUN_SHAPING.rawValue != 0
    }

    func font(_ font: Font, scale: Double) -> LoadedFont? {
        let pattern = font.pattern(scale: scale)
        if let cached = fonts[pattern] { return cached }
        var loaded: UnsafeMutablePointer<fcft_font>? = pattern.withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return fcft_from_name(1, &names, nil)
        }
        if loaded == nil {
            warn(font.family, "fontconfig has no font for \"\(font.family)\"; using sans-serif")
            loaded = Font(family: "sans-serif", size: font.size, weight: font.weight).pattern(scale: scale).withCString { name in
                var names: [UnsafePointer<CChar>?] = [name]
                return fcft_from_name(1, &names, nil)
            }
        } else if let name = loaded?.pointee.name.map({ String(cString: $0) }),
                  !Font.genericFamilies.contains(font.family.lowercased()),
                  !name.lowercased().contains(font.family.lowercased()) {
            warn(font.family, "font family \"\(font.family)\" is not installed; fontconfig chose \"\(name)\" instead")
        }
        guard let loaded else { return nil }
        let result = LoadedFont(loaded)
        fonts[pattern] = result
        return result
    }

    private func warn(_ family: String, _ message: String) {
        guard warnedFamilies.insert(family).inserted else { return }
        onWarning?(message)
    }

    /// A word's glyphs, shaped (kerning, ligatures) when fcft can, cached.
    private func shaped(_ text: Substring, font: LoadedFont, pattern: String) -> ShapedRun {
        let key = RunKey(pattern: pattern, text: String(text))
        if let run = runs[key] { return run }
        let scalars = text.unicodeScalars.map(\.value)
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(scalars.count)
        var pen: Int32 = 0
        var textRun: UnsafeMutablePointer<fcft_text_run>?
        if canShapeRuns, !scalars.isEmpty {
            textRun = scalars.withUnsafeBufferPointer {
                fcft_rasterize_text_run_utf32(font.font, $0.count, $0.baseAddress!, FCFT_SUBPIXEL_NONE)
            }
        }
        if let textRun {
            for i in 0..<textRun.pointee.count {
                guard let glyph = textRun.pointee.glyphs[i] else { continue }
                placed.append(PlacedGlyph(glyph: glyph, x: pen))
                pen += Int32(glyph.pointee.advance.x)
            }
        } else {
            var previous: UInt32?
            for scalar in scalars {
                guard let glyph = fcft_rasterize_char_utf32(font.font, scalar, FCFT_SUBPIXEL_NONE) else { continue }
                if let previous {
                    var kx = 0, ky = 0
                    if fcft_kerning(font.font, previous, scalar, &kx, &ky) { pen += Int32(kx) }
                }
                placed.append(PlacedGlyph(glyph: glyph, x: pen))
                pen += Int32(glyph.pointee.advance.x)
                previous = scalar
            }
        }
        let run = ShapedRun(glyphs: placed, width: pen, run: textRun)
        runs[key] = run
        return run
    }

    /// Breaks `text` into lines no wider than `maxWidth` pixels (nil: no limit), at most
    /// `maxLines` (0: no limit), the last one ending in an ellipsis when text is cut.
    func layout(_ text: String, font request: Font, scale: Double, maxWidth: Int32?, maxLines: Int) -> TextLayout? {
        guard let font = font(request, scale: scale) else { return nil }
        if runs.count > Self.runCacheLimit { runs.removeAll() }   // layouts in flight hold their runs
        let pattern = request.pattern(scale: scale)
        let limit = maxWidth ?? Int32.max
        var lines: [TextLayout.Line] = []
        var used: [ShapedRun] = []

        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = TextLayout.Line()
            for word in paragraph.split(separator: " ") {
                let run = shaped(word, font: font, pattern: pattern)
                used.append(run)
                let gap = line.glyphs.isEmpty ? 0 : font.space
                if line.width + gap + run.width <= limit {
                    append(run.glyphs, to: &line, at: line.width + gap)
                    line.width += gap + run.width
                    continue
                }
                if !line.glyphs.isEmpty {
                    lines.append(line)
                    line = TextLayout.Line()
                    if maxLines > 0 && lines.count > maxLines { break paragraphs }
                }
                if run.width <= limit {
                    append(run.glyphs, to: &line, at: 0)
                    line.width = run.width
                    continue
                }
                // A word wider than the line: break it between glyphs.
                for placed in run.glyphs {
                    let advance = Int32(placed.glyph.pointee.advance.x)
                    if line.width + advance > limit && !line.glyphs.isEmpty {
                        lines.append(line)
                        line = TextLayout.Line()
                    }
                    line.glyphs.append(PlacedGlyph(glyph: placed.glyph, x: line.width))
                    line.width += advance
                }
            }
            lines.append(line)
            if maxLines > 0 && lines.count > maxLines { break }
        }

        if maxLines > 0 && lines.count > maxLines {
            lines.removeSubrange(maxLines...)
            ellipsize(&lines[maxLines - 1], font: font, limit: limit)
        }
        for i in lines.indices { keepInkInside(&lines[i]) }
        return TextLayout(lines: lines, lineHeight: Int32(font.font.pointee.height),
                          ascent: Int32(font.font.pointee.ascent), runs: used)
    }

    /// A first glyph with a negative left bearing (j, f in some fonts) would ink left of
    /// the text's box: start the line that much later, and count it in its width.
    private func keepInkInside(_ line: inout TextLayout.Line) {
        guard let first = line.glyphs.first, first.glyph.pointee.x < 0 else { return }
        let lead = -Int32(first.glyph.pointee.x)
        line.glyphs = line.glyphs.map { PlacedGlyph(glyph: $0.glyph, x: $0.x + lead) }
        line.width += lead
    }

    private func append(_ glyphs: [PlacedGlyph], to line: inout TextLayout.Line, at x: Int32) {
        for g in glyphs { line.glyphs.append(PlacedGlyph(glyph: g.glyph, x: x + g.x)) }
    }

    private func ellipsize(_ line: inout TextLayout.Line, font: LoadedFont, limit: Int32) {
        guard let ellipsis = font.ellipsis else { return }
        let width = Int32(ellipsis.pointee.advance.x)
        while let last = line.glyphs.last,
              last.x + Int32(last.glyph.pointee.advance.x) + width > limit || last.glyph.pointee.cp == 0x20 {
            line.glyphs.removeLast()
        }
        let end = line.glyphs.last.map { $0.x + Int32($0.glyph.pointee.advance.x) } ?? 0
        line.glyphs.append(PlacedGlyph(glyph: ellipsis, x: end))
        line.width = end + width
    }
}
