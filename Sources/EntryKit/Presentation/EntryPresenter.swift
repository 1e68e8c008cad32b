import CFcft
import CEntryKitProtocols
import CPixman
import CWayland
import Glibc

/// Shows entries on one Wayland connection. `EntryKit`'s static API uses a shared
/// presenter; an app may create its own (one connection and queue each).
///
/// Threading: public methods are safe from any thread. The rules live in a
/// `PresentationCore` behind a lock, so queries answer at once and consistently; the
/// effects the rules decide are carried out in order on the presenter's event-loop
/// thread, which owns every Wayland object. Lifecycle closures, completions and the
/// error handler run on that thread.
public final class EntryPresenter: @unchecked Sendable {
    private struct Request {
        let content: EntryContent
        let attributes: EntryAttributes
        let finished: ((DismissalReason) -> Void)?
    }

    private let lock = Lock()
    // Guarded by `lock`:
    private var core = PresentationCore()
    private var requests: [EntryID: Request] = [:]
    private var completions: [CompletionID: () -> Void] = [:]
    private var nextEntry: UInt64 = 0
    private var nextCompletion: UInt64 = 0
    private(set) var connection: WaylandConnection?
    private(set) var loop: EventLoop?
    // Event-loop thread only:
    let renderContext = RenderContext()
    /// The surfaces of each shown entry: one, or one per output for `.all`.
    private var controllers: [EntryID: [EntryController]] = [:]
    private var allControllers: [EntryController] { controllers.keys.sorted().flatMap { controllers[$0]! } }
    private var timers: [EntryID: EventLoop.TimerID] = [:]
    private var alphaMasks = [OpaquePointer?](repeating: nil, count: 256)
    private var commitObserver: ((Seconds) -> Void)?

    /// Receives errors and warnings (bad input, unreadable icons, missing fonts, a lost
    /// connection). Default: one line on standard error.
    public var onError: @Sendable (EntryKitError) -> Void = { error in
        let line = "entrykit: \(error.kind == .resource ? "warning: " : "")\(error.message)\n"
        fputs(line, stderr)
    }

    /// The output entries appear on, by connector name ("DP-1"); nil lets the compositor
    /// choose (usually the focused one).
    public var outputName: String?

    /// The Wayland display this presenter connects to: nil for WAYLAND_DISPLAY, else a
    /// socket name in XDG_RUNTIME_DIR or an absolute socket path.
    public let displayName: String?

    /// Who runs the presenter's event loop.
    public enum EventLoopMode: Sendable {
        /// A thread of the presenter's own (the default).
        case ownThread
        /// The app's own poll/epoll loop: watch `fileDescriptor()` for readability and call
        /// `dispatch()` on that loop's thread whenever it is readable.
        case external
    }

    public let eventLoopMode: EventLoopMode

    public init(displayName: String? = nil, eventLoop: EventLoopMode = .ownThread) {
        self.displayName = displayName
        eventLoopMode = eventLoop
    }

    /// Connects to the compositor, if not connected yet. `display` connects lazily; call
    /// this first to learn early why it cannot.
    public func connect() throws {
        try lock.withLock {
            guard loop == nil else { return }
            let connection = try WaylandConnection(name: displayName)
            let loop = EventLoop(display: connection.display)
            self.connection = connection
            self.loop = loop
            renderContext.text.onWarning = { [weak self] message in self?.onError(EntryKitError(.resource, message)) }
            loop.onFatalError = { [weak self] error in self?.connectionLost(error) }
            connection.onOutputsChanged = { [weak self] in self?.outputsChanged() }
            connection.seat?.onEvent = { [weak self] event in self?.route(event) }
            connection.seat?.onKey = { [weak self] surface, key in
                self?.allControllers.first { $0.surfaceProxy == surface }?.handleKey(key)
            }
            connection.seat?.loop = loop
            connection.seat?.scaleForSurface = { [weak self] surface in
                self?.allControllers.first { $0.surfaceProxy == surface }?.scale ?? 1
            }
            guard eventLoopMode == .ownThread else { return }
            startThread {
                loop.run()
                // The connection (and every Wayland object) is released here, on the thread
                // that used it, once the loop has stopped: never under a running loop.
                withExtendedLifetime(connection) {}
            }
        }
    }

    // MARK: Driving the loop yourself

    /// With `.external`: a descriptor that becomes readable whenever the presenter has
    /// work (compositor events, calls from other threads, a due timer). Connects first.
    public func fileDescriptor() throws -> Int32 {
        try connect()
        guard let loop = lock.withLock({ self.loop }) else { throw EntryKitError.noCompositor(name: displayName) }
        return loop.pollableFD
    }

