import CEntryKitProtocols
import CWayland
import CWaylandCursor

/// Pointer and touch input from one wl_seat, delivered as plain events in surface
/// coordinates. Capabilities come and go (a virtual keyboard or pointer appearing, a
/// touchscreen unplugged): devices are taken and released to match.
final class Seat {
    enum Event {
        /// A press began on `surface` at (x, y): a pointer button or a finger.
        case press(surface: OpaquePointer, x: Double, y: Double, time: UInt32, device: Device)
        case move(surface: OpaquePointer, x: Double, y: Double, time: UInt32, device: Device)
        case release(surface: OpaquePointer, time: UInt32, device: Device)
        /// The press was taken away (touch cancel, pointer left while pressed).
        case cancel(surface: OpaquePointer, device: Device)
    }

    enum Device: Hashable {
        case pointer
        case touch(Int32)
    }

    let proxy: OpaquePointer
    private let version: UInt32
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    private unowned let connection: WaylandConnection

    // Pointer state between frames.
    private var pointerSurface: OpaquePointer?
    private var pointerPosition = Point.zero
    private var pressed = false
    private var touchSurfaces: [Int32: OpaquePointer] = [:]

    // The arrow shown over entries, from the cursor theme (libwayland-cursor falls back to
    // a built-in one when no theme is installed).
    private var cursorTheme: OpaquePointer?
    private var cursorScale: Int32 = 0
    private var cursorSurface: OpaquePointer?

    var onEvent: ((Event) -> Void)?
    /// A key pressed while `surface` had keyboard focus.
    var onKey: ((OpaquePointer, Keyboard.Key) -> Void)? {
        didSet { keyboard?.onKey = onKey }
    }

    // The keyboard needs the event loop for key repeat; it is made once both are there.
    private var keyboard: Keyboard?
    private var hasKeyboard = false
    var loop: EventLoop? { didSet { updateKeyboard() } }

    private func updateKeyboard() {
        if hasKeyboard, keyboard == nil, let loop {
            keyboard = Keyboard(proxy: wl_seat_get_keyboard(proxy), version: version, loop: loop)
            keyboard?.onKey = onKey
        } else if !hasKeyboard {
            keyboard = nil   // wtype's virtual keyboard comes and goes: release and retake
        }
    }
    /// The scale of the output under the pointer, for a crisp cursor.
    var scaleForSurface: ((OpaquePointer) -> Int32)?

    /// Made as soon as the global is bound: the seat announces its capabilities once.
    init(proxy: OpaquePointer, version: UInt32, connection: WaylandConnection) {
        self.proxy = proxy
        self.version = version
        self.connection = connection
        wl_seat_add_listener(proxy, seatListener, userData(self))
    }

