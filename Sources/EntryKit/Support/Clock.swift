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

/// CPU time the calling thread has used, in seconds.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
