// entrykit-demo: a tour of EntryKit's entries, or one entry described by flags.
//
//   entrykit-demo                          the tour: top, center, bottom, overlay over top
//   entrykit-demo --position bottom --title "Saved" --description "3 files" --duration 4
//   entrykit-demo --screenshot-dir shots   also save a PNG (grim) of each entry at rest
import EntryKit
import Foundation

struct Options {
    var position: EntryAttributes.Position?
    var level: EntryAttributes.WindowLevel?
    var duration: Double?
    var title: String?
    var description: String?
    var icon: String?
    var screenshotDir: String?
    var output: String?
    var keyboardOffset: Double?
    var entrance: EntryAttributes.Animation?
    var exit: EntryAttributes.Animation?
    var screenInteraction: EntryAttributes.UserInteraction?
    var entryInteraction: EntryAttributes.UserInteraction?
    var single: Bool {
        position != nil || level != nil || duration != nil || title != nil || description != nil || icon != nil
            || entrance != nil || exit != nil || screenInteraction != nil || entryInteraction != nil || keyboardOffset != nil
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("entrykit-demo: \(message)\n".utf8))
    exit(2)
}

let usage = """
    usage: entrykit-demo [--position top|center|bottom] [--level normal|statusBar|alerts]
                         [--duration SECONDS|infinity] [--title TEXT] [--description TEXT]
                         [--icon PNG] [--output NAME|all|focused] [--keyboard-offset POINTS]
                         [--screenshot-dir DIR]
                         [--entrance translation|spring|scale|fade|none] [--exit translation|scale|fade|none]
                         [--screen-interaction forward|dismiss|absorb]
                         [--entry-interaction dismiss|absorb|forward|delay:SECONDS]
    With no entry flags, runs a tour of entries.
    """

func namedAnimation(_ name: String, entering: Bool) -> EntryAttributes.Animation? {
    switch name {
    case "translation": return .translation
    case "spring": return .init(translate: .init(duration: 0.6, spring: .init(damping: 0.55, initialVelocity: 0)))
    case "scale": return .init(scale: .init(from: entering ? 0.8 : 1, to: entering ? 1 : 0.8, duration: 0.3),
                               fade: .init(from: entering ? 0 : 1, to: entering ? 1 : 0, duration: 0.3))
    case "fade": return .init(fade: .init(from: entering ? 0 : 1, to: entering ? 1 : 0, duration: 0.3))
    case "none": return EntryAttributes.Animation.none
    default: return nil
    }
}

func namedInteraction(_ name: String) -> EntryAttributes.UserInteraction? {
    switch name {
    case "forward": return .forward
    case "dismiss": return .dismiss
    case "absorb": return .absorbTouches
    default:
        guard name.hasPrefix("delay:"), let s = Double(name.dropFirst(6)), s.isFinite, s >= 0 else { return nil }
        return .delayExit(by: s)
    }
}

