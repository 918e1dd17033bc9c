import CoachTrust
import Foundation

/// libFuzzer target: the signed change envelope's decoder on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ChangeEnvelope.decode(bytes)
    return 0
}
