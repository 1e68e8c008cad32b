import Dispatch
import Foundation
import Testing
@_spi(Testing) @testable import EntryKit

/// Real entries on a real headless Sway (1280×720), checked in screenshots.
extension Integration {
@Suite(.serialized) struct PresentationTests {
    init() throws {
        try #require(Compositor.ready, "a headless Sway must be running (scripts/test starts one)")
    }

    static let magenta: UInt32 = 0xff00ff
    static let green: UInt32 = 0x00c000

    @Test(arguments: EntryAttributes.Position.allCases)
    func entryAtEachPosition(_ position: EntryAttributes.Position) throws {
        let h = Harness()
        let background = Compositor.screenshot()
        h.show(Harness.solid(Self.magenta, position))
        let shot = Compositor.screenshot()
        h.dismissAndWait()
        #expect(shot.width == 1280 && shot.height == 720)
        // 400×100 card centred horizontally: x 440..<840.
        let columns = try #require(shot.columns(at: position == .top ? 70 : position == .bottom ? 650 : 360, matching: Self.magenta))
        #expect(columns == 440...839, "card spans x 440–839: \(columns)")
        let rows = try #require(shot.rows(at: 640, matching: Self.magenta))
        switch position {
        case .top: #expect(rows == 20...119, "top card 20 below the top edge: \(rows)")
        case .bottom: #expect(rows == 600...699, "bottom card 20 above the bottom edge: \(rows)")
        case .center: #expect(rows == 310...409, "centre card centred: \(rows)")
        }
        // Where the card must not be: beside it, and the other positions.
        for (x, y) in [(430, rows.lowerBound + 5), (850, rows.lowerBound + 5), (640, rows.lowerBound - 5), (640, rows.upperBound + 5)] {
            #expect(shot.pixel(x, y) == background.pixel(x, y), "(\(x), \(y)) is background, not \(shot.hex(x, y))")
        }
        #expect(h.protocolErrors.isEmpty, "no Wayland protocol error: \(h.errors)")
    }

    @Test func overlayLevelCoversTopLayerWhicheverComesFirst() {
        for overlayFirst in [false, true] {
            let top = Harness(), overlay = Harness()
            let normal = Harness.solid(Self.green, .top, level: .normal)
            let alert = Harness.solid(Self.magenta, .top, level: .alerts)
            if overlayFirst {
                overlay.show(alert)
                top.show(normal)
            } else {
                top.show(normal)
                overlay.show(alert)
            }
            let shot = Compositor.screenshot()
            #expect(shot.isColor(640, 70, Self.magenta), "the overlay entry is on top (overlay first: \(overlayFirst)): \(shot.hex(640, 70))")
            top.dismissAndWait()
            overlay.dismissAndWait()
            #expect(top.protocolErrors.isEmpty && overlay.protocolErrors.isEmpty)
        }
    }

    @Test func afterItsDurationTheScreenIsBackgroundAgain() {
        let h = Harness()
        let background = Compositor.screenshot()
        let start = Date()
        let gone = h.show(Harness.solid(Self.magenta, .top, duration: 0.5))
        #expect(Compositor.screenshot().isColor(640, 70, Self.magenta), "shown while its duration runs")
        #expect(gone.wait(timeout: .now() + 5) == .success, "the entry leaves by itself")
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.5 + 0.3, "rests 0.5 s after a 0.3 s entrance, then exits: \(elapsed)")
        // The compositor repaints after the surface is destroyed; give it a few frames.
        var shot = Compositor.screenshot()
        for _ in 0..<20 where shot.pixel(640, 70) != background.pixel(640, 70) {
            usleep(50_000)
            shot = Compositor.screenshot()
        }
        #expect(shot.pixel(640, 70) == background.pixel(640, 70), "background again: \(shot.hex(640, 70))")
        #expect(!h.presenter.isCurrentlyDisplaying)
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func scaleTwoOutputGetsATwiceAsLargeBuffer() throws {
        Compositor.swaymsg("output HEADLESS-1 scale 2")
        defer { Compositor.swaymsg("output HEADLESS-1 scale 1") }
        usleep(200_000)
        let h = Harness()
        h.show(Harness.solid(Self.magenta, .top, width: 200, height: 50, offset: 10))
        let inspected = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var buffers: [EntryPresenter.BufferInfo] = []
        h.presenter.inspect { buffers = $0; inspected.signal() }
        inspected.wait()
        let shot = Compositor.screenshot()
        h.dismissAndWait()
        let b = try #require(buffers.first)
        #expect(b.scale == 2)
        #expect(b.firstScale == 2, "the very first frame is already 2×, not a blurry 1× one")
        #expect(b.width == 1280 && b.height == 2 * 85, "logical 640×85 surface (10 + 50, and 25 of rubber-band room), 2× buffer: \(b.width)×\(b.height)")
        // 200×50 points at scale 2: 400×100 physical pixels, from x 440 and y 20.
        #expect(shot.columns(at: 60, matching: Self.magenta) == 440...839)
        #expect(shot.rows(at: 640, matching: Self.magenta) == 20...119)
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func unreadableIconStillShowsTheEntryAndReportsIt() {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .top)
        a.positionConstraints.size.height = .intrinsic
        let view = NotificationMessageView(with: NotificationMessage(title: "Hello", description: "no icon", iconPath: "/nonexistent.png"))
        h.show(a, content: view)
        #expect(Compositor.screenshot().isColor(450, 25, Self.magenta), "the entry is on screen")
        h.dismissAndWait()
        #expect(h.errors.contains { $0.kind == .resource && $0.message.contains("/nonexistent.png") })
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func invalidAttributesAreReportedAndNothingIsShown() {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .top)
        a.displayDuration = .nan
        h.presenter.display(entry: SolidCard(), using: a)
        #expect(!h.presenter.isCurrentlyDisplaying)
        #expect(h.errors.count == 1 && h.errors[0].kind == .invalidInput && h.errors[0].message.contains("displayDuration"))
    }

