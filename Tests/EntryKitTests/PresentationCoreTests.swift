import Testing
@testable import EntryKit

/// Drives the pure core with a fake clock, playing the part of the surfaces: an entrance
/// or exit takes `animation` seconds, a pop of `.overridden` entries is immediate.
struct Simulation {
    typealias P = EntryAttributes.Precedence
    var core = PresentationCore()
    var now: Seconds = 0
    var heuristic = P.QueueingHeuristic.priority
    let animation: Seconds = 0.3
    private var nextID: UInt64 = 0
    private var nextCompletion: UInt64 = 0
    private var timers: [EntryID: Seconds] = [:]
    private var animations: [(at: Seconds, id: EntryID, entering: Bool)] = []
    var immediatePop: Set<EntryID> = []
    var events: [EntryID: [PresentationCore.LifecycleEvent]] = [:]
    var finished: [EntryID: DismissalReason] = [:]
    var finishCount: [EntryID: Int] = [:]
    var completions: [CompletionID: Int] = [:]
    var shown: [EntryID] = []

    mutating func display(_ name: String? = nil, _ precedence: P = .override(priority: .normal, dropEnqueuedEntries: false),
                          duration: Double = 2, stacking: EntryAttributes.Stacking = .exclusive,
                          position: EntryAttributes.Position = .top) -> EntryID {
        nextID += 1
        var a = EntryAttributes()
        a.name = name
        a.precedence = precedence
        a.displayDuration = duration
        a.stacking = stacking
        a.position = position
        let id = EntryID(raw: nextID)
        apply(core.display(.init(id: id, attributes: a), heuristic: heuristic))
        return id
    }

    @discardableResult
    mutating func dismiss(_ descriptor: DismissalDescriptor) -> CompletionID {
        nextCompletion += 1
        let c = CompletionID(raw: nextCompletion)
        completions[c] = 0
        apply(core.dismiss(descriptor, completion: c, heuristic: heuristic))
        return c
    }

    mutating func apply(_ effects: [PresentationCore.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let id):
                shown.append(id)
                animations.append((now + animation, id, true))
            case .exit(let id, let style):
                animations.removeAll { $0.id == id }
                if style == .pop && immediatePop.contains(id) {
                    apply(core.exitFinished(id, heuristic: heuristic))
                } else {
                    animations.append((now + animation, id, false))
                }
            case .lifecycle(let id, let event): events[id, default: []].append(event)
            case .schedule(let id, let at): timers[id] = at
            case .cancelTimer(let id): timers[id] = nil
            case .finished(let id, let reason):
                finished[id] = reason
                finishCount[id, default: 0] += 1
            case .complete(let c): completions[c, default: 0] += 1
            }
        }
    }

    /// Advances the clock, finishing animations and firing timers in time order.
    mutating func advance(by seconds: Seconds) {
        let end = now + seconds
        while true {
            let nextAnimation = animations.min { $0.at < $1.at }
            let nextTimer = timers.min { $0.value < $1.value }
            let t = min(nextAnimation?.at ?? .infinity, nextTimer?.value ?? .infinity)
            guard t <= end else { break }
            now = t
            if let a = nextAnimation, a.at == t {
                animations.removeAll { $0.id == a.id && $0.at == a.at }
                apply(a.entering ? core.entranceFinished(a.id, now: now) : core.exitFinished(a.id, heuristic: heuristic))
            } else if let timer = nextTimer {
                timers[timer.key] = nil
                apply(core.timerFired(timer.key))
            }
        }
        now = end
    }

    func phase(_ id: EntryID) -> PresentationCore.Phase? { core.phase(of: id) }
    static let fullLife: [PresentationCore.LifecycleEvent] = [.willAppear, .didAppear, .willDisappear, .didDisappear]
}

@Suite struct PrecedenceTests {
    typealias P = EntryAttributes.Precedence

    @Test func overrideOfEqualOrHigherPriorityReplacesTheDisplayedEntry() {
        var s = Simulation()
        let a = s.display("a", .override(priority: .normal, dropEnqueuedEntries: false), duration: .infinity)
        s.advance(by: 1)
        let b = s.display("b", .override(priority: .normal, dropEnqueuedEntries: false), duration: .infinity)
        #expect(s.phase(a) == .exiting && s.phase(b) == .entering, "equal priority overrides")
        s.advance(by: 1)
        #expect(s.finished[a] == .overridden)
        let c = s.display("c", .override(priority: .high, dropEnqueuedEntries: false))
        #expect(s.phase(b) == .exiting && s.phase(c) == .entering, "higher priority overrides")
    }

