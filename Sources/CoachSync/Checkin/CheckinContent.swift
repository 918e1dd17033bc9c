import Foundation

/// What a phone sealed in a check-in, as the page writes it before padding:
/// `{"mood":4,"doms":{"quads":6},"notes":"…"}`.
///
/// Read strictly: a JSON object with a whole-number `mood`, optionally `doms` (muscle group
/// names to whole numbers) and `notes`, and no other key. The values are not range-checked
/// here: the ingesting client validates them exactly as a logged mood is validated, so a
/// refusal has the same words.
public struct CheckinContent: Equatable, Sendable {
    /// The mood as sent.
    public var mood: Int
    /// Soreness per muscle group as sent, by the group's name.
    public var doms: [String: Int]
    /// The note, if any.
    public var notes: String?

    /// Content with every field.
    public init(mood: Int, doms: [String: Int] = [:], notes: String? = nil) {
        self.mood = mood
        self.doms = doms
        self.notes = notes
    }

    /// The soreness as `group=level` pairs, sorted, the way `log mood` takes them.
    public var domsLevels: [String] { doms.sorted { $0.key < $1.key }.map { "\($0)=\($1)" } }

    /// Reads content from the unpadded plaintext, strictly.
    ///
    /// - Returns: the content, or nil when it is not an object of the keys above with values
    ///   of their types.
    public static func decode(_ bytes: [UInt8]) -> CheckinContent? {
        try? JSONDecoder().decode(Strict.self, from: Data(bytes)).content
    }

    /// The strict reading: no key but the three, each of its type.
    private struct Strict: Decodable {
        let content: CheckinContent

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let keys = Set(c.allKeys.map(\.stringValue))
            guard keys.isSubset(of: ["mood", "doms", "notes"]) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "an unknown key"))
            }
            content = CheckinContent(
                mood: try c.decode(Int.self, forKey: Key(stringValue: "mood")),
                doms: try c.decodeIfPresent([String: Int].self, forKey: Key(stringValue: "doms"))
                    ?? [:],
                notes: try c.decodeIfPresent(String.self, forKey: Key(stringValue: "notes")))
        }
    }

    /// The plaintext JSON of this content, keys sorted (what a Swift phone in tests seals).
    ///
    /// - Throws: `EncodingError` (not expected).
    public func encoded() throws -> [UInt8] {
        struct Wire: Encodable {
            let mood: Int
            let doms: [String: Int]
            let notes: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(Wire(mood: mood, doms: doms, notes: notes)))
    }
}
