import CoachTestSupport
import Foundation
import Testing

@testable import CoachImport

/// A FIFO (or any file that is not a regular file) named directly or met in a bulk folder is
/// refused at once with a message naming it; it never blocks the import.
@Suite(.timeLimit(.minutes(1))) struct NonRegularFileTests {
    /// A folder holding one real FIT ride and a FIFO named like a FIT file.
    static func folderWithFIFO() throws -> (TempFolder, String) {
        let dir = try TempFolder()
        try FileManager.default.copyItem(
            atPath: TestFixtures.path("fit/ride_12min_s3.fit"), toPath: dir.path + "/ride.fit")
        let fifo = dir.path + "/stuck.fit"
        #expect(mkfifo(fifo, 0o600) == 0)
        return (dir, fifo)
    }

    @Test("a FIFO named directly is refused as unreadable, without blocking")
    func fifoNamed() throws {
        let (dir, fifo) = try Self.folderWithFIFO()
        _ = dir
        #expect(throws: ImportError.self) { _ = try ImportUnits.units(path: fifo) }
        do {
            _ = try FileStream(path: fifo)
            Issue.record("a FIFO was opened for reading")
        } catch let e as ImportError {
            #expect(e.problem == .unreadable)
            #expect(
                e.description
                    == "\(fifo): is not a regular file (a FIFO, socket or device), so it is not read"
            )
        }
    }

    @Test("a FIFO in a bulk folder is refused by name; the folder's other files import")
    func fifoInFolder() throws {
        let (dir, fifo) = try Self.folderWithFIFO()
        let units = try ImportUnits.units(path: dir.path)
        #expect(units.map(\.name).sorted() == [dir.path + "/ride.fit", fifo])
        let sink = CollectingSink()
        var refused: [String] = []
        for unit in units {
            do {
                try unit.run(into: sink, settings: ImportSettings(zone: .gmt))
            } catch let e as ImportError {
                #expect(e.problem == .unreadable)
                refused.append(e.file)
            }
        }
        #expect(refused == [fifo])
        #expect(sink.countsByLabel["FIT session"] == 1)
    }
}
