import Foundation
import Testing

/// SECURITY.md test 14 across the whole file: each byte-flipped or truncated copy of a workspace,
/// opened by a separate `coach` process, gives one clean error line or the right data; never a
/// crash (a signal), never wrong plaintext.
@Suite struct DamagedFileCLITests {
    static let goal = "cli-damaged-file-goal"
    static let allowed: Set<Int32> = [0, 65, 66, 74, 77]

    enum Damage: Sendable, CustomTestStringConvertible {
        case flipAt(Int)
        case flipAtFraction(Double)
        case truncateTo(Int)
        case truncateFraction(Double)
        var testDescription: String { "\(self)" }
    }

    static let damages: [Damage] =
        [0, 16, 17, 18, 19, 21, 28, 32, 40, 44, 52, 56, 60, 96, 100, 101, 103, 105].map(
            Damage.flipAt)
        + stride(from: 0.05, to: 1.0, by: 0.05).map(Damage.flipAtFraction)
        + [
            .truncateTo(0), .truncateTo(99), .truncateTo(4096), .truncateFraction(0.5),
            .truncateFraction(0.99),
        ]

    final class Pristine: @unchecked Sendable {
        let sandbox: CoachSandbox
        let bytes: [UInt8]
        let auth: [String]
        init() throws {
            sandbox = try CoachSandbox()
            try sandbox.initialise()
            try sandbox.expectOK(
                sandbox.run(["athlete", "note", "jane", "--goals", DamagedFileCLITests.goal]))
            let out = sandbox.root + "/pristine.sqlite"
            try sandbox.expectOK(sandbox.run(["backup", "--out", out]))
            bytes = FileManager.default.contents(atPath: out).map([UInt8].init) ?? []
            auth = [
                "--as", "olivia", "--passphrase-file",
                try sandbox.secretFile("owner", CoachSandbox.ownerPass),
            ]
        }
    }

    @Test(
        "Damaged copies (header bytes, 19 spread positions, 5 truncations) give one clean error line or the exact data"
    )
    func damaged() throws {
        let damages = Self.damages
        let p = try Pristine()
        let s = p.sandbox
        #expect(p.bytes.count > 8192)
        let control = s.root + "/control.sqlite"
        _ = FileManager.default.createFile(
            atPath: control, contents: Data(p.bytes), attributes: [.posixPermissions: 0o600])
        #expect(
            try s.expectOK(
                s.run(["athlete", "show", "jane", "--json", "--workspace", control] + p.auth)
            ).stdout.contains(Self.goal))
        var outcomes: [Int32: Int] = [:]
        for (i, damage) in damages.enumerated() {
            var bytes = p.bytes
            switch damage {
            case .flipAt(let o): bytes[o] ^= 0xff
            case .flipAtFraction(let f): bytes[Int(Double(bytes.count) * f)] ^= 0xff
            case .truncateTo(let n): bytes = Array(bytes.prefix(n))
            case .truncateFraction(let f): bytes = Array(bytes.prefix(Int(Double(bytes.count) * f)))
            }
            let path = s.root + "/damaged-\(i).sqlite"
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
            let r = try s.run(
                ["athlete", "show", "jane", "--json", "--workspace", path] + p.auth, timeout: 60)
            outcomes[r.status, default: 0] += 1
            #expect(
                !r.crashed, "\(damage): coach died from a signal; stderr: \(r.stderr.prefix(300))")
            #expect(
                Self.allowed.contains(r.status),
                "\(damage): exit \(r.status): \(r.stderr.prefix(300))")
            if r.status == 0 {
                #expect(r.stdout.contains(Self.goal), "\(damage): exit 0 but wrong data")
            } else {
                #expect(
                    r.errorLines.count == 1 && r.stderr.hasPrefix("coach: "),
                    "\(damage): \(r.stderr.prefix(300))")
                #expect(!r.stdout.contains(Self.goal))
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        print(
            "test 14: exit codes over \(damages.count) damaged copies: \(outcomes.sorted { $0.key < $1.key })"
        )
    }
}
