import CEntryKitProtocols
import CWayland
import Foundation
import Glibc
@testable import EntryKit

/// A plain xdg_toplevel window, its own client, that counts the clicks it receives: what
/// an entry forwards (or fails to) reaches it. Sway tiles it over the whole output.
final class TestWindow {
    private let display: OpaquePointer
    private var registry: OpaquePointer!
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var wmBase: OpaquePointer?
    private var seat: OpaquePointer?
    private var pointer: OpaquePointer?
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var buffer: OpaquePointer?
    private var size = (width: Int32(640), height: Int32(480))
    private(set) var clicks = 0
    private(set) var mapped = false

    init?() {
        guard let display = wl_display_connect(nil) else { return nil }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, testWindowRegistryListener, userData(self))
        wl_display_roundtrip(display)
        guard let compositor, let wmBase else { return nil }
        xdg_wm_base_add_listener(wmBase, wmBaseListener, userData(self))
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, userData(self))
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, toplevelListener, userData(self))
        xdg_toplevel_set_title(toplevel, "EntryKit test window")
        wl_surface_commit(surface)
        for _ in 0..<20 where !mapped { wl_display_roundtrip(display) }
        if !mapped { return nil }
        usleep(100_000)
        sync()
    }

    deinit {
        if let pointer { wl_pointer_release(pointer) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        if let buffer { wl_buffer_destroy(buffer) }
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    /// Processes the events the compositor has sent so far.
    func sync() { wl_display_roundtrip(display) }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor": compositor = OpaquePointer(wl_registry_bind(registry, name, ek_wl_compositor_interface(), 4))
        case "wl_shm": shm = OpaquePointer(wl_registry_bind(registry, name, ek_wl_shm_interface(), 1))
        case "xdg_wm_base": wmBase = OpaquePointer(wl_registry_bind(registry, name, ek_xdg_wm_base_interface(), 1))
        case "wl_seat":
            seat = OpaquePointer(wl_registry_bind(registry, name, ek_wl_seat_interface(), 5))
            wl_seat_add_listener(seat, testSeatListener, userData(self))
        default: break
        }
    }

    fileprivate func capabilities(_ caps: UInt32) {
        if caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, testPointerListener, userData(self))
        }
    }

    fileprivate func ping(_ serial: UInt32) { xdg_wm_base_pong(wmBase, serial) }

    fileprivate func toplevelConfigure(width: Int32, height: Int32) {
        if width > 0 && height > 0 { size = (width, height) }
    }

    fileprivate func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        if let buffer { wl_buffer_destroy(buffer) }
        let stride = size.width * 4, bytes = Int(stride * size.height)
        let fd = ek_memfd_create("entrykit-test-window")
        ftruncate(fd, off_t(bytes))
        let pixels = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)!
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(bytes / 4) { words[i] = 0xff20_2530 }
        munmap(pixels, bytes)
        let pool = wl_shm_create_pool(shm, fd, Int32(bytes))
        buffer = wl_shm_pool_create_buffer(pool, 0, size.width, size.height, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        close(fd)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, size.width, size.height)
        wl_surface_commit(surface)
        mapped = true
    }

    fileprivate func button(state: UInt32) {
        if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue { clicks += 1 }
    }
}

private let testWindowRegistryListener = permanentListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        owner(data, as: TestWindow.self).global(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { _, _, _ in }
))

private let wmBaseListener = permanentListener(xdg_wm_base_listener(
    ping: { data, _, serial in owner(data, as: TestWindow.self).ping(serial) }
))

private let xdgSurfaceListener = permanentListener(xdg_surface_listener(
    configure: { data, _, serial in owner(data, as: TestWindow.self).configure(serial: serial) }
))

private let toplevelListener = permanentListener(xdg_toplevel_listener(
    configure: { data, _, width, height, _ in owner(data, as: TestWindow.self).toplevelConfigure(width: width, height: height) },
    close: { _, _ in },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in }
))

private let testSeatListener = permanentListener(wl_seat_listener(
    capabilities: { data, _, caps in owner(data, as: TestWindow.self).capabilities(caps) },
    name: { _, _, _ in }
))

private let testPointerListener = permanentListener(wl_pointer_listener(
    enter: { _, _, _, _, _, _ in },
    leave: { _, _, _, _ in },
    motion: { _, _, _, _, _ in },
    button: { data, _, _, _, _, state in owner(data, as: TestWindow.self).button(state: state) },
    axis: { _, _, _, _, _ in },
    frame: { _, _ in },
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))
