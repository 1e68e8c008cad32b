extension EntryAttributes {
    /// Keyboard focus and keys (beyond SwiftEntryKit). An entry never steals focus unless
    /// it has controls. Default: `.automatic`, Escape dismisses.
    public struct Keyboard: Equatable, Sendable {
        public enum Interactivity: Equatable, Sendable {
            /// `.onDemand` when the content has controls (buttons, fields), else `.none`.
            case automatic
            /// Never takes keyboard focus.
            case none
            /// Takes focus when clicked, like a window (layer-shell v4 on_demand).
            case onDemand
            /// Takes all keyboard input while shown (use for modal prompts only).
            case exclusive
        }

        public var interactivity: Interactivity
        /// Escape dismisses the entry while it has keyboard focus.
        public var escapeDismisses: Bool

        public init(interactivity: Interactivity = .automatic, escapeDismisses: Bool = true) {
            self.interactivity = interactivity
            self.escapeDismisses = escapeDismisses
        }
    }
}
