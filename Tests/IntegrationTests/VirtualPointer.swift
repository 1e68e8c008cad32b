import CEntryKitProtocols
import CWayland
import Foundation
@testable import EntryKit

/// A pointer device made through zwlr_virtual_pointer_manager_v1: headless Sway has no
/// pointer until a client creates one. Moves are absolute over the 1280×720 layout.
final class VirtualPointer {
    private let display: OpaquePointer
    private var registry: OpaquePointer!
    private var manager: OpaquePointer?
    private var pointer: OpaquePointer?
    let extent: (width: UInt32, height: UInt32)

    init?(extent: (UInt32, UInt32) = (1280, 720)) {
        guard let display = wl_display_connect(nil) else { return nil }
        self.display = display
        self.extent = extent
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, virtualPointerRegistryListener, userData(self))
        wl_display_roundtrip(display)
        guard let manager else { return nil }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)
        wl_display_roundtrip(display)
    }

    deinit {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        wl_registry_destroy(registry)
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    fileprivate func global(name: UInt32, interface: String) {
        if interface == "zwlr_virtual_pointer_manager_v1" {
            manager = OpaquePointer(wl_registry_bind(registry, name, ek_zwlr_virtual_pointer_manager_v1_interface(), 1))
        }
    }

    private var time: UInt32 { UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970 * 1000)) }

    func move(to x: Double, _ y: Double) {
        zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(x), UInt32(y), extent.width, extent.height)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    func press() {
        zwlr_virtual_pointer_v1_button(pointer, time, 0x110, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    func release() {
        zwlr_virtual_pointer_v1_button(pointer, time, 0x110, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    func click(at x: Double, _ y: Double) {
        move(to: x, y)
        press()
        release()
    }

    /// Press at one point, move in steps to another over `seconds`, release.
    func drag(from start: (Double, Double), to end: (Double, Double), seconds: Double, steps: Int = 12) {
        move(to: start.0, start.1)
        press()
        for i in 1...steps {
            usleep(UInt32(seconds / Double(steps) * 1_000_000))
            let f = Double(i) / Double(steps)
            move(to: start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f)
        }
        release()
    }
}

private let virtualPointerRegistryListener = permanentListener(wl_registry_listener(
    global: { data, _, name, interface, _ in
        owner(data, as: VirtualPointer.self).global(name: name, interface: String(cString: interface!))
    },
    global_remove: { _, _, _ in }
))
