import CFcft
import CPixman
import CEntryKitProtocols
import CWayland

/// One entry on screen: its layer surface, its rendered card and its motion. Runs on the
/// event-loop thread. It animates and reports; the rules (when to leave, lifecycle
/// events, timers) belong to `PresentationCore`, driven by the presenter.
final class EntryController {
    enum Phase: Equatable {
        case waitingForConfigure, entering, resting, exiting, gone
    }

    let id: EntryID
    let content: EntryContent
    let attributes: EntryAttributes
    private unowned let presenter: EntryPresenter
    private let surface: LayerSurface
    private let pool: ShmPool
    /// The output asked for by name; nil when the compositor chose.
    let output: Output?
    private(set) var phase = Phase.waitingForConfigure
    private(set) var layout: EntryLayout?
    private var card: CardImage?
    private(set) var scale: Int32 = 1
    private var transition: Transition?
    private var transitionStart: UInt32?
    private var motion = Motion.rest
    private var lastDamage = PixelRect.empty
    private var restReported = false
    /// Where the card is drawn now and the input region last sent, in surface points.
    private var inputRect = PixelRect.empty
    private var sentRegion: PixelRect?
    /// A draw found every buffer held by the compositor; it runs again on a release.
    private var drawDeferred: Bool?
    /// Ends a transition whose frame callbacks stop coming (an output turned off, a
    /// compositor that throttles hidden surfaces), so no entry hangs half-way.
    private var watchdog: EventLoop.TimerID?
    /// Size of the most recently committed buffer, for tests and the benchmark.
    private(set) var lastBufferSize: (width: Int32, height: Int32) = (0, 0)
    /// Scale of the very first buffer committed: HiDPI must be right from frame one.
    private(set) var firstCommitScale: Int32?

    /// The entrance ended and the compositor has shown the entry at rest.
    var onRest: (() -> Void)?
    /// The exit ended and the surface is destroyed.
    var onExitFinished: (() -> Void)?
    /// The compositor closed the surface.
    var onClosed: (() -> Void)?
    /// Its output went away (the presenter has destroyed the surface).
    var onOutputRemoved: (() -> Void)?
    /// The user tapped (clicked or touched without dragging) the card.
    var onTap: (() -> Void)?

    /// The user tapped beside the card, on the backdrop.
    var onTapOutside: (() -> Void)?

    /// The wl_surface, to route input to this entry.
    var surfaceProxy: OpaquePointer { surface.surface }
    private var press: PressTracker?
    private var dragging = false
    private var dragBase = 0.0
    /// Set when a swipe dismissed the entry: its exit keeps this speed (points/s).
    private var swipeVelocity: Double?
    /// The user swiped the card away.
    var onSwipe: (() -> Void)?
    /// Escape, or a control whose action dismisses the entry.
    var onDismissRequest: (() -> Void)?

    private var interactive: InteractiveEntryContent? {
        guard let c = content as? InteractiveEntryContent, c.controlCount > 0 else { return nil }
        return c
    }

    /// Focus only for entries with controls, unless the attributes say otherwise.
    private var keyboardMode: LayerSurface.KeyboardInteractivity {
        switch attributes.keyboard.interactivity {
        case .automatic: return interactive != nil ? .onDemand : .none
        case .none: return .none
        case .onDemand: return .onDemand
        case .exclusive: return .exclusive
        }
    }
    /// Beneath the entry when screenInteraction or screenBackground need one.
    private var backdrop: Backdrop?
    private var outsidePress: PressTracker?

    /// Whether input on `surface` belongs to this entry (its card or its backdrop).
    func owns(_ surface: OpaquePointer) -> Bool {
        surface == self.surface.surface || surface == backdrop?.surfaceProxy
    }

