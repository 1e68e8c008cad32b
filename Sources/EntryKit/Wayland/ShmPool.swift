import CEntryKitProtocols
import CFcft
import CPixman
import CWayland
import Glibc

/// One shared-memory buffer with a pixman image over its pixels.
final class ShmBuffer {
    let width: Int32
    let height: Int32
    let stride: Int32
    let proxy: OpaquePointer
    let image: OpaquePointer        // pixman_image_t over `data`
    private let data: UnsafeMutableRawPointer
    private let size: Int
    /// Held by the compositor between attach+commit and wl_buffer.release: never draw then.
    fileprivate(set) var busy = false
    /// Pixels drawn into this buffer last time, to clear before the next draw.
    var drawn = PixelRect.empty
    /// Called when the compositor gives the buffer back.
    fileprivate var onRelease: (() -> Void)?

    fileprivate init?(shm: OpaquePointer, width: Int32, height: Int32) {
        self.width = width
        self.height = height
        stride = width * 4
        size = Int(stride) * Int(height)
        let fd = ek_memfd_create("entrykit-buffer")
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0,
              let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED
        else { return nil }
        data = map
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        proxy = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)   // the buffer keeps the memory alive
        image = pixman_image_create_bits_no_clear(formatARGB32, width, height,
                                                  data.assumingMemoryBound(to: UInt32.self), stride)
        wl_buffer_add_listener(proxy, bufferListener, userData(self))
    }

    deinit {
        wl_buffer_destroy(proxy)
        pixman_image_unref(image)
        munmap(data, size)
    }

    /// Marks the buffer as handed to the compositor; call right before attaching it.
    func markBusy() { busy = true }
    fileprivate func released() {
        busy = false
        onRelease?()
    }
}

private let bufferListener = permanentListener(wl_buffer_listener(
    release: { data, _ in owner(data, as: ShmBuffer.self).released() }
))

/// Buffers for one surface: reuses any released buffer of the right size, creates a new
/// one when all are held, and drops buffers of an old size once they come back.
final class ShmPool {
    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []
    /// More than this many held buffers means the compositor is not releasing them.
    static let maximumBuffers = 3

    /// A buffer came back from the compositor: a draw that found none free can go on.
    var onRelease: (() -> Void)?

    init(shm: OpaquePointer) { self.shm = shm }

    /// A buffer the compositor does not hold, or nil when all are held.
    func nextBuffer(width: Int32, height: Int32) -> ShmBuffer? {
        buffers.removeAll { !$0.busy && ($0.width != width || $0.height != height) }
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard buffers.count < Self.maximumBuffers,
              let buffer = ShmBuffer(shm: shm, width: width, height: height) else { return nil }
        buffer.onRelease = { [unowned self] in self.onRelease?() }
        buffers.append(buffer)
        return buffer
    }

    func removeAll() { buffers.removeAll() }
}
