import Testing
@testable import EntryKit

@Suite struct LayoutTests {
    typealias C = EntryAttributes.PositionConstraints
    let area = Size(width: 1280, height: 720)
    let content: (Double?) -> Size = { width in Size(width: width ?? 300, height: 80) }

    func layout(_ position: EntryAttributes.Position, _ constraints: C, shadow: EdgeInsets = EdgeInsets()) -> EntryLayout {
        EntryLayout.compute(position: position, constraints: constraints, area: area, shadow: shadow, measure: content)
    }

    @Test func topEntrySitsBelowTheEdgeByTheOffsetCentredHorizontally() {
        let l = layout(.top, C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .intrinsic)))
        #expect(l.card == Rect(x: 440, y: 10, width: 400, height: 80))
        #expect(l.surface == Size(width: 1280, height: 90))
    }

    @Test func bottomEntryMirrorsTop() {
        let l = layout(.bottom, C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .intrinsic)),
                       shadow: EdgeInsets(top: 6, left: 6, bottom: 12, right: 6))
        #expect(l.card == Rect(x: 440, y: 6, width: 400, height: 80))
        #expect(l.surface.height == 6 + 80 + 10, "shadow above, card, then the offset to the bottom edge")
    }

    @Test func centerEntryHasRoomForItsShadowOnBothSides() {
        let l = layout(.center, C(size: .init(width: .constant(value: 400), height: .constant(value: 100))),
                       shadow: EdgeInsets(all: 15))
        #expect(l.card == Rect(x: 440, y: 15, width: 400, height: 100))
        #expect(l.surface.height == 130)
    }

    @Test func springOvershootGetsRoomAwayFromTheEdge() {
        let c = C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .constant(value: 80)))
        let top = EntryLayout.compute(position: .top, constraints: c, area: area, shadow: EdgeInsets(), overshoot: 0.25) { _ in .zero }
        #expect(top.card.y == 10 && top.surface.height == 90 + 23, "room below the card: 25 % of its 90-point travel, rounded up")
        let bottom = EntryLayout.compute(position: .bottom, constraints: c, area: area, shadow: EdgeInsets(), overshoot: 0.25) { _ in .zero }
        #expect(bottom.card.y == 23 && bottom.surface.height == 113, "room above a bottom card")
        let spring = EntryAttributes.Animation(translate: .init(duration: 0.5, spring: .init(damping: 0.35, initialVelocity: 0)))
        #expect(Transition.overshoot(of: spring) > 0.2 && Transition.overshoot(of: .translation) == 0)
    }

    @Test func ninePositionsWithFloaterPadding() {
        for (alignment, x) in [(C.HorizontalAlignment.leading, 16.0), (.center, 440), (.trailing, 1280 - 400 - 16)] {
            for position in EntryAttributes.Position.allCases {
                var c = C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .constant(value: 80)))
                c.horizontalAlignment = alignment
                c.horizontalPadding = alignment == .center ? 99 : 16
                let l = layout(position, c)
                #expect(l.card.x == x, "\(position) \(alignment): \(l.card.x)")
            }
        }
        var wide = C(size: .init(width: .fill, height: .intrinsic))
        wide.horizontalAlignment = .trailing
        wide.horizontalPadding = 50
        #expect(layout(.top, wide).card.x == 0, "a full-width card has nowhere to go")
    }

    @Test func keyboardBoundEntriesFollowTheKeyboardTop() {
        let c = C(verticalOffset: 20, size: .init(width: .constant(value: 400), height: .constant(value: 100)))
        let base = layout(.bottom, c)
        let offset = EntryAttributes.PositionConstraints.KeyboardRelation.Offset(bottom: 10, screenEdgeResistance: 30)
        let hidden = base.bound(usable: 720, keyboard: 0, position: .bottom, verticalOffset: 20, offset: offset)
        #expect(hidden.card.y == 600 && hidden.surface.height == 720, "no keyboard: 20 above the bottom")
        let shown = base.bound(usable: 470, keyboard: 250, position: .bottom, verticalOffset: 20, offset: offset)
        #expect(shown.card.y == 360, "10 above the keyboard's top (470)")
        let tiny = base.bound(usable: 120, keyboard: 600, position: .bottom, verticalOffset: 20, offset: offset)
        #expect(tiny.card.y == 30, "never closer than the resistance to the top")
        let free = EntryAttributes.PositionConstraints.KeyboardRelation.Offset(bottom: 10)
        let roomy = layout(.top, c).bound(usable: 200, keyboard: 520, position: .top, verticalOffset: 20, offset: free)
        #expect(roomy.card.y == 20, "a top entry the keyboard does not reach keeps its place")
        let pushed = layout(.top, c).bound(usable: 120, keyboard: 600, position: .top, verticalOffset: 20, offset: free)
        #expect(pushed.card.y == 10, "a top entry moves up only as far as the keyboard pushes it")
    }

    @Test func widthEdges() {
        #expect(layout(.top, C(size: .init(width: .ratio(value: 0.5), height: .intrinsic))).card.width == 640)
        #expect(layout(.top, C(size: .init(width: .offset(value: 20), height: .intrinsic))).card.width == 1240)
        #expect(layout(.top, C(size: .init(width: .fill, height: .intrinsic))).card.width == 1280)
        #expect(layout(.top, C(size: .init(width: .intrinsic, height: .intrinsic))).card.width == 300)
        #expect(layout(.top, C(size: .init(width: .constant(value: 5000), height: .intrinsic))).card.width == 1280,
                "never wider than the output")
    }

    @Test func maxSizeLimitsWidthAndHeight() {
        let l = layout(.top, C(size: .init(width: .offset(value: 20), height: .constant(value: 500)),
                               maxSize: .init(width: .constant(value: 520), height: .ratio(value: 0.25))))
        #expect(l.card.width == 520)
        #expect(l.card.height == 180)
    }

    @Test func defaultsMatchSwiftEntryKit() {
        let a = EntryAttributes()
        #expect(a.windowLevel == .statusBar)
        #expect(a.position == .top)
        #expect(a.displayDuration == 2)
        #expect(a.positionConstraints.size == .sizeToWidth)
        #expect(a.positionConstraints.maxSize == .intrinsic)
        #expect(a.positionConstraints.verticalOffset == 0)
        #expect(a.entryBackground == .clear)
        #expect(a.shadow == .none)
        #expect(a.roundCorners == .none)
        #expect(a.border == .none)
        #expect(a.displayMode == .inferred)
        #expect(a.name == nil)
        #expect(EntryAttributes.topFloat.positionConstraints == .float)
        #expect(EntryAttributes.topFloat.roundCorners == .all(radius: 10))
        #expect(EntryAttributes.topNote.windowLevel == .normal)
        #expect(a.precedence == .override(priority: .normal, dropEnqueuedEntries: false))
        #expect(a.screenInteraction.defaultAction == .forward)
        #expect(a.entryInteraction.defaultAction == .dismissEntry && a.entryInteraction.customTapActions.isEmpty)
        #expect(a.scroll == .enabled(swipeable: true, pullbackAnimation: .jolt))
        #expect(a.hapticFeedbackType == .none)
        #expect(a.screenBackground == .clear)
        #expect(a.entranceAnimation == .translation && a.exitAnimation == .translation)
        #expect(a.entranceAnimation.totalDuration == 0.3)
        #expect(a.popBehavior == .animated(animation: .translation))
        #expect(a.stacking == .exclusive, "several entries at once is opt-in")
    }

    @Test func windowLevelsMapToLayers() {
        #expect(EntryAttributes.WindowLevel.normal.layer == .top)
        #expect(EntryAttributes.WindowLevel.statusBar.layer == .overlay)
        #expect(EntryAttributes.WindowLevel.alerts.layer == .overlay)
        #expect(EntryAttributes.WindowLevel.custom(layer: .bottom).layer == .bottom)
    }

    @Test func roundCornersRadii() {
        #expect(EntryAttributes.RoundCorners.top(radius: 8).radii == CornerRadii(topLeft: 8, topRight: 8))
        #expect(EntryAttributes.RoundCorners.bottom(radius: 8).radii == CornerRadii(bottomRight: 8, bottomLeft: 8))
    }

    @Test func entranceStartsOffscreenAndEndsAtRest() {
        let l = layout(.top, C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .intrinsic)),
                       shadow: EdgeInsets(all: 12))
        let shift = l.offscreenShift(position: .top, shadow: EdgeInsets(all: 12))!
        #expect(l.card.maxY + shift + 12 <= 0, "the card and its shadow start above the surface")
        let t = Transition.entrance(.translation, shift: shift)
        var previous = t.motion(at: 0).0.offsetY
        #expect(previous == shift)
        for step in 1...30 {
            let (m, done) = t.motion(at: Double(step) * 0.01)
            #expect(m.offsetY >= previous, "ease-out entrance moves monotonically")
            previous = m.offsetY
            #expect(done == (step >= 30))
        }
        #expect(t.motion(at: 0.3).0 == .rest)
        let bottom = layout(.bottom, C(verticalOffset: 10, size: .init(width: .constant(value: 400), height: .intrinsic)))
        #expect(bottom.card.y + bottom.offscreenShift(position: .bottom, shadow: EdgeInsets())! >= bottom.surface.height)
        #expect(l.offscreenShift(position: .center, shadow: EdgeInsets()) == nil, "center entries fade")
    }
}

