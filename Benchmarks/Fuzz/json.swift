import CoachKit
import Foundation

/// libFuzzer target: the coach/1 JSON dataset as `coach import json` reads it: decoding, then
/// each record's own range checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let d = try? JSONDecoder().decode(AthleteDataset.self, from: bytes) else { return 0 }
    for w in d.workouts { _ = try? w.validate() }
    for b in d.biometrics { _ = try? b.validate() }
    for s in d.sleep { _ = try? s.validate() }
    for f in d.food { _ = try? f.validate() }
    for w in d.weight { _ = try? w.validate() }
    for s in d.steps { _ = try? s.validate() }
    for w in d.wellness { _ = try? w.validate() }
    _ = DatasetCSV.render(d)
    return 0
}
