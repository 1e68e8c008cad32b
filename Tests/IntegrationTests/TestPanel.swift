import CEntryKitProtocols
import CWayland
import Foundation
import Glibc
@testable import EntryKit

/// A panel of its own client: a layer surface at the top or bottom edge that reserves an
/// exclusive zone, as a bar (or an on-screen keyboard) does. Shown and hidden by tests.
final class TestPanel {
    private let display: OpaquePointer
    private var registry: OpaquePointer!
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var layerShell: OpaquePointer?
    private var surface: OpaquePointer?
    private var layerSurface: OpaquePointer?
    private var buffer: OpaquePointer?
    private let height: Int32
    private let rgb: UInt32
    private var width: UInt32 = 0
    private(set) var configured = false

    init?(bottom: Bool, height: Int32, rgb: UInt32 = 0x4c566a) {
        guard let display = wl_display_connect(nil) else { return nil }
        self.display = display
        self.height = height
        self.rgb = rgb
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, panelRegistryListener, userData(self))
        wl_display_roundtrip(display)
        guard let compositor, let layerShell else { return nil }
        surface = wl_compositor_create_surface(compositor)
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, nil, 2, "entrykit-test-panel")
        zwlr_layer_surface_v1_add_listener(layerSurface, panelLayerListener, userData(self))
        let edge = bottom ? ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue : ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, edge | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
        zwlr_layer_surface_v1_set_size(layerSurface, 0, UInt32(height))
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, height)
        wl_surface_commit(surface)
        for _ in 0..<20 where !configured { wl_display_roundtrip(display) }
        if !configured { return nil }
        wl_display_roundtrip(display)
        usleep(100_000)
    }

    deinit { hide() }

    /// Removes the panel (its exclusive zone goes with it).
    func hide() {
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let surface { wl_surface_destroy(surface) }
        if let buffer { wl_buffer_destroy(buffer) }
        layerSurface = nil
        surface = nil
        buffer = nil
        wl_display_roundtrip(display)
    }

    fileprivate func global(name: UInt32, interface: String) {
        switch interface {
        case "wl_compositor": compositor = OpaquePointer(wl_registry_bind(registry, name, ek_wl_compositor_interface(), 4))
        case "wl_shm": shm = OpaquePointer(wl_registry_bind(registry, name, ek_wl_shm_interface(), 1))
        case "zwlr_layer_shell_v1": layerShell = OpaquePointer(wl_registry_bind(registry, name, ek_zwlr_layer_shell_v1_interface(), 4))
        default: break
        }
    }

    fileprivate func configure(serial: UInt32, width: UInt32) {
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        self.width = width
        let w = Int32(width), stride = w * 4, bytes = Int(stride * height)
        let fd = ek_memfd_create("entrykit-test-panel")
        ftruncate(fd, off_t(bytes))
        let pixels = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)!
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(bytes / 4) { words[i] = 0xff00_0000 | rgb }
        munmap(pixels, bytes)
        let pool = wl_shm_create_pool(shm, fd, Int32(bytes))
        if let buffer { wl_buffer_destroy(buffer) }
        buffer = wl_shm_pool_create_buffer(pool, 0, w, height, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        close(fd)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, w, height)
        wl_surface_commit(surface)
        configured = true
    }
}

private let panelRegistryListener = permanentListener(wl_registry_listener(
    global: { data, _, name, interface, _ in owner(data, as: TestPanel.self).global(name: name, interface: String(cString: interface!)) },
    global_remove: { _, _, _ in }
))

private let panelLayerListener = permanentListener(zwlr_layer_surface_v1_listener(
    configure: { data, _, serial, width, _ in owner(data, as: TestPanel.self).configure(serial: serial, width: width) },
    closed: { _, _ in }
))