    init(id: EntryID, content: EntryContent, attributes: EntryAttributes, presenter: EntryPresenter,
         connection: WaylandConnection, output: Output?) {
        self.id = id
        self.content = content
        self.attributes = attributes
        self.presenter = presenter
        self.output = output
        pool = ShmPool(shm: connection.shm!)
        let layer = LayerSurface.Layer(rawValue: attributes.windowLevel.layer.rawValue) ?? .overlay
        surface = LayerSurface(connection: connection, output: output, layer: layer, namespace: "entrykit")

        scale = initialScale(connection: connection)
        surface.onConfigure = { [unowned self] w, h in self.configured(width: w, height: h) }
        surface.onClosed = { [unowned self] in
            self.destroySurface()
            self.onClosed?()
        }
        surface.onFrame = { [unowned self] time in self.frame(time: time) }
        surface.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        pool.onRelease = { [unowned self] in
            if let wantFrame = drawDeferred {
                drawDeferred = nil
                draw(wantFrame: wantFrame)
            }
        }

        // Ask for the height the card will need at the output's width; the configure
        // tells the real usable width, and layout is redone then.
        let estimate = computeLayout(width: outputArea.width)
        surface.setRole(anchor: anchor, width: 0, height: isBound ? 0 : UInt32(estimate.surface.height), exclusiveZone: exclusiveZone,
                        margin: stackMargin)
        surface.setInputRegion(.empty)
        surface.setKeyboardInteractivity(keyboardMode, version: connection.layerShellVersion)
        surface.commit()
        let screen = attributes.screenInteraction
        let screenTakesInput = screen.defaultAction != .forward || !screen.customTapActions.isEmpty
        if screenTakesInput || attributes.screenBackground != .clear {
            backdrop = Backdrop(connection: connection, presenter: presenter, parent: surface.surface,
                                outputSize: outputArea, origin: estimatedOrigin(of: estimate),
                                style: attributes.screenBackground, mode: attributes.displayMode.resolved,
                                takesInput: screenTakesInput)
        }
        // Send the initial commit now and render the card while the compositor answers:
        // when the configure confirms the estimate, the first frame only composites.
        wl_display_flush(connection.display)
        layout = estimate
        card = CardRenderer.render(content: content, attributes: attributes, cardSize: estimate.card.size,
                                   scale: scale, context: presenter.renderContext)
    }

    /// Before the compositor says which output shows the surface, render for the largest
    /// scale it might be on, so a 2× output gets a crisp first frame.
    private func initialScale(connection: WaylandConnection) -> Int32 {
        if let output { return output.scale }
        return connection.outputs.map(\.scale).max() ?? 1
    }

    private var outputArea: Size {
        if let output { return output.logicalSize }
        return presenter.connection?.outputs.first?.logicalSize ?? Size(width: 1280, height: 720)
    }

    /// Sampled once: how far a springy entrance carries the card past its place.
    private lazy var entranceOvershoot = Transition.overshoot(of: attributes.entranceAnimation)

    private func computeLayout(width: Double) -> EntryLayout {
        let environment = ContentEnvironment(scale: Double(scale), displayMode: attributes.displayMode.resolved,
                                             context: presenter.renderContext)
        let area = Size(width: width > 0 ? width : outputArea.width, height: outputArea.height)
        return EntryLayout.compute(position: attributes.position, constraints: attributes.positionConstraints,
                                   area: area, shadow: attributes.shadow.extent,
                                   overshoot: entranceOvershoot,
                                   stretch: attributes.scroll.stretchesPastEdge ? 0.5 : 0) {
            self.content.size(fitting: $0, in: environment)
        }
    }

    // MARK: Wayland events

