import CoachKit
import Foundation

/// Finds the JSON objects in an assistant's reply: the whole text, or objects with prose around
/// them (a fenced code block, a sentence before and after).
enum ReplyExtractor {
    /// Every top-level `{…}` span of `text` that parses as a JSON object, in order.
    ///
    /// Braces inside JSON strings are skipped; a span that does not parse is passed over one
    /// character at a time, so prose with stray braces does not hide a later object.
    static func objects(in text: String) -> [JSONValue] {
        let bytes = Array(text.utf8)
        var found: [JSONValue] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{"), let end = matchingBrace(bytes, from: i) else {
                i += 1
                continue
            }
            if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes[i...end])),
                case .object = value
            {
                found.append(value)
                i = end + 1
            } else {
                i += 1
            }
        }
        return found
    }

    /// The index of the brace closing the one at `start`, skipping strings.
    static func matchingBrace(_ b: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        var i = start
        while i < b.count {
            let c = b[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}
