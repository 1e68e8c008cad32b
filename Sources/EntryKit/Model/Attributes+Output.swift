extension EntryAttributes {
    /// Which output shows the entry (beyond SwiftEntryKit). Default `.automatic`.
    public enum OutputSelection: Equatable, Sendable {
        /// The compositor's choice: the focused output on Sway (or the presenter's
        /// `outputName` when set).
        case automatic
        /// The output with this connector name ("DP-1", "HEADLESS-1"); the compositor's
        /// choice, with a warning, when there is none.
        case named(String)
        /// Every output at once, each with its own copy of the entry; outputs plugged in
        /// while it shows get one too.
        case all
    }
}
