/// An entry's identity inside one presenter.
struct EntryID: Hashable, Comparable, CustomStringConvertible {
    let raw: UInt64
    static func < (a: EntryID, b: EntryID) -> Bool { a.raw < b.raw }
    var description: String { "#\(raw)" }
}

/// A `dismiss` call waiting for its entries to leave.
struct CompletionID: Hashable {
    let raw: UInt64
}

/// SwiftEntryKit's presentation rules as a pure state machine: precedence and priority,
/// the queue and its heuristic, dismissal descriptors, display duration and the order of
/// lifecycle events. It decides; it touches no surface. Each call returns the effects the
/// presenter must carry out in order (show a surface, start an exit, call a lifecycle
/// closure, arm a timer). Time comes in as arguments, so tests drive it with a fake clock.
struct PresentationCore {
    /// Entries compete for room within a lane: one global lane for exclusive entries
    /// (SwiftEntryKit's one-at-a-time), one per position for stacked entries.
    enum Lane: Hashable {
        case exclusive
        case stack(EntryAttributes.Position)
    }

    enum Phase: Equatable {
        case queued, entering, resting, exiting
    }

    enum ExitStyle: Equatable {
        /// The entry's exit animation.
        case exit
        /// Its pop behaviour: it is being overridden.
        case pop
    }

    enum LifecycleEvent: Equatable {
        case willAppear, didAppear, willDisappear, didDisappear
    }

    enum Effect: Equatable {
        /// Create the entry's surface and start its entrance.
        case show(EntryID)
        /// Start the entry's exit (or pop); report `exitFinished` when it is gone.
        case exit(EntryID, ExitStyle)
        case lifecycle(EntryID, LifecycleEvent)
        /// Call `timerFired` at this time.
        case schedule(EntryID, at: Seconds)
        case cancelTimer(EntryID)
        /// The entry is done with, shown or not; nothing more happens to it.
        case finished(EntryID, DismissalReason)
        /// A dismissal's completion: every entry it removed is gone.
        case complete(CompletionID)
    }

    /// What the rules need to know of an entry.
    struct Ticket {
        var id: EntryID
        var name: String?
        var precedence: EntryAttributes.Precedence
        var lane: Lane
        var capacity: Int
        var displayDuration: Double

        init(id: EntryID, attributes: EntryAttributes) {
            self.id = id
            name = attributes.name
            precedence = attributes.precedence
            displayDuration = attributes.displayDuration
            switch attributes.stacking {
            case .exclusive:
                lane = .exclusive
                capacity = 1
            case .stack(let maxVisible, _):
                lane = .stack(attributes.position)
                capacity = max(1, maxVisible)
            }
        }

        var priority: EntryAttributes.Precedence.Priority { precedence.priority }
    }

    private struct Record {
        var ticket: Ticket
        var phase: Phase
        var reason: DismissalReason?
        var sequence: UInt64
        /// When the display duration runs out, while resting.
        var deadline: Seconds?
    }

    private var records: [EntryID: Record] = [:]
    private var sequence: UInt64 = 0
    private var pending: [(id: CompletionID, waiting: Set<EntryID>)] = []

    // MARK: Queries

    /// Entries on screen (entering, resting or leaving), oldest first.
    var displayed: [EntryID] {
        records.values.filter { $0.phase != .queued }.sorted { $0.sequence < $1.sequence }.map(\.ticket.id)
    }

    /// Queued entries, oldest first.
    var queued: [EntryID] {
        records.values.filter { $0.phase == .queued }.sorted { $0.sequence < $1.sequence }.map(\.ticket.id)
    }

    func phase(of id: EntryID) -> Phase? { records[id]?.phase }

    var isCurrentlyDisplaying: Bool { records.values.contains { $0.phase != .queued } }
    func isCurrentlyDisplaying(entryNamed name: String) -> Bool {
        records.values.contains { $0.phase != .queued && $0.ticket.name == name }
    }
    var isQueueEmpty: Bool { !records.values.contains { $0.phase == .queued } }
    func queueContains(entryNamed name: String) -> Bool {
        records.values.contains { $0.phase == .queued && $0.ticket.name == name }
    }

