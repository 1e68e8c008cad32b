/// Hooks for `entrykit-bench`: internal machinery measured without exposing it.
import CFcft
import CPixman

@_spi(Testing) public enum BenchmarkHooks {
    /// The least a frame can cost in pixman: clear the card's old place and composite the
    /// same card, into buffers used in turn, (shadow, gradient, text: real translucent pixels, not an opaque block that
    /// pixman would merely copy) into a surface-sized buffer. Seconds per frame, median.
    public static func pixmanFloor(cardSize: Size, attributes: EntryAttributes, scale: Int32,
                                   surface: (width: Int32, height: Int32), runs: Int = 400) -> Double {
        let view = NotificationMessageView(with: NotificationMessage(title: "Animating", description: "Floor"))
        let card = CardRenderer.render(content: view, attributes: attributes, cardSize: cardSize, scale: scale,
                                       context: RenderContext())
        // Three buffers in turn, as the shm pool hands them out while the compositor holds
        // the others: one hot buffer would flatter the floor.
        let buffers = (0..<3).map { _ in pixman_image_create_bits(formatARGB32, surface.width, surface.height, nil, 0)! }
        defer { buffers.forEach { pixman_image_unref($0) } }
        var samples: [Double] = []
        let x = (surface.width - card.width) / 2
        for i in 0..<runs {
            let y = Int32(i % 20)
            let buffer = buffers[i % 3]
            let start = MonotonicClock.now()
            fill(buffer, PixelRect(x: x, y: max(0, y - 1), width: card.width, height: card.height), clearColor)
            pixman_image_composite32(PIXMAN_OP_OVER, card.image, nil, buffer, 0, 0, 0, 0, x, y, card.width, card.height)
            samples.append(MonotonicClock.now() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Renders a card the way an entry does (shadow, gradient, border, text) and frees it.
    public final class CardBench {
        let context = RenderContext()
        let attributes: EntryAttributes
        public init() {
            var a = EntryAttributes.topFloat
            a.roundCorners = .all(radius: 14)
            a.shadow = .active(with: .init(color: .black, opacity: 0.35, radius: 12, offset: Point(x: 0, y: 4)))
            a.border = .value(color: EntryColor(Color(rgb: 0, alpha: 0.1)), width: 1)
            a.entryBackground = .gradient(gradient: .init(colors: [EntryColor(Color(rgb: 0x5e60ce)), EntryColor(Color(rgb: 0x48bfe3))],
                                                          startPoint: .zero, endPoint: Point(x: 1, y: 1)))
            attributes = a
        }

        /// One 600×120 card at `scale` with this title and description.
        public func render(scale: Int32, title: String, description: String) {
            let view = NotificationMessageView(with: NotificationMessage(title: title, description: description))
            _ = CardRenderer.render(content: view, attributes: attributes, cardSize: Size(width: 600, height: 120),
                                    scale: scale, context: context)
        }
    }
}