    @Test func noCompositorIsOneClearSentenceAndANonZeroExit() throws {
        let demo = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("entrykit-demo").path
        try #require(FileManager.default.fileExists(atPath: demo), "entrykit-demo is built beside the tests")

        let unreachable = Compositor.run(demo, [], env: ["WAYLAND_DISPLAY": "no-such-display"])
        #expect(unreachable.status != 0)
        #expect(unreachable.err.contains("WAYLAND_DISPLAY=no-such-display"), "names WAYLAND_DISPLAY: \(unreachable.err)")
        #expect(unreachable.err.split(separator: "\n").count == 1, "one line: \(unreachable.err)")

        let badFlag = Compositor.run(demo, ["--duration", "nan"], env: ["WAYLAND_DISPLAY": nil])
        #expect(badFlag.status == 2 && badFlag.err.contains("--duration"), "bad flags are named: \(badFlag.err)")
    }

    /// Weston offers no wlr layer-shell: EntryKit must say so, name the protocol and exit non-zero.
    @Test func compositorWithoutLayerShellIsNamedInOneSentence() throws {
        let demo = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("entrykit-demo").path
        let runtime = "/tmp/entrykit-weston-\(getpid())"
        mkdir(runtime, 0o700)
        defer { _ = Compositor.run("rm", ["-rf", runtime]) }
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        weston.arguments = ["weston", "--backend=headless-backend.so", "--socket=weston-test", "--shell=desktop-shell.so"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtime
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        weston.environment = env
        weston.standardOutput = FileHandle.nullDevice
        weston.standardError = FileHandle.nullDevice
        try weston.run()
        defer {
            weston.terminate()
            weston.waitUntilExit()
        }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = FileManager.default.fileExists(atPath: "\(runtime)/weston-test")
            if !ready { usleep(50_000) }
        }
        try #require(ready, "weston (apt-get install weston) started a headless session")
        let result = Compositor.run(demo, [], env: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "weston-test"])
        #expect(result.status == 1)
        #expect(result.err.contains("zwlr_layer_shell_v1") && result.err.contains("Sway"), "names the protocol and where to find it: \(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    }

    /// The compositor going away under a shown entry: reported, the entry ends with its
    /// lifecycle, nothing crashes, and the presenter can connect again later.
    @Test func compositorGoingAwayEndsTheEntryCleanly() throws {
        let state = "/tmp/entrykit-sway-dying-\(getpid())"
        let env = try #require(Compositor.startSway(state: state), "a second headless Sway starts")
        let socket = "\(env["XDG_RUNTIME_DIR"]!)/\(env["WAYLAND_DISPLAY"]!)"
        let h = Harness(displayName: socket)
        let gone = h.show(Harness.solid(Self.magenta, .top))
        #expect(h.presenter.isCurrentlyDisplaying)
        Compositor.stopSway(state: state)
        #expect(gone.wait(timeout: .now() + 5) == .success, "didDisappear runs when the compositor goes away")
        #expect(!h.presenter.isCurrentlyDisplaying)
        #expect(h.errors.contains { $0.kind == .connectionLost }, "the lost connection is reported: \(h.errors)")
        // The presenter is usable again: with no compositor there, connect says so.
        #expect(throws: EntryKitError.self) { try h.presenter.connect() }
    }

    // MARK: Precedence on screen

