import CoachImport
import Foundation

/// libFuzzer target: the Apple Health export.xml importer (XML scanner, bounded values) on
/// arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let importer = AppleHealthImporter(file: "export.xml")
    _ = try? importer.run(stream: MemoryStream(bytes), entryName: nil, into: CollectingSink())
    return 0
}
