/// Why an entry left, or never showed. The await form of `display` returns it.
public enum DismissalReason: String, Equatable, Sendable {
    /// Its display duration ran out.
    case timeout
    /// The user tapped the entry (entryInteraction `.dismiss`).
    case tapInside
    /// The user tapped beside it (screenInteraction `.dismiss`).
    case tapOutside
    /// The user swiped it away.
    case swipe
    /// `dismiss(_:)` removed it, shown or queued.
    case dismissed
    /// An entry of equal or higher priority took its place, or flushed the queue it waited in.
    case overridden
    /// It was never shown: a higher-priority entry was displayed (SwiftEntryKit drops it).
    case rejected
    /// Its output went away.
    case outputRemoved
    /// The compositor closed its surface.
    case closed
    /// The connection to the compositor was lost, or could not be made.
    case connectionLost
    /// Its attributes or content were invalid; it was never shown.
    case invalid
}

/// Which entries `dismiss` removes, as SwiftEntryKit's EKAttributes dismissal descriptor.
public enum DismissalDescriptor: Equatable, Sendable {
    /// The displayed entry (entries, when stacked), with its exit animation.
    case displayed
    /// The displayed entries and the queue.
    case all
    /// Only the queue; displayed entries finish their own lifecycle.
    case queue
    /// Every entry with this name, displayed or queued.
    case specific(entryName: String)
    /// Every entry, displayed or queued, whose priority is at most this.
    case prioritizedLowerOrEqualTo(priority: EntryAttributes.Precedence.Priority)
}
