import Glibc

/// A small mutex for the state that other threads touch (the loop's mailbox, the
/// presenter's public queries). Everything else lives on the loop thread alone.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Starts a detached thread running `body`.
func startThread(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ b: @escaping () -> Void) { body = b } }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { arg in
        let box = Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    precondition(result == 0, "EntryKit could not start its event-loop thread (error \(result))")
    pthread_detach(thread)
}
