import Glibc

extension EntryAttributes {
    /// Light or dark rendering of `EntryColor`s. Default `.inferred`.
    public enum DisplayMode: Equatable, Sendable {
        /// Follows the desktop: dark when `GTK_THEME` names a dark theme or
        /// `ENTRYKIT_DISPLAY_MODE=dark`, light otherwise.
        case inferred
        case light
        case dark

        public var resolved: ResolvedDisplayMode {
            switch self {
            case .light: return .light
            case .dark: return .dark
            case .inferred:
                if let mode = getenv("ENTRYKIT_DISPLAY_MODE").map({ String(cString: $0).lowercased() }) {
                    return mode == "dark" ? .dark : .light
                }
                if let theme = getenv("GTK_THEME").map({ String(cString: $0).lowercased() }), theme.contains("dark") {
                    return .dark
                }
                return .light
            }
        }
    }
}