    static func named(_ name: String, _ rgb: UInt32, _ precedence: EntryAttributes.Precedence,
                      duration: Double = .infinity) -> EntryAttributes {
        var a = Harness.solid(rgb, .top, duration: duration)
        a.name = name
        a.precedence = precedence
        return a
    }

    /// Waits until the screen shows `rgb` at (x, y), for at most two seconds.
    static func waitFor(_ rgb: UInt32, at x: Int, _ y: Int) -> Screenshot {
        var shot = Compositor.screenshot()
        for _ in 0..<40 where !shot.isColor(x, y, rgb) {
            usleep(50_000)
            shot = Compositor.screenshot()
        }
        return shot
    }

    @Test func overrideReplacesTheDisplayedEntryOnScreen() {
        let h = Harness()
        let first = h.track(Self.named("first", Self.magenta, .override(priority: .normal, dropEnqueuedEntries: false)))
        #expect(first.waitAppeared())
        #expect(Compositor.screenshot().isColor(640, 70, Self.magenta))
        let second = h.track(Self.named("second", Self.green, .override(priority: .high, dropEnqueuedEntries: false)))
        #expect(second.waitAppeared())
        #expect(first.waitGone() && first.reason == .overridden)
        let shot = Self.waitFor(Self.green, at: 640, 70)
        let green = shot.isColor(640, 70, Self.green)
        #expect(green, "the overriding entry is on screen: \(shot.hex(640, 70))")
        #expect(h.presenter.isCurrentlyDisplaying(entryNamed: "second") && !h.presenter.isCurrentlyDisplaying(entryNamed: "first"))
        let rejected = h.track(Self.named("low", Self.magenta, .override(priority: .low, dropEnqueuedEntries: false)))
        #expect(rejected.waitGone(2) && rejected.reason == .rejected, "a lower priority is not shown")
        h.dismissAndWait()
        #expect(second.waitGone() && second.reason == .dismissed)
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func enqueuedEntryAppearsAfterTheFirstLeaves() {
        let h = Harness()
        let first = h.track(Self.named("first", Self.magenta, .enqueue(priority: .normal), duration: 0.6))
        #expect(first.waitAppeared())
        let second = h.track(Self.named("second", Self.green, .enqueue(priority: .normal)))
        usleep(100_000)
        #expect(h.presenter.queueContains(entryNamed: "second"), "waits in the queue")
        let firstStays = Compositor.screenshot().isColor(640, 70, Self.magenta)
        #expect(firstStays, "the first stays on screen")
        #expect(second.waitAppeared())
        #expect(first.waitGone(1) && first.reason == .timeout)
        let secondShows = Self.waitFor(Self.green, at: 640, 70).isColor(640, 70, Self.green)
        #expect(secondShows)
        #expect(h.presenter.isQueueEmpty)
        h.dismissAndWait()
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func dismissSpecificRemovesTheNamedEntryFromScreenAndQueue() {
        let h = Harness()
        let shown = h.track(Self.named("x", Self.magenta, .enqueue(priority: .normal)))
        #expect(shown.waitAppeared())
        let queuedX = h.track(Self.named("x", Self.magenta, .enqueue(priority: .high)))
        let queuedY = h.track(Self.named("y", Self.green, .enqueue(priority: .normal)))
        usleep(100_000)
        #expect(h.presenter.queueContains(entryNamed: "x") && h.presenter.queueContains(entryNamed: "y"))
        let done = DispatchSemaphore(value: 0)
        h.presenter.dismiss(.specific(entryName: "x")) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success, "completion runs once the shown x is gone")
        #expect(shown.waitGone(1) && shown.reason == .dismissed && queuedX.waitGone(1) && queuedX.reason == .dismissed)
        #expect(!h.presenter.queueContains(entryNamed: "x") && !h.presenter.isCurrentlyDisplaying(entryNamed: "x"))
        #expect(queuedY.waitAppeared(), "y, next in the queue, shows")
        let yShows = Self.waitFor(Self.green, at: 640, 70).isColor(640, 70, Self.green)
        #expect(yShows)
        h.dismissAndWait()
        #expect(h.protocolErrors.isEmpty)
    }

    @Test(arguments: [EntryAttributes.Position.top, .center, .bottom])
    func twoStackedEntriesAreBothVisibleWithoutOverlapping(_ position: EntryAttributes.Position) throws {
        let h = Harness()
        var a = Harness.solid(Self.magenta, position, width: 400, height: 60, offset: 10)
        a.stacking = .stack(maxVisible: 3, spacing: 8)
        var b = Harness.solid(Self.green, position, width: 400, height: 60, offset: 10)
        b.stacking = .stack(maxVisible: 3, spacing: 8)
        let older = h.track(a)
        #expect(older.waitAppeared())
        let newer = h.track(b)
        #expect(newer.waitAppeared())
        usleep(150_000)
        let shot = Compositor.screenshot()
        let green = try #require(shot.rows(at: 640, matching: Self.green), "the newer entry is visible")
        let magenta = try #require(shot.rows(at: 640, matching: Self.magenta), "the older entry is visible")
        switch position {
        case .top:
            #expect(green == 10...69, "the newest sits against the edge: \(green)")
            #expect(magenta == 78...137, "the older one moved below it, 8 points apart: \(magenta)")
        case .center:
            #expect(green == 330...389, "the newest stays centred: \(green)")
            #expect(magenta == 398...457, "the older one moved below it: \(magenta)")
        case .bottom:
            #expect(green == 650...709, "the newest sits against the edge: \(green)")
            #expect(magenta == 582...641, "the older one moved above it: \(magenta)")
        }
        h.presenter.dismiss(.all)
        #expect(older.waitGone() && newer.waitGone())
        #expect(h.protocolErrors.isEmpty)
    }

    /// The public API from eight threads at once: every entry ends exactly once with a
    /// reason, the presenter ends idle, nothing crashes. (`scripts/tsan` runs this under
    /// the thread sanitizer.)
    @Test func publicAPIFromManyThreadsAtOnce() {
        let h = Harness()
        let lock = NSLock()
        var tracked: [Harness.Tracked] = []
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<10 {
                var a = Harness.solid(i % 2 == 0 ? Self.magenta : Self.green, i % 3 == 0 ? .bottom : .top,
                                      width: 300, height: 40, duration: 0.05)
                a.name = "t\(thread)-\(i)"
                let priority = EntryAttributes.Precedence.Priority(rawValue: (thread * 10 + i) * 13 % 1001)
                a.precedence = i % 2 == 0 ? .enqueue(priority: priority)
                                          : .override(priority: priority, dropEnqueuedEntries: i % 4 == 1)
                if thread % 3 == 0 { a.stacking = .stack(maxVisible: 2, spacing: 4) }
                let t = h.track(a)
                lock.lock()
                tracked.append(t)
                lock.unlock()
                _ = h.presenter.isCurrentlyDisplaying
                _ = h.presenter.isQueueEmpty
                _ = h.presenter.queueContains(entryNamed: "t\(thread)-\(i)")
                _ = h.presenter.isCurrentlyDisplaying(entryNamed: "t0-0")
                if i % 5 == 4 { h.presenter.dismiss(.prioritizedLowerOrEqualTo(priority: .low)) }
            }
        }
        h.presenter.dismiss(.all)
        let ended = tracked.filter { $0.waitGone(30) }
        #expect(ended.count == 80, "every entry ended: \(ended.count) of 80")
        #expect(tracked.allSatisfy { $0.reason != nil })
        #expect(tracked.allSatisfy { $0.gone.wait(timeout: .now()) == .timedOut }, "each ended exactly once")
        #expect(!h.presenter.isCurrentlyDisplaying && h.presenter.isQueueEmpty)
        #expect(h.protocolErrors.isEmpty, "no protocol error: \(h.protocolErrors)")
    }