    private func configured(width: UInt32, height: UInt32) {
        guard phase != .gone else { return }
        var newLayout = computeLayout(width: Double(width))
        if case .bind(let offset) = attributes.positionConstraints.keyboardRelation, isBound {
            // The surface spans the usable height; a keyboard appearing shrinks it. The
            // tallest seen is the height without a keyboard.
            tallestUsable = max(tallestUsable, Double(height))
            newLayout = newLayout.bound(usable: Double(height), keyboard: tallestUsable - Double(height),
                                        position: attributes.position,
                                        verticalOffset: attributes.positionConstraints.verticalOffset, offset: offset)
            if let old = layout, phase == .resting, old.card.size == newLayout.card.size, old.card.y != newLayout.card.y {
                // Glide to the new place rather than jump.
                motion.offsetY += old.card.y - newLayout.card.y
                var move = Transition(start: motion, finish: .rest)
                move.offset = .init(from: motion.offsetY, to: 0, delay: 0, duration: 0.25, spring: nil, easing: Easing.easeOutCubic)
                transition = move
                transitionStart = nil
                layout = newLayout
                armWatchdog()
                draw(wantFrame: true)
                return
            }
        } else if UInt32(newLayout.surface.height) != height {
            // The usable width differs from the estimate and the card's height with it.
            surface.setRole(anchor: anchor, width: 0, height: UInt32(newLayout.surface.height), exclusiveZone: exclusiveZone,
                            margin: stackMargin)
            surface.commit()
            return
        }
        if newLayout != layout {
            if newLayout.card.size != layout?.card.size { card = nil }   // the card image depends on its size only
            layout = newLayout
        }
        backdrop?.place(outputSize: outputArea, origin: estimatedOrigin(of: newLayout))
        if phase == .waitingForConfigure {
            phase = .entering
            transition = .entrance(attributes.entranceAnimation, shift: shift)
            transitionStart = nil
            motion = transition!.from
            armWatchdog()
        }
        draw(wantFrame: phase == .entering || phase == .exiting || !restReported)
    }

    // MARK: Stacking

    /// Points between the output's edge and this surface, leaving room for newer stacked
    /// entries nearer the edge. A centre stack keeps its newest entry centred and the older
    /// ones below it: those are anchored to the top, at the centre plus their offset.
    private(set) var stackOffset: Double = 0

    /// 0 keeps the surface clear of panels' exclusive zones; −1 places it over them.
    private var exclusiveZone: Int32 { attributes.positionConstraints.safeArea.isOverridden ? -1 : 0 }

    /// Bound to the keyboard: top and bottom entries (not centre ones, as in SwiftEntryKit).
    private var isBound: Bool {
        attributes.positionConstraints.keyboardRelation.isBound && attributes.position != .center
    }
    /// The usable height without a keyboard: the tallest configure seen.
    private var tallestUsable = 0.0

    private var anchor: LayerSurface.Anchor {
        if isBound { return [.top, .bottom, .left, .right] }
        if attributes.position == .center && stackOffset > 0 { return [.top, .left, .right] }
        return Self.anchor(for: attributes.position)
    }

    private var stackMargin: EdgeInsets {
        switch attributes.position {
        case .top: return EdgeInsets(top: stackOffset)
        case .bottom: return EdgeInsets(bottom: stackOffset)
        case .center:
            guard stackOffset > 0, let layout else { return EdgeInsets() }
            return EdgeInsets(top: ((outputArea.height - layout.surface.height) / 2).rounded() + stackOffset)
        }
    }

    /// The card's height plus the gap the stack keeps after it.
    var stackExtent: Double {
        guard case .stack(_, let spacing) = attributes.stacking, let layout else { return 0 }
        return layout.card.height + spacing
    }

    var isLeaving: Bool { phase == .exiting || phase == .gone }

    /// Moves the surface `offset` points away from its edge (one configure, not per frame).
    func setStackOffset(_ offset: Double) {
        guard offset != stackOffset, phase != .gone, let layout else { return }
        stackOffset = offset
        surface.setRole(anchor: anchor, width: 0, height: isBound ? 0 : UInt32(layout.surface.height), exclusiveZone: exclusiveZone,
                        margin: stackMargin)
        surface.commit()
    }