    @Test func lowerPriorityIsNotDisplayed() {
        // SwiftEntryKit README: "view2 won't be displayed!"
        var s = Simulation()
        let view1 = s.display("view1", .override(priority: .high, dropEnqueuedEntries: false))
        let view2 = s.display("view2", .override(priority: .normal, dropEnqueuedEntries: false))
        #expect(s.phase(view1) == .entering)
        #expect(s.phase(view2) == nil && s.finished[view2] == .rejected)
        #expect(s.events[view2] == nil, "a rejected entry has no lifecycle")
        #expect(!s.shown.contains(view2))
    }

    @Test func dropEnqueuedEntriesFlushesTheQueue() {
        var s = Simulation()
        _ = s.display("shown", .enqueue(priority: .normal), duration: .infinity)
        let q1 = s.display("q1", .enqueue(priority: .normal))
        let q2 = s.display("q2", .enqueue(priority: .normal))
        #expect(!s.core.isQueueEmpty)
        _ = s.display("boss", .override(priority: .max, dropEnqueuedEntries: true), duration: 1)
        #expect(s.core.isQueueEmpty)
        #expect(s.finished[q1] == .overridden && s.finished[q2] == .overridden)
    }

    @Test func keptQueueShowsRightAfterTheOverridingEntryLeaves() {
        var s = Simulation()
        _ = s.display("shown", .enqueue(priority: .normal), duration: .infinity)
        let queued = s.display("queued", .enqueue(priority: .normal), duration: 1)
        let boss = s.display("boss", .override(priority: .max, dropEnqueuedEntries: false), duration: 1)
        s.advance(by: 0.3)   // boss entered
        #expect(s.phase(queued) == .queued)
        s.advance(by: 1.0)   // boss rested 1 s
        #expect(s.phase(boss) == .exiting)
        s.advance(by: 0.3)   // boss gone
        #expect(s.phase(boss) == nil && s.phase(queued) == .entering, "the first queued entry shows right after")
    }

    @Test func enqueueShowsAtOnceWhenNothingIsDisplayedElseWaits() {
        var s = Simulation()
        let a = s.display("a", .enqueue(priority: .normal))
        #expect(s.phase(a) == .entering)
        let b = s.display("b", .enqueue(priority: .max))
        #expect(s.phase(b) == .queued, "enqueue never interrupts, whatever its priority")
        #expect(s.core.queueContains(entryNamed: "b") && !s.core.isCurrentlyDisplaying(entryNamed: "b"))
        s.advance(by: 0.3 + 2 + 0.3)
        #expect(s.phase(a) == nil && s.phase(b) == .entering)
    }

    @Test func priorityHeuristicOrdersByPriorityThenTime() {
        var s = Simulation()
        _ = s.display("first", .enqueue(priority: .normal), duration: 1)
        let low = s.display("low", .enqueue(priority: .low), duration: 1)
        let high1 = s.display("high1", .enqueue(priority: .high), duration: 1)
        let normal = s.display("normal", .enqueue(priority: .normal), duration: 1)
        let high2 = s.display("high2", .enqueue(priority: .high), duration: 1)
        s.advance(by: 20)
        let order = s.shown.dropFirst()
        #expect(Array(order) == [high1, high2, normal, low])
    }

    @Test func chronologicalHeuristicOrdersByTimeOnly() {
        var s = Simulation()
        s.heuristic = .chronological
        _ = s.display("first", .enqueue(priority: .normal), duration: 1)
        let low = s.display("low", .enqueue(priority: .low), duration: 1)
        let high = s.display("high", .enqueue(priority: .high), duration: 1)
        let normal = s.display("normal", .enqueue(priority: .normal), duration: 1)
        s.advance(by: 20)
        #expect(Array(s.shown.dropFirst()) == [low, high, normal])
    }

    @Test func priorityValuesAndDefaults() {
        #expect([P.Priority.min, .low, .normal, .high, .max].map(\.rawValue) == [0, 250, 500, 750, 1000])
        #expect(P.Priority(rawValue: 600) > .normal && P.Priority(rawValue: 600) < .high)
        #expect(EntryAttributes().precedence == .override(priority: .normal, dropEnqueuedEntries: false))
        #expect(P.QueueingHeuristic.value == .priority)
        var p = P.enqueue(priority: .low)
        p.priority = .high
        #expect(p == .enqueue(priority: .high))
    }
}

@Suite struct DismissalTests {
    typealias P = EntryAttributes.Precedence

    /// One displayed entry named "shown" (normal) and three queued: q-low, q-normal, "shown".
    func setUp() -> (Simulation, shown: EntryID, qLow: EntryID, qNormal: EntryID, qSameName: EntryID) {
        var s = Simulation()
        let shown = s.display("shown", .enqueue(priority: .normal), duration: .infinity)
        let qLow = s.display("q-low", .enqueue(priority: .low))
        let qNormal = s.display("q-normal", .enqueue(priority: .high))
        let qSameName = s.display("shown", .enqueue(priority: .normal))
        s.advance(by: 0.5)
        return (s, shown, qLow, qNormal, qSameName)
    }

