import CoachCrypto
import CoachKit
import Testing

@testable import CoachSync

/// The join invitation code: RFC 4648 base32 of 15 random bytes in six groups, read back
/// whatever the case, spaces and dashes, and a verifier bound to workspace, user and code.
@Suite struct JoinCodeTests {
    /// Hands out the same bytes again and again.
    struct Repeating: RandomSource {
        let bytes: [UInt8]
        func fill(_ buffer: UnsafeMutableRawBufferPointer) {
            for i in 0..<buffer.count { buffer[i] = bytes[i % bytes.count] }
        }
    }

    @Test(
        "a code is the base32 of 15 random bytes, in groups of four (RFC 4648 vectors)",
        arguments: [
            (Array("foobarfoobarfoo".utf8), "MZXW-6YTB-OJTG-633C-MFZG-M33P"),
            ([0], "AAAA-AAAA-AAAA-AAAA-AAAA-AAAA"),
            ([0xFF], "7777-7777-7777-7777-7777-7777"),
        ] as [([UInt8], String)])
    func make(_ bytes: [UInt8], _ expected: String) {
        #expect(JoinCode.make(random: Repeating(bytes: bytes)) == expected)
    }

    @Test(
        "a typed code is read without case, spaces or dashes; anything else is no code",
        arguments: [
            ("mzxw-6ytb-ojtg-633c-mfzg-m33p", "MZXW6YTBOJTG633CMFZGM33P"),
            ("MZXW 6YTB OJTG 633C MFZG M33P", "MZXW6YTBOJTG633CMFZGM33P"),
            ("MZXW6YTBOJTG633CMFZGM33P", "MZXW6YTBOJTG633CMFZGM33P"),
            ("MZXW6YTBOJTG633CMFZGM33", nil),
            ("MZXW6YTBOJTG633CMFZGM33PA", nil),
            ("MZXW6YTBOJTG633CMFZGM331", nil),
            ("MZXW6YTBOJTG633CMFZGM338", nil),
            ("MZXW6YTBOJTG633CMFZGM33P\n", nil),
            ("", nil),
        ] as [(String, String?)])
    func normalized(_ typed: String, _ expected: String?) {
        #expect(JoinCode.normalized(typed) == expected)
    }

    @Test("two codes from the system's randomness differ, and each reads back")
    func fresh() {
        let a = JoinCode.make(random: SystemRandom())
        let b = JoinCode.make(random: SystemRandom())
        #expect(a != b)
        #expect(JoinCode.normalized(a)?.count == JoinCode.length)
    }

    @Test("the verifier is 32 bytes and changes with the workspace, the user and the code")
    func verifier() {
        let code = "MZXW6YTBOJTG633CMFZGM33P"
        let base = JoinCode.verifier(workspace: "ws-1", user: "u-jane", code: code)
        #expect(base.count == 32)
        #expect(base == JoinCode.verifier(workspace: "ws-1", user: "u-jane", code: code))
        #expect(base != JoinCode.verifier(workspace: "ws-2", user: "u-jane", code: code))
        #expect(base != JoinCode.verifier(workspace: "ws-1", user: "u-carl", code: code))
        #expect(
            base
                != JoinCode.verifier(
                    workspace: "ws-1", user: "u-jane", code: "MZXW6YTBOJTG633CMFZGM33Q"))
        // Length-prefixed: moving a character between fields is another verifier.
        #expect(
            JoinCode.verifier(workspace: "ws-1u", user: "-jane", code: code)
                != JoinCode.verifier(workspace: "ws-1", user: "u-jane", code: code))
    }
}
