extension EntryAttributes {
    /// Accepted for SwiftEntryKit compatibility; desktops have no haptic engine, so it
    /// does nothing. Default `.none`.
    public enum NotificationHapticFeedback: Equatable, Sendable {
        case success, warning, error, none
    }
}
