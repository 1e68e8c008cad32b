import Dispatch
import Foundation
@_spi(Testing) @testable import EntryKit

/// The headless Sway the integration tests run against: the one `scripts/test` started
/// (its environment is inherited), or one started here through scripts/headless-sway.
enum Compositor {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let ready: Bool = {
        let env = ProcessInfo.processInfo.environment
        if env["SWAYSOCK"] != nil && env["WAYLAND_DISPLAY"] != nil { return true }
        guard let exports = startSway(state: "/tmp/entrykit-sway-tests") else { return false }
        for (key, value) in exports { setenv(key, value, 1) }
        // Stop the Sway started here when the test process ends.
        atexit { stopSway(state: "/tmp/entrykit-sway-tests") }
        return true
    }()

    /// Starts a headless Sway with its own state directory (scripts/headless-sway) and
    /// returns its XDG_RUNTIME_DIR, WAYLAND_DISPLAY and SWAYSOCK.
    static func startSway(state: String) -> [String: String]? {
        guard shell("ENTRYKIT_SWAY_STATE='\(state)' '\(packageRoot)/scripts/headless-sway' start > '\(state).env'") == 0,
              let out = try? String(contentsOfFile: "\(state).env", encoding: .utf8) else { return nil }
        // export XDG_RUNTIME_DIR='…' WAYLAND_DISPLAY='…' SWAYSOCK='…'
        var exports: [String: String] = [:]
        for part in out.replacingOccurrences(of: "export ", with: "").split(separator: " ") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            exports[String(kv[0])] = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "'\n"))
        }
        return exports
    }

    static func stopSway(state: String) {
        shell("ENTRYKIT_SWAY_STATE='\(state)' '\(packageRoot)/scripts/headless-sway' stop")
    }

    /// Runs a shell command and waits for it. Not through Foundation's Process: a script
    /// that leaves Sway running in the background never satisfies Process.waitUntilExit.
    @discardableResult
    static func shell(_ command: String) -> Int32 {
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }

    /// Runs `tool` (a PATH name or a path) and returns its exit status, standard output
    /// and standard error.
    @discardableResult
    static func run(_ tool: String, _ args: [String], env: [String: String?] = [:]) -> (status: Int32, out: Data, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/env")
        p.arguments = tool.hasPrefix("/") ? args : [tool] + args
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return (-1, Data(), "\(error)") }
        // Read stderr on the side so neither pipe can fill up and stall the child.
        nonisolated(unsafe) var errData = Data()
        let errRead = DispatchSemaphore(value: 0)
        Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            errRead.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        errRead.wait()
        return (p.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    static func swaymsg(_ command: String) {
        let result = run("swaymsg", [command])
        precondition(result.status == 0, "swaymsg \(command) failed: \(result.err)")
    }

    /// A screenshot of the whole layout (or one output), in physical pixels.
    static func screenshot(output: String? = nil, env: [String: String?] = [:]) -> Screenshot {
        Screenshot(ppm: [UInt8](run("grim", (output.map { ["-o", $0] } ?? []) + ["-t", "ppm", "-"], env: env).out))
    }

    /// Names of the enabled outputs, from Sway.
    static func outputNames(env: [String: String?] = [:]) -> [String] {
        let json = run("swaymsg", ["-t", "get_outputs", "-r"], env: env).out
        guard let list = try? JSONSerialization.jsonObject(with: json) as? [[String: Any]] else { return [] }
        return list.filter { ($0["active"] as? Bool) ?? true }.compactMap { $0["name"] as? String }
    }
}

struct Screenshot {
    let width: Int, height: Int
    let rgb: [UInt8]

