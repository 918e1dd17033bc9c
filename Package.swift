// swift-tools-version: 6.0
import PackageDescription

/// Built-in metric providers: one target each, under Plugins/, importing only CoachKit
/// (readiness may also import training-load).
let providers: [(name: String, path: String, extra: [Target.Dependency])] = []

let package = Package(
    name: "coach",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "coach", targets: ["coach"]),
        .library(name: "CoachKit", targets: ["CoachKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .target(name: "CoachKit"),
        .target(name: "CoachCrypto", dependencies: ["CSodium"]),
        .target(
            name: "CoachStore",
            dependencies: ["CoachKit", "CoachCrypto", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "CoachCLI",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "coach", dependencies: ["CoachCLI"]),
        .testTarget(name: "CoachKitTests", dependencies: ["CoachKit"]),
        .testTarget(name: "CoachCryptoTests", dependencies: ["CoachCrypto"]),
        .testTarget(
            name: "CoachStoreTests",
            dependencies: ["CoachKit", "CoachCrypto", "CoachStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "CoachCLITests", dependencies: ["CoachKit", "CoachCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