    /// An app's own poll loop drives a presenter created with `eventLoop: .external`:
    /// one descriptor, readable only when there is work, timers included.
    @Test func anAppsOwnPollLoopDrivesTheExternalPresenter() throws {
        let presenter = EntryPresenter(eventLoop: .external)
        let fd = try presenter.fileDescriptor()
        func readable(within ms: Int32) -> Bool {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, ms) > 0
        }
        while readable(within: 50) { presenter.dispatch() }
        #expect(!readable(within: 500), "idle: the descriptor stays quiet")

        nonisolated(unsafe) var appeared = false, gone = false, onScreen = false
        var a = Harness.solid(Self.magenta, .top, duration: 0.4)
        a.lifecycleEvents.didAppear = {
            appeared = true
            onScreen = Compositor.screenshot().isColor(640, 70, Self.magenta)
        }
        a.lifecycleEvents.didDisappear = { gone = true }
        let entry = SolidCard()
        let attributes = a
        DispatchQueue.global().async { presenter.display(entry: entry, using: attributes) }   // from another thread
        let deadline = Date().addingTimeInterval(10)
        while !gone && Date() < deadline {
            if readable(within: 100) { presenter.dispatch() }
        }
        #expect(appeared && onScreen, "the entry showed, driven by this loop")
        #expect(gone, "its display duration ran out through the timer descriptor")
        while readable(within: 50) { presenter.dispatch() }
        #expect(!readable(within: 500), "idle again")
        #expect(!presenter.isCurrentlyDisplaying)
    }
}
}