@Suite struct ValidationTests {
    @Test func rejectsNaNAndNegativeValues() {
        var a = EntryAttributes()
        a.displayDuration = .nan
        #expect(throws: EntryKitError.self) { try a.validate() }
        a.displayDuration = -1
        #expect(throws: EntryKitError.self) { try a.validate() }
        a.displayDuration = .infinity
        #expect(throws: Never.self) { try a.validate() }

        var b = EntryAttributes()
        b.positionConstraints.size.width = .constant(value: -5)
        #expect(throws: EntryKitError.self) { try b.validate() }
        b.positionConstraints.size.width = .ratio(value: .nan)
        #expect(throws: EntryKitError.self) { try b.validate() }

        var c = EntryAttributes()
        c.shadow = .active(with: .init(opacity: 2, radius: 4))
        #expect(throws: EntryKitError.self) { try c.validate() }
        c.roundCorners = .all(radius: -1)
        c.shadow = .none
        #expect(throws: EntryKitError.self) { try c.validate() }
        var d = EntryAttributes()
        d.name = ""
        #expect(throws: EntryKitError.self) { try d.validate() }
    }

    @Test func errorMessagesNameTheAttribute() {
        var a = EntryAttributes()
        a.positionConstraints.verticalOffset = -3
        do {
            try a.validate()
            Issue.record("expected an error")
        } catch let error as EntryKitError {
            #expect(error.kind == .invalidInput)
            #expect(error.message.contains("verticalOffset"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func emptyMessageAndInvalidUTF8() {
        let empty = NotificationMessageView(with: NotificationMessage(title: "", description: ""))
        #expect(throws: EntryKitError.self) { try empty.validate() }
        let titleOnly = NotificationMessageView(with: NotificationMessage(title: "Hi", description: ""))
        #expect(throws: Never.self) { try titleOnly.validate() }
        #expect(throws: EntryKitError.self) {
            try LabelContent(utf8: [0x48, 0xff, 0xfe], style: LabelStyle(font: Font()))
        }
        var bad = NotificationMessage(title: "x", description: "y")
        bad.simpleMessage.title.style.font.size = .nan
        #expect(throws: EntryKitError.self) { try NotificationMessageView(with: bad).validate() }
    }

