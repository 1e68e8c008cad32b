/// A button of an alert, as SwiftEntryKit's EKProperty.ButtonContent.
public struct ButtonContent: @unchecked Sendable {
    public var label: LabelContent
    public var backgroundColor: EntryColor
    /// Run when the button is clicked, tapped, or activated with Enter or Space.
    public var action: (() -> Void)?
    /// Dismiss the entry after the action. Default true.
    public var dismissesEntry: Bool

    public init(label: LabelContent, backgroundColor: EntryColor = .clear, dismissesEntry: Bool = true,
                action: (() -> Void)? = nil) {
        self.label = label
        self.backgroundColor = backgroundColor
        self.dismissesEntry = dismissesEntry
        self.action = action
    }
}

/// A message with a row of buttons, as SwiftEntryKit's EKAlertMessage.
public struct AlertMessage: @unchecked Sendable {
    public var simpleMessage: SimpleMessage
    public var buttons: [ButtonContent]
    /// The button Enter activates when none has focus; default the last one.
    public var defaultButton: Int?

    public init(simpleMessage: SimpleMessage, buttons: [ButtonContent], defaultButton: Int? = nil) {
        self.simpleMessage = simpleMessage
        self.buttons = buttons
        self.defaultButton = defaultButton ?? (buttons.isEmpty ? nil : buttons.count - 1)
    }
}

/// Shows an `AlertMessage`: icon, title and description centred, the buttons in a row
/// below a hairline, the focused one ringed.
public final class AlertMessageView: InteractiveEntryContent {
    public let message: AlertMessage
    private var image: Image?
    public var focusedControl: Int?
    static let padding = 20.0, gap = 8.0, buttonHeight = 46.0, ring = 2.0

    public init(with message: AlertMessage) {
        self.message = message
        if case .image(let image)? = message.simpleMessage.image?.source { self.image = image }
    }

    public var controlCount: Int { message.buttons.count }
    public var defaultControl: Int? { message.defaultButton }

    public func validate() throws {
        try message.simpleMessage.validate(as: "An alert")
        for (i, button) in message.buttons.enumerated() {
            guard !button.label.text.isEmpty else { throw EntryKitError.invalid("Button \(i + 1) of the alert has no label.") }
            try button.label.validate("button \(i + 1) label")
        }
        if let d = message.defaultButton, !message.buttons.indices.contains(d) {
            throw EntryKitError.invalid("The alert's default button \(d) does not exist (it has \(message.buttons.count)).")
        }
    }

    public func prepare(reportingTo report: (EntryKitError) -> Void) {
        if image == nil { image = message.simpleMessage.loadImage(reportingTo: report) }
    }

    private var iconSize: Size? {
        guard image != nil, let size = message.simpleMessage.image?.size, size.width > 0 else { return nil }
        return size
    }

    private func centred(_ label: LabelContent) -> LabelContent {
        var l = label
        l.style.alignment = .center
        return l
    }

    /// Heights of the parts above the buttons for a card `width` wide.
    private func parts(width: Double, in environment: ContentEnvironment) -> (icon: Double, title: Double, description: Double) {
        let inner = max(1, width - 2 * Self.padding)
        let m = message.simpleMessage
        return (iconSize?.height ?? 0,
                environment.measure(centred(m.title), width: inner).height,
                environment.measure(centred(m.description), width: inner).height)
    }

    private func messageHeight(_ p: (icon: Double, title: Double, description: Double)) -> Double {
        let items = [p.icon, p.title, p.description].filter { $0 > 0 }
        return 2 * Self.padding + items.reduce(0, +) + Double(max(0, items.count - 1)) * Self.gap
    }

    public func size(fitting width: Double?, in environment: ContentEnvironment) -> Size {
        let w = width ?? 320
        let buttons = message.buttons.isEmpty ? 0 : Self.buttonHeight
        return Size(width: w, height: messageHeight(parts(width: w, in: environment)) + buttons)
    }

    private func buttonRects(in rect: Rect) -> [Rect] {
        let n = message.buttons.count
        guard n > 0 else { return [] }
        let w = rect.width / Double(n)
        return (0..<n).map { Rect(x: rect.x + Double($0) * w, y: rect.maxY - Self.buttonHeight, width: w, height: Self.buttonHeight) }
    }

    public func control(at point: Point, in rect: Rect) -> Int? {
        buttonRects(in: rect).firstIndex { $0.contains(point) }
    }

    public func activate(_ control: Int) -> Bool {
        guard message.buttons.indices.contains(control) else { return false }
        let button = message.buttons[control]
        button.action?()
        return button.dismissesEntry
    }

    public func draw(in canvas: Canvas, rect: Rect) {
        let p = parts(width: rect.width, in: canvas.environment)
        var y = rect.y + Self.padding
        let inner = rect.width - 2 * Self.padding
        if let size = iconSize, let image {
            canvas.draw(image, in: Rect(x: rect.midX - size.width / 2, y: y, width: size.width, height: size.height))
            y += size.height + Self.gap
        }
        let m = message.simpleMessage
        if p.title > 0 {
            canvas.draw(centred(m.title), in: Rect(x: rect.x + Self.padding, y: y, width: inner, height: p.title))
            y += p.title + Self.gap
        }
        if p.description > 0 {
            canvas.draw(centred(m.description), in: Rect(x: rect.x + Self.padding, y: y, width: inner, height: p.description))
        }
        let mode = canvas.environment.displayMode
        let hairline = EntryColor(light: Color(rgb: 0, alpha: 0.12), dark: Color(rgb: 0xffffff, alpha: 0.16)).color(for: mode)
        let rects = buttonRects(in: rect)
        if let first = rects.first {
            canvas.fill(Rect(x: rect.x, y: first.y, width: rect.width, height: 1 / canvas.scale), paint: .color(hairline))
        }
        for (i, (button, r)) in zip(message.buttons, rects).enumerated() {
            if button.backgroundColor != .clear {
                canvas.fill(r.insetBy(dx: 0, dy: 0), paint: .color(button.backgroundColor.color(for: mode)))
            }
            if i > 0 { canvas.fill(Rect(x: r.x, y: r.y, width: 1 / canvas.scale, height: r.height), paint: .color(hairline)) }
            var label = centred(button.label)
            if i == message.defaultButton { label.style.font.weight = .bold }
            let height = canvas.environment.measure(label, width: r.width - 16).height
            canvas.draw(label, in: Rect(x: r.x + 8, y: r.midY - height / 2, width: r.width - 16, height: height))
            if i == focusedControl {
                let accent = EntryColor(light: Color(rgb: 0x3b82f6), dark: Color(rgb: 0x60a5fa)).color(for: mode)
                canvas.stroke(r.insetBy(dx: 4, dy: 4), color: accent, width: Self.ring, radii: CornerRadii(all: 8))
            }
        }
    }
}