    // MARK: Events

    mutating func display(_ ticket: Ticket, heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        sequence += 1
        records[ticket.id] = Record(ticket: ticket, phase: .queued, reason: nil, sequence: sequence)
        var effects: [Effect] = []
        let lane = ticket.lane
        switch ticket.precedence {
        case .override(let priority, let dropEnqueued):
            let active = entries(in: lane, phases: [.entering, .resting])
            if active.count >= ticket.capacity {
                // The weakest shown entry, the oldest among equals, gives way if it may.
                let victim = active.min { a, b in
                    a.ticket.priority != b.ticket.priority ? a.ticket.priority < b.ticket.priority : a.sequence < b.sequence
                }!
                guard victim.ticket.priority <= priority else {
                    records[ticket.id] = nil
                    return [.finished(ticket.id, .rejected)]
                }
                effects += beginExit(victim.ticket.id, reason: .overridden, style: .pop)
            }
            if dropEnqueued {
                for queuedEntry in entries(in: lane, phases: [.queued]) where queuedEntry.ticket.id != ticket.id {
                    records[queuedEntry.ticket.id] = nil
                    effects.append(.finished(queuedEntry.ticket.id, .overridden))
                }
            }
            effects += show(ticket.id)
        case .enqueue:
            let occupied = entries(in: lane, phases: [.entering, .resting, .exiting]).count
            let waiting = entries(in: lane, phases: [.queued]).count - 1
            if occupied < ticket.capacity && waiting == 0 {
                effects += show(ticket.id)
            }   // else it waits; the heuristic orders the queue when it drains
        }
        return effects
    }

    /// The entrance animation ended: the display duration starts now.
    mutating func entranceFinished(_ id: EntryID, now: Seconds) -> [Effect] {
        guard var record = records[id], record.phase == .entering else { return [] }
        record.phase = .resting
        records[id] = record
        var effects: [Effect] = [.lifecycle(id, .didAppear)]
        if record.ticket.displayDuration.isFinite {
            let deadline = now + record.ticket.displayDuration
            records[id]?.deadline = deadline
            effects.append(.schedule(id, at: deadline))
        }
        return effects
    }

    /// entryInteraction `.delayExit(by:)`: the entry stays at least `seconds` from now.
    mutating func delayExit(_ id: EntryID, by seconds: Double, now: Seconds) -> [Effect] {
        guard let record = records[id], record.phase == .resting, let deadline = record.deadline,
              now + seconds > deadline else { return [] }
        records[id]?.deadline = now + seconds
        return [.cancelTimer(id), .schedule(id, at: now + seconds)]
    }

    mutating func timerFired(_ id: EntryID) -> [Effect] {
        guard records[id]?.phase == .resting else { return [] }
        return beginExit(id, reason: .timeout, style: .exit)
    }

    /// The user or the app asks this entry to leave (tap, swipe…).
    mutating func leave(_ id: EntryID, reason: DismissalReason) -> [Effect] {
        guard let record = records[id] else { return [] }
        if record.phase == .queued {
            records[id] = nil
            return [.finished(id, reason)] + resolveCompletions(removing: id)
        }
        return beginExit(id, reason: reason, style: .exit)
    }

    /// The exit animation (or pop) ended and the surface is gone.
    mutating func exitFinished(_ id: EntryID, heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        guard let record = records[id], record.phase == .exiting else { return [] }
        return gone(id, reason: record.reason ?? .dismissed, heuristic: heuristic)
    }

    /// The surface vanished without an exit (closed, output removed, connection lost).
    mutating func removed(_ id: EntryID, reason: DismissalReason,
                          heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        guard let record = records[id] else { return [] }
        switch record.phase {
        case .queued:
            records[id] = nil
            return [.finished(id, reason)] + resolveCompletions(removing: id)
        case .entering, .resting:
            var effects: [Effect] = record.phase == .resting ? [.cancelTimer(id)] : []
            effects.append(.lifecycle(id, .willDisappear))
            records[id]?.phase = .exiting
            return effects + gone(id, reason: reason, heuristic: heuristic)
        case .exiting:
            return gone(id, reason: record.reason ?? reason, heuristic: heuristic)
        }
    }