/// Arguments as raw bytes: invalid UTF-8 is reported, not silently repaired.
func parse() -> Options {
    var args: [[UInt8]] = []
    for i in 1..<Int(CommandLine.argc) {
        guard let p = CommandLine.unsafeArgv[i] else { continue }
        args.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))))
    }
    var options = Options()
    var i = 0
    func value(_ flag: String) -> String {
        i += 1
        guard i < args.count else { fail("\(flag) needs a value") }
        guard let text = String(validating: args[i], as: UTF8.self) else { fail("the value of \(flag) is not valid UTF-8") }
        guard !text.isEmpty else { fail("\(flag) must not be empty") }
        return text
    }
    while i < args.count {
        guard let flag = String(validating: args[i], as: UTF8.self) else { fail("an argument is not valid UTF-8") }
        switch flag {
        case "--position":
            let v = value(flag)
            guard let p = EntryAttributes.Position(rawValue: v) else { fail("--position must be top, center or bottom, not \(v)") }
            options.position = p
        case "--level":
            switch value(flag) {
            case "normal": options.level = .normal
            case "statusBar", "statusbar": options.level = .statusBar
            case "alerts": options.level = .alerts
            case let v: fail("--level must be normal, statusBar or alerts, not \(v)")
            }
        case "--duration":
            let v = value(flag)
            if v == "infinity" || v == "inf" { options.duration = .infinity; break }
            guard let d = Double(v), d.isFinite, d >= 0 else { fail("--duration must be seconds ≥ 0 or infinity, not \(v)") }
            options.duration = d
        case "--title": options.title = value(flag)
        case "--description": options.description = value(flag)
        case "--icon": options.icon = value(flag)
        case "--output":
            let v = value(flag)
            options.output = v == "focused" ? nil : v   // the compositor's choice is the focused output on Sway
        case "--keyboard-offset":
            let v = value(flag)
            guard let d = Double(v), d.isFinite, d >= 0 else { fail("--keyboard-offset must be points ≥ 0, not \(v)") }
            options.keyboardOffset = d
        case "--screenshot-dir": options.screenshotDir = value(flag)
        case "--entrance", "--exit":
            let v = value(flag)
            guard let animation = namedAnimation(v, entering: flag == "--entrance") else {
                fail("\(flag) must be translation, spring, scale, fade or none, not \(v)")
            }
            if flag == "--entrance" { options.entrance = animation } else { options.exit = animation }
        case "--screen-interaction", "--entry-interaction":
            let v = value(flag)
            guard let interaction = namedInteraction(v) else {
                fail("\(flag) must be forward, dismiss, absorb or delay:SECONDS, not \(v)")
            }
            if flag == "--screen-interaction" { options.screenInteraction = interaction } else { options.entryInteraction = interaction }
        case "-h", "--help":
            print(usage)
            exit(0)
        default: fail("unknown argument \(flag)\n\(usage)")
        }
        i += 1
    }
    return options
}

// MARK: Looks

func styled(_ position: EntryAttributes.Position, dark: Bool = false) -> EntryAttributes {
    var a: EntryAttributes
    switch position {
    case .top: a = .topFloat
    case .center: a = .centerFloat
    case .bottom: a = .bottomFloat
    }
    a.positionConstraints.maxSize = .init(width: .constant(value: 520), height: .intrinsic)
    a.roundCorners = .all(radius: 14)
    a.shadow = .active(with: .init(color: .black, opacity: 0.35, radius: 12, offset: Point(x: 0, y: 4)))
    a.border = .value(color: EntryColor(Color(rgb: dark ? 0xffffff : 0x000000, alpha: 0.08)), width: 1)
    a.entryBackground = .color(color: dark ? EntryColor(Color(rgb: 0x2e3440)) : EntryColor(Color(rgb: 0xfbfbfd)))
    a.displayMode = dark ? .dark : .light
    if options.output == "all" { a.output = .all }
    return a
}

func gradient(_ a: inout EntryAttributes, _ from: UInt32, _ to: UInt32) {
    a.entryBackground = .gradient(gradient: .init(colors: [EntryColor(Color(rgb: from)), EntryColor(Color(rgb: to))],
                                                  startPoint: .zero, endPoint: Point(x: 1, y: 1)))
    a.displayMode = .dark
}

func message(_ title: String, _ description: String, icon: String? = nil) -> NotificationMessageView {
    NotificationMessageView(with: NotificationMessage(title: title, description: description, iconPath: icon))
}

/// The demo's icons live beside its source (scripts/make-demo-icons.py draws them).
func demoIcon(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/\(name).png").path
}

// MARK: Running entries

var shotIndex = 0
let options = parse()

func screenshot(_ name: String) {
    guard let dir = options.screenshotDir else { return }
    shotIndex += 1
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = "\(dir)/\(String(format: "%02d", shotIndex))-\(name).png"
    let grim = Process()
    grim.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    grim.arguments = ["grim", path]
    do {
        try grim.run()
        grim.waitUntilExit()
        if grim.terminationStatus == 0 { print("saved \(path)") } else { fail("grim could not save \(path)") }
    } catch { fail("could not run grim for screenshots: \(error)") }
}