    deinit {
        keyboard = nil
        releasePointer()
        releaseTouch()
        if let cursorSurface { wl_surface_destroy(cursorSurface) }
        if let cursorTheme { wl_cursor_theme_destroy(cursorTheme) }
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    fileprivate func capabilities(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        updateKeyboard()
        if hasPointer && pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, pointerListener, userData(self))
        } else if !hasPointer {
            releasePointer()
        }
        if hasTouch && touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, touchListener, userData(self))
        } else if !hasTouch {
            releaseTouch()
        }
    }

    private func releasePointer() {
        guard let pointer else { return }
        if pressed, let surface = pointerSurface { onEvent?(.cancel(surface: surface, device: .pointer)) }
        pressed = false
        pointerSurface = nil
        if version >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
        self.pointer = nil
    }

    private func releaseTouch() {
        guard let touch else { return }
        for (id, surface) in touchSurfaces { onEvent?(.cancel(surface: surface, device: .touch(id))) }
        touchSurfaces.removeAll()
        if version >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
        self.touch = nil
    }

    /// A surface going away: forget it so no event refers to it.
    func forget(_ surface: OpaquePointer) {
        keyboard?.forget(surface)
        if pointerSurface == surface {
            pointerSurface = nil
            pressed = false
        }
        touchSurfaces = touchSurfaces.filter { $0.value != surface }
    }

    // MARK: Pointer

    fileprivate func pointerEnter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        pointerSurface = surface
        pointerPosition = Point(x: x, y: y)
        if let surface { setCursor(serial: serial, scale: scaleForSurface?(surface) ?? 1) }
    }

    fileprivate func pointerLeave(surface: OpaquePointer?) {
        if pressed, let surface = pointerSurface { onEvent?(.cancel(surface: surface, device: .pointer)) }
        pressed = false
        pointerSurface = nil
    }

    fileprivate func pointerMotion(time: UInt32, x: Double, y: Double) {
        pointerPosition = Point(x: x, y: y)
        if pressed, let surface = pointerSurface {
            onEvent?(.move(surface: surface, x: x, y: y, time: time, device: .pointer))
        }
    }

    fileprivate func pointerButton(time: UInt32, button: UInt32, state: UInt32) {
        guard button == 0x110, let surface = pointerSurface else { return }   // BTN_LEFT
        if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
            pressed = true
            onEvent?(.press(surface: surface, x: pointerPosition.x, y: pointerPosition.y, time: time, device: .pointer))
        } else if pressed {
            pressed = false
            onEvent?(.release(surface: surface, time: time, device: .pointer))
        }
    }

    private func setCursor(serial: UInt32, scale: Int32) {
        guard let pointer, let shm = connection.shm, let compositor = connection.compositor else { return }
        if cursorTheme == nil || cursorScale != scale {
            if let cursorTheme { wl_cursor_theme_destroy(cursorTheme) }
            cursorTheme = wl_cursor_theme_load(nil, 24 * scale, shm)
            cursorScale = scale
        }
        guard let theme = cursorTheme,
              let cursor = wl_cursor_theme_get_cursor(theme, "default") ?? wl_cursor_theme_get_cursor(theme, "left_ptr"),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return }
        if cursorSurface == nil { cursorSurface = wl_compositor_create_surface(compositor) }
        wl_surface_set_buffer_scale(cursorSurface, scale)
        wl_surface_attach(cursorSurface, buffer, 0, 0)
        wl_surface_damage_buffer(cursorSurface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(cursorSurface)
        wl_pointer_set_cursor(pointer, serial, cursorSurface,
                              Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
    }

    // MARK: Touch

    fileprivate func touchDown(time: UInt32, surface: OpaquePointer?, id: Int32, x: Double, y: Double) {
        guard let surface else { return }
        touchSurfaces[id] = surface
        onEvent?(.press(surface: surface, x: x, y: y, time: time, device: .touch(id)))
    }

    fileprivate func touchUp(time: UInt32, id: Int32) {
        guard let surface = touchSurfaces.removeValue(forKey: id) else { return }
        onEvent?(.release(surface: surface, time: time, device: .touch(id)))
    }

    fileprivate func touchMotion(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let surface = touchSurfaces[id] else { return }
        onEvent?(.move(surface: surface, x: x, y: y, time: time, device: .touch(id)))
    }

    fileprivate func touchCancel() {
        for (id, surface) in touchSurfaces { onEvent?(.cancel(surface: surface, device: .touch(id))) }
        touchSurfaces.removeAll()
    }
}

@inline(__always) private func fixedToDouble(_ f: wl_fixed_t) -> Double { wl_fixed_to_double(f) }

private let seatListener = permanentListener(wl_seat_listener(
    capabilities: { data, _, caps in owner(data, as: Seat.self).capabilities(caps) },
    name: { _, _, _ in }
))

private let pointerListener = permanentListener(wl_pointer_listener(
    enter: { data, _, serial, surface, x, y in
        owner(data, as: Seat.self).pointerEnter(serial: serial, surface: surface, x: fixedToDouble(x), y: fixedToDouble(y))
    },
    leave: { data, _, _, surface in owner(data, as: Seat.self).pointerLeave(surface: surface) },
    motion: { data, _, time, x, y in owner(data, as: Seat.self).pointerMotion(time: time, x: fixedToDouble(x), y: fixedToDouble(y)) },
    button: { data, _, _, time, button, state in owner(data, as: Seat.self).pointerButton(time: time, button: button, state: state) },
    axis: { _, _, _, _, _ in },
    frame: { _, _ in },
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))

private let touchListener = permanentListener(wl_touch_listener(
    down: { data, _, _, time, surface, id, x, y in
        owner(data, as: Seat.self).touchDown(time: time, surface: surface, id: id, x: fixedToDouble(x), y: fixedToDouble(y))
    },
    up: { data, _, _, time, id in owner(data, as: Seat.self).touchUp(time: time, id: id) },
    motion: { data, _, time, id, x, y in
        owner(data, as: Seat.self).touchMotion(time: time, id: id, x: fixedToDouble(x), y: fixedToDouble(y))
    },
    frame: { _, _ in },
    cancel: { data, _ in owner(data, as: Seat.self).touchCancel() },
    shape: { _, _, _, _, _ in },
    orientation: { _, _, _, _ in }
))
