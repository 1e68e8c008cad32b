import CEntryKitProtocols
import CWayland

/// A monitor as the compositor describes it: connector name, integer scale, transform,
/// current mode and the logical size that layout works in.
final class Output {
    let globalName: UInt32
    let proxy: OpaquePointer
    let version: UInt32
    private var xdgOutput: OpaquePointer?

    private(set) var name: String?
    private(set) var scale: Int32 = 1
    private(set) var transform: Int32 = 0
    private(set) var modeWidth: Int32 = 0
    private(set) var modeHeight: Int32 = 0
    private var xdgLogicalSize: (width: Int32, height: Int32)?

    /// Called after each `done`: the output's state settled.
    var onChange: (() -> Void)?

    init(globalName: UInt32, proxy: OpaquePointer, version: UInt32) {
        self.globalName = globalName
        self.proxy = proxy
        self.version = version
        wl_output_add_listener(proxy, outputListener, userData(self))
    }

    /// Logical size in surface coordinates: xdg-output's when offered (exact, also for
    /// fractional scales), else the mode divided by the scale, turned by the transform.
    var logicalSize: Size {
        if let size = xdgLogicalSize, size.width > 0, size.height > 0 {
            return Size(width: Double(size.width), height: Double(size.height))
        }
        let turned = transform % 2 == 1   // 90 and 270, flipped or not
        let w = Double(turned ? modeHeight : modeWidth) / Double(max(scale, 1))
        let h = Double(turned ? modeWidth : modeHeight) / Double(max(scale, 1))
        return Size(width: w, height: h)
    }

    func attachXdgOutput(manager: OpaquePointer) {
        guard xdgOutput == nil else { return }
        xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
        zxdg_output_v1_add_listener(xdgOutput, xdgOutputListener, userData(self))
    }

    func destroy() {
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        xdgOutput = nil
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    fileprivate func geometry(transform: Int32) { self.transform = transform }
    fileprivate func mode(flags: UInt32, width: Int32, height: Int32) {
        if flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 {
            modeWidth = width
            modeHeight = height
        }
    }
    fileprivate func scale(_ factor: Int32) { scale = max(1, factor) }
    fileprivate func name(_ value: String?) { name = value }
    fileprivate func logicalSize(_ width: Int32, _ height: Int32) { xdgLogicalSize = (width, height) }
    fileprivate func done() { onChange?() }
}

private let outputListener = permanentListener(wl_output_listener(
    geometry: { data, _, _, _, _, _, _, _, _, transform in
        owner(data, as: Output.self).geometry(transform: transform)
    },
    mode: { data, _, flags, width, height, _ in
        owner(data, as: Output.self).mode(flags: flags, width: width, height: height)
    },
    done: { data, _ in owner(data, as: Output.self).done() },
    scale: { data, _, factor in owner(data, as: Output.self).scale(factor) },
    name: { data, _, name in owner(data, as: Output.self).name(string(name)) },
    description: { _, _, _ in }
))

private let xdgOutputListener = permanentListener(zxdg_output_v1_listener(
    logical_position: { _, _, _, _ in },
    logical_size: { data, _, width, height in owner(data, as: Output.self).logicalSize(width, height) },
    done: { _, _ in },   // deprecated since version 3: wl_output.done follows
    name: { _, _, _ in },
    description: { _, _, _ in }
))
