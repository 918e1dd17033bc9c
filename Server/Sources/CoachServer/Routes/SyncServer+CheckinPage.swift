import CoachSync
import Foundation
import Hummingbird
import NIOCore

extension SyncServer {
    /// The path the web check-in page is served at.
    public static let checkinPagePath = "/checkin"

    /// Every browser feature the check-in page does not use, each denied to it and to any frame.
    static let deniedFeatures = [
        "accelerometer", "ambient-light-sensor", "autoplay", "bluetooth", "camera",
        "display-capture", "encrypted-media", "fullscreen", "gamepad", "geolocation", "gyroscope",
        "hid", "identity-credentials-get", "idle-detection", "magnetometer", "microphone", "midi",
        "payment", "picture-in-picture", "publickey-credentials-create",
        "publickey-credentials-get", "screen-wake-lock", "serial", "storage-access", "usb",
        "web-share", "xr-spatial-tracking",
    ]

    /// The headers the page is served with: its hash-pinned policy, no sniffing, no referrer,
    /// its own browsing-context group, no features, revalidation on every load, and its
    /// SHA-256 as the entity tag.
    static var checkinPageHeaders: HTTPFields {
        [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: CheckinPage.contentSecurityPolicy,
            HTTPFields.Element.Name("X-Content-Type-Options")!: "nosniff",
            HTTPFields.Element.Name("Referrer-Policy")!: "no-referrer",
            HTTPFields.Element.Name("Cross-Origin-Opener-Policy")!: "same-origin",
            HTTPFields.Element.Name("Cross-Origin-Resource-Policy")!: "same-origin",
            HTTPFields.Element.Name("Permissions-Policy")!: deniedFeatures.map { "\($0)=()" }
                .joined(separator: ", "),
            .cacheControl: "no-cache",
            .eTag: "\"\(CheckinPage.sha256)\"",
        ]
    }

    /// `GET /checkin`: the page, or `304` when the browser already holds these bytes.
    func checkinPage(_ request: Request) -> Response {
        let tag = "\"\(CheckinPage.sha256)\""
        let held =
            request.headers[.ifNoneMatch]?.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        if held.contains(tag) {
            var headers = Self.checkinPageHeaders
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(
            status: .ok, headers: Self.checkinPageHeaders,
            body: .init(byteBuffer: ByteBuffer(bytes: CheckinPage.bytes)))
    }
}
