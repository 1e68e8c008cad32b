import CEntryKitProtocols
import CWayland

/// A wl_surface with the layer-surface role, and its life cycle: set the state, commit
/// without a buffer, wait for configure, ack, attach; `closed` ends it.
final class LayerSurface {
    struct Anchor: OptionSet {
        let rawValue: UInt32
        static let top = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue)
        static let bottom = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
        static let left = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
        static let right = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
    }

    enum Layer: UInt32 {
        case background = 0, bottom = 1, top = 2, overlay = 3
    }

    let surface: OpaquePointer
    private var layerSurface: OpaquePointer?
    private var frameCallback: OpaquePointer?
    private let compositor: OpaquePointer
    private(set) var configured = false
    /// Outputs the surface is on, as the compositor reports with enter/leave.
    private(set) var enteredOutputs: [OpaquePointer] = []

    var onConfigure: ((UInt32, UInt32) -> Void)?
    var onClosed: (() -> Void)?
    var onOutputsChanged: (() -> Void)?
    var onFrame: ((UInt32) -> Void)?

    init(connection: WaylandConnection, output: Output?, layer: Layer, namespace: String) {
        compositor = connection.compositor!
        surface = wl_compositor_create_surface(compositor)
        wl_surface_add_listener(surface, surfaceListener, userData(self))
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(
            connection.layerShell, surface, output?.proxy, layer.rawValue, namespace)
        zwlr_layer_surface_v1_add_listener(layerSurface, layerSurfaceListener, userData(self))
    }

    deinit { destroy() }

    /// Double-buffered role state; takes effect with the next commit.
    func setRole(anchor: Anchor, width: UInt32, height: UInt32, exclusiveZone: Int32 = 0,
                 margin: EdgeInsets = EdgeInsets()) {
        guard let layerSurface else { return }
        zwlr_layer_surface_v1_set_anchor(layerSurface, anchor.rawValue)
        zwlr_layer_surface_v1_set_size(layerSurface, width, height)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, exclusiveZone)
        zwlr_layer_surface_v1_set_margin(layerSurface, Int32(margin.top), Int32(margin.right),
                                         Int32(margin.bottom), Int32(margin.left))
    }

    func commit() { wl_surface_commit(surface) }

    enum KeyboardInteractivity: UInt32 {
        case none = 0, exclusive = 1, onDemand = 2
    }

    /// on_demand needs layer-shell v4; older compositors get none rather than a grab.
    func setKeyboardInteractivity(_ mode: KeyboardInteractivity, version: UInt32) {
        guard let layerSurface else { return }
        let value = mode == .onDemand && version < 4 ? KeyboardInteractivity.none : mode
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, value.rawValue)
    }

    /// Limits input to `rect` (surface coordinates); clicks elsewhere reach what is below.
    func setInputRegion(_ rect: PixelRect?) {
        guard let rect else {
            wl_surface_set_input_region(surface, nil)
            return
        }
        // One region object for the surface's life: the input region follows a moving card
        // every frame, and the surface copies the region's state when it is set.
        if inputRegion == nil { inputRegion = wl_compositor_create_region(compositor) }
        let region = inputRegion!
        wl_region_subtract(region, -(1 << 20), -(1 << 20), 1 << 21, 1 << 21)
        if !rect.isEmpty { wl_region_add(region, rect.x, rect.y, rect.width, rect.height) }
        wl_surface_set_input_region(surface, region)
    }

    private var inputRegion: OpaquePointer?

    /// Attaches a drawn buffer, damages `damage` (buffer pixels) and commits. With
    /// `wantFrame`, asks for a frame callback to pace the next draw.
    func present(_ buffer: ShmBuffer, scale: Int32, damage: PixelRect, wantFrame: Bool) {
        guard layerSurface != nil else { return }
        buffer.markBusy()
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        if !damage.isEmpty {
            wl_surface_damage_buffer(surface, damage.x, damage.y, damage.width, damage.height)
        }
        if wantFrame { requestFrame() }
        wl_surface_commit(surface)
    }

    private func requestFrame() {
        guard frameCallback == nil else { return }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, frameListener, userData(self))
    }

    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let inputRegion { wl_region_destroy(inputRegion) }
        inputRegion = nil
        if let layerSurface {
            zwlr_layer_surface_v1_destroy(layerSurface)
            wl_surface_destroy(surface)
        }
        layerSurface = nil
    }

    fileprivate func configure(serial: UInt32, width: UInt32, height: UInt32) {
        guard let layerSurface else { return }
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        configured = true
        onConfigure?(width, height)
    }

    fileprivate func closed() { onClosed?() }

    fileprivate func frameDone(_ time: UInt32) {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        onFrame?(time)
    }

    fileprivate func enter(_ output: OpaquePointer?) {
        guard let output, !enteredOutputs.contains(output) else { return }
        enteredOutputs.append(output)
        onOutputsChanged?()
    }

    fileprivate func leave(_ output: OpaquePointer?) {
        enteredOutputs.removeAll { $0 == output }
        onOutputsChanged?()
    }
}

private let surfaceListener = permanentListener(wl_surface_listener(
    enter: { data, _, output in owner(data, as: LayerSurface.self).enter(output) },
    leave: { data, _, output in owner(data, as: LayerSurface.self).leave(output) }
))

private let layerSurfaceListener = permanentListener(zwlr_layer_surface_v1_listener(
    configure: { data, _, serial, width, height in
        owner(data, as: LayerSurface.self).configure(serial: serial, width: width, height: height)
    },
    closed: { data, _ in owner(data, as: LayerSurface.self).closed() }
))

private let frameListener = permanentListener(wl_callback_listener(
    done: { data, _, time in owner(data, as: LayerSurface.self).frameDone(time) }
))
