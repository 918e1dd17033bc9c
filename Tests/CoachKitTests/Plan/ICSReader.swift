import Foundation

/// A minimal iCalendar reader for tests: unfolds lines, splits properties and unescapes TEXT.
///
/// Deliberately independent of `PlanICS`, so a test reading its output back checks the format
/// rather than the writer's own assumptions.
struct ICSReader {
    struct Property: Equatable {
        let name: String
        let params: [String: String]
        let value: String
    }

    struct Component {
        let name: String
        var properties: [Property] = []
        var children: [Component] = []

        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    }

    enum Failure: Error, CustomStringConvertible {
        case bad(String)
        var description: String { if case .bad(let m) = self { m } else { "" } }
    }

    /// Physical lines without their CRLF; fails on a bare LF.
    static func physicalLines(_ text: String) throws -> [String] {
        guard text.hasSuffix("\r\n") else { throw Failure.bad("the file must end with CRLF") }
        // "\r\n" is one Character in Swift, so cut on bytes.
        let body = String(decoding: Array(text.utf8).dropLast(2), as: UTF8.self)
        let lines = body.components(separatedBy: "\r\n")
        if let bad = lines.first(where: { $0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } })
        {
            throw Failure.bad("bare line break in: \(bad)")
        }
        return lines
    }

    /// Parses the text into its top-level component (VCALENDAR).
    static func parse(_ text: String) throws -> Component {
        var logical: [String] = []
        for line in try physicalLines(text) {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                guard !logical.isEmpty else { throw Failure.bad("continuation before any line") }
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        var stack: [Component] = []
        var root: Component?
        for line in logical {
            let p = try property(line)
            if p.name == "BEGIN" { stack.append(Component(name: p.value)); continue }
            if p.name == "END" {
                guard let done = stack.popLast(), done.name == p.value else {
                    throw Failure.bad("END:\(p.value) does not close")
                }
                if stack.isEmpty {
                    root = done
                } else {
                    stack[stack.count - 1].children.append(done)
                }
                continue
            }
            guard !stack.isEmpty else { throw Failure.bad("property outside a component: \(line)") }
            stack[stack.count - 1].properties.append(p)
        }
        guard stack.isEmpty, let root else { throw Failure.bad("unbalanced BEGIN/END") }
        return root
    }

    static func property(_ line: String) throws -> Property {
        guard let colon = line.firstIndex(of: ":") else { throw Failure.bad("no ':' in \(line)") }
        let head = line[..<colon].split(separator: ";").map(String.init)
        guard let name = head.first, !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "-") })
        else {
            throw Failure.bad("bad property name in \(line)")
        }
        var params: [String: String] = [:]
        for p in head.dropFirst() {
            let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw Failure.bad("bad parameter \(p)") }
            params[kv[0]] = kv[1]
        }
        return Property(
            name: name, params: params, value: String(line[line.index(after: colon)...]))
    }

    /// Unescapes a TEXT value (`\\`, `\;`, `\,`, `\n`); fails on any other escape or a bare `;` or `,`.
    static func unescape(_ value: String) throws -> String {
        var out = ""
        var escaping = false
        for c in value {
            if escaping {
                switch c {
                case "\\": out.append("\\")
                case ";": out.append(";")
                case ",": out.append(",")
                case "n", "N": out.append("\n")
                default: throw Failure.bad("bad escape \\\(c) in \(value)")
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else if c == ";" || c == "," {
                throw Failure.bad("unescaped '\(c)' in TEXT \(value)")
            } else {
                out.append(c)
            }
        }
        guard !escaping else { throw Failure.bad("dangling backslash in \(value)") }
        return out
    }
}
