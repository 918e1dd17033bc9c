import CoachImport
import Foundation

/// libFuzzer target: the FIT decoder and importer on arbitrary bytes (errors are fine, traps
/// are findings).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let importer = FITImporter(file: "fuzz.fit", zone: TimeZone(identifier: "UTC")!)
    _ = try? importer.run(bytes: bytes, into: CollectingSink())
    return 0
}
