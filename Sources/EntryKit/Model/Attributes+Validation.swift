extension EntryAttributes {
    /// Throws an `.invalidInput` error naming the first attribute that cannot be shown:
    /// NaN or negative sizes and durations, colours outside 0…1, empty names.
    public func validate() throws {
        func check(_ value: Double, _ what: String, allowInfinity: Bool = false) throws {
            guard !value.isNaN, value >= 0, allowInfinity || value.isFinite else {
                throw EntryKitError.invalid("\(what) must be a finite number ≥ 0, not \(value).")
            }
        }
        func check(_ color: EntryColor, _ what: String) throws {
            guard color.light.isValid, color.dark.isValid else {
                throw EntryKitError.invalid("\(what) has a colour component outside 0…1 or NaN.")
            }
        }
        func check(_ edge: PositionConstraints.Edge, _ what: String) throws {
            switch edge {
            case .ratio(let v):
                guard v.isFinite, v >= 0, v <= 1 else {
                    throw EntryKitError.invalid("\(what) ratio must be between 0 and 1, not \(v).")
                }
            case .offset(let v), .constant(let v): try check(v, what)
            case .intrinsic: break
            }
        }
        if let name, name.isEmpty { throw EntryKitError.invalid("The entry name must not be empty (use nil for no name).") }
        guard !displayDuration.isNaN, displayDuration >= 0 else {
            throw EntryKitError.invalid("displayDuration must be seconds ≥ 0 or .infinity, not \(displayDuration).")
        }
        let c = positionConstraints
        try check(c.verticalOffset, "positionConstraints.verticalOffset")
        try check(c.horizontalPadding, "positionConstraints.horizontalPadding")
        try check(c.size.width, "positionConstraints.size.width")
        try check(c.size.height, "positionConstraints.size.height")
        try check(c.maxSize.width, "positionConstraints.maxSize.width")
        try check(c.maxSize.height, "positionConstraints.maxSize.height")
        try checkBackground(entryBackground, "entryBackground")
        try checkBackground(screenBackground, "screenBackground")
        if case .delayExit(let seconds) = entryInteraction.defaultAction { try check(seconds, "entryInteraction delayExit") }
        if case .delayExit(let seconds) = screenInteraction.defaultAction { try check(seconds, "screenInteraction delayExit") }
        if case .enabled(_, let pullback) = scroll {
            for (v, what) in [(pullback.duration, "duration"), (pullback.damping, "damping")] {
                try check(v, "scroll pullbackAnimation \(what)")
            }
            guard pullback.initialSpringVelocity.isFinite else {
                throw EntryKitError.invalid("scroll pullbackAnimation initialSpringVelocity must be finite.")
            }
        }
        for (animation, what) in [(entranceAnimation, "entranceAnimation"), (exitAnimation, "exitAnimation")] {
            try checkAnimation(animation, what)
        }
        if case .animated(let animation) = popBehavior { try checkAnimation(animation, "popBehavior") }
        if case .stack(let maxVisible, let spacing) = stacking {
            guard maxVisible >= 1 else { throw EntryKitError.invalid("stacking maxVisible must be at least 1, not \(maxVisible).") }
            try check(spacing, "stacking spacing")
        }
        if let s = shadow.value {
            try check(s.color, "shadow")
            try check(s.radius, "shadow.radius")
            guard s.opacity.isFinite, (0...1).contains(s.opacity) else {
                throw EntryKitError.invalid("shadow.opacity must be between 0 and 1, not \(s.opacity).")
            }
            guard s.offset.x.isFinite, s.offset.y.isFinite else { throw EntryKitError.invalid("shadow.offset must be finite.") }
        }
        let r = roundCorners.radii
        for v in [r.topLeft, r.topRight, r.bottomLeft, r.bottomRight] { try check(v, "roundCorners radius") }
        if case .value(let color, let width) = border {
            try check(color, "border")
            try check(width, "border width")
        }
    }

    private func checkBackground(_ style: BackgroundStyle, _ what: String) throws {
        switch style {
        case .clear, .image, .visualEffect: break
        case .color(let color):
            guard color.light.isValid, color.dark.isValid else {
                throw EntryKitError.invalid("\(what) has a colour component outside 0…1 or NaN.")
            }
        case .gradient(let g):
            guard !g.colors.isEmpty else { throw EntryKitError.invalid("\(what) gradient needs at least one colour.") }
            for color in g.colors where !(color.light.isValid && color.dark.isValid) {
                throw EntryKitError.invalid("\(what) gradient has a colour component outside 0…1 or NaN.")
            }
            for p in [g.startPoint, g.endPoint] where !(p.x.isFinite && p.y.isFinite) {
                throw EntryKitError.invalid("\(what) gradient points must be finite.")
            }
        }
    }

    private func checkAnimation(_ animation: Animation, _ what: String) throws {
        let parts: [(Double, Double)] = [animation.translate.map { ($0.duration, $0.delay) },
                                         animation.scale.map { ($0.duration, $0.delay) },
                                         animation.fade.map { ($0.duration, $0.delay) }].compactMap { $0 }
        for (duration, delay) in parts where !(duration.isFinite && duration >= 0 && delay.isFinite && delay >= 0) {
            throw EntryKitError.invalid("\(what) durations and delays must be finite seconds ≥ 0.")
        }
        for range in [animation.scale, animation.fade].compactMap({ $0 }) where !(range.from.isFinite && range.to.isFinite) {
            throw EntryKitError.invalid("\(what) scale and fade values must be finite.")
        }
        if let fade = animation.fade, !((0...1).contains(fade.from) && (0...1).contains(fade.to)) {
            throw EntryKitError.invalid("\(what) fade must stay between 0 and 1.")
        }
    }
}