    /// How far the card moves to be fully outside the surface at its edge.
    /// Where the surface sits on the output, as far as a client can tell (panels'
    /// exclusive zones are not known to it).
    private func estimatedOrigin(of layout: EntryLayout) -> Point {
        let area = outputArea
        switch attributes.position {
        case .top: return Point(x: 0, y: stackOffset)
        case .bottom: return Point(x: 0, y: area.height - layout.surface.height - stackOffset)
        case .center: return Point(x: 0, y: stackMargin.top > 0 ? stackMargin.top : ((area.height - layout.surface.height) / 2).rounded())
        }
    }

    private var shift: Double? {
        layout?.offscreenShift(position: attributes.position, shadow: attributes.shadow.extent)
    }

    /// Left and right always (the configure then tells the usable width), plus the edge.
    private static func anchor(for position: EntryAttributes.Position) -> LayerSurface.Anchor {
        switch position {
        case .top: return [.top, .left, .right]
        case .bottom: return [.bottom, .left, .right]
        case .center: return [.left, .right]
        }
    }

    private func frame(time: UInt32) {
        switch phase {
        case .entering, .exiting:
            guard let transition else { return }
            if transitionStart == nil { transitionStart = time }
            let elapsed = Double(time &- transitionStart!) / 1000
            let (m, finished) = transition.motion(at: elapsed)
            motion = m
            if let backdrop {
                let progress = transition.duration > 0 ? min(1, elapsed / transition.duration) : 1
                backdrop.setAlpha(phase == .entering ? progress : 1 - progress)
            }
            if finished { transitionFinished() } else { draw(wantFrame: true) }
        case .resting:
            // A pullback after a drag that did not dismiss.
            if let transition {
                if transitionStart == nil { transitionStart = time }
                let (m, finished) = transition.motion(at: Double(time &- transitionStart!) / 1000)
                motion = m
                if finished {
                    self.transition = nil
                    transitionStart = nil
                    motion = .rest
                }
                draw(wantFrame: !finished)
                return
            }
            // The frame after the resting one: the compositor has shown the entry at rest.
            if !restReported {
                restReported = true
                onRest?()
            }
        case .waitingForConfigure, .gone:
            break
        }
    }

    private func armWatchdog() {
        presenter.loop?.cancel(watchdog)
        guard let duration = transition?.duration else { return }
        watchdog = presenter.loop?.schedule(at: MonotonicClock.now() + duration + 1) { [weak self] in
            guard let self, let transition = self.transition else { return }
            self.watchdog = nil
            self.motion = transition.to
            self.transitionFinished()
            if self.phase == .resting && !self.restReported {   // no frame will report it
                self.restReported = true
                self.onRest?()
            }
        }
    }

    private func transitionFinished() {
        presenter.loop?.cancel(watchdog)
        watchdog = nil
        transition = nil
        transitionStart = nil
        if phase == .entering {
            phase = .resting
            motion = .rest
            draw(wantFrame: true)   // its frame callback reports the rest
        } else if phase == .exiting {
            destroySurface()
            onExitFinished?()
        }
    }

    /// The surface entered or left an output, or an output's scale changed: render for
    /// the largest scale among the outputs it is on (crisp everywhere), once.
    func outputsChanged() {
        guard let connection = presenter.connection else { return }
        var scales = surface.enteredOutputs.compactMap { proxy in connection.outputs.first { $0.proxy == proxy }?.scale }
        if scales.isEmpty, let output { scales = [output.scale] }
        guard let newScale = scales.max(), newScale != scale else { return }
        scale = newScale
        backdrop?.scale = newScale
        card = nil
        if layout != nil, phase != .gone { draw(wantFrame: phase != .resting) }
    }

    // MARK: Drawing

