import CEntryKitProtocols
import CPixman
import CFcft
import CWayland

/// What lies beneath an entry over the whole output: it draws `screenBackground` (a dim,
/// a colour, a gradient) and, unless taps beside the entry are forwarded, takes them.
///
/// It is a subsurface of the entry's surface placed below it: the protocol guarantees
/// that order, while the stacking of two layer surfaces in one layer differs between
/// compositors (and Sway versions). A plain colour is a 1×1 buffer stretched by
/// wp_viewporter over three outputs' worth in each direction, so it covers the output
/// wherever panels put the entry, costs four bytes, and fades for free. Gradients and
/// images need a real buffer the output's size, placed from the entry's estimated offset.
final class Backdrop {
    private let surface: OpaquePointer
    private let subsurface: OpaquePointer
    private let compositor: OpaquePointer
    private let pool: ShmPool
    private var viewport: OpaquePointer?
    private let style: EntryAttributes.BackgroundStyle
    private let mode: ResolvedDisplayMode
    private unowned let presenter: EntryPresenter
    private var outputSize: Size
    private var origin: Point
    private(set) var alpha: Double = 0
    private var destroyed = false
    var scale: Int32 = 1 { didSet { if scale != oldValue { draw() } } }

    var surfaceProxy: OpaquePointer { surface }

    /// - Parameters:
    ///   - parent: the entry's wl_surface.
    ///   - origin: where the entry's surface is believed to sit on the output (points).
    init?(connection: WaylandConnection, presenter: EntryPresenter, parent: OpaquePointer, outputSize: Size, origin: Point,
          style: EntryAttributes.BackgroundStyle, mode: ResolvedDisplayMode, takesInput: Bool) {
        guard let compositor = connection.compositor, let subcompositor = connection.subcompositor else { return nil }
        self.compositor = compositor
        self.style = style
        self.mode = mode
        self.presenter = presenter
        self.outputSize = outputSize
        self.origin = origin
        pool = ShmPool(shm: connection.shm!)
        surface = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)
        wl_subsurface_place_below(subsurface, parent)
        wl_subsurface_set_desync(subsurface)
        if solidColor != nil, let viewporter = connection.viewporter {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
        }
        if !takesInput {
            let region = wl_compositor_create_region(compositor)
            wl_surface_set_input_region(surface, region)
            wl_region_destroy(region)
        }
        draw()
    }

    deinit { destroy() }

    /// The colour, when the style is one (a visual effect is its tint).
    private var solidColor: Color? {
        switch style {
        case .color(let color): return color.color(for: mode)
        case .visualEffect(let blur): return blur.color(for: mode)
        case .clear: return .clear
        case .gradient, .image: return nil
        }
    }

    /// Fades the backdrop with its entry: cheap for a colour (one pixel); other styles
    /// are drawn once, fully, when they first show.
    func setAlpha(_ value: Double) {
        let a = min(1, max(0, value))
        guard a != alpha else { return }
        let wasShown = alpha > 0
        alpha = a
        if viewport != nil || !wasShown || a == 0 { draw() }
    }

    /// The entry's surface moved or the output changed size.
    func place(outputSize: Size, origin: Point) {
        guard outputSize != self.outputSize || origin != self.origin else { return }
        self.outputSize = outputSize
        self.origin = origin
        draw()
    }

    private func draw() {
        guard !destroyed, outputSize.width > 0, outputSize.height > 0 else { return }
        let w = Int32(outputSize.width), h = Int32(outputSize.height)
        if let color = solidColor, let viewport {
            guard let buffer = pool.nextBuffer(width: 1, height: 1) else { return }
            fill(buffer.image, PixelRect(x: 0, y: 0, width: 1, height: 1), color.withAlpha(color.alpha * alpha).pixman)
            wl_subsurface_set_position(subsurface, -w, -h)
            wp_viewport_set_destination(viewport, 3 * w, 3 * h)
            attach(buffer, scale: 1, damage: PixelRect(x: 0, y: 0, width: 1, height: 1))
            return
        }
        let pw = w * scale, ph = h * scale
        guard let buffer = pool.nextBuffer(width: pw, height: ph) else { return }
        fill(buffer.image, PixelRect(x: 0, y: 0, width: pw, height: ph), clearColor)
        if alpha > 0 {
            let paint = style.paint(for: mode) ?? .color(solidColor ?? .clear)
            let canvas = Canvas(image: buffer.image, environment: ContentEnvironment(
                scale: Double(scale), displayMode: mode, context: presenter.renderContext))
            canvas.fill(Rect(x: 0, y: 0, width: outputSize.width, height: outputSize.height), paint: paint, radii: .zero)
        }
        wl_subsurface_set_position(subsurface, -Int32(origin.x), -Int32(origin.y))
        attach(buffer, scale: scale, damage: PixelRect(x: 0, y: 0, width: pw, height: ph))
    }

    private func attach(_ buffer: ShmBuffer, scale: Int32, damage: PixelRect) {
        buffer.markBusy()
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, damage.x, damage.y, damage.width, damage.height)
        wl_surface_commit(surface)
    }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        if let viewport { wp_viewport_destroy(viewport) }
        viewport = nil
        presenter.connection?.seat?.forget(surface)
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
        pool.removeAll()
    }
}
