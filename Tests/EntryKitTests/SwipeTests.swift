import Testing
@testable import EntryKit

@Suite struct SwipeTests {
    let enabled = EntryAttributes.Scroll.enabled(swipeable: true, pullbackAnimation: .jolt)

    @Test func topCardFollowsUpwardsFreelyAndResistsDownwards() {
        #expect(Swipe.offset(for: -30, position: .top, scroll: enabled, cardHeight: 100) == -30)
        let down = Swipe.offset(for: 60, position: .top, scroll: enabled, cardHeight: 100)
        #expect(down > 0 && down < 60, "rubber band: follows less than the pointer: \(down)")
        let farther = Swipe.offset(for: 600, position: .top, scroll: enabled, cardHeight: 100)
        #expect(farther > down && farther < 100, "never past the band's limit: \(farther)")
        #expect(Swipe.offset(for: 60, position: .top, scroll: .edgeCrossingDisabled(swipeable: true), cardHeight: 100) == 0,
                "edge crossing disabled: no stretch")
        #expect(Swipe.offset(for: -60, position: .top, scroll: .disabled, cardHeight: 100) == 0)
    }

    @Test func rubberBandClosedForm() {
        // (1 − 1 / (x·c/d + 1))·d with c = 0.55, d = 100, x = 100: (1 − 1/1.55)·100
        #expect(abs(Swipe.rubberBand(100, dimension: 100) - (1 - 1 / 1.55) * 100) < 1e-9)
        #expect(Swipe.rubberBand(0, dimension: 100) == 0)
    }

    @Test func bottomMirrorsTop() {
        #expect(Swipe.offset(for: 30, position: .bottom, scroll: enabled, cardHeight: 100) == 30)
        #expect(Swipe.offset(for: -60, position: .bottom, scroll: enabled, cardHeight: 100) > -60)
    }

    @Test func fastOrFarTowardsTheEdgeDismissesElsePullsBack() {
        #expect(Swipe.outcome(translation: -20, velocity: -900, position: .top, scroll: enabled, cardHeight: 100) == .dismiss,
                "a fast flick up")
        #expect(Swipe.outcome(translation: -50, velocity: -50, position: .top, scroll: enabled, cardHeight: 100) == .dismiss,
                "dragged half its height up")
        #expect(Swipe.outcome(translation: -15, velocity: -80, position: .top, scroll: enabled, cardHeight: 100) == .pullback,
                "a short slow drag springs back")
        #expect(Swipe.outcome(translation: 80, velocity: 900, position: .top, scroll: enabled, cardHeight: 100) == .pullback,
                "away from the edge never dismisses")
        #expect(Swipe.outcome(translation: -90, velocity: -900, position: .top,
                              scroll: .enabled(swipeable: false, pullbackAnimation: .jolt), cardHeight: 100) == .pullback,
                "not swipeable")
        #expect(Swipe.outcome(translation: 60, velocity: 0, position: .center, scroll: enabled, cardHeight: 100) == .dismiss,
                "a centre entry leaves either way")
    }
}
