import Foundation

/// How the server keys an object in its object buckets: a lowercase UUID (coach's ids) as
/// its 16 bytes instead of 36 characters, any other id as its UTF-8 text, with a 0xFF byte
/// after a text of exactly 16 bytes so that no text takes a UUID's key.
enum StoredObjectID {
    /// The key of `object`.
    static func key(_ object: String) -> [UInt8] {
        if let uuid = UUID(uuidString: object), uuid.uuidString.lowercased() == object {
            return withUnsafeBytes(of: uuid.uuid) { Array($0) }
        }
        let text = Array(object.utf8)
        return text.count == 16 ? text + [0xFF] : text
    }
}
