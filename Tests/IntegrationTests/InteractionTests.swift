import Dispatch
import Foundation
import Testing
@_spi(Testing) @testable import EntryKit

extension Integration {
/// Clicks through a virtual pointer on real entries.
@Suite(.serialized) struct InteractionTests {
    init() throws {
        try #require(Compositor.ready, "a headless Sway must be running (scripts/test starts one)")
    }

    static let magenta: UInt32 = 0xff00ff

    /// A 400×100 top entry: its centre is at (640, 70).
    func entry(_ interaction: EntryAttributes.UserInteraction, duration: Double = .infinity) -> EntryAttributes {
        var a = Harness.solid(Self.magenta, .top, duration: duration)
        a.entryInteraction = interaction
        return a
    }

    @Test func tapDismissesADismissEntry() throws {
        let pointer = try #require(VirtualPointer(), "the compositor offers zwlr_virtual_pointer_manager_v1")
        let h = Harness()
        let tracked = h.track(entry(.dismiss))
        #expect(tracked.waitAppeared())
        pointer.click(at: 640, 70)
        #expect(tracked.waitGone(3), "a tap on a .dismiss entry dismisses it")
        #expect(tracked.reason == .tapInside)
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func absorbTouchesKeepsTheEntryAndRunsCustomActions() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        let taps = DispatchSemaphore(value: 0)
        var interaction = EntryAttributes.UserInteraction.absorbTouches
        interaction.customTapActions.append { taps.signal() }
        let tracked = h.track(entry(interaction))
        #expect(tracked.waitAppeared())
        pointer.click(at: 640, 70)
        #expect(taps.wait(timeout: .now() + 3) == .success, "the custom tap action ran")
        #expect(!tracked.waitGone(0.6), "an .absorbTouches entry stays")
        pointer.click(at: 200, 400)
        #expect(!tracked.waitGone(0.3), "a click beside it changes nothing")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && tracked.reason == .dismissed)
    }

    @Test func delayExitKeepsTheEntryLonger() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        let tracked = h.track(entry(.delayExit(by: 2), duration: 0.6))
        #expect(tracked.waitAppeared())
        let touched = Date()
        pointer.click(at: 640, 70)
        #expect(!tracked.waitGone(1.2), "still there after its own 0.6 s")
        #expect(tracked.waitGone(3))
        let lived = Date().timeIntervalSince(touched)
        #expect(lived >= 2, "at least 2 s after the touch: \(lived)")
        #expect(tracked.reason == .timeout)
    }

    @Test func forwardLetsAClickBesideTheCardReachTheWindowBelow() throws {
        let pointer = try #require(VirtualPointer())
        let window = try #require(TestWindow(), "a test window maps")
        let h = Harness()
        let tracked = h.track(entry(.dismiss))   // screenInteraction defaults to .forward
        #expect(tracked.waitAppeared())
        // Sway 1.7 answers the first motion onto a newly mapped window with an enter at a
        // stale spot and an immediate leave; one motion first settles the pointer focus.
        pointer.move(to: 190, 390)
        window.sync()
        pointer.click(at: 200, 400)
        window.sync()
        #expect(window.clicks == 1, "the click beside the card reached the window: \(window.clicks)")
        pointer.click(at: 640, 70)
        window.sync()
        #expect(window.clicks == 1, "a click on the card does not reach the window")
        #expect(tracked.waitGone(3) && tracked.reason == .tapInside)
    }

    @Test func screenInteractionDismissMakesAClickAnywhereDismiss() throws {
        let pointer = try #require(VirtualPointer())
        let window = try #require(TestWindow())
        let h = Harness()
        var a = entry(.absorbTouches)
        a.screenInteraction = .dismiss
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        pointer.move(to: 190, 390)
        pointer.click(at: 200, 400)
        window.sync()
        #expect(tracked.waitGone(3) && tracked.reason == .tapOutside, "a click beside the card dismissed it")
        #expect(window.clicks == 0, "the backdrop took the click: the window got none")
    }

