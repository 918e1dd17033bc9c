import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@Suite struct RosterWireTests {
    @Test("every roster entry type survives JSON and keeps its canonical hash")
    func entriesRoundTrip() throws {
        let entries = try SyncFixture().entries
        #expect(
            Set(entries.map(\.type)) == [
                "user", "athlete", "epoch", "grant", "device", "device_revocation", "plugin",
                "removal", "key_row",
            ])
        let decoded = try SyncJSON.decode(
            [RosterEntry].self, from: try SyncJSON.encode(entries))
        #expect(decoded == entries)
        #expect(decoded.map(\.hash) == entries.map(\.hash))
        #expect(Set(entries.map(\.hash)).count == entries.count)
    }

    @Test("an entry's JSON is its type and a member of that name, with snake_case keys")
    func entryShape() throws {
        let device = try SyncFixture().entries[4]
        let text = String(decoding: try SyncJSON.encode(device), as: UTF8.self)
        #expect(text.hasPrefix("{\"device\":{\"created_at\":1764000000001,\"device_id\":\"d-1\""))
        #expect(text.hasSuffix("\"type\":\"device\"}"))
    }

    @Test("an unknown entry type is refused")
    func unknownType() {
        #expect(throws: DecodingError.self) {
            try SyncJSON.decode(
                RosterEntry.self, from: Array(#"{"type":"wizard","wizard":{}}"#.utf8))
        }
    }

    @Test("a user entry gives back the certificate it was made of, and it still verifies")
    func userCertificate() throws {
        let fixture = try SyncFixture()
        let entry = RosterUser(certificate: fixture.ownerCertificate, sealedKeys: [1])
        let back = try #require(entry.certificate)
        #expect(back == fixture.ownerCertificate)
        #expect(
            back.signatureValid(
                signerPK: fixture.owner.publicKey, workspaceId: SyncFixture.workspace))
        var odd = entry
        odd.status = "sleeping"
        #expect(odd.certificate == nil)
    }

    @Test("the roster head chains every entry in order, and any change of one moves it")
    func headChain() throws {
        let entries = try SyncFixture().entries
        let head = RosterHead.empty.appending(contentsOf: entries)
        #expect(head.count == Int64(entries.count))
        #expect(head == RosterHead.empty.appending(contentsOf: entries))
        #expect(head != RosterHead.empty.appending(contentsOf: entries.reversed()))
        var altered = entries
        guard case .athlete(var athlete) = altered[1] else { Issue.record("order"); return }
        athlete.handleTag = [4, 6]
        altered[1] = .athlete(athlete)
        #expect(head.hash != RosterHead.empty.appending(contentsOf: altered).hash)
        let first = RosterHead.empty.appending(entries[0])
        let expected = Hashing.blake2b(
            AssociatedData("coach/1/roster-head").with(
                RosterHead.empty.hash.bytes, entries[0].hash
            ).bytes)
        #expect(first.hash.bytes == expected)
    }

    @Test("a registration verifies under its owner key, and not once a field changes")
    func registration() throws {
        let fixture = try SyncFixture()
        let registration = fixture.registration
        #expect(registration.signatureValid)
        #expect(registration.anchor.ownerSignPK == fixture.owner.publicKey)
        var moved = registration
        moved.workspaceId = "another"
        #expect(!moved.signatureValid)
        var swapped = registration
        swapped.ownerSignPK = SyncBytes(fixture.device.publicKey)
        #expect(!swapped.signatureValid)
        let request = RegistrationRequest(
            registration: registration, roster: fixture.entries)
        #expect(
            try SyncJSON.decode(RegistrationRequest.self, from: SyncJSON.encode(request))
                == request)
    }
}
