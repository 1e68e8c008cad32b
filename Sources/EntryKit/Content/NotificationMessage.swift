/// An image and its size in points, as SwiftEntryKit's EKProperty.ImageContent.
public struct ImageContent: @unchecked Sendable {
    public enum Source {
        case image(Image)
        /// A PNG file, decoded when the entry is displayed.
        case file(path: String)
    }
    public var source: Source
    public var size: Size

    public init(image: Image, size: Size) {
        source = .image(image)
        self.size = size
    }

    public init(imagePath: String, size: Size) {
        source = .file(path: imagePath)
        self.size = size
    }
}

/// An optional image, a title and a description, as SwiftEntryKit's EKSimpleMessage.
public struct SimpleMessage: @unchecked Sendable {
    public var image: ImageContent?
    public var title: LabelContent
    public var description: LabelContent

    public init(image: ImageContent? = nil, title: LabelContent, description: LabelContent) {
        self.image = image
        self.title = title
        self.description = description
    }
}

extension SimpleMessage {
    /// Shared by the presets that show a simple message: some text, valid styles, a
    /// finite icon size. `kind` names the preset in the error.
    func validate(as kind: String) throws {
        if title.text.isEmpty && description.text.isEmpty {
            throw EntryKitError.invalid("\(kind) needs a title or a description; both are empty.")
        }
        try title.validate("title")
        try description.validate("description")
        if let size = image?.size, !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            throw EntryKitError.invalid("The icon size must be finite and ≥ 0, not \(size).")
        }
    }

    /// The icon: the given image, or the PNG file decoded now; an unreadable file is
    /// reported and the message shows without it.
    func loadImage(reportingTo report: (EntryKitError) -> Void) -> Image? {
        switch image?.source {
        case .image(let picture)?: return picture
        case .file(let path)?:
            do { return try Image(contentsOfPNG: path) } catch {
                report(error as? EntryKitError ?? EntryKitError(.resource, "The icon \(path) could not be read."))
                return nil
            }
        case nil: return nil
        }
    }
}

/// A notification: a simple message laid out with the icon beside the text.
public struct NotificationMessage: @unchecked Sendable {
    public var simpleMessage: SimpleMessage
    /// Space between the entry's edge and its content, in points.
    public var insets: EdgeInsets
    /// Gap between icon and text, and between title and description.
    public var horizontalSpacing: Double
    public var verticalSpacing: Double

    public init(simpleMessage: SimpleMessage, insets: EdgeInsets = EdgeInsets(top: 14, left: 16, bottom: 14, right: 16),
                horizontalSpacing: Double = 12, verticalSpacing: Double = 4) {
        self.simpleMessage = simpleMessage
        self.insets = insets
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    /// Title and description in EntryKit's default styles.
    public init(title: String, description: String, iconPath: String? = nil, iconSize: Double = 36) {
        let titleStyle = LabelStyle(font: Font(size: 16, weight: .bold), numberOfLines: 2)
        let bodyStyle = LabelStyle(font: Font(size: 14), numberOfLines: 4)
        self.init(simpleMessage: SimpleMessage(
            image: iconPath.map { ImageContent(imagePath: $0, size: Size(width: iconSize, height: iconSize)) },
            title: LabelContent(text: title, style: titleStyle),
            description: LabelContent(text: description, style: bodyStyle)))
    }
}
