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

/// Content with controls (buttons, fields). EntryKit gives such an entry keyboard focus on
/// demand, moves the focus with Tab and Shift-Tab, activates with Enter or Space (the
/// default control when none has focus), and routes clicks to the control under them.
public protocol InteractiveEntryContent: EntryContent {
    /// How many focusable controls, in Tab order.
    var controlCount: Int { get }
    /// The control Enter activates when none has focus.
    var defaultControl: Int? { get }
    /// The focused control, drawn with a focus ring; EntryKit sets it and redraws.
    var focusedControl: Int? { get set }
    /// The control under `point`, both in the card's coordinates (`rect` as in `draw`).
    func control(at point: Point, in rect: Rect) -> Int?
    /// Runs the control's action; returns true when the entry should then be dismissed.
    func activate(_ control: Int) -> Bool
}
