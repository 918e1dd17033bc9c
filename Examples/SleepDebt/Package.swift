// swift-tools-version: 6.0
import PackageDescription

// A coach metric plugin written with the SDK. Build it with `swift build -c release` and add
// `.build/release/coach-metric-sleep-debt` to a workspace. (coach's own package builds these
// sources too, as its product `example-sleep-debt`, which is what its test suite adds.)
let package = Package(
    name: "SleepDebtPlugin",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "coach-metric-sleep-debt", targets: ["SleepDebtPlugin"])],
    dependencies: [.package(name: "coach", path: "../..")],
    targets: [
        .executableTarget(
            name: "SleepDebtPlugin",
            dependencies: [
                .product(name: "CoachPluginSDK", package: "coach"),
                .product(name: "CoachKit", package: "coach"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