    /// Clears what the buffer held, composites the card at the current motion, commits.
    private func draw(wantFrame: Bool) {
        let started = presenter.measuringDraws ? threadCPUTime() : 0
        defer { if presenter.measuringDraws { presenter.noteDraw(cpu: threadCPUTime() - started) } }
        guard let layout, surface.configured else { return }
        if card == nil {
            card = CardRenderer.render(content: content, attributes: attributes, cardSize: layout.card.size,
                                       scale: scale, context: presenter.renderContext)
        }
        guard let card else { return }
        let width = Int32(layout.surface.width) * scale, height = Int32(layout.surface.height) * scale
        guard let buffer = pool.nextBuffer(width: width, height: height) else {
            drawDeferred = (drawDeferred ?? false) || wantFrame   // every buffer is held: redraw on release
            return
        }
        fill(buffer.image, buffer.drawn, clearColor)   // what this buffer showed last time
        // The card image (card plus shadow) at the motion's offset and scale, the scale
        // taken about the card's centre.
        let s = max(0, motion.scale)
        let fullX = Int32(layout.card.x) * scale - card.marginLeft
        let fullY = Int32(((layout.card.y + motion.offsetY) * Double(scale)).rounded()) - card.marginTop
        let drawnWidth = s == 1 ? card.width : Int32((Double(card.width) * s).rounded())
        let drawnHeight = s == 1 ? card.height : Int32((Double(card.height) * s).rounded())
        let x = fullX + (card.width - drawnWidth) / 2, y = fullY + (card.height - drawnHeight) / 2
        let target = PixelRect(x: x, y: y, width: drawnWidth, height: drawnHeight).clipped(width: width, height: height)
        if !target.isEmpty && motion.alpha > 0 && s > 0.001 {
            let mask = presenter.alphaMask(motion.alpha)
            if s != 1 {
                var transform = pixman_transform()
                pixman_transform_init_scale(&transform, fixed(1 / s), fixed(1 / s))
                pixman_image_set_transform(card.image, &transform)
                pixman_image_set_filter(card.image, PIXMAN_FILTER_BILINEAR, nil, 0)
            }
            pixman_image_composite32(PIXMAN_OP_OVER, card.image, mask, buffer.image,
                                     target.x - x, target.y - y, 0, 0, target.x, target.y, target.width, target.height)
            if s != 1 {
                pixman_image_set_transform(card.image, nil)
                pixman_image_set_filter(card.image, PIXMAN_FILTER_NEAREST, nil, 0)
            }
        }
        followWithInput(layout: layout)
        let damage = target.union(lastDamage).union(buffer.drawn)
        buffer.drawn = target
        lastDamage = target
        surface.present(buffer, scale: scale, damage: damage.isEmpty ? PixelRect(x: 0, y: 0, width: 1, height: 1) : damage,
                        wantFrame: wantFrame)
        lastBufferSize = (width, height)
        if firstCommitScale == nil { firstCommitScale = scale }
        presenter.noteCommit()
    }

    /// The input region is the card where it is drawn now (in points), so clicks beside
    /// it reach what lies below even while it moves. Sent only when it changes.
    private func followWithInput(layout: EntryLayout) {
        let s = motion.scale
        let w = layout.card.width * s, h = layout.card.height * s
        let rect = PixelRect(x: Int32((layout.card.midX - w / 2).rounded()),
                             y: Int32((layout.card.midY + motion.offsetY - h / 2).rounded()),
                             width: Int32(w.rounded()), height: Int32(h.rounded()))
        // A card that forwards taps and has no tap actions takes no input at all, nor one
        // that cannot be seen.
        let interaction = attributes.entryInteraction
        let transparent = interaction.defaultAction == .forward && interaction.customTapActions.isEmpty
        let region = motion.alpha > 0 && !transparent ? rect : .empty
        guard rect != inputRect || region != sentRegion else { return }
        inputRect = rect
        sentRegion = region
        surface.setInputRegion(region)
    }

    // MARK: Input

