import CoachCrypto
import CoachKit
import CoachLocal
import Testing

@testable import CoachStore

/// A machine-local file failure reads, classes and maps exactly like the workspace error it
/// was before the files moved to CoachLocal.
@Suite struct LocalFileErrorTests {
    static let cases: [(LocalFileError, StoreError)] = [
        (.workspaceMissing("/w"), .workspaceMissing("/w")),
        (.notAWorkspace("/w"), .notAWorkspace("/w")),
        (
            .unsafePath("/w", reason: "others can write to it", remedy: .moveOrAllowShared),
            .unsafePath("/w", reason: "others can write to it", remedy: .moveOrAllowShared)
        ),
        (
            .unsafePath("/s", reason: "cannot write it"),
            .unsafePath("/s", reason: "cannot write it")
        ),
        (.fileExists("/o.csv"), .fileExists("/o.csv")),
        (.ambiguousSession(["olivia", "carl"]), .ambiguousSession(["olivia", "carl"])),
    ]

    @Test("Each case has the words, remedy and category of its StoreError, and maps to it")
    func sameAsStoreError() throws {
        for (local, store) in Self.cases {
            #expect(StoreError(local) == store)
            #expect(local.problemDescription == store.problemDescription)
            #expect(local.remedy == store.remedy)
            #expect(local.category == store.category)
            #expect(local.errorDescription == store.errorDescription)
        }
    }

    @Test("The store reports a local failure of its own file as its StoreError")
    func storeMaps() throws {
        #expect(throws: StoreError.workspaceMissing("/nowhere/w.sqlite")) {
            try Workspace.open(
                at: "/nowhere/w.sqlite", clock: SystemClock(), random: SystemRandom(),
                ids: .randomUUIDs)
        }
        #expect(throws: StoreError.fileExists("/f")) {
            try StoreError.local { throw LocalFileError.fileExists("/f") }
        }
    }
}