    @Test func unreadableIconIsReportedAndTheMessageStillMeasures() {
        let view = NotificationMessageView(with: NotificationMessage(title: "Hi", description: "there", iconPath: "/nope.png"))
        var reported: [EntryKitError] = []
        view.prepare { reported.append($0) }
        #expect(reported.count == 1 && reported[0].kind == .resource && reported[0].message.contains("/nope.png"))
        let env = ContentEnvironment(scale: 1, displayMode: .light, context: sharedContext)
        #expect(view.size(fitting: 400, in: env).height > 20)
    }

    @Test func hexColours() {
        #expect(Color(hex: "#ff0000") == Color(rgb: 0xff0000))
        #expect(Color(hex: "0f0") == Color(rgb: 0x00ff00))
        #expect(Color(hex: "#00000080")?.alpha == Double(0x80) / 255)
        #expect(Color(hex: "#xyz") == nil)
        #expect(Color(hex: "#12345") == nil)
    }
}

@Suite struct CardRendererTests {
    @Test func scaleTwoCardIsTwiceTheSize() {
        var a = EntryAttributes.topFloat
        a.entryBackground = .color(color: .white)
        a.shadow = .active(with: .init(opacity: 0.3, radius: 10))
        let view = NotificationMessageView(with: NotificationMessage(title: "Hello", description: "World"))
        let one = CardRenderer.render(content: view, attributes: a, cardSize: Size(width: 600, height: 120), scale: 1, context: sharedContext)
        let two = CardRenderer.render(content: view, attributes: a, cardSize: Size(width: 600, height: 120), scale: 2, context: sharedContext)
        #expect(two.width == one.width * 2 && two.height == one.height * 2)
        #expect(two.marginLeft == one.marginLeft * 2)
        let t1 = TestImage(adopting: one.image), t2 = TestImage(adopting: two.image)
        // The card's top-left rounded corner, at the same logical spot, is transparent in both.
        #expect(t1.alpha(one.marginLeft + 1, one.marginTop + 1) < 255)
        #expect(t2.pixel(two.marginLeft + 300, two.marginTop + 100).a == 255)
    }

    @Test func translucentBackgroundDoesNotShowTheShadowThrough() {
        var a = EntryAttributes()
        a.entryBackground = .color(color: EntryColor(Color(rgb: 0xffffff, alpha: 0.5)))
        a.shadow = .active(with: .init(opacity: 1, radius: 10))
        final class Empty: EntryContent {
            func size(fitting width: Double?, in environment: ContentEnvironment) -> Size { Size(width: 10, height: 10) }
            func draw(in canvas: Canvas, rect: Rect) {}
        }
        let card = CardRenderer.render(content: Empty(), attributes: a, cardSize: Size(width: 100, height: 50), scale: 1, context: sharedContext)
        let p = TestImage(adopting: card.image).pixel(card.marginLeft + 50, card.marginTop + 25)
        #expect(close(p.a, 128, 2) && close(p.r, 128, 2), "only the half-transparent white: \(p)")
    }
}
