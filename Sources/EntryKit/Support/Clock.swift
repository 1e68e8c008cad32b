import Glibc

/// Monotonic time in seconds, the clock of every deadline and animation in EntryKit.
public typealias Seconds = Double

enum MonotonicClock {
    static func now() -> Seconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
