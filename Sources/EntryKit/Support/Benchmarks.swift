/// Hooks for `entrykit-bench`: internal machinery measured without exposing it.
@_spi(Testing) public enum BenchmarkHooks {
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
