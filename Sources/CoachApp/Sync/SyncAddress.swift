import Foundation

/// A sync server's address as a command names it: https, or plain http only on loopback
/// (a token and pushed ciphertext would otherwise cross the network unprotected).
public enum SyncAddress {
    /// The address as a URL.
    ///
    /// - Throws: `SyncRemoteFailure.badAddress` for anything else.
    public static func parse(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            let host = url.host?.lowercased(), !host.isEmpty,
            url.query == nil, url.fragment == nil, url.user == nil
        else { throw SyncRemoteFailure.badAddress(text) }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw SyncRemoteFailure.badAddress(text)
        }
        return url
    }
}
