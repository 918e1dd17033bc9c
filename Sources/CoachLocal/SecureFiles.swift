import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates and checks files and folders that hold workspace data or session tokens: the one
/// file of CoachLocal that calls the C library (open, fchmod, lstat, link, unlink, …).
///
/// Modes are set explicitly (0700 folders, 0600 files) whatever the process umask is.
public enum SecureFiles {
    /// Creates `path` and missing parents with mode 0700; folders that already exist keep
    /// their mode (coach never changes the permissions of a folder it did not create).
    public static func makeDirectory(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) { return }
        try makeDirectory((path as NSString).deletingLastPathComponent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw LocalFileError.unsafePath(
                path, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
        }
        _ = chmod(path, 0o700)
    }

    /// Sets mode 0600 on `path` if it exists.
    public static func restrict(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { _ = chmod(path, 0o600) }
    }

    /// Refuses a workspace path that is a symbolic link, or that others may write to.
    ///
    /// - Parameter allowShared: skip the world/group-writable check (an explicit user choice).
    public static func checkWorkspace(_ path: String, allowShared: Bool) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { throw LocalFileError.workspaceMissing(path) }
        if (st.st_mode & S_IFMT) == S_IFLNK {
            throw LocalFileError.unsafePath(
                path, reason: "it is a symbolic link; pass the real path")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw LocalFileError.notAWorkspace(path)
        }
        if !allowShared {
            if st.st_mode & 0o022 != 0 {
                throw LocalFileError.unsafePath(
                    path, reason: "others can write to it",
                    remedy: .makePrivateOrAllowShared(path: path))
            }
            let dir = (path as NSString).deletingLastPathComponent
            var dst = stat()
            if lstat(dir, &dst) == 0, dst.st_mode & 0o002 != 0, dst.st_mode & S_ISVTX == 0 {
                throw LocalFileError.unsafePath(
                    path, reason: "its folder is writable by everyone",
                    remedy: .moveOrAllowShared)
            }
        }
    }

    /// Writes `bytes` to `path` atomically with mode 0600 (temp file in the same 0700 folder, then rename).
    ///
    /// - Parameter sync: flush the file to disk before the rename (skipped for files whose loss
    ///   in a crash is harmless, so that frequent writes stay cheap).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, sync: Bool = true)
        throws
    {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw LocalFileError.unsafePath(
                path, reason: "cannot write it (\(String(cString: strerror(errno))))")
        }
        var ok = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) == $0.count }
        ok = ok && (!sync || fsync(fd) == 0)
        close(fd)
        guard ok, rename(tmp, path) == 0 else {
            unlink(tmp)
            throw LocalFileError.unsafePath(path, reason: "cannot write it")
        }
    }

    /// Writes `bytes` to a new file `path` with mode 0600, atomically and without ever replacing
    /// an existing file: the bytes go to a hidden temporary file in the same folder, are synced,
    /// then linked into place (which fails if `path` appeared meanwhile); the temporary file is
    /// always removed. Readers see either no file or the whole file.
    /// - Throws: `LocalFileError.fileExists` when `path` exists, `.unsafePath` when it cannot be
    ///   written.
    public static func writeNew(_ bytes: [UInt8], to path: String) throws {
        if FileManager.default.fileExists(atPath: path) { throw LocalFileError.fileExists(path) }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let tmp =
            dir + "/." + url.lastPathComponent
            + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LocalFileError.unsafePath(
                path, reason: "cannot write it (\(String(cString: strerror(errno))))")
        }
        defer { unlink(tmp) }
        var ok = fchmod(fd, 0o600) == 0
        ok =
            ok
            && bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return false }
                    done += n
                }
                return true
            }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok else {
            throw LocalFileError.unsafePath(
                path, reason: "cannot write it (disk full or not writable?)")
        }
        if link(tmp, path) != 0 {
            if errno == EEXIST { throw LocalFileError.fileExists(path) }
            // File systems without hard links: check again and rename (not race-free, but never partial).
            guard !FileManager.default.fileExists(atPath: path), rename(tmp, path) == 0 else {
                throw LocalFileError.unsafePath(
                    path, reason: "cannot write it (\(String(cString: strerror(errno))))")
            }
        }
        let dfd = open(dir, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// Reads a small private file without following a link, only when it is a regular file of
    /// this user that nobody else can read or write; nil when there is none.
    ///
    /// - Parameters:
    ///   - what: how messages name the file ("the session file").
    ///   - limit: the most bytes read.
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    static func readPrivate(_ file: String, what: String, limit: Int) throws -> [UInt8]? {
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw LocalFileError.unsafePath(file, reason: "\(what) is a link or unreadable")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw LocalFileError.unsafePath(file, reason: "\(what) is not a regular file")
        }
        guard st.st_uid == geteuid(), st.st_mode & 0o077 == 0 else {
            throw LocalFileError.unsafePath(
                file, reason: "\(what) belongs to another user or others can open it")
        }
        var bytes = [UInt8](repeating: 0, count: Int(min(Int(st.st_size), limit)))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                read(fd, $0.baseAddress! + done, $0.count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        bytes.removeLast(bytes.count - done)
        return bytes
    }

    /// Removes the file `path`, if there is one.
    static func remove(_ path: String) { unlink(path) }

    /// Removes every file in the folder `path`, then the folder, if it is there.
    static func removeFolder(_ path: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            unlink(path + "/" + name)
        }
        rmdir(path)
    }

    /// Opens (creating it 0600) the lock file at `path` and takes an exclusive lock on it,
    /// waiting for it when `wait`, else giving up at once when another process holds it.
    ///
    /// - Returns: the descriptor holding the lock (released by `unlock`, or when the process
    ///   ends, however it ends), or nil when it is held elsewhere or cannot be made.
    public static func lock(_ path: String, wait: Bool) -> Int32? {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var r: Int32
        repeat { r = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) } while r != 0 && errno == EINTR
        guard r == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Releases a lock `lock` took.
    public static func unlock(_ fd: Int32) { close(fd) }
}
