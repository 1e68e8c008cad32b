import CFcft
import CPixman
import Testing
@testable import EntryKit

@Suite struct CanvasTests {
    @Test func roundedRectIsTransparentOutsideCornersAndOpaqueInside() {
        let t = TestImage(width: 100, height: 60)
        t.canvas().fill(Rect(x: 0, y: 0, width: 100, height: 60), paint: .color(.white), radii: CornerRadii(all: 20))
        for (x, y) in [(0, 0), (99, 0), (0, 59), (99, 59), (3, 3), (96, 56)] {
            #expect(t.alpha(Int32(x), Int32(y)) == 0, "corner pixel (\(x), \(y)) must be transparent")
        }
        for (x, y) in [(50, 30), (20, 20), (80, 40), (50, 0), (0, 30), (99, 30), (50, 59)] {
            #expect(t.alpha(Int32(x), Int32(y)) == 255, "pixel (\(x), \(y)) must be opaque")
        }
        // Anti-aliased: along the 45° diagonal of the top-left corner, the boundary pixel is partial.
        let partial = (0..<20).map { t.alpha(Int32($0), Int32($0)) }.filter { $0 > 0 && $0 < 255 }
        #expect(!partial.isEmpty, "the corner edge must have partially covered pixels")
    }

    @Test func perCornerRadii() {
        let t = TestImage(width: 80, height: 80)
        t.canvas().fill(Rect(x: 0, y: 0, width: 80, height: 80), paint: .color(.black),
                        radii: CornerRadii(topLeft: 30, topRight: 0, bottomRight: 10, bottomLeft: 0))
        #expect(t.alpha(2, 2) == 0)        // rounded top-left
        #expect(t.alpha(79, 0) == 255)     // square top-right
        #expect(t.alpha(0, 79) == 255)     // square bottom-left
        #expect(t.alpha(79, 79) == 0)      // rounded bottom-right
        #expect(t.alpha(76, 76) == 255 || t.alpha(76, 76) > 0)
    }

    @Test func borderColourOnTheEdgeAndFillInside() {
        let t = TestImage(width: 100, height: 60)
        let c = t.canvas()
        let rect = Rect(x: 0, y: 0, width: 100, height: 60)
        c.fill(rect, paint: .color(.white), radii: CornerRadii(all: 10))
        c.stroke(rect, color: Color(rgb: 0xff0000), width: 3, radii: CornerRadii(all: 10))
        let edge = t.pixel(50, 1)
        #expect(edge.a == 255 && edge.r == 255 && edge.g == 0 && edge.b == 0, "edge pixel is the border colour: \(edge)")
        let left = t.pixel(1, 30)
        #expect(left.r == 255 && left.g == 0)
        let inside = t.pixel(50, 30)
        #expect(inside.r == 255 && inside.g == 255 && inside.b == 255, "inside stays the fill: \(inside)")
        let justInside = t.pixel(50, 4)
        #expect(justInside.g == 255, "the border is 3 px wide: \(justInside)")
        #expect(t.alpha(0, 0) == 0, "the border follows the rounded corner")
    }

