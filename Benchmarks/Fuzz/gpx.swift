import CoachImport
import Foundation

/// libFuzzer target: the XML scanner and the GPX importer on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let importer = TrackImporter(file: "fuzz.gpx", zone: TimeZone(identifier: "UTC")!)
    _ = try? importer.run(stream: MemoryStream(bytes), format: .gpx, into: CollectingSink())
    return 0
}
