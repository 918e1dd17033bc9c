import CoachImport
import Foundation

/// libFuzzer target: the CSV importer on arbitrary text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? CSVImporter(file: "fuzz.csv").run(text: text, into: CollectingSink())
    return 0
}
