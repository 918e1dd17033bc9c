import Foundation
import Testing

@testable import CoachMCP

/// The MCP line reader: lines split wherever reads end, an overlong line dropped as it streams
/// and answered once, a too-deep request answered, and the stream going on after both.
@Suite struct MCPLineReaderTests {
    static func events(_ text: [UInt8], chunk: Int, maxLine: Int = 64, maxDepth: Int = 4)
        -> [MCPLineReader.Event]
    {
        var r = MCPLineReader(maxLineBytes: maxLine, maxDepth: maxDepth)
        var out: [MCPLineReader.Event] = []
        var at = 0
        while at < text.count {
            r.append(text[at..<min(text.count, at + chunk)])
            at += chunk
            while let e = r.next() { out.append(e) }
        }
        return out
    }

    @Test("lines come out whole wherever the reads split them", arguments: [1, 3, 7, 4096])
    func split(_ chunk: Int) {
        let text = Array("{\"a\":1}\r\n\n[2]\n".utf8)
        #expect(
            Self.events(text, chunk: chunk)
                == [.message(Array("{\"a\":1}".utf8)), .message(Array("[2]".utf8))])
    }

    @Test("an overlong line is refused once, without being held, and the next line is read")
    func overlong() {
        let text = Array((String(repeating: "x", count: 1000) + "\n{}\n").utf8)
        #expect(Self.events(text, chunk: 10) == [.tooLong, .message(Array("{}".utf8))])
        #expect(
            Self.events(Array((String(repeating: "x", count: 64) + "\n").utf8), chunk: 5)
                == [.message(Array(String(repeating: "x", count: 64).utf8))])
    }

    @Test(
        "nesting is counted outside strings only",
        arguments: [
            ("[[[[1]]]]", 4), (#"{"a":[{"b":"[[[[[["}]}"#, 3), (#"["\"[[[[["]"#, 1), ("1", 0),
        ])
    func depth(_ json: String, _ expected: Int) {
        #expect(MCPLineReader.depth(Array(json.utf8)) == expected)
    }

    @Test("a request nested past the limit is refused; the stream goes on")
    func tooDeep() {
        let text = Array("[[[[[1]]]]]\n[[1]]\n".utf8)
        #expect(Self.events(text, chunk: 4) == [.tooDeep, .message(Array("[[1]]".utf8))])
    }

    @Test("a refusal is a JSON-RPC error with a null id")
    func refusal() throws {
        for e in [MCPLineReader.Event.tooLong, .tooDeep] {
            let obj = try #require(
                try JSONSerialization.jsonObject(with: MCPLineReader.refusal(e)) as? [String: Any])
            #expect(obj["id"] is NSNull)
            #expect((obj["error"] as? [String: Any])?["code"] as? Int == -32600)
        }
    }
}
