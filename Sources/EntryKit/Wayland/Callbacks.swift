// The one trampoline: C callbacks cannot capture context, so every listener receives its
// Swift owner as user data and turns it back into an object here. Listener tables are
// allocated once per interface and never freed, so they sit at a stable address for the
// life of every proxy that uses them.

/// The Swift object behind a listener's user-data pointer.
@inline(__always)
func owner<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as _: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

/// User data for a listener. Unretained: owners destroy their proxies before they go away.
@inline(__always)
func userData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// A listener table at a permanent address.
func permanentListener<L>(_ table: L) -> UnsafePointer<L> {
    let pointer = UnsafeMutablePointer<L>.allocate(capacity: 1)
    pointer.initialize(to: table)
    return UnsafePointer(pointer)
}

/// A C string as Swift text; nil stays nil.
func string(_ c: UnsafePointer<CChar>?) -> String? {
    c.map { String(cString: $0) }
}
