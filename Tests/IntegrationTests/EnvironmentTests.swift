import Dispatch
import Foundation
import Testing
@_spi(Testing) @testable import EntryKit

extension Integration {
/// The screen changing under a shown entry.
@Suite(.serialized) struct EnvironmentTests {
    init() throws {
        try #require(Compositor.ready, "a headless Sway must be running (scripts/test starts one)")
    }

    static let magenta: UInt32 = 0xff00ff

    /// Waits until a screenshot has the card's columns at `row` equal to `expected`.
    func columns(at row: Int, becoming expected: ClosedRange<Int>) -> (Screenshot, ClosedRange<Int>?) {
        var shot = Compositor.screenshot()
        var found = shot.columns(at: row, matching: Self.magenta)
        for _ in 0..<40 where found != expected {
            usleep(50_000)
            shot = Compositor.screenshot()
            found = shot.columns(at: row, matching: Self.magenta)
        }
        return (shot, found)
    }

    @Test func rotatingTheOutputRelaysOutTheEntry() {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .top, height: 60, offset: 20)
        a.positionConstraints.size.width = .ratio(value: 0.5)
        a.positionConstraints.maxSize = .init(width: .constant(value: 600), height: .intrinsic)
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        let (_, landscape) = columns(at: 50, becoming: 340...939)
        #expect(landscape == 340...939, "half of 1280 is 640, capped at 600 by maxSize: \(String(describing: landscape))")

        Compositor.swaymsg("output HEADLESS-1 transform 90")
        let (portrait, rotated) = columns(at: 50, becoming: 180...539)
        #expect(portrait.width == 720 && portrait.height == 1280, "the output is portrait now")
        #expect(rotated == 180...539, "half of 720, centred in the rotated output: \(String(describing: rotated))")
        let rows = portrait.rows(at: 360, matching: Self.magenta)
        #expect(rows == 20...79, "still 20 below the top edge, not stretched: \(String(describing: rows))")

        Compositor.swaymsg("output HEADLESS-1 transform normal")
        let (_, back) = columns(at: 50, becoming: 340...939)
        #expect(back == 340...939, "back to landscape: \(String(describing: back))")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func aModeChangeRelaysOutTheEntry() {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .bottom, height: 60, offset: 20)
        a.positionConstraints.size.width = .ratio(value: 0.5)
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        Compositor.swaymsg("output HEADLESS-1 mode 1024x768")
        defer { Compositor.swaymsg("output HEADLESS-1 mode 1280x720") }
        let (shot, found) = columns(at: 768 - 50, becoming: 256...767)
        #expect(shot.width == 1024 && shot.height == 768)
        #expect(found == 256...767, "half of the new width, centred: \(String(describing: found))")
        let rows = shot.rows(at: 512, matching: Self.magenta)
        #expect(rows == 688...747, "still 20 above the new bottom edge: \(String(describing: rows))")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func aScaleChangeWhileShownRendersTheCardAgainAtTheNewScale() throws {
        let h = Harness()
        let tracked = h.track(Harness.solid(Self.magenta, .top, width: 200, height: 50, offset: 10))
        #expect(tracked.waitAppeared())
        Compositor.swaymsg("output HEADLESS-1 scale 2")
        defer { Compositor.swaymsg("output HEADLESS-1 scale 1") }
        // 200×50 points at scale 2: 400×100 physical pixels from x 440 and y 20.
        let (shot, found) = columns(at: 60, becoming: 440...839)
        #expect(found == 440...839, "the card is twice as wide in pixels: \(String(describing: found))")
        #expect(shot.rows(at: 640, matching: Self.magenta) == 20...119)
        let inspected = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var buffers: [EntryPresenter.BufferInfo] = []
        h.presenter.inspect { buffers = $0; inspected.signal() }
        inspected.wait()
        #expect(buffers.first?.scale == 2, "the buffer scale followed the output")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func bottomTrailingFloaterSitsInTheCorner() {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .bottom, width: 300, height: 60, offset: 16)
        a.positionConstraints.horizontalAlignment = .trailing
        a.positionConstraints.horizontalPadding = 16
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        let shot = Compositor.screenshot()
        #expect(shot.columns(at: 680, matching: Self.magenta) == 964...1263, "16 from the right edge")
        #expect(shot.rows(at: 1100, matching: Self.magenta) == 644...703, "16 from the bottom edge")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func entriesStayClearOfPanelsUnlessTheSafeAreaIsOverridden() throws {
        let panel = try #require(TestPanel(bottom: false, height: 30), "a test panel with a 30-point exclusive zone maps")
        let h = Harness()
        let clear = h.track(Harness.solid(Self.magenta, .top, height: 60, offset: 10))
        #expect(clear.waitAppeared())
        let below = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        #expect(below == 40...99, "below the 30-point panel, then 10: \(String(describing: below))")
        h.dismissAndWait()
        var over = Harness.solid(Self.magenta, .top, height: 60, offset: 10)
        over.positionConstraints.safeArea = .overridden
        let covering = h.track(over)
        #expect(covering.waitAppeared())
        let onTop = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        #expect(onTop == 10...69, "overridden: 10 from the output's edge, over the panel: \(String(describing: onTop))")
        h.dismissAndWait()
        panel.hide()
        #expect(h.protocolErrors.isEmpty)
    }

