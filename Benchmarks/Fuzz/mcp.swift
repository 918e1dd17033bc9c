import Foundation

/// libFuzzer target: the MCP server's line framing (compiled with MCPLineReader.swift): the
/// input arrives in two pieces split where its first byte says, with small limits so that
/// over-long and over-deep lines are reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = MCPLineReader(maxLineBytes: 256, maxDepth: 8)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    reader.append(bytes[..<cut])
    reader.append(bytes[cut...])
    while let event = reader.next() {
        if case .message = event { continue }
        _ = MCPLineReader.refusal(event)
    }
    return 0
}
