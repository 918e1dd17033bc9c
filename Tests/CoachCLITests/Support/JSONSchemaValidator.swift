import Foundation

/// A JSON document as the schema validator sees it.
enum JSONDocument: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONDocument].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONDocument].self))
        }
    }

    static func parse(_ data: Data) throws -> JSONDocument {
        try JSONDecoder().decode(JSONDocument.self, from: data)
    }

    subscript(key: String) -> JSONDocument? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The JSON Schema type names this value has ("integer" numbers are also "number").
    var typeNames: Set<String> {
        switch self {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .number(let n): n == n.rounded() ? ["number", "integer"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }
}

/// Validates documents against the subset of JSON Schema draft 2020-12 that docs/format.schema.json
/// uses: type, properties, required, additionalProperties, items, enum, const, minimum, maximum,
/// minLength, maxLength, pattern, $ref to $defs, anyOf and oneOf (format and annotations are ignored).
///
/// A schema using any other keyword is refused when the validator is made, so the schema cannot
/// outgrow the validator without a test failing.
struct JSONSchemaValidator {
    static let keywords: Set<String> = [
        "$schema", "$id", "$defs", "title", "description", "format", "type", "properties",
        "required",
        "additionalProperties", "items", "enum", "const", "minimum", "maximum", "minLength",
        "maxLength",
        "pattern", "$ref", "anyOf", "oneOf",
    ]

    struct UnsupportedKeyword: Error, CustomStringConvertible {
        let keyword: String, path: String
        var description: String {
            "the schema uses '\(keyword)' at \(path), which this validator does not implement"
        }
    }

    let root: JSONDocument

    init(schema: JSONDocument) throws {
        root = schema
        try Self.checkKeywords(schema, path: "#")
    }

    /// Every violation as "JSON pointer: what is wrong"; empty when `instance` is valid.
    func errors(_ instance: JSONDocument) -> [String] {
        var out: [String] = []
        check(instance, root, "", &out)
        return out
    }

    static func checkKeywords(_ schema: JSONDocument, path: String) throws {
        guard case .object(let o) = schema else { return }
        for (k, v) in o {
            guard keywords.contains(k) else { throw UnsupportedKeyword(keyword: k, path: path) }
            switch k {
            case "properties", "$defs":
                if case .object(let sub) = v {
                    for (name, s) in sub { try checkKeywords(s, path: "\(path)/\(k)/\(name)") }
                }
            case "items", "additionalProperties": try checkKeywords(v, path: "\(path)/\(k)")
            case "anyOf", "oneOf":
                if case .array(let list) = v {
                    for (i, s) in list.enumerated() {
                        try checkKeywords(s, path: "\(path)/\(k)/\(i)")
                    }
                }
            default: break
            }
        }
    }

    func resolve(_ ref: String) -> JSONDocument? {
        guard ref.hasPrefix("#/$defs/") else { return nil }
        return root["$defs"]?[String(ref.dropFirst("#/$defs/".count))]
    }

    func check(_ value: JSONDocument, _ schema: JSONDocument, _ path: String, _ out: inout [String])
    {
        if case .bool(let allowed) = schema {
            if !allowed { out.append("\(path): not allowed") }
            return
        }
        guard case .object(let s) = schema else {
            out.append("\(path): the schema is not an object"); return
        }
        let at = path.isEmpty ? "/" : path
        if case .string(let ref)? = s["$ref"] {
            guard let target = resolve(ref) else {
                out.append("\(at): unresolvable $ref \(ref)"); return
            }
            check(value, target, path, &out)
        }
        if let type = s["type"] {
            let wanted: [String]
            switch type {
            case .string(let t): wanted = [t]
            case .array(let ts):
                wanted = ts.compactMap { if case .string(let t) = $0 { t } else { nil } }
            default: wanted = []
            }
            if value.typeNames.isDisjoint(with: wanted) {
                out.append(
                    "\(at): expected \(wanted.joined(separator: " or ")), found \(value.typeNames.sorted().joined(separator: "/"))"
                )
                return
            }
        }
        if case .array(let options)? = s["enum"], !options.contains(value) {
            out.append("\(at): not one of the allowed values")
        }
        if let c = s["const"], c != value { out.append("\(at): must be \(c)") }
        if case .number(let n) = value {
            if case .number(let lo)? = s["minimum"], n < lo {
                out.append("\(at): \(n) is below the minimum \(lo)")
            }
            if case .number(let hi)? = s["maximum"], n > hi {
                out.append("\(at): \(n) is above the maximum \(hi)")
            }
        }
        if case .string(let text) = value {
            if case .number(let lo)? = s["minLength"], Double(text.count) < lo {
                out.append("\(at): shorter than \(Int(lo))")
            }
            if case .number(let hi)? = s["maxLength"], Double(text.count) > hi {
                out.append("\(at): longer than \(Int(hi))")
            }
            if case .string(let pattern)? = s["pattern"] {
                let re = try? NSRegularExpression(pattern: pattern)
                if re?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    out.append("\(at): '\(text)' does not match \(pattern)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = s["items"] {
            for (i, item) in items.enumerated() { check(item, itemSchema, "\(path)/\(i)", &out) }
        }
        if case .object(let o) = value {
            if case .array(let required)? = s["required"] {
                for case .string(let key) in required where o[key] == nil {
                    out.append("\(at): missing required '\(key)'")
                }
            }
            let props: [String: JSONDocument]
            if case .object(let p)? = s["properties"] { props = p } else { props = [:] }
            for (key, v) in o.sorted(by: { $0.key < $1.key }) {
                if let p = props[key] {
                    check(v, p, "\(path)/\(key)", &out)
                } else if let extra = s["additionalProperties"] {
                    if case .bool(false) = extra {
                        out.append("\(at): additional property '\(key)'")
                    } else {
                        check(v, extra, "\(path)/\(key)", &out)
                    }
                }
            }
        }
        if case .array(let options)? = s["anyOf"] {
            let passing = options.filter { o in
                var e: [String] = []; check(value, o, path, &e); return e.isEmpty
            }
            if passing.isEmpty { out.append("\(at): matches none of anyOf") }
        }
        if case .array(let options)? = s["oneOf"] {
            let passing = options.filter { o in
                var e: [String] = []; check(value, o, path, &e); return e.isEmpty
            }
            if passing.count != 1 {
                out.append("\(at): matches \(passing.count) of oneOf, not exactly one")
            }
        }
    }
}
