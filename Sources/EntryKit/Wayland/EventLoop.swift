import CEntryKitProtocols
import CWayland
import Glibc

/// The event loop: it sleeps in poll(2) on the Wayland fd and a wake-up eventfd, with a
/// timeout set by the nearest deadline. Nothing ticks: when no deadline is pending and
/// no event arrives, the thread stays asleep (idle is zero wakeups).
final class EventLoop {
    struct TimerID: Hashable { fileprivate let raw: UInt64 }

    private struct Timer {
        let id: TimerID
        let deadline: Seconds
        let action: () -> Void
    }

    let display: OpaquePointer
    private let wakeFD: Int32
    private let mailboxLock = Lock()
    private var mailbox: [() -> Void] = []
    private var timers: [Timer] = []   // kept sorted by deadline
    private var nextTimer: UInt64 = 0
    /// The two poll entries (display, wake-up), allocated once: a turn runs per frame.
    private let fds = UnsafeMutablePointer<pollfd>.allocate(capacity: 2)
    private(set) var running = true

    /// For apps that run their own loop: one descriptor (epoll) that is readable whenever
    /// `turn(blocking: false)` has work. Made on first use.
    private(set) lazy var pollableFD: Int32 = {
        let fd = ek_loop_fd_create(wl_display_get_fd(display), wakeFD, &timerFD)
        armTimerFD()
        return fd
    }()
    private var timerFD: Int32 = -1

    /// Called once when the connection fails (compositor gone or a protocol error).
    var onFatalError: ((EntryKitError) -> Void)?

    init(display: OpaquePointer) {
        self.display = display
        wakeFD = ek_eventfd()
    }

    deinit {
        close(wakeFD)
        if timerFD >= 0 {
            close(timerFD)
            close(pollableFD)
        }
        fds.deallocate()
    }

    /// Runs `work` on the loop thread. Safe from any thread.
    func post(_ work: @escaping () -> Void) {
        mailboxLock.withLock { mailbox.append(work) }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    @discardableResult
    func schedule(at deadline: Seconds, _ action: @escaping () -> Void) -> TimerID {
        nextTimer += 1
        let timer = Timer(id: TimerID(raw: nextTimer), deadline: deadline, action: action)
        let index = timers.firstIndex { $0.deadline > deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
        if index == 0 { armTimerFD() }
        return timer.id
    }

    func cancel(_ id: TimerID?) {
        guard let id else { return }
        timers.removeAll { $0.id == id }
        armTimerFD()
    }

    func stop() { running = false }

    /// Keeps the timerfd (when an app polls `pollableFD`) on the nearest deadline.
    private func armTimerFD() {
        guard timerFD >= 0 else { return }
        ek_timerfd_arm(timerFD, timers.first?.deadline ?? -1)
    }

    /// One turn: run posted work and due timers, flush, sleep (when `blocking`) until
    /// something happens, read and dispatch. Returns false once the loop has stopped.
    @discardableResult
    func turn(blocking: Bool = true) -> Bool {
        guard running else { return false }
        drainMailbox()
        fireDueTimers()
        guard running else { return false }

        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { return fail() }
        }
        var wantWrite = false
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN { wantWrite = true } else { wl_display_cancel_read(display); return fail() }
        }

        var timeoutMs: Int32 = -1
        if !blocking {
            timeoutMs = 0
        } else if let first = timers.first {
            let remaining = max(0, first.deadline - MonotonicClock.now())
            timeoutMs = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
        }
        fds[0] = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0)
        fds[1] = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
        let ready = poll(fds, 2, timeoutMs)
        if ready < 0 && errno != EINTR {
            wl_display_cancel_read(display)
            return fail()
        }
        if ready > 0 && fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            if wl_display_read_events(display) < 0 { return fail() }
        } else {
            wl_display_cancel_read(display)
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var value: UInt64 = 0
            _ = read(wakeFD, &value, 8)
        }
        if wl_display_dispatch_pending(display) < 0 { return fail() }
        drainMailbox()
        fireDueTimers()
        if timerFD >= 0 {
            ek_timerfd_drain(timerFD)
            armTimerFD()
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN { return fail() }
        return running
    }

    func run() {
        while turn() {}
    }

    private func drainMailbox() {
        while true {
            let work = mailboxLock.withLock { () -> [() -> Void] in
                let taken = mailbox
                mailbox = []
                return taken
            }
            if work.isEmpty { return }
            for item in work { item() }
        }
    }

    private func fireDueTimers() {
        let now = MonotonicClock.now()
        while let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            first.action()
        }
    }

    private func fail() -> Bool {
        guard running else { return false }
        running = false
        onFatalError?(EntryKitError.connectionFailed(display: display))
        return false
    }
}