    @Test func gradientEndColours() {
        let t = TestImage(width: 200, height: 20)
        t.canvas().fill(Rect(x: 0, y: 0, width: 200, height: 20),
                        paint: .linearGradient(colors: [Color(rgb: 0xff0000), Color(rgb: 0x0000ff)], locations: nil,
                                               start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5)))
        let left = t.pixel(0, 10), right = t.pixel(199, 10), mid = t.pixel(100, 10)
        #expect(left.r > 250 && left.b < 5, "left end is red: \(left)")
        #expect(right.b > 250 && right.r < 5, "right end is blue: \(right)")
        #expect(close(mid.r, 127, 4) && close(mid.b, 127, 4), "middle is half way: \(mid)")
    }

    @Test func gradientStopsAtLocationsAndDiagonal() {
        let t = TestImage(width: 100, height: 100)
        t.canvas().fill(Rect(x: 0, y: 0, width: 100, height: 100),
                        paint: .linearGradient(colors: [Color(rgb: 0xff0000), Color(rgb: 0x00ff00), Color(rgb: 0x0000ff)],
                                               locations: [0, 0.25, 1], start: .zero, end: Point(x: 1, y: 1)))
        let quarter = t.pixel(25, 25), corner = t.pixel(99, 99), start = t.pixel(0, 0)
        #expect(quarter.g > 240 && quarter.r < 15, "the middle stop sits at 25 % of the diagonal: \(quarter)")
        #expect(corner.b > 245 && corner.g < 10, "ends blue: \(corner)")
        #expect(start.r > 245, "starts red: \(start)")
        #expect(t.pixel(80, 20) == t.pixel(20, 80) && t.pixel(80, 20) == t.pixel(50, 50),
                "colour is constant across the gradient's direction")
    }

    @Test func imageBackgroundCoversTheRectangleCentred() throws {
        let image = try Image(contentsOfPNG: try writeTestPNG())   // 64×64 green
        let t = TestImage(width: 120, height: 40)
        t.canvas().fill(Rect(x: 0, y: 0, width: 120, height: 40), paint: .image(image), radii: CornerRadii(all: 8))
        #expect(t.pixel(60, 20).g > 200 && t.pixel(60, 20).a == 255, "covered by the picture")
        #expect(t.pixel(2, 20).a == 255 && t.pixel(117, 20).a == 255, "wider than the picture's aspect: still covered edge to edge")
        #expect(t.alpha(0, 0) == 0, "clipped to the rounded corners")
    }

    @Test func visualEffectIsATranslucentTint() {
        let style = EntryAttributes.BackgroundStyle.visualEffect(style: .standard)
        guard case .color(let light)? = style.paint(for: .light), case .color(let dark)? = style.paint(for: .dark) else {
            Issue.record("a visual effect paints a colour")
            return
        }
        #expect(light.alpha < 1 && dark.alpha < 1, "translucent")
        #expect(light.red > 0.9 && dark.red < 0.2, "light tint in light mode, dark in dark mode")
    }

    @Test func fillsAreClippedToTheImage() {
        let t = TestImage(width: 20, height: 10)
        let red = Color(rgb: 0xff0000).pixman
        fill(t.image, PixelRect(x: -5, y: 6, width: 100, height: 100), red)   // mostly outside
        #expect(t.alpha(0, 9) == 255 && t.alpha(19, 6) == 255, "the part inside is filled")
        #expect(t.alpha(0, 5) == 0, "nothing above the rectangle")
        fill(t.image, PixelRect(x: 30, y: 30, width: 5, height: 5), red)      // wholly outside: nothing, no crash
        #expect(t.alpha(10, 2) == 0)
    }

    @Test func shadowFallsOffAwayFromTheCard() {
        let t = TestImage(width: 200, height: 200)
        t.canvas().shadow(of: Rect(x: 50, y: 50, width: 100, height: 100), radii: .zero, color: .black,
                          opacity: 1, radius: 20, offset: .zero)
        let profile = stride(from: 50, through: 18, by: -4).map { t.alpha(Int32($0), 100) }
        for (a, b) in zip(profile, profile.dropFirst()) { #expect(a >= b, "alpha falls off outward: \(profile)") }
        #expect(profile.first! > 100, "near the edge the shadow is dense: \(profile)")
        #expect(t.alpha(100, 100) > 240, "under the card the shadow is solid")
        #expect(t.alpha(2, 100) == 0, "far away there is no shadow")
        #expect(t.alpha(50, 100) < 255 && t.alpha(40, 100) > 0, "the edge is soft")
    }

    @Test func shadowOffsetMovesIt() {
        let t = TestImage(width: 200, height: 200)
        t.canvas().shadow(of: Rect(x: 50, y: 50, width: 100, height: 100), radii: .zero, color: .black,
                          opacity: 0.5, radius: 4, offset: Point(x: 0, y: 20))
        #expect(t.alpha(100, 165) > 100, "the shadow extends below the card by the offset")
        #expect(t.alpha(100, 45) == 0, "and not above it")
        #expect(close(t.alpha(100, 100), 128, 2), "opacity 0.5 gives half alpha")
    }

    @Test func textInkStaysInsideItsBox() {
        let t = TestImage(width: 300, height: 120)
        let box = Rect(x: 20, y: 10, width: 160, height: 100)
        let label = LabelContent(text: "The quick brown fox jumps over the lazy dog again and again",
                                 style: LabelStyle(font: Font(size: 14), color: EntryColor(.black)))
        let c = t.canvas()
        c.draw(label, in: box)
        guard let ink = t.inkBounds() else {
            Issue.record("no text was drawn")
            return
        }
        #expect(ink.x0 >= 20 && ink.x1 < 180, "ink within the box horizontally: \(ink)")
        #expect(ink.y0 >= 10 && ink.y1 < 110, "ink within the box vertically: \(ink)")
        #expect(ink.y1 - ink.y0 > 30, "long text wraps onto several lines: \(ink)")
        let size = c.environment.measure(label, width: 160)
        #expect(size.width <= 160 && size.height >= Double(ink.y1 - ink.y0))
    }

    @Test func textAlignmentRight() {
        let t = TestImage(width: 300, height: 40)
        let label = LabelContent(text: "Hi", style: LabelStyle(font: Font(size: 16), alignment: .right))
        t.canvas().draw(label, in: Rect(x: 0, y: 0, width: 300, height: 40))
        let ink = t.inkBounds()!
        #expect(ink.x1 > 280 && ink.x0 > 250, "right-aligned text ends at the right edge: \(ink)")
    }

    @Test func maxLinesEndsInAnEllipsis() throws {
        let context = RenderContext()
        let text = String(repeating: "word ", count: 60)
        let layout = try #require(context.text.layout(text, font: Font(size: 14), scale: 1, maxWidth: 200, maxLines: 2))
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].glyphs.last?.glyph.pointee.cp == 0x2026, "the last line ends with …")
        #expect(layout.lines.allSatisfy { $0.width <= 200 })
        let unlimited = try #require(context.text.layout(text, font: Font(size: 14), scale: 1, maxWidth: 200, maxLines: 0))
        #expect(unlimited.lines.count > 2)
    }

    @Test func overlongWordBreaksBetweenGlyphs() throws {
        let context = RenderContext()
        let layout = try #require(context.text.layout(String(repeating: "x", count: 80), font: Font(size: 14),
                                                            scale: 1, maxWidth: 100, maxLines: 0))
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { $0.width <= 100 })
    }

    @Test func scaleTwoTextIsTwiceAsTall() throws {
        let context = RenderContext()
        let one = try #require(context.text.layout("Hello", font: Font(size: 14), scale: 1, maxWidth: nil, maxLines: 0))
        let two = try #require(context.text.layout("Hello", font: Font(size: 14), scale: 2, maxWidth: nil, maxLines: 0))
        #expect(close(Int(two.lineHeight), Int(one.lineHeight) * 2, 2))
        let ratio = Double(two.width) / Double(one.width)
        #expect(ratio > 1.8 && ratio < 2.2, "hinting rounds advances, but the run is about twice as wide: \(ratio)")
    }

    @Test func pngIconScaledToItsSize() throws {
        let path = try writeTestPNG()
        let image = try Image(contentsOfPNG: path)
        #expect(image.width == 64 && image.height == 64)
        let t = TestImage(width: 40, height: 40)
        t.canvas().draw(image, in: Rect(x: 4, y: 4, width: 32, height: 32))
        let ink = try #require(t.inkBounds())
        #expect(ink.x0 == 4 && ink.y0 == 4 && ink.x1 == 35 && ink.y1 == 35, "icon fills its 32×32 box: \(ink)")
        let p = t.pixel(20, 20)
        #expect(p.a == 255 && p.g > 200 && p.r < 40, "icon colour kept: \(p)")
    }

    @Test func unreadableIconIsAResourceError() {
        #expect(throws: EntryKitError.self) { try Image(contentsOfPNG: "/nonexistent/icon.png") }
        do {
            _ = try Image(contentsOfPNG: "/etc/hostname")
            Issue.record("a non-PNG file must not decode")
        } catch let error as EntryKitError {
            #expect(error.kind == .resource)
            #expect(error.message.contains("/etc/hostname"))
        } catch { Issue.record("unexpected \(error)") }
    }
}

