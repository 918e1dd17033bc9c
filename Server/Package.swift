// swift-tools-version: 6.0
import PackageDescription

/// The club server of coach sync: a verifying relay on PostgreSQL that holds only public keys,
/// certificates, token hashes and ciphertext. A package of its own, so the `coach` build stays
/// as lean as it is; it links the trust checks and the wire contract from the root package.
let package = Package(
    name: "coach-server",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "coach-server", targets: ["coach-server"])
    ],
    dependencies: [
        .package(name: "coach", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        // Tests only: swift-crypto's HPKE checks HPKEBase (already built for postgres-nio).
        .package(url: "https://github.com/apple/swift-crypto", "3.9.0"..<"6.0.0"),
    ],
    targets: [
        .target(
            name: "CoachServer",
            dependencies: [
                .product(name: "CoachKit", package: "coach"),
                .product(name: "CoachCrypto", package: "coach"),
                .product(name: "CoachTrust", package: "coach"),
                .product(name: "CoachSync", package: "coach"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
        ),
        .executableTarget(name: "coach-server", dependencies: ["CoachServer"]),
        // Benchmarks/sync-server.sh: concurrent athlete-day pushes against a running server.
        .executableTarget(
            name: "coach-sync-bench",
            dependencies: [
                .product(name: "CoachKit", package: "coach"),
                .product(name: "CoachCrypto", package: "coach"),
                .product(name: "CoachTrust", package: "coach"),
                .product(name: "CoachSync", package: "coach"),
            ]),
        .testTarget(
            name: "CoachServerTests",
            dependencies: [
                "CoachServer",
                .product(name: "CoachKit", package: "coach"),
                .product(name: "CoachCrypto", package: "coach"),
                .product(name: "CoachTrust", package: "coach"),
                .product(name: "CoachSync", package: "coach"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
