extension EntryAttributes {
    /// The entry's size and its relation to the output's edges.
    public struct PositionConstraints: Equatable, Sendable {
        /// One dimension of the entry.
        public enum Edge: Equatable, Sendable {
            /// A fraction of the output's usable length (0…1).
            case ratio(value: Double)
            /// The usable length minus `value` points on each side.
            case offset(value: Double)
            /// Exactly `value` points.
            case constant(value: Double)
            /// What the content asks for. As a maximum: no limit.
            case intrinsic

            /// The whole usable length.
            public static var fill: Edge { .offset(value: 0) }
        }

        public struct Size: Equatable, Sendable {
            public var width: Edge
            public var height: Edge
            public init(width: Edge, height: Edge) {
                self.width = width
                self.height = height
            }
            /// The content's own size.
            public static var intrinsic: Size { Size(width: .intrinsic, height: .intrinsic) }
            /// Full width, the content's height.
            public static var sizeToWidth: Size { Size(width: .offset(value: 0), height: .intrinsic) }
            /// The whole usable area.
            public static var screen: Size { Size(width: .fill, height: .fill) }
        }

        /// Default `.sizeToWidth`: full width, intrinsic height.
        public var size: Size
        /// Default `.intrinsic`: no limit.
        public var maxSize: Size
        /// Distance from the anchored edge (top or bottom) in points. Default 0.
        public var verticalOffset: Double

        /// Beyond SwiftEntryKit (PopupView's nine positions): where a card narrower than the
        /// output sits across it. With `position` this gives topLeading … bottomTrailing.
        /// Default `.center`.
        public var horizontalAlignment: HorizontalAlignment = .center

        /// Distance from the side edge for leading and trailing cards (PopupView's floater
        /// padding), in points. Default 0.
        public var horizontalPadding: Double = 0

        /// On Wayland the safe area is what panels (bars, docks, an on-screen keyboard)
        /// reserve with their exclusive zones.
        public enum SafeArea: Equatable, Sendable {
            /// The entry may cover panels; its offset counts from the output's edge.
            case overridden
            /// The entry stays clear of panels. (`fillSafeArea` would paint the panels'
            /// area in the entry's background; a Wayland client cannot learn how big that
            /// area is, so it is accepted and the area is left alone.)
            case empty(fillSafeArea: Bool)

            public var isOverridden: Bool { self == .overridden }
        }

        /// How the entry relates to an on-screen keyboard (squeekboard, wvkbd: a layer
        /// surface with a bottom exclusive zone). Default `.unbind`.
        public enum KeyboardRelation: Equatable, Sendable {
            public struct Offset: Equatable, Sendable {
                /// Points between the entry's bottom and the keyboard's top while it shows.
                public var bottom: Double
                /// The entry never comes closer than this to the output's top edge.
                public var screenEdgeResistance: Double?
                public init(bottom: Double = 0, screenEdgeResistance: Double? = nil) {
                    self.bottom = bottom
                    self.screenEdgeResistance = screenEdgeResistance
                }
                public static var none: Offset { Offset() }
            }
            /// The entry's bottom follows the keyboard's top (top and bottom entries; as in
            /// SwiftEntryKit, centre entries are not bound).
            case bind(offset: Offset)
            /// The entry keeps its place. (A Wayland client cannot tell a keyboard's
            /// exclusive zone from a panel's, so entries stay clear of both either way.)
            case unbind

            public var isBound: Bool { self != .unbind }
        }

        /// Default `.unbind`.
        public var keyboardRelation: KeyboardRelation = .unbind

        /// Default `.empty(fillSafeArea: false)`: clear of panels.
        public var safeArea: SafeArea = .empty(fillSafeArea: false)

        public enum HorizontalAlignment: Equatable, Sendable {
            case leading, center, trailing
        }

        public init(verticalOffset: Double = 0, size: Size = .sizeToWidth, maxSize: Size = .intrinsic) {
            self.verticalOffset = verticalOffset
            self.size = size
            self.maxSize = maxSize
        }

        /// Floating: 20 points from each side, 10 from the edge.
        public static var float: PositionConstraints {
            PositionConstraints(verticalOffset: 10, size: Size(width: .offset(value: 20), height: .intrinsic))
        }
        /// Toast-like: full width, against the edge.
        public static var fullWidth: PositionConstraints {
            PositionConstraints(verticalOffset: 0, size: .sizeToWidth)
        }
        /// The whole usable area.
        public static var fullScreen: PositionConstraints {
            PositionConstraints(verticalOffset: 0, size: .screen)
        }
    }
}
