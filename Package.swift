// swift-tools-version: 6.0
import PackageDescription

/// Built-in metric providers: one target each, under Plugins/, importing only CoachKit
/// (readiness and adherence may also import training-load, for the TSS of a workout).
let providers: [(name: String, path: String, extra: [Target.Dependency])] = [
    (name: "TrainingLoadProvider", path: "Plugins/TrainingLoad", extra: []),
    (name: "ReadinessProvider", path: "Plugins/Readiness", extra: ["TrainingLoadProvider"]),
    (name: "StressProvider", path: "Plugins/Stress", extra: []),
    (name: "NutritionProvider", path: "Plugins/Nutrition", extra: []),
    (name: "AdherenceProvider", path: "Plugins/Adherence", extra: ["TrainingLoadProvider"]),
    (name: "SelfAssessmentProvider", path: "Plugins/SelfAssessment", extra: []),
    (name: "ExertionProvider", path: "Plugins/Exertion", extra: []),
    (name: "ActivityProvider", path: "Plugins/Activity", extra: []),
]

/// The provider targets, the one list of built-ins (`CoachProviders`) and their tests.
let providerTargets: [Target] =
    providers.map {
        .target(name: $0.name, dependencies: ["CoachKit"] + $0.extra, path: $0.path)
    } + [
        .target(
            name: "CoachProviders",
            dependencies: ["CoachKit"] + providers.map { .target(name: $0.name) }),
        .testTarget(
            name: "ProviderTests",
            dependencies: ["CoachKit", "CoachProviders"] + providers.map { .target(name: $0.name) },
            path: "Tests/ProviderTests"
        ),
    ]

let package = Package(
    name: "coach",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "coach", targets: ["coach"]),
        .library(name: "CoachKit", targets: ["CoachKit"]),
        .library(name: "CoachPluginSDK", targets: ["CoachPluginSDK"]),
        .executable(name: "example-sleep-debt", targets: ["SleepDebtExample"]),
        .executable(name: "coach-metric-builtins", targets: ["BuiltinsPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .target(
            name: "CSQLiteGuard", path: "Sources/CSQLiteGuard",
            linkerSettings: [.linkedLibrary("sqlite3")]),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CoachImport", dependencies: ["CoachKit", "CZlib"]),
        .target(name: "CoachKit"),
        .target(name: "CoachCrypto", dependencies: ["CSodium"]),
        // Membership and key-history verification on values: no database, no secret key.
        .target(name: "CoachTrust", dependencies: ["CoachKit", "CoachCrypto"]),
        .target(
            name: "CoachStore",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CZlib", "CSQLiteGuard",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(name: "CoachPrompt", dependencies: ["CoachKit"]),
        .target(name: "CPluginSpawn"),
        .target(name: "CoachPluginProtocol", dependencies: ["CoachKit"]),
        .target(
            name: "CoachPlugins",
            dependencies: ["CoachKit", "CoachCrypto", "CoachPluginProtocol", "CPluginSpawn"]),
        .target(name: "CoachPluginSDK", dependencies: ["CoachKit", "CoachPluginProtocol"]),
        .executableTarget(
            name: "SleepDebtExample", dependencies: ["CoachKit", "CoachPluginSDK"],
            path: "Examples/SleepDebt/Sources/SleepDebtPlugin"),
        .executableTarget(
            name: "BuiltinsPlugin",
            dependencies: ["CoachKit", "CoachPluginSDK", "CoachProviders"],
            path: "Examples/BuiltinsPlugin"),
        .target(
            name: "CoachApp",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachStore", "CoachProviders", "AdherenceProvider",
                "TrainingLoadProvider", "SelfAssessmentProvider", "CoachReport", "CoachPrompt",
                "CoachPlugins", "CoachPluginProtocol", "CoachImport",
            ]
        ),
        .target(
            name: "CoachMCP",
            dependencies: [
                "CoachKit", "CoachPrompt", "CoachApp", "CoachStore",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .target(
            name: "CoachCLI",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachStore", "CoachProviders", "AdherenceProvider",
                "CoachApp", "CoachPrompt", "CoachMCP", "CoachPlugins", "CoachImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CoachReport",
            dependencies: [
                "CoachKit", "CoachProviders", "ReadinessProvider", "AdherenceProvider",
                "SelfAssessmentProvider",
            ]
        ),
        .executableTarget(name: "coach", dependencies: ["CoachCLI"]),
        .executableTarget(
            name: "coach-scale-gen", dependencies: ["CoachApp", "CoachKit"],
            path: "Benchmarks/ScaleGenerator"),
        .testTarget(name: "CoachKitTests", dependencies: ["CoachKit"]),
        // Reads the sources as text: import boundaries and front-end neutrality.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "CoachCryptoTests", dependencies: ["CoachCrypto"]),
        .testTarget(
            name: "CoachImportTests",
            dependencies: ["CoachKit", "CoachImport", "CoachApp", "CoachStore"]
        ),
        .testTarget(
            name: "CoachTrustTests", dependencies: ["CoachKit", "CoachCrypto", "CoachTrust"]),
        .testTarget(
            name: "CoachStoreTests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CoachStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CoachCLITests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CoachStore", "CoachCLI", "CoachImport",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CoachPluginTests",
            dependencies: [
                "CoachKit", "CoachPluginProtocol", "CoachPlugins", "CoachPluginSDK",
                "CoachProviders", "CoachCrypto", "ActivityProvider",
            ]
        ),
        .testTarget(
            name: "CoachReportTests", dependencies: ["CoachKit", "CoachProviders", "CoachReport"]),
        .testTarget(
            name: "CoachAppTests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachStore", "CoachApp", "CoachProviders", "CoachMCP",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(
            name: "CoachPromptTests",
            dependencies: ["CoachKit", "CoachPrompt", "CoachApp", "CoachProviders", "CoachStore"]
        ),
    ] + providerTargets,
    swiftLanguageModes: [.v6]
)