    init(ppm: [UInt8]) {
        // "P6\n<w> <h>\n255\n" then RGB triples.
        var fields: [Int] = [], i = 2, current = ""
        while fields.count < 3 {
            let c = Character(UnicodeScalar(ppm[i]))
            if c.isWhitespace { if !current.isEmpty { fields.append(Int(current)!); current = "" } } else { current.append(c) }
            i += 1
        }
        width = fields[0]
        height = fields[1]
        rgb = Array(ppm[i...])
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 3
        return (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
    }

    func isColor(_ x: Int, _ y: Int, _ rgb: UInt32, tolerance: Int = 6) -> Bool {
        let p = pixel(x, y)
        return abs(p.r - Int(rgb >> 16)) <= tolerance && abs(p.g - Int((rgb >> 8) & 0xff)) <= tolerance
            && abs(p.b - Int(rgb & 0xff)) <= tolerance
    }

    func hex(_ x: Int, _ y: Int) -> String {
        let p = pixel(x, y)
        return String(format: "#%02x%02x%02x", p.r, p.g, p.b)
    }

    /// Rows where column `x` has colour `rgb`.
    func rows(at x: Int, matching rgb: UInt32) -> ClosedRange<Int>? {
        let ys = (0..<height).filter { isColor(x, $0, rgb) }
        guard let first = ys.first, let last = ys.last else { return nil }
        return first...last
    }

    func columns(at y: Int, matching rgb: UInt32) -> ClosedRange<Int>? {
        let xs = (0..<width).filter { isColor($0, y, rgb) }
        guard let first = xs.first, let last = xs.last else { return nil }
        return first...last
    }
}

/// A solid card of one colour and no content: easy to find in a screenshot.
final class SolidCard: EntryContent {
    func size(fitting width: Double?, in environment: ContentEnvironment) -> Size { Size(width: width ?? 100, height: 50) }
    func draw(in canvas: Canvas, rect: Rect) {}
}

/// A presenter that records every error, and helpers to wait for lifecycle events.
final class Harness {
    let presenter: EntryPresenter
    private let lock = NSLock()
    private var _errors: [EntryKitError] = []
    var errors: [EntryKitError] { lock.lock(); defer { lock.unlock() }; return _errors }

    init(displayName: String? = nil) {
        presenter = EntryPresenter(displayName: displayName)
        presenter.onError = { [weak self] error in
            guard let self else { return }
            self.lock.lock()
            self._errors.append(error)
            self.lock.unlock()
        }
    }

    /// Attributes for a solid `rgb` card of `width`×`height` points.
    static func solid(_ rgb: UInt32, _ position: EntryAttributes.Position, width: Double = 400, height: Double = 100,
                      offset: Double = 20, level: EntryAttributes.WindowLevel = .statusBar, duration: Double = .infinity) -> EntryAttributes {
        var a = EntryAttributes()
        a.position = position
        a.windowLevel = level
        a.displayDuration = duration
        a.positionConstraints = .init(verticalOffset: offset, size: .init(width: .constant(value: width), height: .constant(value: height)))
        a.entryBackground = .color(color: EntryColor(Color(rgb: rgb)))
        return a
    }

    /// Displays and waits until the entry rests on screen; returns a semaphore raised when it is gone.
    @discardableResult
    func show(_ attributes: EntryAttributes, content: EntryContent = SolidCard()) -> DispatchSemaphore {
        let appeared = DispatchSemaphore(value: 0), gone = DispatchSemaphore(value: 0)
        var a = attributes
        a.lifecycleEvents.didAppear = { appeared.signal() }
        a.lifecycleEvents.didDisappear = { gone.signal() }
        presenter.display(entry: content, using: a)
        if appeared.wait(timeout: .now() + 10) == .timedOut { fatalError("the entry did not appear within 10 s; errors: \(errors)") }
        return gone
    }

    /// An entry displayed without waiting: semaphores for its appearance and its end,
    /// and the reason it ended.
    final class Tracked: @unchecked Sendable {
        let appeared = DispatchSemaphore(value: 0)
        let gone = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var _reason: DismissalReason?
        var reason: DismissalReason? { lock.lock(); defer { lock.unlock() }; return _reason }
        fileprivate func finish(_ r: DismissalReason) {
            lock.lock()
            _reason = r
            lock.unlock()
            gone.signal()
        }
        func waitAppeared(_ seconds: Double = 10) -> Bool { appeared.wait(timeout: .now() + seconds) == .success }
        func waitGone(_ seconds: Double = 10) -> Bool { gone.wait(timeout: .now() + seconds) == .success }
    }

    func track(_ attributes: EntryAttributes, content: EntryContent = SolidCard()) -> Tracked {
        let tracked = Tracked()
        var a = attributes
        a.lifecycleEvents.didAppear = { tracked.appeared.signal() }
        let presenter = self.presenter
        Task.detached { tracked.finish(await presenter.show(entry: content, using: a)) }
        return tracked
    }

    func dismissAndWait() {
        let done = DispatchSemaphore(value: 0)
        presenter.dismiss { done.signal() }
        _ = done.wait(timeout: .now() + 10)
    }

    var protocolErrors: [EntryKitError] { errors.filter { $0.kind == .connectionLost } }
}

import Testing

/// Failed expectations print this, not millions of pixel values.
extension Screenshot: CustomTestStringConvertible {
    var testDescription: String { "screenshot \(width)×\(height)" }
}

/// Every integration suite lives inside this one: they share one compositor and its
/// screen, so they must never run at the same time (Swift Testing runs separate suites
/// in parallel).
@Suite(.serialized) struct Integration {}