/// Shows an entry, takes its screenshot at rest, and returns once it is gone.
func show(_ content: EntryContent, _ attributes: EntryAttributes, name: String, presenter: EntryPresenter = EntryKit.shared,
          dismissAfterShot: Bool = false) {
    let appeared = DispatchSemaphore(value: 0), gone = DispatchSemaphore(value: 0)
    var a = attributes
    a.lifecycleEvents.didAppear = { appeared.signal() }
    a.lifecycleEvents.didDisappear = { gone.signal() }
    do { try a.validate(); try content.validate() } catch { fail("\(error)") }
    presenter.display(entry: content, using: a)
    appeared.wait()
    screenshot(name)
    if dismissAfterShot || !a.displayDuration.isFinite && options.screenshotDir != nil && !options.single {
        presenter.dismiss()
    }
    gone.wait()
}

do {
    try EntryKit.connect()
} catch {
    FileHandle.standardError.write(Data("entrykit-demo: \(error)\n".utf8))
    exit(1)
}
// --output all shows every entry on every output; a name picks one output.
if options.output != "all" { EntryKit.shared.outputName = options.output }

if options.single {
    let position = options.position ?? .top
    var a = styled(position)
    a.windowLevel = options.level ?? .statusBar
    a.displayDuration = options.duration ?? 3
    if let e = options.entrance { a.entranceAnimation = e }
    if let e = options.exit { a.exitAnimation = e }
    if let i = options.screenInteraction { a.screenInteraction = i }
    if let i = options.entryInteraction { a.entryInteraction = i }
    if let k = options.keyboardOffset { a.positionConstraints.keyboardRelation = .bind(offset: .init(bottom: k, screenEdgeResistance: 20)) }
    let view = message(options.title ?? "EntryKit", options.description ?? "", icon: options.icon)
    show(view, a, name: position.rawValue)
    exit(0)
}

// The tour.
var top = styled(.top)
top.displayDuration = 1.5
show(message("Welcome to EntryKit", "Entries slide in from the edge of your screen, drawn with pixman and fcft on a layer-shell surface.",
             icon: demoIcon("check")),
     top, name: "top")

var center = styled(.center)
gradient(&center, 0x5e60ce, 0x48bfe3)
center.displayDuration = 1.5
center.positionConstraints.maxSize = .init(width: .constant(value: 420), height: .intrinsic)
show(message("Centered, with a gradient", "Rounded corners, a border and a soft shadow, rendered once and composited every frame."),
     center, name: "center")

var bottom = styled(.bottom, dark: true)
bottom.displayDuration = 1.5
show(message("At the bottom", "Dark mode colours, 14-point corners. Bars keep their space: entries stay out of exclusive zones."),
     bottom, name: "bottom")

// Overlay over top layer: a note in the top layer (where bars live) and an alert in
// the overlay layer above it, from a second presenter so both are on screen together.
let notes = EntryPresenter()
if options.output != "all" { notes.outputName = options.output }
var note = EntryAttributes.topToast
note.windowLevel = .normal
note.displayDuration = .infinity
note.entryBackground = .color(color: EntryColor(Color(rgb: 0xebcb8b)))
note.displayMode = .light
let noteShown = DispatchSemaphore(value: 0), noteGone = DispatchSemaphore(value: 0)
note.lifecycleEvents.didAppear = { noteShown.signal() }
note.lifecycleEvents.didDisappear = { noteGone.signal() }
notes.display(entry: message("A note in the top layer", "windowLevel .normal: above windows, below the overlay."), using: note)
noteShown.wait()
var alert = styled(.top)
gradient(&alert, 0xbf616a, 0xd08770)
alert.windowLevel = .alerts
alert.displayDuration = 1.5
alert.positionConstraints.verticalOffset = 24
show(message("An alert in the overlay layer", "windowLevel .alerts covers the top layer, bars included.", icon: demoIcon("bell")),
     alert, name: "overlay")
notes.dismiss()
noteGone.wait()

