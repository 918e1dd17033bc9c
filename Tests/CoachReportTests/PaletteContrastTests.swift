import CoachReport
import Testing

/// The palette passes WCAG AA in both schemes: text 4.5:1, chart marks 3:1, numbers on heat-map
/// cells and letters on compliance squares 4.5:1.
@Suite struct PaletteContrastTests {
    @Test(
        "Contrast ratios match WCAG's reference values",
        arguments: [
            ("#000000", "#FFFFFF", 21.0), ("#FFFFFF", "#FFFFFF", 1.0),
            ("#777777", "#FFFFFF", 4.478),
            ("#767676", "#FFFFFF", 4.542), ("#0000FF", "#FFFFFF", 8.592),
        ])
    func reference(a: String, b: String, ratio: Double) {
        #expect(
            abs(Palette.contrast(a, b) - ratio) < 0.01, "\(a) on \(b): \(Palette.contrast(a, b))")
        #expect(Palette.contrast(a, b) == Palette.contrast(b, a))
    }

    @Test(
        "Every colour reaches its role's contrast on the page and on a card",
        arguments: [Palette.light, Palette.dark])
    func roles(palette: Palette) {
        for e in palette.entries {
            for background in [palette.page, palette.card] {
                let ratio = Palette.contrast(e.hex, background)
                #expect(
                    ratio >= Palette.required(e.role),
                    "\(e.name) \(e.hex) on \(background): \(ratio)")
            }
        }
    }

    @Test(
        "Numbers printed on heat-map cells and letters on compliance squares are readable",
        arguments: [Palette.light, Palette.dark])
    func onFills(palette: Palette) {
        #expect(palette.heat.count == 6)
        for step in palette.heat {
            #expect(Palette.contrast(step.text, step.fill) >= 4.5, "\(step.text) on \(step.fill)")
        }
        for fill in ["green", "amber", "red"] {
            let ratio = Palette.contrast(palette.onMark, palette.hex(fill))
            #expect(ratio >= 4.5, "letter on \(fill): \(ratio)")
        }
    }

    @Test("Soreness levels map onto the six heat steps in order")
    func heatSteps() {
        #expect((0...10).map(Palette.heatIndex) == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    }
}
