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
    /// Polls `value` under the lock until it is non-nil (the loop thread sets it).
    func waitFor<T>(every microseconds: UInt32 = 200, _ value: () -> T?) -> T {
        while true {
            pthread_mutex_lock(lock)
            let v = value()
            pthread_mutex_unlock(lock)
            if let v { return v }
            usleep(microseconds)
        }
    }
    var committed: Double?
    EntryKit.shared.observeCommits { t in
        pthread_mutex_lock(lock)
        if committed == nil { committed = t }
        pthread_mutex_unlock(lock)
    }
    func waitForCommit() -> Double {
        return waitFor(every: 100) { committed }
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
        _ = waitFor(every: 1000) { gone ? true : nil }
    }
    print("display() → first buffer commit:      \(ms(median(latencies))) median of \(latencies.count) (target ≤ 1 ms)")

    // Per animation frame: the loop thread's CPU time over a long entrance, divided by
    // the frames drawn, beside pixman's floor for the same pixels.
    func loopStats() -> (tid: Int32, cpu: Double) {
        var result: (Int32, Double)?
        EntryKit.shared.loopThreadStats { tid, cpu in
            pthread_mutex_lock(lock)
            result = (tid, cpu)
            pthread_mutex_unlock(lock)
        }
        return waitFor(every: 200) { result }
    }
    var frames = 0
    EntryKit.shared.observeCommits { _ in
        pthread_mutex_lock(lock)
        frames += 1
        pthread_mutex_unlock(lock)
    }
    for scale in [1, 2] {
        if scale == 2 { _ = system("swaymsg output HEADLESS-1 scale 2 >/dev/null 2>&1"); usleep(300_000) }
        var a = attributes
        a.positionConstraints = .init(verticalOffset: 10, size: .init(width: .constant(value: 600), height: .constant(value: 120)))
        a.entranceAnimation = .init(translate: .init(duration: 3))
        a.scroll = .disabled
        let appeared = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        appeared.pointee = false
        a.lifecycleEvents.didAppear = {
            pthread_mutex_lock(lock)
            appeared.pointee = true
            pthread_mutex_unlock(lock)
        }
        pthread_mutex_lock(lock); frames = 0; pthread_mutex_unlock(lock)
        EntryKit.shared.measureDraws(start: true) { _, _ in }
        let before = loopStats()
        EntryKit.display(entry: NotificationMessageView(with: NotificationMessage(title: "Animating", description: sentence)), using: a)
        _ = waitFor(every: 5000) { appeared.pointee ? true : nil }
        let after = loopStats()
        var draws: (Double, Int)?
        EntryKit.shared.measureDraws(start: false) { cpu, count in
            pthread_mutex_lock(lock)
            draws = (cpu, count)
            pthread_mutex_unlock(lock)
        }
        _ = waitFor(every: 200) { draws }
        pthread_mutex_lock(lock)
        let count = frames
        pthread_mutex_unlock(lock)
        let perFrame = (after.cpu - before.cpu) / Double(max(1, count))
        let s = Int32(scale)
        let floor = BenchmarkHooks.pixmanFloor(cardSize: Size(width: 600, height: 120), attributes: a, scale: s,
                                               surface: (1280 * s, Int32(10 + 120 + 15) * s))
        let drawPerFrame = draws!.0 / Double(max(1, draws!.1))
        print("animation frame, 600×120, scale \(scale):    drawing \(ms(drawPerFrame)) vs pixman floor \(ms(floor)): ratio \((drawPerFrame / floor * 100).rounded() / 100) (target ≤ 1.2)")
        print("                                     whole loop thread \(ms(perFrame)) per frame over \(count) frames (adds the wakeup, Wayland I/O and dispatch)")

        if scale == 1 {
            // Resting: the loop thread should not wake at all.
            func switches(_ tid: Int32) -> Int {
                guard let f = fopen("/proc/self/task/\(tid)/status", "r") else { return -1 }
                defer { fclose(f) }
                var total = 0
                var line = [CChar](repeating: 0, count: 256)
                while fgets(&line, 256, f) != nil {
                    let text = String(cString: line)
                    if text.contains("ctxt_switches") { total += Int(text.split(separator: "\t").last.map { String($0.filter { $0.isNumber }) } ?? "0") ?? 0 }
                }
                return total
            }
            usleep(300_000)
            let tid = loopStats().tid
            let start = switches(tid)
            usleep(3_000_000)
            let end = switches(tid)
            print("wakeups over 3 s while an entry rests: \(end - start) (target 0)")
        }
        let gone = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        gone.pointee = false
        EntryKit.dismiss {
            pthread_mutex_lock(lock)
            gone.pointee = true
            pthread_mutex_unlock(lock)
        }
        _ = waitFor(every: 5000) { gone.pointee ? true : nil }
        if scale == 2 { _ = system("swaymsg output HEADLESS-1 scale 1 >/dev/null 2>&1") }
    }
    print("(instructions per frame: perf counters are not available on this machine; CPU time shown instead)")
    EntryKit.shared.observeCommits(nil)
    EntryKit.dismiss()
} else {
    print("display() → first buffer commit:      skipped (no WAYLAND_DISPLAY; scripts/bench starts a headless Sway)")
    renderBench()
}

exit(0)
