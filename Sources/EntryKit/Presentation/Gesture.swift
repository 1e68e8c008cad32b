/// One press on an entry, from down to up: is it a tap, how far and how fast did it move.
/// Pure: unit-tested with made-up events.
struct PressTracker {
    /// Movement below this many points still counts as a tap.
    static let tapSlop = 8.0
    /// Velocity is measured over the last part of the movement only.
    static let velocityWindow = 0.1

    let start: Point
    let startTime: Double
    private(set) var position: Point
    private var samples: [(y: Double, t: Double)]
    private(set) var movedBeyondSlop = false

    init(at point: Point, time: Double) {
        start = point
        startTime = time
        position = point
        samples = [(point.y, time)]
    }

    mutating func move(to point: Point, time: Double) {
        position = point
        let dx = point.x - start.x, dy = point.y - start.y
        if (dx * dx + dy * dy).squareRoot() > Self.tapSlop { movedBeyondSlop = true }
        samples.append((point.y, time))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
    }

    var isTap: Bool { !movedBeyondSlop }

    /// Vertical distance from the press, in points (positive: down).
    var translationY: Double { position.y - start.y }

    /// Vertical speed over the last `velocityWindow` seconds, in points per second.
    var velocityY: Double {
        guard let last = samples.last else { return 0 }
        let first = samples.first { last.t - $0.t <= Self.velocityWindow } ?? last
        let dt = last.t - first.t
        return dt > 0 ? (last.y - first.y) / dt : 0
    }
}
