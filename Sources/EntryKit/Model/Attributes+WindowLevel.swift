extension EntryAttributes {
    /// The layer-shell layer that stands in for iOS window levels.
    public enum WindowLevel: Equatable, Sendable {
        /// Above windows, below the status bar: the `top` layer (where bars live).
        case normal
        /// Above the status bar: the `overlay` layer, above bars and fullscreen windows.
        case statusBar
        /// Above alerts: also the `overlay` layer; within a layer the newest is on top.
        case alerts
        /// Any layer by name.
        case custom(layer: Layer)

        /// The layers of the wlr layer-shell protocol, bottom-most first.
        public enum Layer: UInt32, Sendable {
            case background = 0, bottom = 1, top = 2, overlay = 3
        }

        public var layer: Layer {
            switch self {
            case .normal: return .top
            case .statusBar, .alerts: return .overlay
            case .custom(let layer): return layer
            }
        }
    }
}
