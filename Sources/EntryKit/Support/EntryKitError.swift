import CEntryKitProtocols
import CWayland
import Glibc

/// Every failure EntryKit reports: one clear sentence a user can act on.
public struct EntryKitError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// No Wayland compositor accepted the connection.
        case noCompositor
        /// The compositor lacks a protocol EntryKit needs.
        case missingProtocol
        /// The connection broke: the compositor went away or sent a protocol error.
        case connectionLost
        /// Attributes or content that cannot be shown (NaN, negative sizes, empty text…).
        case invalidInput
        /// A file (icon, font) could not be used; the entry is shown without it.
        case resource
    }

    public let kind: Kind
    public let message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    static func noCompositor(name: String? = nil) -> EntryKitError {
        let reason = String(cString: strerror(errno))
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "(XDG_RUNTIME_DIR unset)"
        if let name {
            return EntryKitError(.noCompositor, "EntryKit could not connect to the Wayland display \(name) in \(runtime): \(reason).")
        }
        let env = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        guard let env, !env.isEmpty else {
            return EntryKitError(.noCompositor,
                "EntryKit found no Wayland compositor: WAYLAND_DISPLAY is not set, so this is not a Wayland session (run scripts/demo for a headless one).")
        }
        return EntryKitError(.noCompositor,
            "EntryKit could not connect to the Wayland compositor at WAYLAND_DISPLAY=\(env) in \(runtime): \(reason).")
    }

    static func missing(_ interface: String) -> EntryKitError {
        EntryKitError(.missingProtocol,
            "The compositor does not offer \(interface), which EntryKit needs to show entries; Sway, Hyprland, wayfire, river and KDE Plasma have it (GNOME does not).")
    }

    static func connectionFailed(display: OpaquePointer) -> EntryKitError {
        var name = [CChar](repeating: 0, count: 128)
        var object: UInt32 = 0
        var code: UInt32 = 0
        if ek_display_protocol_error(display, &name, UInt(name.count), &object, &code) == 1 {
            return EntryKitError(.connectionLost,
                "Wayland protocol error: \(String(cString: name))@\(object) error \(code) (a bug in EntryKit; please report it).")
        }
        let error = wl_display_get_error(display)
        return EntryKitError(.connectionLost,
            "The Wayland connection was lost: \(String(cString: strerror(error != 0 ? error : EPIPE))).")
    }

    static func invalid(_ message: String) -> EntryKitError {
        EntryKitError(.invalidInput, message)
    }
}
