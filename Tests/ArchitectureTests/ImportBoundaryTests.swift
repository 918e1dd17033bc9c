import Foundation
import Testing

/// Which module may import which, beyond what the build's explicit-dependency check enforces:
/// the command line sits on the application layer only, and the trust checks stay free of any
/// database.
@Suite struct ImportBoundaryTests {
    /// What the command line may import: the application layer (its use cases and the view
    /// models they return), the MCP server, the domain and the argument parser (and the
    /// system).
    static let cliAllowed: Set<String> = [
        "CoachApp", "CoachViews", "CoachMCP", "CoachKit", "ArgumentParser", "Foundation", "Glibc",
        "Darwin",
    ]

    /// What the MCP server may import: the application layer, the domain, the prompt's words
    /// and the MCP library.
    static let mcpAllowed: Set<String> = [
        "CoachApp", "CoachViews", "CoachKit", "MCP", "Foundation", "Dispatch",
    ]

    /// A violation for each import of `file` outside `allowed`.
    static func violations(_ files: [URL], allowed: Set<String>) throws -> [String] {
        try files.flatMap { file in
            try SourceTree.imports(of: file).filter { !allowed.contains($0) }.map {
                "\(SourceTree.relative(file)) imports \($0)"
            }
        }
    }

    @Test("CoachCLI imports only the app layer, CoachMCP, CoachKit and ArgumentParser")
    func thinCommandLine() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachCLI")
        #expect(files.count > 40)
        let found = try Self.violations(files, allowed: Self.cliAllowed)
        #expect(found.isEmpty, "reach these through CoachApp:\n\(found.joined(separator: "\n"))")
    }

    @Test("CoachMCP imports only the app layer, CoachKit and the MCP library")
    func thinMCPServer() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachMCP")
        #expect(files.count >= 3)
        let found = try Self.violations(files, allowed: Self.mcpAllowed)
        #expect(found.isEmpty, "reach these through CoachApp:\n\(found.joined(separator: "\n"))")
    }

    @Test("CoachTrust imports neither GRDB nor SQLite nor the store: only CoachKit and CoachCrypto")
    func keyFreeTrust() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachTrust")
        #expect(files.count >= 8)
        let found = try Self.violations(files, allowed: ["CoachKit", "CoachCrypto", "Foundation"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Modules that hold no database: they import neither GRDB nor the SQLite hardening shim.
    static let databaseModules: Set<String> = ["GRDB", "CSQLiteGuard", "SQLite3", "CSQLite"]

    @Test("CoachCodec is pure bytes: no GRDB, no SQLite, no store, no machine-local files")
    func pureCodec() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachCodec")
        #expect(files.count >= 10)
        let found = try Self.violations(
            files, allowed: ["CoachKit", "CoachCrypto", "CZlib", "Foundation"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        let imported = try Set(files.flatMap(SourceTree.imports(of:)))
        #expect(imported.isDisjoint(with: Self.databaseModules))
        #expect(imported.isDisjoint(with: ["CoachStore", "CoachLocal"]))
    }

    @Test("CoachLocal keeps files, not a database: no GRDB, no SQLite, no store, no codec")
    func localFilesOnly() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachLocal")
        #expect(files.count >= 8)
        let found = try Self.violations(
            files, allowed: ["CoachKit", "CoachCrypto", "Foundation", "Glibc", "Darwin"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        let imported = try Set(files.flatMap(SourceTree.imports(of:)))
        #expect(imported.isDisjoint(with: Self.databaseModules))
        #expect(imported.isDisjoint(with: ["CoachStore", "CoachCodec"]))
    }

    @Test("In CoachLocal only SecureFiles calls the C library")
    func platformCallsFenced() throws {
        let files = SourceTree.swiftFiles(under: "Sources/CoachLocal")
        let platform = try files.filter { file in
            try SourceTree.imports(of: file).contains { $0 == "Glibc" || $0 == "Darwin" }
        }
        #expect(platform.map(\.lastPathComponent) == ["SecureFiles.swift"])
    }

    @Test("The boundary scan sees an import it must refuse")
    func scanSeesImports() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("coach-arch-\(UUID().uuidString).swift")
        try "import CoachKit\n@testable import CoachStore\nlet x = 1\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try SourceTree.imports(of: file) == ["CoachKit", "CoachStore"])
        #expect(try Self.violations([file], allowed: Self.cliAllowed).count == 1)
    }
}
