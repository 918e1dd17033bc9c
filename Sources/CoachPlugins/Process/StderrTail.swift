import Foundation

/// The last bytes a plugin wrote to stderr, bounded so a noisy plugin cannot fill memory.
struct StderrTail {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append<C: Collection>(_ more: C) where C.Element == UInt8 {
        bytes.append(contentsOf: more)
        if bytes.count > limit {
            let cut = bytes.count - limit
            bytes.removeFirst(cut)
            dropped += cut
        }
    }

    /// The non-empty lines kept, oldest first.
    var lines: [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
