import CoachPluginProtocol
import Testing

@Suite struct LineFramerTests {
    @Test("Lines split at newlines, carriage returns dropped, partial lines kept for later")
    func splitsLines() throws {
        var f = LineFramer(maxLineBytes: 100)
        f.append(Array("{\"a\":1}\r\n{\"b\"".utf8))
        #expect(try f.nextLine() == Array("{\"a\":1}".utf8))
        #expect(try f.nextLine() == nil)
        f.append(Array(":2}\n".utf8))
        #expect(try f.nextLine() == Array("{\"b\":2}".utf8))
    }

    @Test("A line over the limit is refused before its newline arrives")
    func refusesFlood() {
        var f = LineFramer(maxLineBytes: 10)
        f.append([UInt8](repeating: 0x78, count: 11))
        #expect(throws: LineFramer.LineTooLong.self) { try f.nextLine() }
    }
}