    /// Everything ends at once, queue included (the connection is gone).
    mutating func removeAll(reason: DismissalReason) -> [Effect] {
        var effects: [Effect] = []
        for id in queued {
            records[id] = nil
            effects.append(.finished(id, reason))
            effects += resolveCompletions(removing: id)
        }
        for id in displayed {
            effects += removed(id, reason: reason, heuristic: .chronological)
        }
        return effects
    }

    mutating func dismiss(_ descriptor: DismissalDescriptor, completion: CompletionID?,
                          heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        let matches: (Record) -> Bool
        var includeDisplayed = true, includeQueued = true
        switch descriptor {
        case .displayed:
            matches = { _ in true }
            includeQueued = false
        case .all:
            matches = { _ in true }
        case .queue:
            matches = { _ in true }
            includeDisplayed = false
        case .specific(let name):
            matches = { $0.ticket.name == name }
        case .prioritizedLowerOrEqualTo(let priority):
            matches = { $0.ticket.priority <= priority }
        }
        var effects: [Effect] = []
        // Queued first, so that a leaving entry does not let a doomed one in.
        if includeQueued {
            for id in queued where matches(records[id]!) {
                records[id] = nil
                effects.append(.finished(id, .dismissed))
            }
        }
        var waiting = Set<EntryID>()
        if includeDisplayed {
            for id in displayed where matches(records[id]!) {
                waiting.insert(id)
                effects += beginExit(id, reason: .dismissed, style: .exit)
            }
        }
        if let completion {
            if waiting.isEmpty { effects.append(.complete(completion)) } else { pending.append((completion, waiting)) }
        }
        return effects
    }

    // MARK: Steps

    private func entries(in lane: Lane, phases: Set<Phase>) -> [Record] {
        records.values.filter { $0.ticket.lane == lane && phases.contains($0.phase) }
    }

    private mutating func show(_ id: EntryID) -> [Effect] {
        records[id]?.phase = .entering
        return [.lifecycle(id, .willAppear), .show(id)]
    }

    private mutating func beginExit(_ id: EntryID, reason: DismissalReason, style: ExitStyle) -> [Effect] {
        guard var record = records[id] else { return [] }
        switch record.phase {
        case .queued:
            records[id] = nil
            return [.finished(id, reason)]
        case .exiting:
            return []   // already leaving: the first reason stands
        case .entering, .resting:
            var effects: [Effect] = record.phase == .resting ? [.cancelTimer(id)] : []
            record.phase = .exiting
            record.reason = reason
            records[id] = record
            effects += [.lifecycle(id, .willDisappear), .exit(id, style)]
            return effects
        }
    }

    private mutating func gone(_ id: EntryID, reason: DismissalReason,
                               heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        guard let record = records.removeValue(forKey: id) else { return [] }
        var effects: [Effect] = [.lifecycle(id, .didDisappear), .finished(id, reason)]
        effects += resolveCompletions(removing: id)
        effects += drain(record.ticket.lane, heuristic: heuristic)
        return effects
    }

    private mutating func resolveCompletions(removing id: EntryID) -> [Effect] {
        var effects: [Effect] = []
        for index in pending.indices.reversed() where pending[index].waiting.contains(id) {
            pending[index].waiting.remove(id)
            if pending[index].waiting.isEmpty { effects.append(.complete(pending.remove(at: index).id)) }
        }
        return effects
    }

    /// Shows queued entries while their lane has room, in the heuristic's order.
    private mutating func drain(_ lane: Lane, heuristic: EntryAttributes.Precedence.QueueingHeuristic) -> [Effect] {
        var effects: [Effect] = []
        while true {
            let occupied = entries(in: lane, phases: [.entering, .resting, .exiting])
            let waiting = entries(in: lane, phases: [.queued])
            guard let first = waiting.first else { break }
            guard occupied.count < first.ticket.capacity else { break }
            let next = waiting.min { a, b in
                if heuristic == .priority && a.ticket.priority != b.ticket.priority {
                    return a.ticket.priority > b.ticket.priority
                }
                return a.sequence < b.sequence
            }!
            effects += show(next.ticket.id)
        }
        return effects
    }
}
