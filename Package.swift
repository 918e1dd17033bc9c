// swift-tools-version: 6.0
import PackageDescription

/// The built-in metric plugins: one target each, under Plugins/, importing only CoachKit
/// (readiness and adherence may also import training-load, for the TSS of a workout).
let providers: [(name: String, path: String, extra: [Target.Dependency])] = [
    (name: "TrainingLoadPlugin", path: "Plugins/TrainingLoad", extra: []),
    (name: "ReadinessPlugin", path: "Plugins/Readiness", extra: ["TrainingLoadPlugin"]),
    (name: "StressPlugin", path: "Plugins/Stress", extra: []),
    (name: "NutritionPlugin", path: "Plugins/Nutrition", extra: []),
    (name: "AdherencePlugin", path: "Plugins/Adherence", extra: ["TrainingLoadPlugin"]),
    (name: "SelfAssessmentPlugin", path: "Plugins/SelfAssessment", extra: []),
    (name: "ExertionPlugin", path: "Plugins/Exertion", extra: []),
    (name: "ActivityPlugin", path: "Plugins/Activity", extra: []),
]

/// The built-in metric plugin targets, the metrics module (`CoachMetrics`: the one list of
/// built-ins and the evaluation), the view models built on it (`CoachViews`) and their tests.
let providerTargets: [Target] =
    providers.map {
        .target(name: $0.name, dependencies: ["CoachKit"] + $0.extra, path: $0.path)
    } + [
        .target(
            name: "CoachMetrics",
            dependencies: ["CoachKit"] + providers.map { .target(name: $0.name) }),
        .target(
            name: "CoachViews",
            dependencies: ["CoachKit", "CoachMetrics", "AdherencePlugin", "SelfAssessmentPlugin"]),
        .testTarget(
            name: "ProviderTests",
            dependencies: ["CoachKit", "CoachMetrics", "CoachViews"]
                + providers.map { .target(name: $0.name) },
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
        // What the club server (the `Server/` package) links: the trust checks and the wire
        // contract of sync.
        .library(name: "CoachCrypto", targets: ["CoachCrypto"]),
        .library(name: "CoachTrust", targets: ["CoachTrust"]),
        .library(name: "CoachSync", targets: ["CoachSync"]),
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
        // The sync wire contract: the requests and answers of the club server's HTTP API.
        .target(
            name: "CoachSync", dependencies: ["CoachKit", "CoachCrypto", "CoachTrust"],
            exclude: ["CheckinPage/checkin.html"]),
        // Files kept on this machine beside a workspace: no database.
        .target(name: "CoachLocal", dependencies: ["CoachKit", "CoachCrypto"]),
        // The snapshot and record codec: pure bytes, no database.
        .target(name: "CoachCodec", dependencies: ["CoachKit", "CoachCrypto", "CZlib"]),
        .target(
            name: "CoachStore",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CoachCodec", "CoachLocal", "CoachSync",
                "CSQLiteGuard", .product(name: "GRDB", package: "GRDB.swift"),
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
            dependencies: ["CoachKit", "CoachPluginSDK", "CoachMetrics"],
            path: "Examples/BuiltinsPlugin"),
        .target(
            name: "CoachApp",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachLocal", "CoachStore", "CoachMetrics", "CoachViews",
                "AdherencePlugin", "TrainingLoadPlugin", "SelfAssessmentPlugin", "CoachReport",
                "CoachPrompt", "CoachPlugins", "CoachPluginProtocol", "CoachImport", "CoachSync",
            ]
        ),
        .target(
            name: "CoachMCP",
            dependencies: [
                "CoachKit", "CoachApp", "CoachViews",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .target(
            name: "CoachCLI",
            dependencies: [
                "CoachKit", "CoachApp", "CoachViews", "CoachMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CoachReport",
            dependencies: [
                "CoachKit", "CoachMetrics", "CoachViews", "ReadinessPlugin", "AdherencePlugin",
                "SelfAssessmentPlugin",
            ]
        ),
        .executableTarget(name: "coach", dependencies: ["CoachCLI"]),
        .executableTarget(
            name: "coach-scale-gen", dependencies: ["CoachApp", "CoachKit"],
            path: "Benchmarks/ScaleGenerator"),
        // What several test targets share: fixture lookup, temporary folders, a fixed-clock
        // environment, an in-process workspace sandbox and the shared generated datasets.
        .target(
            name: "CoachTestSupport",
            dependencies: [
                "CoachKit", "CoachApp", "CoachStore", "CoachMetrics", "CoachPrompt", "CoachViews",
            ],
            path: "Tests/CoachTestSupport"
        ),
        .testTarget(name: "CoachKitTests", dependencies: ["CoachKit"]),
        // Reads the sources as text: import boundaries and front-end neutrality.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "CoachCryptoTests", dependencies: ["CoachCrypto"]),
        .testTarget(
            name: "CoachCodecTests", dependencies: ["CoachKit", "CoachCodec", "CoachTestSupport"]),
        .testTarget(
            name: "CoachImportTests",
            dependencies: ["CoachKit", "CoachImport", "CoachApp", "CoachStore", "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachTrustTests", dependencies: ["CoachKit", "CoachCrypto", "CoachTrust"]),
        .testTarget(
            name: "CoachSyncTests",
            dependencies: ["CoachKit", "CoachCrypto", "CoachTrust", "CoachSync"]),
        .testTarget(
            name: "CoachStoreTests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CoachCodec", "CoachLocal",
                "CoachStore", "CoachTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CoachCLITests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachTrust", "CoachStore", "CoachCLI", "CoachImport",
                "CoachTestSupport", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CoachPluginTests",
            dependencies: [
                "CoachKit", "CoachPluginProtocol", "CoachPlugins", "CoachPluginSDK",
                "CoachMetrics", "CoachViews", "CoachCrypto", "ActivityPlugin", "CoachTestSupport",
            ]
        ),
        .testTarget(
            name: "CoachReportTests",
            dependencies: [
                "CoachKit", "CoachMetrics", "CoachViews", "CoachReport", "CoachTestSupport",
            ]),
        .testTarget(
            name: "CoachAppTests",
            dependencies: [
                "CoachKit", "CoachCrypto", "CoachStore", "CoachApp", "CoachMetrics", "CoachViews",
                "CoachPrompt", "CoachImport", "CoachMCP", "CoachReport", "CoachTestSupport",
                "CoachSync",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(
            name: "CoachPromptTests",
            dependencies: [
                "CoachKit", "CoachPrompt", "CoachApp", "CoachMetrics", "CoachViews", "CoachStore",
                "CoachTestSupport",
            ]
        ),
    ] + providerTargets,
    swiftLanguageModes: [.v6]
)
