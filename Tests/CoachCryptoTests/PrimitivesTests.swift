import Foundation
import Testing

@testable import CoachCrypto

@Suite struct PrimitivesTests {
    @Test(
        "Associated data is length-prefixed big-endian, so field boundaries cannot shift",
        arguments: [
            (["ab"], "00000002" + "6162"),
            (["ab", "c"], "00000002" + "6162" + "00000001" + "63"),
            (["a", "bc"], "00000001" + "61" + "00000002" + "6263"),
            (["", ""], "00000000" + "00000000"),
        ])
    func encoding(fields: [String], hex: String) {
        var ad = AssociatedData(fields[0])
        for f in fields.dropFirst() { ad.append(f) }
        #expect(Hex.encode(ad.bytes) == hex)
    }

    @Test(
        "Integers are 8-byte big-endian fields; bytes and strings of the same content encode alike")
    func integersAndBytes() {
        #expect(
            Hex.encode(AssociatedData("x").with(258).bytes) == "0000000178" + "00000008"
                + "0000000000000102")
        #expect(Hex.encode(AssociatedData("x").with(Int64(-1)).bytes).hasSuffix("ffffffffffffffff"))
        #expect(
            AssociatedData("x").with([UInt8](Array("y".utf8))).bytes
                == AssociatedData("x").with("y").bytes)
        #expect(AssociatedData("x").with("1").bytes != AssociatedData("x").with(1).bytes)
    }

    @Test("Consuming an array into a SecretKey wipes the array")
    func consumeWipes() throws {
        var bytes: [UInt8] = [1, 2, 3, 4, 5]
        let key = try SecretKey(consuming: &bytes)
        #expect(bytes == [0, 0, 0, 0, 0])
        #expect(key.exportBytes() == [1, 2, 3, 4, 5])
        #expect(try key.slice(1..<3).exportBytes() == [2, 3])
    }

    @Test("A sealed box opens only with the recipient's key pair")
    func sealedBox() throws {
        let alice = try BoxKeyPair.generate(), mallory = try BoxKeyPair.generate()
        let box = try SealedBox.seal([9, 8, 7], to: alice.publicKey)
        #expect(box.count == 3 + SealedBox.overhead)
        #expect(try SealedBox.open(box, with: alice).exportBytes() == [9, 8, 7])
        #expect(throws: CryptoError.authenticationFailed) { try SealedBox.open(box, with: mallory) }
        var flipped = box
        flipped[flipped.count - 1] ^= 1
        #expect(throws: CryptoError.authenticationFailed) {
            try SealedBox.open(flipped, with: alice)
        }
        #expect(throws: CryptoError.invalidLength(what: "public key")) {
            try SealedBox.seal([1], to: [1, 2, 3])
        }
    }

    @Test("Signatures verify only for the signed message and key")
    func signatures() throws {
        let k = try SigningKeyPair.generate(), other = try SigningKeyPair.generate()
        let sig = k.sign([1, 2, 3])
        #expect(SigningKeyPair.verify(sig, of: [1, 2, 3], publicKey: k.publicKey))
        #expect(!SigningKeyPair.verify(sig, of: [1, 2, 4], publicKey: k.publicKey))
        #expect(!SigningKeyPair.verify(sig, of: [1, 2, 3], publicKey: other.publicKey))
        #expect(
            !SigningKeyPair.verify(Array(sig.dropLast()), of: [1, 2, 3], publicKey: k.publicKey))
    }

    @Test(
        "Subkeys differ by id and context, and contexts must be 8 bytes",
        arguments: ["records", "records__", ""])
    func subkeys(badContext: String) throws {
        let master = try SecretKey.random()
        let a = try Hashing.deriveSubkey(id: 1, context: "records_", from: master).exportBytes()
        #expect(
            a != (try Hashing.deriveSubkey(id: 2, context: "records_", from: master).exportBytes()))
        #expect(
            a != (try Hashing.deriveSubkey(id: 1, context: "epochwrp", from: master).exportBytes()))
        #expect(throws: CryptoError.invalidLength(what: "KDF context")) {
            try Hashing.deriveSubkey(id: 1, context: badContext, from: master)
        }
    }

    @Test("Constant-time comparison agrees with equality")
    func constantTime() {
        #expect(Sodium.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!Sodium.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!Sodium.constantTimeEqual([1, 2, 3], [1, 2]))
    }
}
