/// How a piece of text looks: font, colour, alignment and a line limit.
public struct LabelStyle: Equatable, Sendable {
    public var font: Font
    public var color: EntryColor
    public var alignment: TextAlignment
    /// Most lines shown; the last one ends in "…" when text is cut. 0 means no limit.
    public var numberOfLines: Int

    public init(font: Font, color: EntryColor = .standardContent, alignment: TextAlignment = .left,
                numberOfLines: Int = 0) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.numberOfLines = numberOfLines
    }
}

/// Text and its style, as SwiftEntryKit's EKProperty.LabelContent.
public struct LabelContent: Equatable, Sendable {
    public var text: String
    public var style: LabelStyle

    public init(text: String, style: LabelStyle) {
        self.text = text
        self.style = style
    }

    /// Text from raw bytes (a command-line argument, a file): invalid UTF-8 is an error,
    /// not replacement characters.
    public init(utf8 bytes: some Collection<UInt8>, style: LabelStyle) throws {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw EntryKitError.invalid("The text is not valid UTF-8.")
        }
        self.init(text: text, style: style)
    }

    func validate(_ what: String) throws {
        let size = style.font.size
        guard size.isFinite, size > 0 else {
            throw EntryKitError.invalid("The \(what) font size must be a positive number, not \(size).")
        }
        guard style.numberOfLines >= 0 else {
            throw EntryKitError.invalid("The \(what) numberOfLines must be 0 (no limit) or more, not \(style.numberOfLines).")
        }
        guard style.color.light.isValid, style.color.dark.isValid else {
            throw EntryKitError.invalid("The \(what) colour has a component outside 0…1.")
        }
        guard !text.unicodeScalars.contains(where: { $0.value == 0 }) else {
            throw EntryKitError.invalid("The \(what) contains a NUL character.")
        }
    }
}
