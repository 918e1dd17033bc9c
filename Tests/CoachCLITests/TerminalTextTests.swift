import Foundation
import Testing

@testable import CoachCLI

/// `TerminalText`: control characters from outside are escaped before they reach a terminal;
/// coach's own colours survive when colour is on; JSON keeps its meaning.
@Suite struct TerminalTextTests {
    static let cases: [(name: String, input: String, output: String)] = [
        ("plain text is untouched", "Jane Doe — 5×3′", "Jane Doe — 5×3′"),
        ("tab and newline stay", "a\tb\nc", "a\tb\nc"),
        ("a screen clear", "\u{1B}[2Jgone", "\\u001b[2Jgone"),
        ("a window-title OSC with bell", "\u{1B}]0;pwned\u{07}x", "\\u001b]0;pwned\\u0007x"),
        ("carriage return overwriting a line", "ok\rFAIL", "ok\\u000dFAIL"),
        ("delete and NUL", "a\u{7F}b\u{00}", "a\\u007fb\\u0000"),
        ("an 8-bit CSI (C1)", "x\u{9B}31my", "x\\u009b31my"),
        ("a right-to-left override", "abc\u{202E}fed", "abc\\u202efed"),
        ("a foreign colour is escaped too", "\u{1B}[8mhidden", "\\u001b[8mhidden"),
    ]

    @Test("Control characters are escaped, colour off", arguments: cases.indices)
    func escapes(index: Int) {
        let c = Self.cases[index]
        #expect(TerminalText.escaped(c.input, keepingColour: false) == c.output, "\(c.name)")
    }

    @Test("Coach's own colours survive with colour on; anything else around them is escaped")
    func ownColours() {
        let own = "\u{1B}[38;2;56;161;105mok\u{1B}[0m \u{1B}[1mHEAD\u{1B}[0m \u{1B}[2mdim\u{1B}[0m"
        #expect(TerminalText.escaped(own, keepingColour: true) == own)
        #expect(TerminalText.escaped(own, keepingColour: false).contains("\\u001b[38;2;56"))
        let mixed = "\u{1B}[1mA\u{1B}[0m\u{1B}[8mB\u{1B}]0;t\u{07}"
        #expect(
            TerminalText.escaped(mixed, keepingColour: true)
                == "\u{1B}[1mA\u{1B}[0m\\u001b[8mB\\u001b]0;t\\u0007")
    }

    @Test("An escaped JSON string reads back as the same text")
    func jsonMeaningKept() throws {
        let name = "Jane\u{85}\u{9B}\u{202E}Doe"
        let json = try Render.json(["name": name])
        let shown = TerminalText.escaped(json, keepingColour: false)
        #expect(!shown.unicodeScalars.contains { TerminalText.isControl($0) })
        let back = try JSONDecoder().decode([String: String].self, from: Data(shown.utf8))
        #expect(back["name"] == name)
    }
}
