import Dispatch
import Foundation
import Testing
@_spi(Testing) @testable import EntryKit

/// Animations as a user sees them: screenshots taken during slow entrances.
extension Integration {
@Suite(.serialized) struct MotionTests {
    init() throws {
        try #require(Compositor.ready, "a headless Sway must be running (scripts/test starts one)")
    }

    static let magenta: UInt32 = 0xff00ff

    /// Bottom edges of the card (rows) seen in screenshots until the entry rests.
    func bottomEdges(during animation: EntryAttributes.Animation) -> [Int] {
        let h = Harness()
        var a = Harness.solid(Self.magenta, .top, width: 400, height: 100, offset: 20)
        a.entranceAnimation = animation
        let tracked = h.track(a)
        var edges: [Int] = []
        let start = Date()
        while tracked.appeared.wait(timeout: .now()) == .timedOut && Date().timeIntervalSince(start) < 10 {
            if let rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta) { edges.append(rows.upperBound) }
        }
        if let rows = Compositor.screenshot().rows(at: 640, matching: Self.magenta) { edges.append(rows.upperBound) }
        h.dismissAndWait()
        return edges
    }

    @Test func easedEntranceMovesMonotonicallyFromTheEdgeToRest() {
        let edges = bottomEdges(during: .init(translate: .init(duration: 1.5)))
        #expect(edges.count >= 5, "several frames were caught mid-way: \(edges)")
        #expect(edges.last == 119, "it rests 20 below the edge: \(edges)")
        #expect(edges.allSatisfy { $0 >= 0 && $0 <= 119 }, "always between start and rest: \(edges)")
        #expect(zip(edges, edges.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic: \(edges)")
        #expect(edges.first! < 110, "the first frames are well short of rest: \(edges)")
    }

    @Test func springEntranceMayOvershootThenRests() {
        let edges = bottomEdges(during: .init(translate: .init(duration: 1.5, spring: .init(damping: 0.35, initialVelocity: 0))))
        #expect(edges.count >= 5, "several frames were caught mid-way: \(edges)")
        #expect(edges.last == 119, "it rests 20 below the edge: \(edges)")
        #expect(edges.contains { $0 > 119 }, "an underdamped spring passes its resting place: \(edges)")
    }

    @Test func framesArePacedAtTheOutputRate() {
        let h = Harness()
        let lock = NSLock()
        var commits: [Double] = []
        h.presenter.observeCommits { t in
            lock.lock()
            commits.append(t)
            lock.unlock()
        }
        var a = Harness.solid(Self.magenta, .top, duration: .infinity)
        a.entranceAnimation = .init(translate: .init(duration: 1.0))
        let tracked = h.track(a)
        #expect(tracked.waitAppeared())
        lock.lock()
        let times = commits
        lock.unlock()
        let intervals = zip(times, times.dropFirst()).map { ($1 - $0) * 1000 }.sorted()
        #expect(intervals.count >= 40, "a 1 s entrance draws about 60 frames: \(intervals.count)")
        let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        #expect(median > 13 && median < 21, "frame callbacks pace drawing at the 60 Hz output: median \(median) ms")
        h.dismissAndWait()
    }
}
}
