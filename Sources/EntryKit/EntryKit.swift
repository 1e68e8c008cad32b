/// EntryKit's front door, as SwiftEntryKit's: `EntryKit.display(entry:using:)`.
///
/// ```swift
/// var attributes = EntryAttributes.topFloat
/// attributes.entryBackground = .color(color: .standardBackground)
/// let message = NotificationMessage(title: "Build finished", description: "All 214 tests passed")
/// EntryKit.display(entry: NotificationMessageView(with: message), using: attributes)
/// ```
public enum EntryKit {
    /// The presenter behind the static API; it connects on first use.
    public static let shared = EntryPresenter()

    /// Connects now instead of at the first `display`, to learn early why it cannot
    /// (no compositor, no layer-shell).
    public static func connect() throws { try shared.connect() }

    public static func display(entry: EntryContent, using attributes: EntryAttributes) {
        shared.display(entry: entry, using: attributes)
    }

    public static func dismiss(completion: (() -> Void)? = nil) {
        shared.dismiss(completion: completion)
    }

    public static var isCurrentlyDisplaying: Bool { shared.isCurrentlyDisplaying }
}
