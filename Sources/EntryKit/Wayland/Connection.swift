import CEntryKitProtocols
import CWayland
import Glibc

/// The connection to the compositor and the globals EntryKit binds.
final class WaylandConnection {
    let display: OpaquePointer
    private(set) var registry: OpaquePointer!
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var layerShellVersion: UInt32 = 0
    /// Pointer and touch input; nil when the compositor has no seat.
    private(set) var seat: Seat?
    private(set) var viewporter: OpaquePointer?
    private(set) var subcompositor: OpaquePointer?
    private(set) var xdgOutputManager: OpaquePointer?
    private(set) var outputs: [Output] = []
    private(set) var shmFormats: Set<UInt32> = []

    /// Outputs appeared, changed or went away.
    var onOutputsChanged: (() -> Void)?

    /// - Parameter name: a socket name in XDG_RUNTIME_DIR or an absolute path; nil means
    ///   WAYLAND_DISPLAY (or wayland-0).
    init(name: String? = nil) throws {
        guard let display = wl_display_connect(name) else { throw EntryKitError.noCompositor(name: name) }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, userData(self))
        // From here on every stored property is set, so a throw runs deinit, which
        // destroys what was bound and disconnects.
        // First roundtrip: the globals. Second: the outputs' initial state.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw EntryKitError.connectionFailed(display: display)
        }
        guard compositor != nil, shm != nil else { throw EntryKitError.missing("wl_compositor and wl_shm") }
        guard layerShell != nil else { throw EntryKitError.missing("zwlr_layer_shell_v1 (the wlr layer-shell protocol)") }
    }

    deinit {
        for output in outputs { output.destroy() }
        if let xdgOutputManager { zxdg_output_manager_v1_destroy(xdgOutputManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        seat = nil
        if let layerShell {
            if layerShellVersion >= 3 { zwlr_layer_shell_v1_destroy(layerShell) }
            else { wl_proxy_destroy(layerShell) }
        }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(registry)
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The output with this connector name (e.g. "HEADLESS-1").
    func output(named name: String) -> Output? {
        outputs.first { $0.name == name }
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        func bind(_ iface: UnsafePointer<wl_interface>, _ want: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, iface, min(version, want)))
        }
        switch interface {
        case "wl_compositor": compositor = bind(ek_wl_compositor_interface(), 4)
        case "wl_shm":
            shm = bind(ek_wl_shm_interface(), 1)
            wl_shm_add_listener(shm, shmListener, userData(self))
        case "zwlr_layer_shell_v1":
            layerShellVersion = min(version, 4)
            layerShell = bind(ek_zwlr_layer_shell_v1_interface(), 4)
        case "wl_seat":
            if seat == nil, let proxy = bind(ek_wl_seat_interface(), 5) {
                seat = Seat(proxy: proxy, version: min(version, 5), connection: self)
            }
        case "wp_viewporter": viewporter = bind(ek_wp_viewporter_interface(), 1)
        case "wl_subcompositor": subcompositor = bind(ek_wl_subcompositor_interface(), 1)
        case "zxdg_output_manager_v1":
            xdgOutputManager = bind(ek_zxdg_output_manager_v1_interface(), 3)
            for output in outputs { output.attachXdgOutput(manager: xdgOutputManager!) }
        case "wl_output":
            guard let proxy = bind(ek_wl_output_interface(), 4) else { return }
            let output = Output(globalName: name, proxy: proxy, version: min(version, 4))
            output.onChange = { [unowned self] in self.onOutputsChanged?() }
            if let xdgOutputManager { output.attachXdgOutput(manager: xdgOutputManager) }
            outputs.append(output)
        default: break
        }
    }

    fileprivate func globalRemoved(name: UInt32) {
        if let index = outputs.firstIndex(where: { $0.globalName == name }) {
            outputs.remove(at: index).destroy()
            onOutputsChanged?()
        }
    }

    fileprivate func shmFormat(_ format: UInt32) { shmFormats.insert(format) }
}

private let registryListener = permanentListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        owner(data, as: WaylandConnection.self).global(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { data, _, name in
        owner(data, as: WaylandConnection.self).globalRemoved(name: name)
    }
))

private let shmListener = permanentListener(wl_shm_listener(
    format: { data, _, format in owner(data, as: WaylandConnection.self).shmFormat(format) }
))
