import Foundation
import Testing

@testable import CoachCrypto

@Suite struct KDFParametersTests {
    static let interactive = KDFParameters.Preset.interactive.limits
    static let sensitive = KDFParameters.Preset.sensitive.limits
    static let salt = [UInt8](repeating: 7, count: 16)

    @Test(
        "Every preset validates and uses a fresh 16-byte salt",
        arguments: KDFParameters.Preset.allCases)
    func presets(preset: KDFParameters.Preset) throws {
        let a = KDFParameters.new(preset), b = KDFParameters.new(preset)
        try a.validate()
        #expect(a.salt.count == 16 && a.salt != b.salt)
        #expect(a.algorithm == "argon2id13")
    }

    enum Bad: String, CaseIterable, Sendable {
        case opsOne, opsBelow, memBelow, opsAbsurd, memAbsurd, memHuge, algorithm, shortSalt,
            longSalt
        var parameters: KDFParameters {
            let i = KDFParametersTests.interactive, s = KDFParametersTests.sensitive,
                salt = KDFParametersTests.salt
            switch self {
            case .opsOne:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: 1, memLimit: i.mem, salt: salt)
            case .opsBelow:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops - 1, memLimit: i.mem, salt: salt)
            case .memBelow:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops, memLimit: i.mem - 1, salt: salt)
            case .opsAbsurd:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: s.ops * 4 + 1, memLimit: i.mem, salt: salt)
            case .memAbsurd:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops, memLimit: s.mem * 4 + 1, salt: salt)
            case .memHuge:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops, memLimit: 1 << 50, salt: salt)
            case .algorithm:
                return KDFParameters(
                    algorithm: "argon2i13", opsLimit: i.ops, memLimit: i.mem, salt: salt)
            case .shortSalt:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops, memLimit: i.mem,
                    salt: Array(salt.prefix(15)))
            case .longSalt:
                return KDFParameters(
                    algorithm: "argon2id13", opsLimit: i.ops, memLimit: i.mem, salt: salt + [0])
            }
        }
    }

    @Test("Out-of-range parameters are rejected before any hashing", arguments: Bad.allCases)
    func rejected(bad: Bad) throws {
        #expect(throws: CryptoError.self) { try bad.parameters.validate() }
        let start = ContinuousClock.now
        #expect {
            _ = try bad.parameters.deriveKey(passphrase: .from(Array("a passphrase".utf8)))
        } throws: { error in
            // unsafeKDFParameters comes from validate(); kdfFailed or success would mean libsodium ran.
            if case CryptoError.unsafeKDFParameters = error { return true }
            return false
        }
        // A real interactive derivation takes ~0.1 s; a rejection takes microseconds.
        #expect(ContinuousClock.now - start < .milliseconds(50))
    }

    @Test(
        "The interactive derivation is deterministic for a salt and differs by passphrase and salt")
    func derivation() throws {
        let i = Self.interactive
        let p = KDFParameters(
            algorithm: "argon2id13", opsLimit: i.ops, memLimit: i.mem, salt: Self.salt)
        let a = try p.deriveKey(passphrase: .from(Array("passphrase one".utf8))).exportBytes()
        #expect(
            a == (try p.deriveKey(passphrase: .from(Array("passphrase one".utf8))).exportBytes()))
        #expect(
            a != (try p.deriveKey(passphrase: .from(Array("passphrase two".utf8))).exportBytes()))
        var q = p
        q.salt[0] ^= 1
        #expect(
            a != (try q.deriveKey(passphrase: .from(Array("passphrase one".utf8))).exportBytes()))
        #expect(throws: CryptoError.invalidLength(what: "passphrase")) {
            try p.deriveKey(passphrase: .from([]))
        }
    }

    @Test("Parameters survive a JSON round trip")
    func codable() throws {
        let p = KDFParameters.new(.interactive)
        #expect(try JSONDecoder().decode(KDFParameters.self, from: JSONEncoder().encode(p)) == p)
    }
}
