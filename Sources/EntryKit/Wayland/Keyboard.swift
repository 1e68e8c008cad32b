import CWayland
import CXKBCommon
import Glibc

/// A wl_keyboard turned into key presses with meaning: the seat's keymap through
/// xkbcommon, modifiers, compose sequences, and key repeat at the rate the compositor
/// asks for (deadline timers, nothing ticking while no key is held).
final class Keyboard {
    struct Key: Equatable {
        let keysym: UInt32
        /// Composed or plain text the key types, if any.
        let text: String?
        let shift: Bool
        let control: Bool
    }

    private let proxy: OpaquePointer
    private let version: UInt32
    private unowned let loop: EventLoop
    private var context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var compose: OpaquePointer?
    private var repeatRate: Int32 = 25
    private var repeatDelay: Int32 = 600
    private var repeatTimer: EventLoop.TimerID?
    private var repeatingKey: UInt32?
    private(set) var focus: OpaquePointer?

    var onKey: ((OpaquePointer, Key) -> Void)?

    init(proxy: OpaquePointer, version: UInt32, loop: EventLoop) {
        self.proxy = proxy
        self.version = version
        self.loop = loop
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        if let context {
            let locale = (getenv("LC_ALL") ?? getenv("LC_CTYPE") ?? getenv("LANG")).map { String(cString: $0) } ?? "C"
            if let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
                xkb_compose_table_unref(table)
            }
        }
        wl_keyboard_add_listener(proxy, keyboardListener, userData(self))
    }

    deinit {
        loop.cancel(repeatTimer)
        if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
        if let compose { xkb_compose_state_unref(compose) }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
    }

    /// A surface going away: no key goes to it any more.
    func forget(_ surface: OpaquePointer) {
        if focus == surface {
            focus = nil
            stopRepeat()
        }
    }

    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context,
              let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, Int(size)) }
        guard let newKeymap = xkb_keymap_new_from_string(context, map.assumingMemoryBound(to: CChar.self),
                                                         XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = xkb_state_new(newKeymap)
    }

    fileprivate func enter(_ surface: OpaquePointer?) { focus = surface }

    fileprivate func leave() {
        focus = nil
        stopRepeat()
    }

    fileprivate func key(_ code: UInt32, pressed: Bool) {
        guard state != nil else { return }
        if !pressed {
            if repeatingKey == code { stopRepeat() }
            return
        }
        deliver(code)
        // Repeat keys that repeat in the keymap, after the delay, at the rate.
        if let keymap, repeatRate > 0, xkb_keymap_key_repeats(keymap, code + 8) != 0 {
            stopRepeat()
            repeatingKey = code
            scheduleRepeat(after: Double(repeatDelay) / 1000)
        }
    }

    private func deliver(_ code: UInt32) {
        guard let state, let focus else { return }
        let keysym = xkb_state_key_get_one_sym(state, code + 8)
        var text: String?
        if let compose {
            xkb_compose_state_feed(compose, keysym)
            switch xkb_compose_state_get_status(compose) {
            case XKB_COMPOSE_COMPOSING: return   // more keys to come
            case XKB_COMPOSE_COMPOSED:
                var buffer = [CChar](repeating: 0, count: 64)
                xkb_compose_state_get_utf8(compose, &buffer, buffer.count)
                text = String(cString: buffer)
                xkb_compose_state_reset(compose)
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(compose)
                return
            default: break
            }
        }
        if text == nil {
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_state_key_get_utf8(state, code + 8, &buffer, buffer.count)
            if n > 0 { text = String(cString: buffer) }
        }
        let shift = xkb_state_mod_name_is_active(state, XKB_MOD_NAME_SHIFT, XKB_STATE_MODS_EFFECTIVE) > 0
        let control = xkb_state_mod_name_is_active(state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0
        onKey?(focus, Key(keysym: keysym, text: text, shift: shift, control: control))
    }

    private func scheduleRepeat(after seconds: Double) {
        repeatTimer = loop.schedule(at: MonotonicClock.now() + seconds) { [weak self] in
            guard let self, let code = self.repeatingKey else { return }
            self.deliver(code)
            self.scheduleRepeat(after: 1 / Double(max(1, self.repeatRate)))
        }
    }

    private func stopRepeat() {
        loop.cancel(repeatTimer)
        repeatTimer = nil
        repeatingKey = nil
    }

    fileprivate func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    fileprivate func repeatInfo(rate: Int32, delay: Int32) {
        repeatRate = rate
        repeatDelay = delay
    }
}

private let keyboardListener = permanentListener(wl_keyboard_listener(
    keymap: { data, _, format, fd, size in owner(data, as: Keyboard.self).keymap(format: format, fd: fd, size: size) },
    enter: { data, _, _, surface, _ in owner(data, as: Keyboard.self).enter(surface) },
    leave: { data, _, _, _ in owner(data, as: Keyboard.self).leave() },
    key: { data, _, _, _, key, state in
        owner(data, as: Keyboard.self).key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
    },
    modifiers: { data, _, _, depressed, latched, locked, group in
        owner(data, as: Keyboard.self).modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    },
    repeat_info: { data, _, rate, delay in owner(data, as: Keyboard.self).repeatInfo(rate: rate, delay: delay) }
))
