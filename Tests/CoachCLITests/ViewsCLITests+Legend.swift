import Foundation
import Testing

extension ViewsCLITests {
    @Test("The dashboard says which day TSB and CTL/ATL belong to (issue 12, item 11)")
    func formLegend() throws {
        let s = try Self.scene()
        let text = try s.expectOK(s.run(["dashboard", "--athlete", "jane"], env: Self.now)).stdout
        let form = try #require(text.split(separator: "\n").first { $0.hasPrefix("Form") })
        let load = try #require(text.split(separator: "\n").first { $0.hasPrefix("Load") })
        #expect(form.contains("going into today: yesterday's fitness − fatigue"))
        #expect(
            load.contains("fitness CTL") && load.contains("fatigue ATL")
                && load.contains("after today's training"))
    }
}
