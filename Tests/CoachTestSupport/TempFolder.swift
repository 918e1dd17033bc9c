import Foundation

/// A private (0700) temporary folder, removed with everything in it when the value is released.
public final class TempFolder: @unchecked Sendable {
    // @unchecked Sendable: the only stored property is an immutable path.
    /// The folder's absolute path.
    public let path: String

    /// Makes a new folder named `prefix-UUID` in the temporary directory.
    public init(prefix: String = "coach-test") throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "\(prefix)-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Makes the private sub-folder `name` (and its parents); returns its path.
    @discardableResult
    public func folder(_ name: String) throws -> String {
        let sub = file(name)
        try FileManager.default.createDirectory(
            atPath: sub, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return sub
    }
}