    func handle(_ event: Seat.Event) {
        if let backdrop, case let s = eventSurface(event), s == backdrop.surfaceProxy {
            handleOutside(event)
            return
        }
        switch event {
        case .press(_, let x, let y, let time, _):
            let p = Point(x: x, y: y)
            let card = Rect(x: Double(inputRect.x), y: Double(inputRect.y),
                            width: Double(inputRect.width), height: Double(inputRect.height))
            guard phase == .entering || phase == .resting, card.contains(p) else { return }
            press = PressTracker(at: p, time: Double(time) / 1000)
            dragBase = motion.offsetY
            dragging = false
        case .move(_, let x, let y, let time, _):
            guard press != nil else { return }
            press!.move(to: Point(x: x, y: y), time: Double(time) / 1000)
            drag()
        case .release:
            if dragging {
                release()
            } else if let press, press.isTap, phase == .entering || phase == .resting {
                if let interactive, let layout,
                   let control = interactive.control(at: press.start, in: layout.card.offsetBy(dx: 0, dy: motion.offsetY)) {
                    activate(control, of: interactive)
                } else {
                    onTap?()
                }
            }
            press = nil
            dragging = false
        case .cancel:
            if dragging { pullback(velocity: 0) }
            press = nil
            dragging = false
        }
    }

    // MARK: Keys

    func handleKey(_ key: Keyboard.Key) {
        guard phase == .entering || phase == .resting else { return }
        switch key.keysym {
        case 0xff1b:   // Escape
            if attributes.keyboard.escapeDismisses { onDismissRequest?() }
        case 0xff09, 0xfe20:   // Tab, ISO_Left_Tab (Shift-Tab)
            guard var interactive else { return }
            let count = interactive.controlCount
            let backwards = key.keysym == 0xfe20 || key.shift
            let current = interactive.focusedControl ?? (backwards ? 0 : -1)
            interactive.focusedControl = ((current + (backwards ? -1 : 1)) % count + count) % count
            card = nil   // the focus ring is part of the card: draw it again, once
            draw(wantFrame: false)
        case 0xff0d, 0xff8d, 0x20:   // Return, KP_Enter, space
            guard let interactive, let control = interactive.focusedControl ?? interactive.defaultControl else { return }
            activate(control, of: interactive)
        default:
            break
        }
    }

    private func activate(_ control: Int, of interactive: InteractiveEntryContent) {
        if interactive.activate(control) { onDismissRequest?() }
    }

    // MARK: Dragging

    /// The card follows the pointer once it moved past the tap slop, resisting being
    /// pulled away from its edge (rubber band) as `scroll` allows.
    private func drag() {
        guard let press, phase == .resting, attributes.scroll != .disabled, press.movedBeyondSlop,
              let layout else { return }
        if !dragging {
            dragging = true
            transition = nil   // a pullback in progress yields to the hand
            transitionStart = nil
        }
        motion.offsetY = Swipe.offset(for: dragBase + press.translationY, position: attributes.position,
                                      scroll: attributes.scroll, cardHeight: layout.card.height)
        draw(wantFrame: false)
    }

    /// Let go: fast or far enough towards the edge dismisses (the exit keeps the drag's
    /// speed); otherwise the card springs back with the pullback animation.
    private func release() {
        guard let press, let layout, phase == .resting else { return }
        let outcome = Swipe.outcome(translation: motion.offsetY, velocity: press.velocityY, position: attributes.position,
                                    scroll: attributes.scroll, cardHeight: layout.card.height)
        if outcome == .dismiss {
            swipeVelocity = press.velocityY
            onSwipe?()
        } else {
            pullback(velocity: press.velocityY)
        }
    }

