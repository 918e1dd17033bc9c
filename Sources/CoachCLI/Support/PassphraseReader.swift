import CoachApp
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads passphrases from a file, standard input or the terminal (without echo).
///
/// Never from argv or the environment. The bytes go straight into a `Passphrase`; the
/// temporary buffers are wiped.
enum PassphraseReader {
    /// Reads the first line of `path` (or of stdin for `-`).
    static func fromFile(_ path: String) throws -> Passphrase {
        var data: [UInt8]
        if path == "-" {
            data = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let d = FileManager.default.contents(atPath: path) else {
                throw CLIError.io(
                    "cannot read the passphrase file \(path); check the path and its permissions")
            }
            data = [UInt8](d)
        }
        defer { Passphrase.wipe(&data) }
        var line = Array(data.prefix { $0 != 10 })
        if line.last == 13 { line.removeLast() }
        guard !line.isEmpty else { throw CLIError.invalid("the passphrase file \(path) is empty") }
        return try Passphrase(consuming: &line)
    }

    /// Prompts on the controlling terminal with echo off; `nil` when there is no terminal.
    static func prompt(_ label: String) throws -> Passphrase? {
        let fd = Glibc.open("/dev/tty", O_RDWR)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var old = termios()
        guard tcgetattr(fd, &old) == 0 else { return nil }
        var quiet = old
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Echo goes off before the label shows, so a passphrase typed (or pasted) as soon as the
        // label appears is neither shown nor flushed away.
        _ = tcsetattr(fd, TCSAFLUSH, &quiet)
        _ = label.withCString { write(fd, $0, strlen($0)) }
        defer {
            _ = tcsetattr(fd, TCSAFLUSH, &old)
            _ = write(fd, "\n", 1)
        }
        var bytes: [UInt8] = []
        var c: UInt8 = 0
        while read(fd, &c, 1) == 1, c != 10, c != 13 { bytes.append(c) }
        c = 0
        guard !bytes.isEmpty else {
            Passphrase.wipe(&bytes); throw CLIError.invalid("empty passphrase")
        }
        return try Passphrase(consuming: &bytes)
    }

    /// A new passphrase: from `file` when given, else prompted twice on the terminal.
    static func newPassphrase(file: String?, label: String) throws -> Passphrase {
        if let file { return try fromFile(file) }
        guard let first = try prompt("\(label): ") else {
            throw CLIError.usage(
                "no terminal to ask for a passphrase; pass --new-passphrase-file PATH or -")
        }
        guard let second = try prompt("Repeat \(label.lowercased()): ") else {
            throw CLIError.usage("no terminal")
        }
        guard first.matches(second) else {
            throw CLIError.invalid("the two passphrases differ; try again")
        }
        return first
    }
}
