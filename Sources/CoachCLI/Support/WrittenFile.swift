import Foundation

/// How the one-line confirmations of commands that write a file describe it.
enum WrittenFile {
    /// The size of `text` in UTF-8, as "812 bytes", "14 KB" or "3.2 MB".
    static func size(_ text: String) -> String {
        let bytes = text.utf8.count
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\((bytes + 512) / 1024) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
