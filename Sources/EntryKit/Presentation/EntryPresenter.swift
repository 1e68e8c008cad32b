import CFcft
import CPixman
import CEntryKitProtocols
import CWayland
import Glibc

/// Shows entries on one Wayland connection. `EntryKit`'s static API uses a shared
/// presenter; an app may create its own. Public methods are safe from any thread: they
/// post work to the presenter's event-loop thread, which owns every Wayland object.
public final class EntryPresenter: @unchecked Sendable {
    private let lock = Lock()
    private var activeCount = 0
    private(set) var connection: WaylandConnection?
    private(set) var loop: EventLoop?
    let renderContext = RenderContext()
    private var entries: [EntryController] = []
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

    public init(displayName: String? = nil) {
        self.displayName = displayName
    }

    /// Connects to the compositor named by WAYLAND_DISPLAY, if not connected yet. `display`
    /// connects lazily; call this first to learn early why it cannot.
    public func connect() throws {
        try lock.withLock {
            guard loop == nil else { return }
            let connection = try WaylandConnection(name: displayName)
            let loop = EventLoop(display: connection.display)
            self.connection = connection
            self.loop = loop
            renderContext.text.onWarning = { [weak self] message in self?.onError(EntryKitError(.resource, message)) }
            loop.onFatalError = { [weak self] error in self?.connectionLost(error) }
            startThread {
                loop.run()
                // The connection (and every Wayland object) is released here, on the thread
                // that used it, once the loop has stopped: never under a running loop.
                withExtendedLifetime(connection) {}
            }
        }
    }

    /// Shows `entry` as `attributes` describe. An entry already shown leaves (it is
    /// overridden, SwiftEntryKit's default precedence). Invalid attributes or content are
    /// reported through `onError` and nothing is shown.
    public func display(entry: EntryContent, using attributes: EntryAttributes) {
        do {
            try attributes.validate()
            try entry.validate()
            try connect()
        } catch let error as EntryKitError {
            onError(error)
            return
        } catch {
            return
        }
        lock.withLock { activeCount += 1 }
        loop?.post { [self] in show(entry, attributes) }
    }

    /// Dismisses the displayed entries with their exit animation; `completion` runs on the
    /// event-loop thread once they are gone.
    public func dismiss(completion: (() -> Void)? = nil) {
        guard let loop = lock.withLock({ self.loop }) else {
            completion?()
            return
        }
        loop.post { [self] in
            let leaving = entries
            if leaving.isEmpty {
                completion?()
                return
            }
            var remaining = leaving.count
            for entry in leaving {
                let previous = entry.onGone
                entry.onGone = { gone in
                    previous?(gone)
                    remaining -= 1
                    if remaining == 0 { completion?() }
                }
                entry.dismiss(.dismissed)
            }
        }
    }

    /// True from `display` until the entry's exit has finished.
    public var isCurrentlyDisplaying: Bool { lock.withLock { activeCount > 0 } }

    // MARK: Loop thread

    private func show(_ content: EntryContent, _ attributes: EntryAttributes) {
        guard let connection else {
            lock.withLock { activeCount -= 1 }
            return
        }
        content.prepare { onError($0) }
        for displayed in entries { displayed.dismiss(.overridden) }
        let output = outputName.flatMap { connection.output(named: $0) }
        if let outputName, output == nil {
            onError(EntryKitError(.resource, "There is no output named \(outputName); letting the compositor choose."))
        }
        let controller = EntryController(content: content, attributes: attributes, presenter: self,
                                         connection: connection, output: output)
        controller.onGone = { [unowned self] gone in
            entries.removeAll { $0 === gone }
            lock.withLock { activeCount -= 1 }
        }
        entries.append(controller)
    }

    private func connectionLost(_ error: EntryKitError) {
        onError(error)
        for entry in entries { entry.finish(.connectionLost) }
        entries.removeAll()
        lock.withLock {
            loop = nil
            connection = nil
            activeCount = 0
        }
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
            body(entries.map { BufferInfo(width: $0.lastBufferSize.width, height: $0.lastBufferSize.height,
                                          scale: $0.scale, firstScale: $0.firstCommitScale) })
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