// Precedence: a high-priority entry overrides a normal one; two enqueued entries wait and
// then drain in turn.
/// Displays without waiting; returns semaphores for "at rest" and "gone".
func start(_ content: EntryContent, _ attributes: EntryAttributes) -> (appeared: DispatchSemaphore, gone: DispatchSemaphore) {
    let appeared = DispatchSemaphore(value: 0), gone = DispatchSemaphore(value: 0)
    var a = attributes
    a.lifecycleEvents.didAppear = { appeared.signal() }
    a.lifecycleEvents.didDisappear = { gone.signal() }
    EntryKit.display(entry: content, using: a)
    return (appeared, gone)
}
var download = styled(.top)
download.name = "download"
download.displayDuration = .infinity
download.precedence = .override(priority: .normal, dropEnqueuedEntries: false)
let downloading = start(message("Downloading…", "Priority .normal. A .high entry may override it.", icon: demoIcon("check")), download)
downloading.appeared.wait()
var battery = styled(.top, dark: true)
gradient(&battery, 0xbf616a, 0xd08770)
battery.name = "battery"
battery.displayDuration = 1.5
battery.precedence = .override(priority: .high, dropEnqueuedEntries: false)
let low = start(message("Battery low", "Priority .high overrides the download; two entries wait in the queue behind it.", icon: demoIcon("bell")), battery)
var queued: [(appeared: DispatchSemaphore, gone: DispatchSemaphore)] = []
for n in 1...2 {
    var q = styled(.top)
    q.name = "queued-\(n)"
    q.displayDuration = 1
    q.precedence = .enqueue(priority: .normal)
    queued.append(start(message("Queued entry \(n) of 2", "Shown when its turn comes: .enqueue(priority: .normal)."), q))
}
low.appeared.wait()
screenshot("precedence-override")
downloading.gone.wait()
for (n, entry) in queued.enumerated() {
    entry.appeared.wait()
    screenshot("precedence-queue-\(n + 1)")
    entry.gone.wait()
}

// Animation families: a spring, a scale with a fade, a plain fade. And a hint: entries
// can be swiped away.
for (name, text) in [("spring", "A damped spring: it overshoots its place and settles."),
                     ("scale", "Scale and fade together, each with its own duration."),
                     ("fade", "A fade; drag an entry towards its edge to swipe it away.")] {
    var a = styled(.top)
    a.entranceAnimation = namedAnimation(name, entering: true)!
    a.exitAnimation = namedAnimation(name == "spring" ? "translation" : name, entering: false)!
    a.displayDuration = 0.8
    show(message("Entrance: \(name)", text), a, name: "animation-\(name)")
}

// An alert over a dimmed screen: the backdrop takes the clicks beside it (a click there
// dismisses), and fades with the entry.
var dimmed = styled(.center)
dimmed.positionConstraints.maxSize = .init(width: .constant(value: 420), height: .intrinsic)
dimmed.screenBackground = .color(color: EntryColor(Color(rgb: 0x000000, alpha: 0.45)))
dimmed.screenInteraction = .dismiss
dimmed.entranceAnimation = .init(scale: .init(from: 0.85, to: 1, duration: 0.35, spring: .init(damping: 0.6, initialVelocity: 0)),
                                 fade: .init(from: 0, to: 1, duration: 0.2))
dimmed.exitAnimation = .init(fade: .init(from: 1, to: 0, duration: 0.2))
dimmed.displayDuration = 1.5
show(message("Dimmed backdrop", "screenBackground dims the whole output; screenInteraction .dismiss: a click beside this alert dismisses it.",
             icon: demoIcon("bell")), dimmed, name: "dimmed")

// Beyond SwiftEntryKit: several entries at once, stacked at the bottom.
var stacked: [(appeared: DispatchSemaphore, gone: DispatchSemaphore)] = []
for (n, text) in ["Message from Ada", "Build #214 passed", "Meeting in 5 minutes"].enumerated() {
    var a = styled(.bottom, dark: n % 2 == 1)
    a.stacking = .stack(maxVisible: 3, spacing: 8)
    a.displayDuration = 2.5 - Double(n) * 0.4
    a.precedence = .enqueue(priority: .normal)
    stacked.append(start(message(text, "stacking: .stack(maxVisible: 3, spacing: 8) — the newest sits nearest the edge."), a))
    stacked.last!.appeared.wait()
}
screenshot("stacked")
for entry in stacked { entry.gone.wait() }

if let dir = options.screenshotDir { print("screenshots are in \(dir)") }
exit(0)
