import CoachPluginProtocol
import Foundation

/// libFuzzer target: the external-plugin protocol's line framer on arbitrary bytes, fed in
/// pieces whose sizes the first byte picks, with a small line limit so that over-long lines are
/// reached; each complete line is read as the host reads an answer's envelope. A line over the
/// limit must be refused, never returned.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = 64
    var framer = LineFramer(maxLineBytes: limit)
    let step = bytes.isEmpty ? 1 : Int(bytes[0]) % 17 + 1
    let decoder = JSONDecoder()
    var at = 0
    while at < bytes.count {
        framer.append(bytes[at..<min(at + step, bytes.count)])
        at += step
        do {
            while let line = try framer.nextLine() {
                precondition(line.count <= limit, "a line over the limit was returned")
                _ = try? decoder.decode(RPCResponse<RPCNull>.self, from: Data(line))
                _ = try? decoder.decode(RPCRequestHead.self, from: Data(line))
            }
        } catch {
            return 0  // refused: the host ends the plugin
        }
    }
    return 0
}
