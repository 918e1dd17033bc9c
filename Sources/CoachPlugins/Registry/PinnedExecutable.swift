import CoachCrypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plugin executable opened once: what is hashed is what is executed.
///
/// Opening refuses a path that leads through a symbolic link (the pin names a resolved path, so
/// a link there now is a swap), anything but a regular file, and a file or folder that someone
/// other than its owner (this user or root) could change: a writable file or its folder, a
/// module dropped beside it, a folder renamed away above it. The hash is taken from the open
/// descriptor, and the launcher executes that descriptor, so replacing the file at its path
/// after the check changes nothing that runs. Owns the descriptor, hence a class.
public final class PinnedExecutable: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; the descriptor is closed once, in deinit.
    /// The path the executable was opened at (resolved, absolute).
    public let path: String
    /// The open descriptor (read-only, close-on-exec).
    public let descriptor: Int32
    /// Lowercase hex SHA-256 of the file's contents as read through `descriptor`.
    public let sha256: String

    /// Opens, checks and hashes the executable at `path`.
    ///
    /// - Throws: `PluginFailure.executableMissing` when it cannot be opened or read,
    ///   `.executableLinked` when its path leads through a symbolic link, `.unsafeExecutable`
    ///   when it is not a regular file or someone else could change it or its folder.
    public init(path: String) throws {
        guard let real = realpath(path, nil) else {
            throw PluginFailure.executableMissing(path: path)
        }
        let resolved = String(cString: real)
        free(real)
        guard resolved == path else { throw PluginFailure.executableLinked(path: path) }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ELOOP { throw PluginFailure.executableLinked(path: path) }
            throw PluginFailure.executableMissing(path: path)
        }
        do {
            try Self.checkFile(fd, path: path)
            try Self.checkFolders(of: path)
            sha256 = try Self.hash(fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Whether `uid` may own a file or folder on a plugin's path: this user or root.
    static func trustedOwner(_ uid: uid_t) -> Bool { uid == 0 || uid == geteuid() }

    static func checkFile(_ fd: Int32, path: String) throws {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PluginFailure.executableMissing(path: path) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw PluginFailure.unsafeExecutable(path: path, reason: "it is not a regular file")
        }
        guard trustedOwner(st.st_uid) else {
            throw PluginFailure.unsafeExecutable(
                path: path, reason: "it belongs to another user (uid \(st.st_uid))")
        }
        guard st.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw PluginFailure.unsafeExecutable(
                path: path, reason: "others can write to it (mode \(mode(st)))")
        }
    }

    /// Every folder from the file's own up to `/`: owned by this user or root; the file's own
    /// folder writable by its owner only, a folder above it also when it is sticky (others may
    /// then add entries but not rename ours).
    static func checkFolders(of path: String) throws {
        var folder = (path as NSString).deletingLastPathComponent
        var own = true
        while true {
            var st = stat()
            guard lstat(folder, &st) == 0 else {
                throw PluginFailure.executableMissing(path: path)
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw PluginFailure.executableLinked(path: path)
            }
            guard trustedOwner(st.st_uid) else {
                throw PluginFailure.unsafeExecutable(
                    path: path,
                    reason: "folder \(folder) belongs to another user (uid \(st.st_uid))")
            }
            let writable = st.st_mode & (S_IWGRP | S_IWOTH) != 0
            let sticky = st.st_mode & S_ISVTX != 0
            if writable && (own || !sticky) {
                throw PluginFailure.unsafeExecutable(
                    path: path, reason: "others can write to folder \(folder) (mode \(mode(st)))")
            }
            if folder == "/" || folder.isEmpty { return }
            folder = (folder as NSString).deletingLastPathComponent
            own = false
        }
    }

    static func hash(_ fd: Int32, path: String) throws -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw PluginFailure.executableMissing(path: path) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            offset += off_t(n)
        }
        return Hashing.hex(Hashing.sha256(bytes))
    }

    static func mode(_ st: stat) -> String { String(st.st_mode & 0o7777, radix: 8) }
}