    @Test func screenInteractionAbsorbTouchesSwallowsClicksBeside() throws {
        let pointer = try #require(VirtualPointer())
        let window = try #require(TestWindow())
        let h = Harness()
        var a = entry(.absorbTouches)
        a.screenInteraction = .absorbTouches
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        pointer.move(to: 190, 390)
        pointer.click(at: 200, 400)
        window.sync()
        #expect(!tracked.waitGone(0.5), "the entry stays")
        #expect(window.clicks == 0, "the click was swallowed")
        h.dismissAndWait()
        #expect(tracked.waitGone(1))
        pointer.move(to: 190, 390)
        pointer.click(at: 200, 400)
        window.sync()
        #expect(window.clicks == 1, "with the entry gone, clicks reach the window again")
    }

    @Test func screenBackgroundDimsTheWholeOutput() throws {
        let h = Harness()
        let before = Compositor.screenshot()
        var a = entry(.dismiss)
        a.screenBackground = .color(color: EntryColor(Color(rgb: 0x000000, alpha: 0.5)))
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        usleep(100_000)
        let after = Compositor.screenshot()
        for (x, y) in [(10, 10), (200, 400), (1270, 710)] {
            let b = before.pixel(x, y), d = after.pixel(x, y)
            let halved = abs(d.r - b.r / 2) <= 2 && abs(d.g - b.g / 2) <= 2 && abs(d.b - b.b / 2) <= 2
            #expect(halved, "(\(x), \(y)) is dimmed by half: \(before.hex(x, y)) → \(after.hex(x, y))")
        }
        let card = after.isColor(640, 70, Self.magenta)
        #expect(card, "the entry is above its backdrop: \(after.hex(640, 70))")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func aFastUpwardDragDismissesATopEntry() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        let tracked = h.track(entry(.absorbTouches))
        #expect(tracked.waitAppeared())
        pointer.drag(from: (640, 100), to: (640, 30), seconds: 0.08, steps: 6)
        #expect(tracked.waitGone(3), "the swipe dismissed it")
        #expect(tracked.reason == .swipe)
        #expect(h.protocolErrors.isEmpty)
    }

    @Test func aShortSlowDragSpringsBackToItsPlace() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        var a = entry(.absorbTouches)
        a.scroll = .enabled(swipeable: true, pullbackAnimation: .easeOut)
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        pointer.move(to: 640, 70)
        pointer.press()
        for y in stride(from: 68.0, through: 50, by: -2) {
            usleep(40_000)
            pointer.move(to: 640, y)
        }
        let held = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        #expect(held.map { $0.upperBound < 110 } == true, "the card follows the pointer up: \(String(describing: held))")
        usleep(300_000)   // come to a stop before letting go
        pointer.release()
        #expect(!tracked.waitGone(1), "a short slow drag does not dismiss")
        let rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        #expect(rows == 20...119, "back at rest: \(String(describing: rows))")
        h.dismissAndWait()
        #expect(tracked.waitGone(1) && h.protocolErrors.isEmpty)
    }

    @Test func draggingAwayFromTheEdgeStretchesLessThanThePointer() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        let tracked = h.track(entry(.absorbTouches))
        #expect(tracked.waitAppeared())
        pointer.move(to: 640, 70)
        pointer.press()
        for y in stride(from: 80.0, through: 170, by: 10) {
            usleep(30_000)
            pointer.move(to: 640, y)
        }
        usleep(100_000)
        let rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta)
        pointer.release()
        #expect(rows.map { $0.lowerBound > 20 && $0.lowerBound < 20 + 100 } == true,
                "pulled 100 down, it moved down but less (rubber band): \(String(describing: rows))")
        #expect(rows?.count == 100, "the surface has room for the stretch: nothing clipped: \(String(describing: rows))")
        #expect(!tracked.waitGone(1.2), "pulling away from the edge never dismisses")
        h.dismissAndWait()
    }
}
}
