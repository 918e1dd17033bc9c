import CoachSync
import Testing

/// What a phone sealed is read strictly before it is validated as a logged mood: a whole
/// mood, soreness as whole numbers by group, a note, and no other key.
@Suite struct CheckinContentTests {
    @Test(
        "content the page writes is read as sent, values unchecked here",
        arguments: [
            (
                #"{"mood":4,"doms":{"quads":6},"notes":"x"}"#,
                CheckinContent(
                    mood: 4, doms: ["quads": 6], notes: "x")
            ),
            (#"{"mood":6,"doms":{}}"#, CheckinContent(mood: 6)),
            (#"{"mood":4,"doms":{"elbows":11}}"#, CheckinContent(mood: 4, doms: ["elbows": 11])),
        ])
    func read(json: String, expected: CheckinContent) {
        #expect(CheckinContent.decode(Array(json.utf8)) == expected)
    }

    @Test(
        "anything else is not a check-in",
        arguments: [
            #"{"doms":{"quads":6}}"#, #"{"mood":"4"}"#, #"{"mood":4.5}"#, #"{"mood":true}"#,
            #"{"mood":4,"doms":{"quads":"6"}}"#, #"{"mood":4,"notes":7}"#,
            #"{"mood":4,"extra":1}"#, #"[4]"#, "not json", "",
        ])
    func refused(json: String) {
        #expect(CheckinContent.decode(Array(json.utf8)) == nil)
    }

    @Test("the soreness is given to log mood as sorted group=level pairs; encoded() reads back")
    func levelsAndRoundTrip() throws {
        let content = CheckinContent(mood: 3, doms: ["quads": 6, "calves": 2], notes: "ok")
        #expect(content.domsLevels == ["calves=2", "quads=6"])
        #expect(CheckinContent.decode(try content.encoded()) == content)
    }
}