    @Test func displayedDismissesTheShownEntryAndTheQueueContinues() {
        var (s, shown, _, qNormal, _) = setUp()
        let c = s.dismiss(.displayed)
        #expect(s.phase(shown) == .exiting && s.completions[c] == 0, "completion waits for the exit")
        s.advance(by: 0.3)
        #expect(s.finished[shown] == .dismissed && s.completions[c] == 1)
        #expect(s.phase(qNormal) == .entering, "the queue goes on")
    }

    @Test func allDismissesTheShownEntryAndFlushesTheQueue() {
        var (s, shown, qLow, qNormal, qSame) = setUp()
        let c = s.dismiss(.all)
        #expect(s.core.isQueueEmpty)
        s.advance(by: 1)
        for id in [shown, qLow, qNormal, qSame] { #expect(s.finished[id] == .dismissed) }
        #expect(!s.core.isCurrentlyDisplaying && s.completions[c] == 1)
    }

    @Test func queueLeavesTheShownEntryAlone() {
        var (s, shown, qLow, _, _) = setUp()
        let c = s.dismiss(.queue)
        #expect(s.core.isQueueEmpty && s.finished[qLow] == .dismissed)
        #expect(s.phase(shown) == .resting && s.completions[c] == 1, "nothing to wait for: completion at once")
    }

    @Test func specificDismissesEveryEntryWithTheName() {
        var (s, shown, qLow, qNormal, qSame) = setUp()
        let c = s.dismiss(.specific(entryName: "shown"))
        #expect(s.finished[qSame] == .dismissed && s.phase(shown) == .exiting)
        #expect(s.phase(qLow) == .queued && s.phase(qNormal) == .queued)
        s.advance(by: 0.3)
        #expect(s.completions[c] == 1 && s.phase(qNormal) == .entering)
        #expect(!s.core.isCurrentlyDisplaying(entryNamed: "shown") && !s.core.queueContains(entryNamed: "shown"))
    }

    @Test func prioritizedLowerOrEqualToDismissesByPriority() {
        var (s, shown, qLow, qNormal, qSame) = setUp()
        s.dismiss(.prioritizedLowerOrEqualTo(priority: .normal))
        #expect(s.finished[qLow] == .dismissed && s.finished[qSame] == .dismissed)
        #expect(s.phase(shown) == .exiting, "normal ≤ normal")
        #expect(s.phase(qNormal) == .queued, "high survives")
    }

    @Test func completionIsCalledOnceEvenWhenEntriesLeaveOtherwise() {
        var s = Simulation()
        let a = s.display("a", duration: 0.1)
        s.advance(by: 0.35)   // resting, its timer about to fire
        let c = s.dismiss(.all)
        s.advance(by: 5)
        #expect(s.completions[c] == 1)
        #expect(s.finishCount[a] == 1 && s.finished[a] == .dismissed)
        let empty = s.dismiss(.displayed)
        #expect(s.completions[empty] == 1, "nothing displayed: completion at once")
    }
}

@Suite struct LifecycleTests {
    typealias P = EntryAttributes.Precedence

    @Test func displayDurationCountsFromTheEndOfTheEntrance() {
        var s = Simulation()
        let a = s.display("a", duration: 2)
        s.advance(by: 0.3 + 1.99)
        #expect(s.phase(a) == .resting, "0.3 s entrance + 1.99 s: still resting")
        s.advance(by: 0.02)
        #expect(s.phase(a) == .exiting, "exit begins 2 s after the entrance ended")
        s.advance(by: 0.3)
        #expect(s.finished[a] == .timeout)
    }

    @Test func infinityNeverTimesOut() {
        var s = Simulation()
        let a = s.display("a", duration: .infinity)
        s.advance(by: 1_000_000)
        #expect(s.phase(a) == .resting)
    }

