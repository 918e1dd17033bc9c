import Foundation

/// The package's source files, read as text by the architecture tests.
enum SourceTree {
    /// The package root (two levels above this file's folder).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.swift` file under `folder` (relative to the root), sorted.
    static func swiftFiles(under folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// The modules a source file imports (`@testable` and attributes dropped).
    static func imports(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                words[..<at].allSatisfy({ $0.hasPrefix("@") })
            else { return nil }
            return String(words[at + 1])
        }
    }

    /// `file`'s path relative to the root.
    static func relative(_ file: URL) -> String {
        file.path.replacingOccurrences(of: root.path + "/", with: "")
    }
}
