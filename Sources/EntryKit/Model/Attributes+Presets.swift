extension EntryAttributes {
    /// Toast: full width against the edge, in the overlay layer.
    public static var toast: EntryAttributes {
        var attributes = EntryAttributes()
        attributes.positionConstraints = .fullWidth
        attributes.windowLevel = .statusBar
        return attributes
    }

    /// Float: inset from the sides and the edge, corners rounded by 10.
    public static var float: EntryAttributes {
        var attributes = EntryAttributes()
        attributes.positionConstraints = .float
        attributes.roundCorners = .all(radius: 10)
        attributes.windowLevel = .statusBar
        return attributes
    }

    public static var topFloat: EntryAttributes { with(float) { $0.position = .top } }
    public static var centerFloat: EntryAttributes { with(float) { $0.position = .center } }
    public static var bottomFloat: EntryAttributes { with(float) { $0.position = .bottom } }
    public static var topToast: EntryAttributes { with(toast) { $0.position = .top } }
    public static var bottomToast: EntryAttributes { with(toast) { $0.position = .bottom } }

    /// Note: a toast in the top layer (below bars), like SwiftEntryKit's `.normal` level.
    public static var topNote: EntryAttributes { with(topToast) { $0.windowLevel = .normal } }
    public static var bottomNote: EntryAttributes { with(bottomToast) { $0.windowLevel = .normal } }

    private static func with(_ base: EntryAttributes, _ change: (inout EntryAttributes) -> Void) -> EntryAttributes {
        var copy = base
        change(&copy)
        return copy
    }
}
