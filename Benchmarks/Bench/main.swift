// entrykit-bench: EntryKit's speed and memory figures, as medians over many runs.
// Not a test: run `scripts/bench` (it starts a headless Sway when there is no session),
// or `swift run -c release entrykit-bench` inside a Wayland session.
@_spi(Testing) import EntryKit
import Glibc

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : s[s.count / 2]
}

func ms(_ seconds: Double) -> String {
    let v = (seconds * 1000 * 1000).rounded() / 1000
    return "\(v) ms"
}

func peakRSSKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

// Card render, 600×120, as once per content change.
func renderBench() {
    let bench = BenchmarkHooks.CardBench()
    for scale: Int32 in [1, 2] {
        bench.render(scale: scale, title: "Warm-up", description: sentence)
        var same: [Double] = [], fresh: [Double] = []
        for i in 0..<200 {
            var t = now()
            bench.render(scale: scale, title: "Build finished", description: sentence)
            same.append(now() - t)
            t = now()
            bench.render(scale: scale, title: "Message \(i)", description: "New text \(i): " + sentence)
            fresh.append(now() - t)
        }
        print("render 600×120 card, scale \(scale):         \(ms(median(same))) (same text), \(ms(median(fresh))) (new text, shaped)\(scale == 1 ? "  target ≤ 1 ms" : "")")
    }
}

let sentence = "Entries slide in from the edge of your screen, drawn with pixman and fcft on a layer-shell surface."

// Peak RSS (first, since it is a high-water mark) with one entry shown, and display() → first buffer commit.
if getenv("WAYLAND_DISPLAY") != nil {
    do { try EntryKit.connect() } catch {
        fputs("entrykit-bench: \(error)\n", stderr)
        exit(1)
    }
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    var committed: Double?
    EntryKit.shared.observeCommits { t in
        pthread_mutex_lock(lock)
        if committed == nil { committed = t }
        pthread_mutex_unlock(lock)
    }
    func waitForCommit() -> Double {
        while true {
            pthread_mutex_lock(lock)
            let t = committed
            pthread_mutex_unlock(lock)
            if let t { return t }
            usleep(100)
        }
    }
    var attributes = EntryAttributes.topFloat
    attributes.displayDuration = .infinity
    attributes.entryBackground = .color(color: .standardBackground)
    attributes.shadow = .active(with: .init(opacity: 0.3, radius: 10))

    var latencies: [Double] = []
    for i in 0..<31 {
        pthread_mutex_lock(lock)
        committed = nil
        pthread_mutex_unlock(lock)
        let view = NotificationMessageView(with: NotificationMessage(title: "Entry \(i)", description: sentence))
        let start = now()
        EntryKit.display(entry: view, using: attributes)
        let end = waitForCommit()
        if i > 0 { latencies.append(end - start) }   // the first one also opens fonts
        if i == 0 {
            usleep(500_000)
            print("peak RSS with one entry shown:        \(peakRSSKiB() / 1024) MiB (\(peakRSSKiB()) KiB)")
            renderBench()
        }
        // Let it leave completely: the next entry's first commit must not be confused
        // with this one's exit frames.
        var gone = false
        EntryKit.dismiss {
            pthread_mutex_lock(lock)
            gone = true
            pthread_mutex_unlock(lock)
        }
        while true {
            pthread_mutex_lock(lock)
            let done = gone
            pthread_mutex_unlock(lock)
            if done { break }
            usleep(1000)
        }
    }
    print("display() → first buffer commit:      \(ms(median(latencies))) median of \(latencies.count) (target ≤ 1 ms)")
    EntryKit.shared.observeCommits(nil)
    EntryKit.dismiss()
} else {
    print("display() → first buffer commit:      skipped (no WAYLAND_DISPLAY; scripts/bench starts a headless Sway)")
    renderBench()
}

exit(0)
