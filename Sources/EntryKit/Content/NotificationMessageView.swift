/// Shows a `NotificationMessage`: icon on the left, title above description on the right,
/// the icon centred against the text.
public final class NotificationMessageView: EntryContent {
    public let message: NotificationMessage
    private var image: Image?

    public init(with message: NotificationMessage) {
        self.message = message
        if case .image(let image)? = message.simpleMessage.image?.source { self.image = image }
    }

    public func validate() throws {
        try message.simpleMessage.validate(as: "A notification message")
        let i = message.insets
        for v in [i.top, i.left, i.bottom, i.right, message.horizontalSpacing, message.verticalSpacing]
        where !(v.isFinite && v >= 0) {
            throw EntryKitError.invalid("Notification insets and spacings must be finite and ≥ 0, not \(v).")
        }
    }

    public func prepare(reportingTo report: (EntryKitError) -> Void) {
        if image == nil { image = message.simpleMessage.loadImage(reportingTo: report) }
    }

    private var iconSize: Size? {
        guard image != nil, let size = message.simpleMessage.image?.size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    private func textWidth(for width: Double?) -> Double? {
        guard let width else { return nil }
        let i = message.insets
        let icon = iconSize.map { $0.width + message.horizontalSpacing } ?? 0
        return max(1, width - i.left - i.right - icon)
    }

    private func textSize(width: Double?, in environment: ContentEnvironment) -> (title: Size, description: Size, total: Size) {
        let m = message.simpleMessage
        let title = environment.measure(m.title, width: width)
        let description = environment.measure(m.description, width: width)
        let gap = title.height > 0 && description.height > 0 ? message.verticalSpacing : 0
        return (title, description, Size(width: max(title.width, description.width),
                                         height: title.height + gap + description.height))
    }

    public func size(fitting width: Double?, in environment: ContentEnvironment) -> Size {
        let i = message.insets
        let text = textSize(width: textWidth(for: width), in: environment).total
        let icon = iconSize ?? .zero
        let iconPart = iconSize.map { $0.width + message.horizontalSpacing } ?? 0
        return Size(width: width ?? (i.left + iconPart + text.width + i.right),
                    height: i.top + max(icon.height, text.height) + i.bottom)
    }

    public func draw(in canvas: Canvas, rect: Rect) {
        let i = message.insets
        let inner = Rect(x: rect.x + i.left, y: rect.y + i.top,
                         width: rect.width - i.left - i.right, height: rect.height - i.top - i.bottom)
        var textX = inner.x
        if let size = iconSize, let image {
            canvas.draw(image, in: Rect(x: inner.x, y: inner.midY - size.height / 2, width: size.width, height: size.height))
            textX += size.width + message.horizontalSpacing
        }
        let width = inner.maxX - textX
        let sizes = textSize(width: width, in: canvas.environment)
        var y = inner.midY - sizes.total.height / 2
        let m = message.simpleMessage
        canvas.draw(m.title, in: Rect(x: textX, y: y, width: width, height: sizes.title.height))
        if sizes.title.height > 0 { y += sizes.title.height + message.verticalSpacing }
        canvas.draw(m.description, in: Rect(x: textX, y: y, width: width, height: sizes.description.height))
    }
}
