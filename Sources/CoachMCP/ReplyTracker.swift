import CoachKit
import Foundation

/// The requests read from standard input and not answered yet, so that the end of the input
/// waits for their replies.
///
/// The SDK handles each request in a task of its own and ends when its input ends, so a client
/// that writes its requests and closes its end (a script, a pipe) would otherwise lose the
/// replies still being made.
struct ReplyTracker: Sendable {
    private let open = LockedValue(Set<String>())

    /// Notes the request ids of `line` (one message or a batch).
    func read(_ line: [UInt8]) {
        let ids = Self.ids(in: Data(line), requests: true)
        guard !ids.isEmpty else { return }
        open.withLock { $0.formUnion(ids) }
    }

    /// Notes the replies in `data` (one message or a batch).
    func sent(_ data: Data) {
        let ids = Self.ids(in: data, requests: false)
        guard !ids.isEmpty else { return }
        open.withLock { $0.subtract(ids) }
    }

    /// Whether every request read so far has its reply.
    var drained: Bool { open.withLock { $0.isEmpty } }

    /// The ids of the requests (with a method) or the replies (with a result or an error).
    private static func ids(in data: Data, requests: Bool) -> Set<String> {
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [] }
        let messages = (json as? [Any]) ?? [json]
        var ids: Set<String> = []
        for case let message as [String: Any] in messages {
            guard let id = message["id"], !(id is NSNull) else { continue }
            let isRequest = message["method"] != nil
            let isReply = message["result"] != nil || message["error"] != nil
            if requests ? isRequest : isReply { ids.insert("\(id)") }
        }
        return ids
    }
}