    /// With `.external`: does the pending work without blocking. Call it on your loop's
    /// thread when `fileDescriptor()` is readable; lifecycle closures run inside it.
    public func dispatch() {
        precondition(eventLoopMode == .external, "dispatch() is for presenters created with eventLoop: .external")
        let (loop, connection) = lock.withLock { (self.loop, self.connection) }
        guard let loop else { return }
        // Held until the turn is over: a lost connection is released after, not during it.
        withExtendedLifetime(connection) { loop.turn(blocking: false) }
    }

    // MARK: Displaying

    /// Shows `entry` as `attributes` describe, following their precedence: it may show at
    /// once, wait in the queue, override the displayed entry, or be rejected. Invalid
    /// attributes or content are reported through `onError` and nothing is shown.
    public func display(entry: EntryContent, using attributes: EntryAttributes) {
        submit(entry, attributes, finished: nil)
    }

    /// Shows `entry` and returns once it is gone (or was never shown), with the reason.
    @discardableResult
    public func show(entry: EntryContent, using attributes: EntryAttributes) async -> DismissalReason {
        await withCheckedContinuation { continuation in
            submit(entry, attributes) { continuation.resume(returning: $0) }
        }
    }

    private func submit(_ content: EntryContent, _ attributes: EntryAttributes,
                        finished: ((DismissalReason) -> Void)?) {
        do {
            try attributes.validate()
            try content.validate()
        } catch {
            onError(error as? EntryKitError ?? EntryKitError.invalid("\(error)"))
            finished?(.invalid)
            return
        }
        do { try connect() } catch {
            onError(error as? EntryKitError ?? EntryKitError(.noCompositor, "\(error)"))
            finished?(.connectionLost)
            return
        }
        update { core, heuristic in
            nextEntry += 1
            let id = EntryID(raw: nextEntry)
            requests[id] = Request(content: content, attributes: attributes, finished: finished)
            return core.display(.init(id: id, attributes: attributes), heuristic: heuristic)
        }
    }

    // MARK: Dismissing and queries

    /// Dismisses entries as `descriptor` says (default: the displayed one). `completion`
    /// runs once, on the event-loop thread, when every entry it removed from the screen
    /// is gone — at once when there was none.
    public func dismiss(_ descriptor: DismissalDescriptor = .displayed, completion: (() -> Void)? = nil) {
        update { core, heuristic in
            var token: CompletionID?
            if let completion {
                nextCompletion += 1
                token = CompletionID(raw: nextCompletion)
                completions[token!] = completion
            }
            return core.dismiss(descriptor, completion: token, heuristic: heuristic)
        }
    }

    /// True while an entry is on screen (entering, resting or leaving).
    public var isCurrentlyDisplaying: Bool { lock.withLock { core.isCurrentlyDisplaying } }

    public func isCurrentlyDisplaying(entryNamed name: String) -> Bool {
        lock.withLock { core.isCurrentlyDisplaying(entryNamed: name) }
    }

    public var isQueueEmpty: Bool { lock.withLock { core.isQueueEmpty } }

    public func queueContains(entryNamed name: String) -> Bool {
        lock.withLock { core.queueContains(entryNamed: name) }
    }

    // MARK: Carrying out the rules

    /// Changes the core under the lock and hands its effects, in order, to the loop.
    private func update(_ body: (inout PresentationCore, EntryAttributes.Precedence.QueueingHeuristic) -> [PresentationCore.Effect]) {
        var unconnected: [PresentationCore.Effect] = []
        lock.withLock {
            let effects = body(&core, EntryAttributes.Precedence.QueueingHeuristic.value)
            guard !effects.isEmpty else { return }
            if let loop {
                loop.post { [self] in execute(effects) }
            } else {
                unconnected = effects
            }
        }
        // Not connected: nothing is on screen; reasons and completions still run.
        if !unconnected.isEmpty { execute(unconnected) }
    }

