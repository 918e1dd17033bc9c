import Foundation

/// The routes and statuses docs/openapi.yaml documents, read with a line parser of its
/// layout: a path at two spaces under `paths:`, a method at four, a status at eight.
struct OpenAPIDocument {
    /// Statuses by "METHOD path".
    let operations: [String: Set<Int>]

    static let shared: OpenAPIDocument = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var operations: [String: Set<Int>] = [:]
        var inPaths = false
        var path = ""
        var operation = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" {
                inPaths = true
                continue
            }
            guard inPaths else { continue }
            if let m = line.wholeMatch(of: #/  (/[^:]*):/#) {
                path = String(m.output.1)
            } else if let m = line.wholeMatch(of: #/    (get|post|put|delete):/#) {
                operation = "\(m.output.1.uppercased()) \(path)"
                operations[operation] = []
            } else if let m = line.firstMatch(of: #/^        "(\d{3})":/#),
                let code = Int(m.output.1)
            {
                operations[operation, default: []].insert(code)
            }
        }
        return OpenAPIDocument(operations: operations)
    }()

    /// Whether `status` is documented for the operation.
    func documents(_ method: String, _ path: String, _ status: Int) -> Bool {
        operations["\(method) \(path)"]?.contains(status) ?? false
    }
}
