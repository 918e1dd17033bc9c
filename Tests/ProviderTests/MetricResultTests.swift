import CoachKit
import Foundation
import Testing

@Suite struct MetricResultTests {
    func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try MetricResult.makeEncoder().encode(value)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test("an insufficient result writes every key, with null score, band and values")
    func insufficientShape() throws {
        let r = MetricResult.insufficient(
            id: "demo", reason: "no data", values: ["a": nil, "b": 2])
        let o = try json(r)
        #expect(
            Set(o.keys) == [
                "id", "status", "score", "band", "values", "components", "flags", "explanation",
                "reason",
            ])
        #expect(o["status"] as? String == "insufficient_data")
        #expect(o["score"] is NSNull)
        #expect(o["band"] is NSNull)
        let values = o["values"] as! [String: Any]
        #expect(values["a"] is NSNull)
        #expect(values["b"] as? Double == 2)
        #expect(o["reason"] as? String == "no data")
    }

    @Test("a score is dropped unless the status is ok")
    func scoreOnlyWhenOK() {
        let r = MetricResult(
            id: "x", status: .error, score: 40, band: BandLabel(name: "a", colour: "#000000"),
            values: [:], explanation: "failed", reason: "failed")
        #expect(r.score == nil)
        #expect(r.band == nil)
    }

    @Test("encoding is deterministic and round-trips, text values included")
    func roundTrip() throws {
        let r = MetricResult(
            id: "x", status: .ok, score: 42, band: BandLabel(name: "Good", colour: "#38A169"),
            values: ["z": 1.5, "a": nil, "worst_group": "quads"],
            components: [
                MetricComponent("part", value: 3, weight: 0.5, note: "n"),
                MetricComponent("shown", value: nil, note: "--"),
            ],
            flags: ["f"], explanation: "e",
            series: ["ctl": [SeriesPoint(day: Fx.day("2026-01-01"), value: 1)]])
        let e = MetricResult.makeEncoder()
        let a = try e.encode(r), b = try e.encode(r)
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(
            text.hasPrefix("{\"band\":{\"colour\":\"#38A169\",\"name\":\"Good\"},\"components\":"))
        #expect(text.contains("\"values\":{\"a\":null,\"worst_group\":\"quads\",\"z\":1.5}"))
        #expect(text.contains("{\"name\":\"shown\",\"note\":\"--\",\"value\":null}"))
        #expect(try JSONDecoder().decode(MetricResult.self, from: a) == r)
    }

    @Test("non-finite numbers are detected before they reach JSON")
    func finiteCheck() {
        let r = MetricResult(
            id: "x", status: .ok, score: 1, band: nil, values: ["v": .number(.nan)], explanation: ""
        )
        #expect(!r.isFinite)
        #expect(
            MetricResult(
                id: "x", status: .ok, score: 1, band: nil, values: ["v": 1], explanation: ""
            ).isFinite)
    }

    @Test("descriptors encode to the plugin manifest shape")
    func descriptorShape() throws {
        let d = MetricDescriptor(
            id: "demo", name: "Demo", summary: "s", version: "1",
            inputs: [
                InputRequirement(.food, days: 7), InputRequirement(.plan, days: 1, ahead: 1),
                InputRequirement(.workouts, days: nil),
            ],
            range: .init(min: 0, max: 100), unit: "points",
            bands: [MetricBand("low", min: 0, max: 49, colour: "#E53E3E")])
        let text = String(decoding: try MetricResult.makeEncoder().encode(d), as: UTF8.self)
        #expect(
            text
                == ##"{"bands":[{"colour":"#E53E3E","max":49,"min":0,"name":"low"}],"id":"demo","inputs":[{"days":7,"kind":"food"},{"ahead":1,"days":1,"kind":"plan"},{"days":null,"kind":"workouts"}],"name":"Demo","range":{"max":100,"min":0},"summary":"s","unit":"points","version":"1"}"##
        )
        #expect(try JSONDecoder().decode(MetricDescriptor.self, from: Data(text.utf8)) == d)
    }

    @Test("a manifest with only an id decodes with defaults and timeoutSeconds is read")
    func manifestDefaults() throws {
        let d = try JSONDecoder().decode(
            MetricDescriptor.self,
            from: Data(#"{"id":"x","timeoutSeconds":20,"extra":1}"#.utf8))
        #expect(d.name == "x")
        #expect(d.range == .init(min: 0, max: 100))
        #expect(d.timeoutSeconds == 20)
    }

    @Test(
        "provider ids must be lowercase letters, digits and dashes",
        arguments: [
            ("readiness", true), ("training-load", true), ("x2", true), ("Readiness", false),
            ("-x", false), ("a_b", false), ("", false),
        ])
    func ids(id: String, valid: Bool) {
        #expect(MetricDescriptor.isValidID(id) == valid)
    }
}
