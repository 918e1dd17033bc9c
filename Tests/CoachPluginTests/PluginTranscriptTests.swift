import ActivityPlugin
import CoachKit
import CoachMetrics
import CoachPluginProtocol
import CoachPluginSDK
import Foundation
import Testing

/// The wire format of protocol version 1, pinned by golden NDJSON transcripts: what the host
/// sends, what an SDK plugin answers, byte for byte.
@Suite struct PluginTranscriptTests {
    static let host = PeerInfo(name: "coach", version: "0.1.0")

    /// A full conversation with the built-in activity metric served through the SDK.
    static func activityTranscript() throws -> String {
        let session = PluginSession(
            plugin: PeerInfo(id: "activity-demo", name: "Activity demo", version: "1.0.0"),
            providers: [ActivityMetric()])
        let day = LocalDay(year: 2026, month: 11, day: 20)!
        var input = MetricInput(
            day: day, timeZone: "Europe/Berlin",
            athlete: AthleteContext(
                ref: "5f1c0a9e2b7d4c3e8a6f0b1d2c3e4f5a", sex: .female, ageYears: 32))
        input.steps = (0..<3).map { StepsDay(day: day.adding(days: -$0), steps: 8000 + $0 * 500) }
        let requests: [[UInt8]] = [
            try PluginProtocol.line(
                RPCRequest(id: 1, method: .initialize, params: InitializeParams(host: host))),
            try PluginProtocol.line(
                RPCRequest(
                    id: 2, method: .evaluate,
                    params: EvaluateParams(provider: "activity", input: input))),
            try PluginProtocol.line(RPCRequest(id: 3, method: .shutdown, params: RPCNull())),
        ]
        var lines: [String] = []
        for request in requests {
            lines.append("> " + String(decoding: request.dropLast(), as: UTF8.self))
            let (reply, _) = session.handle(Array(request.dropLast()))
            let answer = try #require(reply)
            lines.append("< " + String(decoding: answer.dropLast(), as: UTF8.self))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("Host requests and SDK answers match the golden transcript")
    func golden() throws {
        try PluginTestSupport.expectGolden(
            try Self.activityTranscript(), "PluginTranscriptTests.activity.ndjson")
    }

    @Test("Every line of the golden transcript decodes as the message it stands for")
    func goldenDecodes() throws {
        let url = PluginTestSupport.fixtures.appendingPathComponent(
            "golden/PluginTranscriptTests.activity.ndjson")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { Data($0.dropFirst(2).utf8) }
        #expect(lines.count == 6)
        let d = JSONDecoder()
        let hello = try d.decode(RPCRequest<InitializeParams>.self, from: lines[0])
        #expect(hello.params.protocolVersions == [1])
        let manifest = try d.decode(RPCResponse<InitializeResult>.self, from: lines[1])
        #expect(manifest.result?.providers.map(\.id) == ["activity"])
        let ask = try d.decode(RPCRequest<EvaluateParams>.self, from: lines[2])
        #expect(ask.params.input.steps.count == 3)
        let answer = try d.decode(RPCResponse<MetricResult>.self, from: lines[3])
        #expect(answer.id == 2 && answer.result?.id == "activity")
        let bye = try d.decode(RPCResponse<RPCNull>.self, from: lines[5])
        #expect(bye.id == 3 && bye.error == nil)
    }

    @Test("A host offering no version the plugin speaks gets an error naming both")
    func versionMismatch() throws {
        let session = PluginSession(
            plugin: PeerInfo(id: "x", name: "x", version: "1"), providers: [ActivityMetric()])
        let request = try PluginProtocol.line(
            RPCRequest(
                id: 1, method: .initialize,
                params: InitializeParams(protocolVersions: [7], host: Self.host)))
        let (reply, done) = session.handle(Array(request.dropLast()))
        let text = String(decoding: try #require(reply), as: UTF8.self)
        #expect(done)
        #expect(text.contains("protocol 1") && text.contains("offers 7"))
    }

    @Test("Unknown fields are ignored on both sides")
    func unknownFields() throws {
        let line = """
            {"jsonrpc":"2.0","id":4,"method":"evaluate","extra":true,"params":{"provider":"activity",\
            "day":"2026-11-20","timeZone":"UTC","future":{"x":1},"athlete":{"hobby":"chess"},\
            "inputs":{"steps":[{"day":"2026-11-20","steps":9000,"colour":"red"}]}}}
            """
        let request = try JSONDecoder().decode(
            RPCRequest<EvaluateParams>.self, from: Data(line.utf8))
        #expect(request.params.input.steps.first?.steps == 9000)
    }
}
