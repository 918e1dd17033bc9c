import Foundation

/// The report's colours, for the light and the dark scheme, with their WCAG contrast.
///
/// Every colour has a role: `text` roles must reach 4.5:1 against the page and the card background
/// (WCAG 2.x AA for text), `mark` roles 3:1 (AA for graphical objects). Each heat-map step names
/// the text colour printed on it. Colours never carry meaning alone: every mark also has a label,
/// a line style or a letter.
public struct Palette: Sendable, Equatable {
    /// What a colour is used for, which decides the contrast it needs.
    public enum Role: Sendable, Equatable { case text, mark }

    /// One named colour of the palette.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var hex: String
        public var role: Role
    }

    /// One step of the soreness heat map: its fill and the colour of the number printed on it.
    public struct HeatStep: Sendable, Equatable {
        public var fill: String
        public var text: String
    }

    public var page: String
    public var card: String
    public var entries: [Entry]
    /// Fills for soreness 0, 1–2, 3–4, 5–6, 7–8 and 9–10.
    public var heat: [HeatStep]
    /// Text printed on the compliance squares and other filled marks.
    public var onMark: String

    /// The colour named `name`.
    public func hex(_ name: String) -> String {
        entries.first { $0.name == name }?.hex ?? "#000000"
    }

    /// The light scheme.
    public static let light = Palette(
        page: "#FFFFFF", card: "#F6F7F9",
        entries: [
            Entry(name: "text", hex: "#1A1D21", role: .text),
            Entry(name: "muted", hex: "#4A5260", role: .text),
            Entry(name: "blue", hex: "#1F5FBF", role: .mark),
            Entry(name: "magenta", hex: "#A3305F", role: .mark),
            Entry(name: "orange", hex: "#A04E00", role: .mark),
            Entry(name: "teal", hex: "#0F766E", role: .mark),
            Entry(name: "grey", hex: "#5B6573", role: .mark),
            Entry(name: "green", hex: "#1E7B3A", role: .mark),
            Entry(name: "amber", hex: "#8A5A00", role: .mark),
            Entry(name: "red", hex: "#C0262D", role: .mark),
            Entry(name: "purple", hex: "#6B46C1", role: .mark),
        ],
        heat: [
            HeatStep(fill: "#EEF2F7", text: "#1A1D21"), HeatStep(fill: "#D6E4F5", text: "#1A1D21"),
            HeatStep(fill: "#A9C6EA", text: "#1A1D21"), HeatStep(fill: "#4070B2", text: "#FFFFFF"),
            HeatStep(fill: "#2A5796", text: "#FFFFFF"), HeatStep(fill: "#153463", text: "#FFFFFF"),
        ],
        onMark: "#FFFFFF")

    /// The dark scheme.
    public static let dark = Palette(
        page: "#121418", card: "#1B1F25",
        entries: [
            Entry(name: "text", hex: "#E8EAED", role: .text),
            Entry(name: "muted", hex: "#AEB6C2", role: .text),
            Entry(name: "blue", hex: "#7FB2FF", role: .mark),
            Entry(name: "magenta", hex: "#F28BB8", role: .mark),
            Entry(name: "orange", hex: "#F5A65B", role: .mark),
            Entry(name: "teal", hex: "#4FD1C5", role: .mark),
            Entry(name: "grey", hex: "#A0AAB8", role: .mark),
            Entry(name: "green", hex: "#68D391", role: .mark),
            Entry(name: "amber", hex: "#F6CF5B", role: .mark),
            Entry(name: "red", hex: "#FC8181", role: .mark),
            Entry(name: "purple", hex: "#B794F4", role: .mark),
        ],
        heat: [
            HeatStep(fill: "#22272E", text: "#E8EAED"), HeatStep(fill: "#263A55", text: "#E8EAED"),
            HeatStep(fill: "#2F5482", text: "#FFFFFF"), HeatStep(fill: "#6E9BD6", text: "#121418"),
            HeatStep(fill: "#A3C4EE", text: "#121418"), HeatStep(fill: "#D5E5FA", text: "#121418"),
        ],
        onMark: "#121418")

    /// The heat step for a soreness of `level` (0–10).
    public static func heatIndex(_ level: Int) -> Int { level <= 0 ? 0 : min(5, (level + 1) / 2) }

    /// WCAG relative luminance of `#RRGGBB`.
    public static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6, let v = Int(String(digits), radix: 16) else { return 0 }
        func channel(_ c: Int) -> Double {
            let s = Double(c) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(v >> 16 & 0xFF) + 0.7152 * channel(v >> 8 & 0xFF) + 0.0722
            * channel(v & 0xFF)
    }

    /// The WCAG contrast ratio of two colours, 1–21.
    public static func contrast(_ a: String, _ b: String) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The contrast a role needs: 4.5 for text, 3 for graphical marks.
    public static func required(_ role: Role) -> Double { role == .text ? 4.5 : 3 }
}
