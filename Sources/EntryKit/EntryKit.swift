/// EntryKit's front door, as SwiftEntryKit's: `EntryKit.display(entry:using:)`.
///
/// ```swift
/// var attributes = EntryAttributes.topFloat
/// attributes.entryBackground = .color(color: .standardBackground)
/// let message = NotificationMessage(title: "Build finished", description: "All 214 tests passed")
/// EntryKit.display(entry: NotificationMessageView(with: message), using: attributes)
/// ```
///
/// Every call is safe from any thread. The first display connects to the compositor.
public enum EntryKit {
    /// The presenter behind the static API.
    public static let shared = EntryPresenter()

    /// Connects now instead of at the first `display`, to learn early why it cannot
    /// (no compositor, no layer-shell).
    public static func connect() throws { try shared.connect() }

    public static func display(entry: EntryContent, using attributes: EntryAttributes) {
        shared.display(entry: entry, using: attributes)
    }

    /// Displays `entry` and returns once it is gone, or was never shown, with the reason.
    @discardableResult
    public static func show(entry: EntryContent, using attributes: EntryAttributes) async -> DismissalReason {
        await shared.show(entry: entry, using: attributes)
    }

    public static func dismiss(_ descriptor: DismissalDescriptor = .displayed, completion: (() -> Void)? = nil) {
        shared.dismiss(descriptor, completion: completion)
    }

    public static var isCurrentlyDisplaying: Bool { shared.isCurrentlyDisplaying }

    public static func isCurrentlyDisplaying(entryNamed name: String) -> Bool {
        shared.isCurrentlyDisplaying(entryNamed: name)
    }

    public static var isQueueEmpty: Bool { shared.isQueueEmpty }

    public static func queueContains(entryNamed name: String) -> Bool {
        shared.queueContains(entryNamed: name)
    }
}
