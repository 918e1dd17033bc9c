import Foundation

/// The top level of every `--json` output: an object whose `format` names the shape and its
/// version (`coach-team/1`), beside the value's own keys or, for a list, the list under one key.
///
/// Scripts can rely on the top level being an object and on `format` to tell shapes apart; each
/// shape has a JSON Schema under docs/json/ named after it (`coach-team.schema.json`).
struct JSONEnvelope<Value: Encodable>: Encodable {
    /// The shape's name and version, e.g. `coach-team/1`.
    let format: String
    let value: Value
    /// The key a list is printed under; nil merges an object's keys with `format`.
    let key: String?

    /// A key spelled at run time.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        // A list given without a key would encode as an array, which cannot take `format`
        // beside it: it goes under "items" rather than stopping the program.
        let key = key ?? ((value as Any) is [Any] ? "items" : nil)
        if let key {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(format, forKey: Key("format"))
            try c.encode(value, forKey: Key(key))
        } else {
            try value.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(format, forKey: Key("format"))
        }
    }
}