    private func pullback(velocity: Double) {
        guard phase == .resting else { return }
        let settings: EntryAttributes.Scroll.PullbackAnimation
        if case .enabled(_, let p) = attributes.scroll { settings = p } else { settings = .easeOut }
        let distance = abs(motion.offsetY)
        guard distance > 0.5 else {
            motion = .rest
            draw(wantFrame: false)
            return
        }
        let spring = Spring(damping: settings.damping, initialVelocity: settings.initialSpringVelocity, duration: settings.duration)
        transition = Transition(offset: .init(from: motion.offsetY, to: 0, delay: 0, duration: settings.duration,
                                              spring: spring, easing: Easing.easeOutCubic),
                                scale: nil, alpha: nil, start: motion, finish: .rest)
        transitionStart = nil
        armWatchdog()
        draw(wantFrame: true)
    }

    private func eventSurface(_ event: Seat.Event) -> OpaquePointer {
        switch event {
        case .press(let s, _, _, _, _), .move(let s, _, _, _, _), .release(let s, _, _), .cancel(let s, _): return s
        }
    }

    /// A tap on the backdrop is a tap beside the entry (screenInteraction).
    private func handleOutside(_ event: Seat.Event) {
        switch event {
        case .press(_, let x, let y, let time, _):
            guard phase == .entering || phase == .resting else { return }
            outsidePress = PressTracker(at: Point(x: x, y: y), time: Double(time) / 1000)
        case .move(_, let x, let y, let time, _):
            outsidePress?.move(to: Point(x: x, y: y), time: Double(time) / 1000)
        case .release:
            if let p = outsidePress, p.isTap, phase == .entering || phase == .resting { onTapOutside?() }
            outsidePress = nil
        case .cancel:
            outsidePress = nil
        }
    }

    // MARK: Leaving

    /// Plays `animation` from wherever the card is, then reports `onExitFinished`. With
    /// no animation, or before anything was drawn, the surface goes at once.
    func startExit(_ animation: EntryAttributes.Animation) {
        switch phase {
        case .gone, .exiting: return
        case .waitingForConfigure:
            finishNow()   // never drawn: nothing to animate
            return
        case .entering, .resting: break
        }
        guard animation.totalDuration > 0, layout != nil else {
            finishNow()
            return
        }
        phase = .exiting
        transition = .exit(animation, from: motion, shift: shift)
        if let velocity = swipeVelocity {
            transition = swipeExit(velocity: velocity)
            swipeVelocity = nil
        }
        transitionStart = nil
        armWatchdog()
        draw(wantFrame: true)
    }

    /// A swiped card leaves in the direction and at the speed it was thrown.
    private func swipeExit(velocity: Double) -> Transition {
        let direction: Double = Swipe.edgeSign(attributes.position) != 0 ? Swipe.edgeSign(attributes.position)
                                                                          : (velocity < 0 ? -1 : 1)
        let target = shift ?? direction * ((layout?.surface.height ?? 200) + 50)
        let distance = abs(target - motion.offsetY)
        let speed = max(abs(velocity), Swipe.dismissVelocity)
        let duration = min(0.35, max(0.08, distance / speed))
        var t = Transition(start: motion, finish: motion)
        t.offset = .init(from: motion.offsetY, to: target, delay: 0, duration: duration, spring: nil, easing: { $0 })
        t.finish.offsetY = target
        if shift == nil {   // centre entries have no edge to leave through: fade as they go
            t.alpha = .init(from: motion.alpha, to: 0, delay: 0, duration: duration, spring: nil, easing: { $0 })
            t.finish.alpha = 0
        }
        return t
    }

    /// Destroys the surface and reports the exit finished.
    func finishNow() {
        guard phase != .gone else { return }
        destroySurface()
        onExitFinished?()
    }

    /// Removes the surface without reporting anything (the presenter already knows).
    func destroySurface() {
        guard phase != .gone else { return }
        phase = .gone
        press = nil
        outsidePress = nil
        backdrop?.destroy()
        backdrop = nil
        presenter.connection?.seat?.forget(surface.surface)
        presenter.loop?.cancel(watchdog)
        watchdog = nil
        surface.destroy()
        pool.removeAll()
        card = nil
        if let display = presenter.connection?.display { wl_display_flush(display) }
    }
}
