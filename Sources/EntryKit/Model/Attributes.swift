/// Describes how an entry is presented: where, on which layer, for how long, how it
/// looks. Mirrors SwiftEntryKit's EKAttributes; each concern lives in its own file
/// (`Attributes+Position.swift`, …) with its default documented there.
public struct EntryAttributes: Sendable {
    /// Lets the app refer to the entry later (queries, dismissal). Default nil.
    public var name: String?

    /// Layer-shell layer the entry is drawn in. Default `.statusBar` (overlay layer).
    public var windowLevel: WindowLevel = .statusBar

    /// Top, center or bottom of the output. Default `.top`.
    public var position: Position = .top

    /// Override or enqueue, with a display priority.
    /// Default `.override(priority: .normal, dropEnqueuedEntries: false)`.
    public var precedence: Precedence = .override(priority: .normal, dropEnqueuedEntries: false)

    /// The compositor's choice of output (default), a named one, or all of them.
    public var output: OutputSelection = .automatic

    /// One entry at a time (`.exclusive`, the default) or several stacked per position.
    public var stacking: Stacking = .exclusive

    /// Seconds from the end of the entrance until the exit begins; `.infinity` stays
    /// until dismissed. Default 2.
    public var displayDuration: DisplayDuration = 2

    /// Size, maximum size and offset from the edge. Default: full width, intrinsic height.
    public var positionConstraints = PositionConstraints()

    /// What a tap beside the entry does. Default `.forward`: it reaches the windows below.
    public var screenInteraction: UserInteraction = .forward

    /// What a tap on the entry does. Default `.dismiss`.
    public var entryInteraction: UserInteraction = .dismiss

    /// Keyboard focus, Escape, Enter and Tab. Default `.init()`: focus only for content
    /// with controls, Escape dismisses.
    public var keyboard = Keyboard()

    /// Dragging and swiping. Default `.enabled(swipeable: true, pullbackAnimation: .jolt)`.
    public var scroll: Scroll = .enabled(swipeable: true, pullbackAnimation: .jolt)

    /// No-op on desktops, accepted for compatibility. Default `.none`.
    public var hapticFeedbackType: NotificationHapticFeedback = .none

    /// Light, dark or inferred from the desktop. Default `.inferred`.
    public var displayMode: DisplayMode = .inferred

    /// The entry's own background. Default `.clear`.
    public var entryBackground: BackgroundStyle = .clear

    /// Behind the entry, over the whole output. Default `.clear`.
    public var screenBackground: BackgroundStyle = .clear

    /// Shadow around the entry. Default `.none`.
    public var shadow: Shadow = .none

    /// Rounded corners. Default `.none`.
    public var roundCorners: RoundCorners = .none

    /// Border around the entry. Default `.none`.
    public var border: Border = .none

    /// How the entry comes in. Default `.translation` (from its edge, 0.3 s).
    public var entranceAnimation: Animation = .translation

    /// How the entry leaves. Default `.translation` (to its edge, 0.3 s).
    public var exitAnimation: Animation = .translation

    /// What happens when a higher-priority entry overrides it.
    /// Default `.animated(animation: .translation)`.
    public var popBehavior: PopBehavior = .animated(animation: .translation)

    /// Closures run as the entry appears and disappears.
    public var lifecycleEvents = LifecycleEvents()

    public init() {}
}

/// SwiftEntryKit's spelling.
public typealias Attributes = EntryAttributes
