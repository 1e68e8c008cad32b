import Dispatch
import Foundation
import Testing
@_spi(Testing) @testable import EntryKit

extension Integration {
/// Keys typed through wtype's virtual keyboard (which comes and goes with each run).
@Suite(.serialized) struct KeyboardTests {
    init() throws {
        try #require(Compositor.ready, "a headless Sway must be running (scripts/test starts one)")
    }

    static let magenta: UInt32 = 0xff00ff

    /// wtype waits a moment first, so the entry has taken the new keyboard before keys come.
    func type(_ keys: String...) {
        var args = ["-s", "300"]
        for key in keys { args += ["-k", key] }
        _ = Compositor.run("wtype", args)
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var _value: [String] = []
        func add(_ s: String) { lock.lock(); _value.append(s); lock.unlock() }
        var value: [String] { lock.lock(); defer { lock.unlock() }; return _value }
    }

    func alert(_ flag: Flag, interactivity: EntryAttributes.Keyboard.Interactivity = .exclusive) -> (EntryAttributes, AlertMessageView) {
        var a = Harness.solid(0xffffff, .center, width: 400, height: 0)
        a.positionConstraints.size.height = .intrinsic
        a.entryInteraction = .absorbTouches
        a.keyboard.interactivity = interactivity
        let style = LabelStyle(font: Font(size: 15), color: EntryColor(.black))
        let message = AlertMessage(simpleMessage: SimpleMessage(title: LabelContent(text: "Update ready", style: style),
                                                                description: LabelContent(text: "Restart now?", style: style)),
                                   buttons: [ButtonContent(label: LabelContent(text: "Later", style: style)) { flag.add("later") },
                                             ButtonContent(label: LabelContent(text: "Restart", style: style)) { flag.add("restart") }])
        return (a, AlertMessageView(with: message))
    }

    @Test func escapeDismisses() {
        let h = Harness()
        let flag = Flag()
        let (a, view) = alert(flag)
        let tracked = h.track(a, content: view)
        #expect(tracked.waitAppeared())
        type("Escape")
        #expect(tracked.waitGone(3) && tracked.reason == .dismissed, "Escape dismissed the alert")
        #expect(flag.value.isEmpty, "no button ran")
    }

    @Test func escapeIsIgnoredWhenTheEntryForbidsIt() {
        let h = Harness()
        let flag = Flag()
        var (a, view) = alert(flag)
        a.keyboard.escapeDismisses = false
        let tracked = h.track(a, content: view)
        #expect(tracked.waitAppeared())
        type("Escape")
        #expect(!tracked.waitGone(0.8), "still shown")
        h.dismissAndWait()
    }

    @Test func enterTriggersTheDefaultButton() {
        let h = Harness()
        let flag = Flag()
        let (a, view) = alert(flag)
        let tracked = h.track(a, content: view)
        #expect(tracked.waitAppeared())
        type("Return")
        #expect(tracked.waitGone(3), "the default button dismissed the alert")
        #expect(flag.value == ["restart"], "the default (last) button ran: \(flag.value)")
    }

    @Test func tabMovesFocusWithAVisibleRingAndEnterActivatesIt() throws {
        let h = Harness()
        let flag = Flag()
        let (a, view) = alert(flag)
        let tracked = h.track(a, content: view)
        #expect(tracked.waitAppeared())
        let before = Compositor.screenshot()
        type("Tab")
        usleep(200_000)
        let after = Compositor.screenshot()
        let ring = (0..<after.width).contains { x in (300..<420).contains { y in after.isColor(x, y, 0x3b82f6, tolerance: 20) } }
        let ringBefore = (0..<before.width).contains { x in (300..<420).contains { y in before.isColor(x, y, 0x3b82f6, tolerance: 20) } }
        #expect(ring && !ringBefore, "Tab drew a focus ring")
        type("Return")
        #expect(tracked.waitGone(3))
        #expect(flag.value == ["later"], "Enter activated the focused (first) button: \(flag.value)")
    }

    @Test func clickingAButtonRunsIt() throws {
        let pointer = try #require(VirtualPointer())
        let h = Harness()
        let flag = Flag()
        let (a, view) = alert(flag, interactivity: .automatic)
        let tracked = h.track(a, content: view)
        #expect(tracked.waitAppeared())
        // The card is centred, 400 wide: "Later" is its left half's button row.
        let shot = Compositor.screenshot()
        let rows = try #require(shot.rows(at: 560, matching: 0xffffff))   // beside the buttons' hairline at x 640
        pointer.move(to: 530, Double(rows.upperBound - 30))
        pointer.click(at: 540, Double(rows.upperBound - 20))
        #expect(tracked.waitGone(3), "the button dismissed the alert")
        #expect(flag.value == ["later"], "the clicked button ran: \(flag.value)")
    }

    @Test func anEntryWithoutControlsNeverTakesTheKeyboard() throws {
        let h = Harness()
        let tracked = h.track(Harness.solid(Self.magenta, .top))
        #expect(tracked.waitAppeared())
        type("Escape")
        #expect(!tracked.waitGone(0.8), "no focus, so Escape does not reach it")
        h.dismissAndWait()
    }
}
}
