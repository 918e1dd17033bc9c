import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// The redacted envelope: the header, the body's hash and the signature without the body, in
/// byte forms 4 (5 with `seen`). Its signature, change hash and chain are the full change's,
/// and the decoder reads it as strictly as the other forms.
@Suite struct EnvelopeRedactedTests {
    /// A signed change with a body, optionally naming a seen log position.
    static func change(seen: Bool, key: SigningKeyPair, sequence: Int64 = 1) -> ChangeEnvelope {
        var change = EnvelopeByteFormTests.change(
            ids: EnvelopeByteFormTests.uuids, sequence: sequence, key: key)
        change.body = [UInt8](repeating: 0x5A, count: 700)
        change.seen = seen ? EnvelopeSeenTests.seen : nil
        change.sign(by: key)
        return change
    }

    @Test(
        "A redacted change reads back from form 4 or 5 with its signature and hash unchanged",
        arguments: [false, true])
    func roundTrip(seen: Bool) throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: seen, key: key)
        let redacted = change.redacted()
        let bytes = redacted.encoded()
        let version =
            seen ? ChangeEnvelope.redactedSeenFormatVersion : ChangeEnvelope.redactedFormatVersion
        #expect(Array(bytes.prefix(2)) == [0xCE, UInt8(version)])
        let read = try ChangeEnvelope.decode(bytes)
        #expect(read == redacted && read.isRedacted && read.body.isEmpty)
        #expect(read.bodyHash == change.bodyHash)
        #expect(read.hash == change.hash)
        #expect(read.signedMessage == change.signedMessage)
        #expect(read.signatureValid(devicePK: key.publicKey))
        #expect(read.redacted() == read)
        // The header, 32 bytes of hash in place of a 2-byte length and the 700-byte body.
        #expect(bytes.count == change.encoded().count - 702 + 32)
        #expect(bytes.count <= (seen ? 290 : 250))
    }

    @Test("A device's chain verifies across its redacted changes")
    func chainHolds() throws {
        let key = try EnvelopeByteFormTests.key()
        var first = Self.change(seen: false, key: key)
        first.previousHash = ChangeEnvelope.genesisHash
        first.sign(by: key)
        var second = Self.change(seen: false, key: key, sequence: 2)
        second.previousHash = first.hash
        second.sign(by: key)
        let end = try ChangeVerifier.verifyChain(
            [first.redacted(), second], from: .genesis)
        #expect(end == ChangeVerifier.ChainPosition(sequence: 2, hash: second.hash))
    }

    @Test("Another body hash in a redacted form breaks the signature")
    func hashIsSigned() throws {
        let key = try EnvelopeByteFormTests.key()
        var redacted = Self.change(seen: false, key: key).redacted()
        redacted.redactedBodyHash = Hashing.blake2b([1, 2, 3])
        let read = try ChangeEnvelope.decode(redacted.encoded())
        #expect(!read.signatureValid(devicePK: key.publicKey))
    }

    @Test("Every cut, a byte more and an unknown version are refused, never a trap")
    func strict() throws {
        let key = try EnvelopeByteFormTests.key()
        for seen in [false, true] {
            let bytes = Self.change(seen: seen, key: key).redacted().encoded()
            for length in 0..<bytes.count {
                #expect(throws: ChangeRejection.self) {
                    try ChangeEnvelope.decode(Array(bytes.prefix(length)))
                }
            }
            #expect(throws: ChangeRejection.self) { try ChangeEnvelope.decode(bytes + [0]) }
            var unknown = bytes
            unknown[1] = 6
            #expect(throws: ChangeRejection.unsupportedVersion(6)) {
                try ChangeEnvelope.decode(unknown)
            }
        }
    }

    /// `python3` on PATH, if any.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs Tests/e2e/envelope.py with `arguments`; its one line of output.
    static func envelopePy(_ arguments: [String]) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("e2e/envelope.py")
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "envelope.py redacts as Swift does and hashes both forms alike",
        .enabled(if: python != nil, "python3 is not on PATH"), arguments: [false, true])
    func pythonCrossCheck(seen: Bool) throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: seen, key: key)
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        let redacted = change.redacted().encoded()
        #expect(try Self.envelopePy(["redact", hex(change.encoded())]) == hex(redacted))
        #expect(try Self.envelopePy(["redact", hex(redacted)]) == hex(redacted))
        #expect(try Self.envelopePy(["hash", hex(redacted)]) == hex(change.hash))
        #expect(try Self.envelopePy(["hash", hex(change.encoded())]) == hex(change.hash))
    }
}