    @Test func everyRemovalPathFiresEachEventOnceInOrder() {
        typealias Path = (name: String, run: (inout Simulation, EntryID) -> Void, reason: DismissalReason)
        let paths: [Path] = [
            ("timeout", { s, _ in s.advance(by: 10) }, .timeout),
            ("tap", { s, id in s.apply(s.core.leave(id, reason: .tapInside)); s.advance(by: 1) }, .tapInside),
            ("swipe", { s, id in s.apply(s.core.leave(id, reason: .swipe)); s.advance(by: 1) }, .swipe),
            ("override", { s, _ in _ = s.display("o", .override(priority: .max, dropEnqueuedEntries: false)); s.advance(by: 1) }, .overridden),
            ("override, popped at once", { s, id in
                s.immediatePop.insert(id)
                _ = s.display("o", .override(priority: .max, dropEnqueuedEntries: false))
            }, .overridden),
            ("dismiss displayed", { s, _ in s.dismiss(.displayed); s.advance(by: 1) }, .dismissed),
            ("dismiss all", { s, _ in s.dismiss(.all); s.advance(by: 1) }, .dismissed),
            ("dismiss specific", { s, _ in s.dismiss(.specific(entryName: "e")); s.advance(by: 1) }, .dismissed),
            ("dismiss by priority", { s, _ in s.dismiss(.prioritizedLowerOrEqualTo(priority: .normal)); s.advance(by: 1) }, .dismissed),
            ("output removed", { s, id in s.apply(s.core.removed(id, reason: .outputRemoved, heuristic: .priority)) }, .outputRemoved),
            ("closed", { s, id in s.apply(s.core.removed(id, reason: .closed, heuristic: .priority)) }, .closed),
            ("closed while exiting", { s, id in
                s.dismiss(.displayed)
                s.apply(s.core.removed(id, reason: .closed, heuristic: .priority))
            }, .dismissed),
            ("connection lost", { s, _ in s.apply(s.core.removeAll(reason: .connectionLost)) }, .connectionLost),
        ]
        for path in paths {
            var s = Simulation()
            let id = s.display("e", duration: 1)
            s.advance(by: 0.5)
            path.run(&s, id)
            #expect(s.events[id] == Simulation.fullLife, "\(path.name): \(s.events[id] ?? [])")
            #expect(s.finished[id] == path.reason && s.finishCount[id] == 1, "\(path.name): \(String(describing: s.finished[id]))")
            #expect(!s.core.isCurrentlyDisplaying(entryNamed: "e"), "\(path.name)")
        }
    }

    @Test func dismissedDuringTheEntranceSkipsOnlyDidAppear() {
        var s = Simulation()
        let id = s.display("e")
        s.advance(by: 0.1)
        s.dismiss(.displayed)
        s.advance(by: 1)
        #expect(s.events[id] == [.willAppear, .willDisappear, .didDisappear])
        #expect(s.finished[id] == .dismissed)
    }

    @Test func queuedEntriesRemovedHaveNoLifecycleButAReason() {
        var s = Simulation()
        _ = s.display("a", .enqueue(priority: .normal), duration: .infinity)
        let b = s.display("b", .enqueue(priority: .normal))
        s.apply(s.core.removeAll(reason: .connectionLost))
        #expect(s.events[b] == nil && s.finished[b] == .connectionLost)
    }
}

@Suite struct StackingTests {
    typealias P = EntryAttributes.Precedence

    @Test func stackedEntriesShareAPositionUpToMaxVisible() {
        var s = Simulation()
        let stack = EntryAttributes.Stacking.stack(maxVisible: 2, spacing: 8)
        let a = s.display("a", .enqueue(priority: .normal), duration: 5, stacking: stack)
        let b = s.display("b", .enqueue(priority: .normal), duration: 5, stacking: stack)
        let c = s.display("c", .enqueue(priority: .normal), duration: 5, stacking: stack)
        #expect(s.phase(a) == .entering && s.phase(b) == .entering, "two fit")
        #expect(s.phase(c) == .queued, "the third waits")
        s.advance(by: 0.3 + 5 + 0.3)
        #expect(s.phase(c) == .entering)
    }

    @Test func differentPositionsShowSideBySide() {
        var s = Simulation()
        let stack = EntryAttributes.Stacking.stack(maxVisible: 1, spacing: 8)
        let top = s.display("top", duration: .infinity, stacking: stack, position: .top)
        let bottom = s.display("bottom", duration: .infinity, stacking: stack, position: .bottom)
        let exclusive = s.display("exclusive", duration: .infinity)
        #expect(s.phase(top) == .entering && s.phase(bottom) == .entering && s.phase(exclusive) == .entering)
    }

    @Test func overrideInAFullStackPopsTheWeakestOldest() {
        var s = Simulation()
        let stack = EntryAttributes.Stacking.stack(maxVisible: 2, spacing: 8)
        let a = s.display("a", .override(priority: .high, dropEnqueuedEntries: false), duration: .infinity, stacking: stack)
        let b = s.display("b", .override(priority: .normal, dropEnqueuedEntries: false), duration: .infinity, stacking: stack)
        let c = s.display("c", .override(priority: .normal, dropEnqueuedEntries: false), duration: .infinity, stacking: stack)
        #expect(s.phase(a) == .entering && s.phase(b) == .exiting && s.phase(c) == .entering)
        let d = s.display("d", .override(priority: .low, dropEnqueuedEntries: false), duration: .infinity, stacking: stack)
        #expect(s.finished[d] == .rejected)
    }
}
