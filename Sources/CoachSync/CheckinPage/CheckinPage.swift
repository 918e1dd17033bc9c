import CoachCrypto

/// The web check-in page: one static HTML file with its style and script inline and no
/// third-party code, compiled into the library so the club server serves, and a client can
/// compare, exactly the same bytes.
///
/// The source is `checkin.html` beside this file; `Scripts/embed-checkin-page.sh` writes it
/// into `CheckinPage+HTML.swift` with its hashes. The page seals check-ins with HPKE and signs
/// them with a browser-held device key (docs/sync-api.md, "Check-in").
public enum CheckinPage {
    /// The page as text.
    public static var html: String { embeddedHTML }

    /// The page's bytes (UTF-8), as served.
    public static var bytes: [UInt8] { Array(embeddedHTML.utf8) }

    /// Lowercase hex SHA-256 of `bytes`: what a careful user compares, and the HTTP ETag.
    public static var sha256: String { embeddedSHA256 }

    /// The Content-Security-Policy source of the inline script (`sha256-` and base64).
    public static var scriptHash: String { embeddedScriptHash }

    /// The Content-Security-Policy source of the inline style (`sha256-` and base64).
    public static var styleHash: String { embeddedStyleHash }

    /// The policy the page is served with: nothing loads but its own inline script and style
    /// (by hash) and the data-URL icon, it connects only to its own origin, and nothing may
    /// frame it, change its base URL or submit a form from it.
    public static var contentSecurityPolicy: String {
        [
            "default-src 'none'", "script-src '\(scriptHash)'", "style-src '\(styleHash)'",
            "img-src data:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// Whether `bytes` hash to the embedded page's SHA-256 (for comparing a served copy).
    ///
    /// - Parameter bytes: a page fetched from a server.
    /// - Returns: true when it is byte for byte this page.
    public static func matches(_ bytes: [UInt8]) -> Bool {
        Hashing.hex(Hashing.sha256(bytes)) == sha256
    }
}