/// A 64×64 opaque green PNG written with libpng through pixman-free bytes.
func writeTestPNG() throws -> String {
    let path = "/tmp/entrykit-test-icon.png"
    // Minimal PNG: IHDR + one IDAT (stored deflate) + IEND, built by hand.
    var raw: [UInt8] = []
    for _ in 0..<64 {
        raw.append(0)
        for _ in 0..<64 { raw += [0x20, 0xe0, 0x40] }
    }
    func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffffffff
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xedb88320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xffffffff
    }
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(crc(body))
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    while offset < raw.count {
        let n = min(65535, raw.count - offset)
        let last: UInt8 = offset + n == raw.count ? 1 : 0
        zlib += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
        zlib += raw[offset..<offset + n]
        offset += n
    }
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    zlib += be(b << 16 | a)
    let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        + chunk("IHDR", be(64) + be(64) + [8, 2, 0, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
    let file = fopen(path, "wb")!
    _ = png.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    return path
}

import Glibc

@Suite struct FontFallbackTests {
    @Test func unknownFamilyFallsBackWithAWarning() throws {
        let text = TextSystem()
        var warnings: [String] = []
        text.onWarning = { warnings.append($0) }
        let layout = try #require(text.layout("Still readable", font: Font(family: "NoSuchFamilyEntryKit", size: 14),
                                             scale: 1, maxWidth: nil, maxLines: 0))
        #expect(layout.width > 50, "text is laid out with fontconfig's fallback")
        #expect(warnings.count == 1 && warnings[0].contains("NoSuchFamilyEntryKit"), "one warning naming the family: \(warnings)")
        _ = text.layout("again", font: Font(family: "NoSuchFamilyEntryKit", size: 20), scale: 1, maxWidth: nil, maxLines: 0)
        #expect(warnings.count == 1, "warned once per family")
        _ = text.layout("generic", font: Font(family: "monospace", size: 14), scale: 1, maxWidth: nil, maxLines: 0)
        #expect(warnings.count == 1, "generic families never warn")
    }
}