    /// Runs on the loop thread (or, with no connection, on the caller's).
    private func execute(_ effects: [PresentationCore.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let id):
                show(id)
            case .exit(let id, let style):
                defer { restack() }
                for controller in controllers[id] ?? [] {
                    var animation = controller.attributes.exitAnimation
                    if style == .pop {
                        switch controller.attributes.popBehavior {
                        case .overridden: animation = .none
                        case .animated(let pop): animation = pop
                        }
                    }
                    controller.startExit(animation)
                }
            case .lifecycle(let id, let event):
                guard let events = lock.withLock({ requests[id]?.attributes.lifecycleEvents }) else { continue }
                switch event {
                case .willAppear: events.willAppear?()
                case .didAppear: events.didAppear?()
                case .willDisappear: events.willDisappear?()
                case .didDisappear: events.didDisappear?()
                }
            case .schedule(let id, let deadline):
                timers[id] = loop?.schedule(at: deadline) { [self] in
                    timers[id] = nil
                    update { core, _ in core.timerFired(id) }
                }
            case .cancelTimer(let id):
                loop?.cancel(timers.removeValue(forKey: id))
            case .finished(let id, let reason):
                let request = lock.withLock { requests.removeValue(forKey: id) }
                for controller in controllers.removeValue(forKey: id) ?? [] { controller.destroySurface() }
                request?.finished?(reason)
            case .complete(let token):
                lock.withLock { completions.removeValue(forKey: token) }?()
            }
        }
    }

    private func show(_ id: EntryID) {
        guard let request = lock.withLock({ requests[id] }) else { return }
        guard let connection else {
            update { core, heuristic in core.removed(id, reason: .connectionLost, heuristic: heuristic) }
            return
        }
        request.content.prepare { onError($0) }
        for output in outputs(for: request.attributes, connection: connection) {
            addController(id, request, output: output, connection: connection)
        }
        restack()
    }

    /// The outputs an entry goes on; nil stands for the compositor's choice.
    private func outputs(for attributes: EntryAttributes, connection: WaylandConnection) -> [Output?] {
        func named(_ name: String) -> Output? {
            if let output = connection.output(named: name) { return output }
            onError(EntryKitError(.resource, "There is no output named \(name); letting the compositor choose."))
            return nil
        }
        switch attributes.output {
        case .all where !connection.outputs.isEmpty: return connection.outputs.map { $0 }
        case .named(let name): return [named(name)]
        case .automatic, .all: return [outputName.flatMap(named)]
        }
    }

    private func addController(_ id: EntryID, _ request: Request, output: Output?, connection: WaylandConnection) {
        let controller = EntryController(id: id, content: request.content, attributes: request.attributes,
                                         presenter: self, connection: connection, output: output)
        controller.onRest = { [unowned self] in
            update { core, _ in core.entranceFinished(id, now: MonotonicClock.now()) }
        }
        controller.onExitFinished = { [unowned self, weak controller] in removeCopy(controller, of: id, nil) }
        controller.onClosed = { [unowned self, weak controller] in removeCopy(controller, of: id, .closed) }
        controller.onOutputRemoved = { [unowned self, weak controller] in removeCopy(controller, of: id, .outputRemoved) }
        controller.onTap = { [unowned self] in tapped(id, request.attributes.entryInteraction, reason: .tapInside) }
        controller.onSwipe = { [unowned self] in update { core, _ in core.leave(id, reason: .swipe) } }
        controller.onDismissRequest = { [unowned self] in update { core, _ in core.leave(id, reason: .dismissed) } }
        controller.onTapOutside = { [unowned self] in tapped(id, request.attributes.screenInteraction, reason: .tapOutside) }
        controllers[id, default: []].append(controller)
    }

    /// One copy (of several, with `.all`) is gone; the entry is gone with the last: its
    /// exit finished (no reason) or it vanished for `reason`.
    private func removeCopy(_ controller: EntryController?, of id: EntryID, _ reason: DismissalReason?) {
        controllers[id]?.removeAll { $0 === controller }
        guard controllers[id]?.isEmpty ?? false else { return }
        controllers[id] = nil
        if let reason {
            update { core, heuristic in core.removed(id, reason: reason, heuristic: heuristic) }
        } else {
            update { core, heuristic in core.exitFinished(id, heuristic: heuristic) }
        }
    }

    /// Input goes to the entry whose surface it happened on.
    private func route(_ event: Seat.Event) {
        let surface: OpaquePointer
        switch event {
        case .press(let s, _, _, _, _), .move(let s, _, _, _, _), .release(let s, _, _), .cancel(let s, _): surface = s
        }
        allControllers.first { $0.owns(surface) }?.handle(event)
    }

    /// entryInteraction or screenInteraction: custom actions first, then the default one.
    private func tapped(_ id: EntryID, _ interaction: EntryAttributes.UserInteraction, reason: DismissalReason) {
        for action in interaction.customTapActions { action() }
        switch interaction.defaultAction {
        case .dismissEntry: update { core, _ in core.leave(id, reason: reason) }
        case .delayExit(let seconds): update { core, _ in core.delayExit(id, by: seconds, now: MonotonicClock.now()) }
        case .absorbTouches, .forward: break
        }
    }

    /// Stacked entries at one position: the newest against the edge, each older one moved
    /// away by the heights of the newer ones. Leaving entries keep their place and make
    /// room at once.
    private func restack() {
        var offsets: [String: Double] = [:]
        for controller in allControllers.reversed() {   // newest first
            guard case .stack = controller.attributes.stacking, !controller.isLeaving else { continue }
            let key = "\(controller.attributes.position)-\(controller.output?.globalName ?? 0)"
            controller.setStackOffset(offsets[key, default: 0])
            offsets[key, default: 0] += controller.stackExtent
        }
    }

    /// Outputs came, went or changed: re-render at new scales; a copy on an output that
    /// went away ends (the entry with its last copy, reason `.outputRemoved`); an entry on
    /// every output gets a copy on a new one.
    private func outputsChanged() {
        guard let connection else { return }
        for controller in allControllers {
            if let output = controller.output, !connection.outputs.contains(where: { $0 === output }) {
                controller.destroySurface()
                controller.onOutputRemoved?()
            } else {
                controller.outputsChanged()
            }
        }
        for (id, list) in controllers where list.first?.attributes.output == .all && !(list.first?.isLeaving ?? true) {
            guard let request = lock.withLock({ requests[id] }) else { continue }
            for output in connection.outputs where !list.contains(where: { $0.output === output }) {
                addController(id, request, output: output, connection: connection)
            }
        }
    }

    /// On the loop thread, inside its last turn: every entry ends with `.connectionLost`.
    private func connectionLost(_ error: EntryKitError) {
        onError(error)
        let effects = lock.withLock {
            let effects = core.removeAll(reason: .connectionLost)
            loop = nil
            connection = nil
            return effects
        }
        for controller in allControllers { controller.destroySurface() }
        execute(effects)
        controllers.removeAll()
        timers.removeAll()   // they died with the loop
    }

    /// A solid mask of `alpha`, quantised to 1/255 and kept: fades allocate nothing per frame.
    func alphaMask(_ alpha: Double) -> OpaquePointer? {
        let level = Int((min(1, max(0, alpha)) * 255).rounded())
        if level >= 255 { return nil }
        if let mask = alphaMasks[level] { return mask }
        var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(level) * 257)
        let mask = pixman_image_create_solid_fill(&c)
        alphaMasks[level] = mask
        return mask
    }

    func noteCommit() { commitObserver?(MonotonicClock.now()) }

    // Benchmark: CPU spent drawing frames (clear, composite, commit), loop thread only.
    private(set) var measuringDraws = false
    private var drawCPU = 0.0, drawCount = 0
    func noteDraw(cpu: Double) {
        drawCPU += cpu
        drawCount += 1
    }

    /// Starts (or, with `start` false, stops and reports) measuring the CPU time of draws.
    @_spi(Testing) public func measureDraws(start: Bool, _ body: @escaping (_ cpu: Double, _ count: Int) -> Void) {
        guard let loop = lock.withLock({ self.loop }) else { return }
        loop.post { [self] in
            body(drawCPU, drawCount)
            measuringDraws = start
            drawCPU = 0
            drawCount = 0
        }
    }

    // MARK: Introspection for tests and the benchmark

    /// What the compositor was last given for one shown entry.
    @_spi(Testing) public struct BufferInfo: Sendable {
        public let width, height, scale: Int32
        /// The scale of the entry's first committed buffer.
        public let firstScale: Int32?
    }

    /// Runs `body` on the loop thread with each shown entry's buffer size and scale.
    @_spi(Testing) public func inspect(_ body: @escaping ([BufferInfo]) -> Void) {
        guard let loop = lock.withLock({ self.loop }) else { return body([]) }
        loop.post { [self] in
            body(allControllers.map { BufferInfo(width: $0.lastBufferSize.width, height: $0.lastBufferSize.height,
                                          scale: $0.scale, firstScale: $0.firstCommitScale) })
        }
    }

    /// The event-loop thread's id and CPU time so far (seconds), read on that thread.
    @_spi(Testing) public func loopThreadStats(_ body: @escaping (_ tid: Int32, _ cpu: Double) -> Void) {
        guard let loop = lock.withLock({ self.loop }) else { return }
        loop.post {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            body(ek_gettid(), Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
        }
    }

    /// Called on the loop thread with the time of every buffer commit.
    @_spi(Testing) public func observeCommits(_ observer: ((Seconds) -> Void)?) {
        guard let loop = lock.withLock({ self.loop }) else {
            commitObserver = observer
            return
        }
        loop.post { [self] in commitObserver = observer }
    }
}