    /// On a Sway of its own: a second output cannot be removed again on Sway 1.7, and
    /// must not change the screen the other tests look at.
    @Test func anEntryOnEveryOutputAtOnce() throws {
        let state = "/tmp/entrykit-sway-outputs-\(getpid())"
        let exports = try #require(Compositor.startSway(state: state), "a second headless Sway starts")
        defer { Compositor.stopSway(state: state) }
        let env: [String: String?] = ["XDG_RUNTIME_DIR": exports["XDG_RUNTIME_DIR"], "WAYLAND_DISPLAY": exports["WAYLAND_DISPLAY"],
                                      "SWAYSOCK": exports["SWAYSOCK"]]
        _ = Compositor.run("swaymsg", ["create_output"], env: env)
        let names = Compositor.outputNames(env: env)
        try #require(names.count == 2, "two outputs: \(names)")
        _ = Compositor.run("swaymsg", ["output \(names[1]) mode 1280x720 position 1280 0"], env: env)
        usleep(300_000)
        let h = Harness(displayName: "\(exports["XDG_RUNTIME_DIR"]!)/\(exports["WAYLAND_DISPLAY"]!)")
        var a = Harness.solid(Self.magenta, .top)
        a.output = .all
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        usleep(200_000)
        for name in names {
            let shot = Compositor.screenshot(output: name, env: env)
            let onIt = shot.isColor(640, 70, Self.magenta)
            #expect(onIt, "the entry shows on \(name): \(shot.hex(640, 70))")
        }
        let inspected = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var copies = 0
        h.presenter.inspect { copies = $0.count; inspected.signal() }
        inspected.wait()
        #expect(copies == 2, "one surface per output")
        h.dismissAndWait()
        #expect(tracked.waitGone(2) && tracked.reason == .dismissed, "one entry, gone from every output at once")
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func aBoundEntryStaysAboveAnOnScreenKeyboard() throws {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .bottom, height: 100, offset: 20)
        a.positionConstraints.keyboardRelation = .bind(offset: .init(bottom: 10, screenEdgeResistance: 20))
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        #expect(Compositor.screenshot().rows(at: 640, matching: Self.magenta) == 600...699, "20 above the bottom")
        // A fake on-screen keyboard: a bottom layer surface with a 250-point exclusive zone.
        let keyboard = try #require(TestPanel(bottom: true, height: 250, rgb: 0x2e3440))
        var rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        for _ in 0..<40 where rows != 360...459 {
            usleep(50_000)
            rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        }
        #expect(rows == 360...459, "10 above the keyboard's top edge at 470: \(String(describing: rows))")
        keyboard.hide()
        for _ in 0..<40 where rows != 600...699 {
            usleep(50_000)
            rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        }
        #expect(rows == 600...699, "back once the keyboard goes: \(String(describing: rows))")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }
}
}
