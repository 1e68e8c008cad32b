/// Where an entry's card rests inside its layer surface, and how big that surface is.
/// Pure: unit-tested without a compositor.
///
/// The surface is anchored to the left and right edges (so the compositor's configure
/// tells the usable width, net of side panels) and to the entry's edge: top, bottom, or
/// neither for center. It is tall enough for the card, its vertical offset and the part of
/// its shadow facing away from the edge. Content moves inside this surface during
/// animations, so the surface itself never moves (no configure per frame).
struct EntryLayout: Equatable {
    /// The card at rest, in surface coordinates (points).
    var card: Rect
    /// The surface size in points; width is the usable width.
    var surface: Size

    /// - Parameters:
    ///   - area: the usable output size in points.
    ///   - shadow: space the shadow needs around the card.
    ///   - measure: the content's size for a width (nil: natural size).
    ///   - stretch: room for a rubber-band pull away from the edge, as a fraction of the
    ///     card's height (the band gives half the height after a pull of ~1.8 heights).
    ///   - overshoot: how far past its resting place the entrance may carry the card, as a
    ///     fraction of its travel (a springy entrance); the surface gets that much room on
    ///     the side away from the edge, so the overshoot is seen, not clipped.
    static func compute(position: EntryAttributes.Position, constraints: EntryAttributes.PositionConstraints,
                        area: Size, shadow: EdgeInsets, overshoot: Double = 0, stretch: Double = 0,
                        measure: (Double?) -> Size) -> EntryLayout {
        let areaWidth = max(0, area.width), areaHeight = max(0, area.height)

        func resolve(_ edge: EntryAttributes.PositionConstraints.Edge, length: Double) -> Double? {
            switch edge {
            case .ratio(let v): return length * v
            case .offset(let v): return length - 2 * v
            case .constant(let v): return v
            case .intrinsic: return nil
            }
        }

        var width = resolve(constraints.size.width, length: areaWidth) ?? measure(nil).width
        if let maxWidth = resolve(constraints.maxSize.width, length: areaWidth) { width = min(width, maxWidth) }
        width = max(1, min(width, areaWidth).rounded(.down))

        var height = resolve(constraints.size.height, length: areaHeight) ?? measure(width).height
        if let maxHeight = resolve(constraints.maxSize.height, length: areaHeight) { height = min(height, maxHeight) }
        let offset = constraints.verticalOffset
        let room = areaHeight - offset
        height = max(1, min(height, room).rounded(.up))

        let x: Double
        switch constraints.horizontalAlignment {
        case .center: x = ((areaWidth - width) / 2).rounded(.down)
        case .leading: x = min(max(0, constraints.horizontalPadding), max(0, areaWidth - width)).rounded(.down)
        case .trailing: x = max(0, areaWidth - width - max(0, constraints.horizontalPadding)).rounded(.down)
        }
        let top = shadow.top.rounded(.up), bottom = shadow.bottom.rounded(.up)
        switch position {
        case .top:
            let room = max((max(0, overshoot) * (offset + height + bottom)).rounded(.up), (stretch * height).rounded(.up))
            return EntryLayout(card: Rect(x: x, y: offset, width: width, height: height),
                               surface: Size(width: areaWidth, height: offset + height + bottom + room))
        case .bottom:
            let room = max((max(0, overshoot) * (top + height + offset)).rounded(.up), (stretch * height).rounded(.up))
            return EntryLayout(card: Rect(x: x, y: top + room, width: width, height: height),
                               surface: Size(width: areaWidth, height: room + top + height + offset))
        case .center:
            return EntryLayout(card: Rect(x: x, y: top, width: width, height: height),
                               surface: Size(width: areaWidth, height: top + height + bottom))
        }
    }

    /// A keyboard-bound entry's layout: its surface spans the usable height `usable`
    /// (the compositor shrinks it when a keyboard's exclusive zone appears at the bottom),
    /// and the card sits `offset.bottom` above the bottom while a keyboard shows
    /// (`keyboard` > 0), else at its usual place; never closer than the resistance to the
    /// top. Pure.
    func bound(usable: Double, keyboard: Double, position: EntryAttributes.Position, verticalOffset: Double,
               offset: EntryAttributes.PositionConstraints.KeyboardRelation.Offset) -> EntryLayout {
        var result = self
        result.surface.height = usable
        let height = card.height
        var y: Double
        switch position {
        case .bottom:
            y = usable - height - (keyboard > 0 ? offset.bottom : verticalOffset)
        case .top, .center:
            y = position == .top ? verticalOffset : ((usable - height) / 2).rounded(.down)
            if keyboard > 0 { y = min(y, usable - height - offset.bottom) }
        }
        y = max(y, offset.screenEdgeResistance ?? 0)
        result.card.origin.y = y.rounded(.down)
        return result
    }

    /// Vertical shift that puts the card (and its shadow) just outside the surface, at the
    /// edge it enters from; nil for center entries, which fade instead.
    func offscreenShift(position: EntryAttributes.Position, shadow: EdgeInsets) -> Double? {
        switch position {
        case .top: return -(card.maxY + shadow.bottom.rounded(.up))
        case .bottom: return surface.height - card.y + shadow.top.rounded(.up)
        case .center: return nil
        }
    }
}
