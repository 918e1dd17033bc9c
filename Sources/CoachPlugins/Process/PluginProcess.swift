import CPluginSpawn
import CoachPluginProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A started plugin process: its pipes, its process group, and the bytes it wrote to stderr.
///
/// Owns the descriptors and the child, hence a class. Not thread-safe: `PluginConnection`
/// serialises every use. `exchange` writes a request and reads one answer line under a deadline,
/// draining stderr meanwhile so a chatty plugin cannot block on a full pipe.
public final class PluginProcess {
    /// The child's pid, which is also its process-group id.
    public let pid: pid_t
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private var framer: LineFramer
    private var stderrTail = StderrTail(limit: 16 << 10)
    private var reaped = false
    /// The exit status once the process has ended (`128 + signal` when killed).
    public private(set) var exitStatus: Int32?
    private var cleanups: [() -> Void] = []

    /// Adopts a started child and the host's ends of its three pipes.
    public init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32, maxLineBytes: Int) {
        self.pid = pid
        stdinFD = stdin
        stdoutFD = stdout
        stderrFD = stderr
        framer = LineFramer(maxLineBytes: maxLineBytes)
        for fd in [stdin, stdout, stderr] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit { terminate(grace: .zero) }

    /// The last lines the plugin wrote to stderr (bounded), for error messages.
    public var stderrLines: [String] { stderrTail.lines }

    /// Why an exchange failed.
    public enum ExchangeError: Error, Equatable {
        case timedOut
        case exited(Int32)
        case lineTooLong(Int)
        case brokenPipe
    }

    /// Writes `request` (one line) and returns the next line the plugin writes.
    ///
    /// - Parameters:
    ///   - request: bytes to write, newline included; empty to only read.
    ///   - timeout: how long the whole exchange may take.
    /// - Throws: `ExchangeError`.
    public func exchange(_ request: [UInt8], timeout: Duration) throws -> [UInt8] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var written = 0
        while true {
            if let line = try nextLine() { return line }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { throw ExchangeError.timedOut }
            var fds: [pollfd] = []
            if written < request.count && stdinFD >= 0 {
                fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0))
            }
            if stdoutFD >= 0 { fds.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
            if stderrFD >= 0 { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
            let (s, atto) = remaining.components
            let ms = Int32(clamping: s * 1000 + atto / 1_000_000_000_000_000 + 1)
            let n = poll(&fds, nfds_t(fds.count), ms)
            if n < 0 && errno == EINTR { continue }
            for p in fds where p.revents != 0 {
                if p.fd == stdinFD {
                    written += try writeSome(request, from: written)
                } else if p.fd == stdoutFD {
                    if !readInto(stdoutFD, toStdout: true) { try ended() }
                } else if p.fd == stderrFD {
                    if !readInto(stderrFD, toStdout: false) { closeFD(&stderrFD) }
                }
            }
        }
    }

    private func nextLine() throws -> [UInt8]? {
        do { return try framer.nextLine() } catch let e as LineFramer.LineTooLong {
            throw ExchangeError.lineTooLong(e.limit)
        }
    }

    private func writeSome(_ bytes: [UInt8], from offset: Int) throws -> Int {
        let n = bytes.withUnsafeBytes { buf in
            write(stdinFD, buf.baseAddress! + offset, buf.count - offset)
        }
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EINTR { return 0 }
        closeFD(&stdinFD)
        // The plugin stopped reading: most likely it has ended; report how.
        if wait(upTo: .seconds(1)) { try ended() }
        throw ExchangeError.brokenPipe
    }

    /// Reads what is available; false at end of file.
    private func readInto(_ fd: Int32, toStdout: Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n > 0 {
            if toStdout {
                framer.append(buffer[0..<n])
            } else {
                stderrTail.append(buffer[0..<n])
            }
            return true
        }
        return n < 0 && (errno == EAGAIN || errno == EINTR)
    }

    /// stdout closed: the plugin is ending; collect its status.
    private func ended() throws -> Never {
        closeFD(&stdoutFD)
        drainStderr()
        wait(upTo: .seconds(1))
        throw ExchangeError.exited(exitStatus ?? -1)
    }

    private func drainStderr() {
        while stderrFD >= 0 {
            var p = pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) > 0, readInto(stderrFD, toStdout: false) else { break }
        }
    }

    /// Closes the plugin's stdin (end of requests).
    public func closeInput() { closeFD(&stdinFD) }

    /// Waits for the process to end, up to `limit`; true when it has. The process is not reaped
    /// here, so its id keeps naming its process group until `terminate` has signalled it.
    @discardableResult
    public func wait(upTo limit: Duration) -> Bool {
        if exitStatus != nil || reaped { return true }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while true {
            var status: Int32 = 0
            let r = coach_peek_exit(pid, &status)
            if r == 1 {
                exitStatus = status
                return true
            }
            if r < 0 {
                reaped = true
                return true
            }
            if clock.now >= deadline { return false }
            usleep(5_000)
        }
    }

    /// Ends the process: closes its input, waits `grace`, then SIGTERM, then SIGKILL to the
    /// whole process group, and always a final SIGKILL to the group so no child is left.
    public func terminate(grace: Duration) {
        guard !reaped else { return }
        closeInput()
        if !wait(upTo: grace) {
            kill(-pid, SIGTERM)
            if !wait(upTo: .milliseconds(500)) {
                kill(-pid, SIGKILL)
                wait(upTo: .seconds(5))
            }
        }
        // Whatever the plugin started is in its group (and its PID namespace): end it too. The
        // leader is not reaped yet, so the group id cannot have been reused.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        drainStderr()
        closeFD(&stdoutFD)
        closeFD(&stderrFD)
        runCleanup()
    }

    /// Runs `body` once the process has ended and been reaped (e.g. removes its directory).
    public func onEnd(_ body: @escaping () -> Void) { cleanups.append(body) }

    private func runCleanup() {
        let pending = cleanups
        cleanups = []
        for body in pending { body() }
    }

    private func closeFD(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
