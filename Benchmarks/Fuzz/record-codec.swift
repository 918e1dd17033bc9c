import CoachCodec
import CoachKit
import Foundation

/// libFuzzer target: the record codec on arbitrary bytes. The first byte picks a record kind;
/// the rest is opened as a sealed record's plaintext (compact, verbatim or JSON), inflated as a
/// snapshot chunk, and read as a snapshot section. A payload that opens is packed again and must
/// open to the same bytes (what `RecordPayload` promises every record).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let kinds = RecordKind.allCases
    let kind = kinds[Int(bytes[0]) % kinds.count]
    let rest = Array(bytes.dropFirst())
    if let json = try? RecordPayload.unpack(rest, kind: kind, id: "fuzz") {
        let again = RecordPayload.pack(json, kind: kind, id: "fuzz")
        precondition(
            (try? RecordPayload.unpack(again, kind: kind, id: "fuzz")) == json,
            "a payload packed again opens differently")
    }
    _ = try? ChunkCompression.decompress(rest)
    var d = AthleteDataset(
        athlete: AthleteProfile(handle: "fuzz", name: "Fuzz", timeZone: "UTC"))
    _ = try? SnapshotCoding.decode(kind, from: rest, into: &d)
    _ = try? SnapshotCoding.decode(kind, appendingFrom: rest, into: &d)
    return 0
}
