/// What an entry shows. Presets (`NotificationMessageView`) and an app's own content are
/// the same kind of thing, as UIViews are in SwiftEntryKit: measure for a width, draw
/// into a canvas. EntryKit calls both on its event-loop thread, once per content change
/// or scale change, never per animation frame.
public protocol EntryContent: AnyObject {
    /// The size the content needs, in points, when it is `width` points wide; with
    /// `width` nil, its natural (preferred) size.
    func size(fitting width: Double?, in environment: ContentEnvironment) -> Size

    /// Draws the content into `rect` (points) of `canvas`; the background, border and
    /// shadow are already drawn by EntryKit.
    func draw(in canvas: Canvas, rect: Rect)

    /// Throws an `.invalidInput` error when the content cannot be shown (empty text…).
    func validate() throws

    /// Loads files the content needs (icons); failures are reported as warnings and the
    /// content shows without them. Called once, off the caller's thread.
    func prepare(reportingTo report: (EntryKitError) -> Void)
}

extension EntryContent {
    public func validate() throws {}
    public func prepare(reportingTo report: (EntryKitError) -> Void) {}
}
