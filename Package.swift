// swift-tools-version:6.0
import PackageDescription

// EntryKit depends only on the Swift toolchain and C libraries from Debian:
// wayland-client, pixman, fcft (text), xkbcommon (keys) and libpng (icons).
let package = Package(
    name: "EntryKit",
    products: [
        .library(name: "EntryKit", targets: ["EntryKit"]),
        .executable(name: "entrykit-demo", targets: ["entrykit-demo"]),
        .executable(name: "entrykit-bench", targets: ["entrykit-bench"]),
    ],
    targets: [
        // System libraries, found through pkg-config. fcft.h includes pixman.h and the
        // protocol headers include wayland-client.h, so their declarations can land in
        // either module: every source file imports both of each pair (CPixman+CFcft,
        // CWayland+CEntryKitProtocols), or a clean build may not find them.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", pkgConfig: "wayland-cursor",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CFcft", pkgConfig: "fcft",
                       providers: [.apt(["libfcft-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // wayland-scanner output (committed; scripts/generate-protocols rebuilds it)
        // plus the few C helpers Swift cannot express safely.
        .target(name: "CEntryKitProtocols", dependencies: ["CWayland"]),

        .target(
            name: "EntryKit",
            dependencies: ["CWayland", "CWaylandCursor", "CPixman", "CFcft", "CXKBCommon", "CPNG", "CEntryKitProtocols"]
        ),

        .executableTarget(name: "entrykit-demo", dependencies: ["EntryKit"], path: "Examples/Demo",
                         exclude: ["Resources"]),   // icons, found beside the source
        .executableTarget(name: "entrykit-bench", dependencies: ["EntryKit"], path: "Benchmarks/Bench"),

        .testTarget(name: "EntryKitTests", dependencies: ["EntryKit", "CPixman", "CFcft"]),
        .testTarget(name: "IntegrationTests", dependencies: ["EntryKit", "CWayland", "CEntryKitProtocols"]),
    ],
    // Swift 5 language mode: the C callback tables are global and the checker cannot
    // see that the event-loop thread owns every Wayland object. Thread safety is by
    // design (one loop thread, a locked mailbox) and checked with -sanitize=thread.
    swiftLanguageModes: [.v5]
)
