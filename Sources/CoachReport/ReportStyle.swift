import Foundation

/// The report's one inline style sheet: system fonts, both colour schemes and print rules.
///
/// Colours are CSS custom properties filled from `Palette.light` and `Palette.dark`; the dark set
/// applies under `prefers-color-scheme: dark` and never in print.
enum ReportStyle {
    static func variables(_ p: Palette) -> String {
        var out = "--page:\(p.page);--card:\(p.card);--on-mark:\(p.onMark);"
        for e in p.entries { out += "--\(e.name):\(e.hex);" }
        for (i, h) in p.heat.enumerated() { out += "--h\(i):\(h.fill);--ht\(i):\(h.text);" }
        return out
    }

    static let marks = [
        "blue", "magenta", "orange", "teal", "grey", "green", "amber", "red", "purple", "text",
    ]

    static var css: String {
        var out = ":root{\(variables(.light))color-scheme:light dark}\n"
        out += "@media (prefers-color-scheme: dark){:root{\(variables(.dark))}}\n"
        out += """
            *{box-sizing:border-box}
            body{margin:0;background:var(--page);color:var(--text);font:15px/1.45 system-ui,
            -apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
            main{max-width:780px;margin:0 auto;padding:16px}main.wide{max-width:1200px}
            a{color:var(--blue)}
            h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.1em;margin:0 0 .2em}
            .sub,.source,.note,.legend{color:var(--muted);font-size:.85em}
            .source{margin:0 0 .4em}.note{margin:.4em 0 0}
            .card{background:var(--card);border-radius:8px;padding:12px 14px;margin:14px 0}
            .tiles{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:10px 0}
            .tiles li{background:var(--card);border-radius:8px;padding:8px 10px;min-width:120px}
            .tiles b{display:block;font-size:1.3em}
            .legend{list-style:none;padding:0;margin:.4em 0 0;display:flex;flex-wrap:wrap;
            gap:4px 14px}
            svg.chart{width:100%;height:auto;display:block}
            svg text{font-family:inherit}
            .tick,.axis,.zonelabel{fill:var(--muted);font-size:10px}
            .zonelabel,.marker{paint-order:stroke;stroke:var(--card);stroke-width:3px;
            stroke-linejoin:round}
            .grid{stroke:var(--muted);stroke-opacity:.25;stroke-width:1}
            .axisline{stroke:var(--muted);stroke-width:1}
            .line{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
            .dash{stroke-dasharray:6 4}.dotted{stroke-dasharray:1 3}
            .dotmark{stroke:none}.marker{font-size:11px;font-weight:bold}
            .zone{fill-opacity:.13}.band{fill-opacity:.22;stroke:none}.bar-soft{fill-opacity:.55}
            .cell{font-size:9px}.sqtext{font-size:10px;font-weight:bold}
            .gapcell{fill:none;stroke:var(--muted);stroke-opacity:.5;stroke-dasharray:2 2}
            .unrated{fill:none;stroke:var(--muted);stroke-opacity:.35}
            .daycell{fill:var(--page);stroke:var(--muted);stroke-opacity:.3}.outcell{fill:none;
            stroke:none}
            .sq-green{fill:var(--green)}.sq-yellow{fill:var(--amber)}.sq-red{fill:var(--red)}
            .sq-missed{fill:url(#hatch-red);stroke:var(--red);stroke-width:1.5}
            .sq-planned{fill:var(--page);stroke:var(--text);stroke-width:1.5}
            .sqt-green,.sqt-yellow,.sqt-red{fill:var(--on-mark)}.sqt-missed,
            .sqt-planned{fill:var(--text)}
            .hatch-green{fill:url(#hatch-green);stroke:var(--green);stroke-width:1}
            table{border-collapse:collapse;width:100%;font-size:.9em}
            th,td{text-align:left;padding:4px 6px;border-bottom:1px solid color-mix(in srgb,
            var(--muted) 30%,transparent)}
            td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
            .multiples{display:grid;grid-template-columns:repeat(auto-fill,
            minmax(min(330px,100%),1fr));gap:10px}
            .flags{list-style:none;margin:0;padding:0}
            .flag{border-left:4px solid var(--amber);padding-left:6px;margin:2px 0}
            .flag.urgent{border-left-color:var(--red);font-weight:600}
            .sparkrow{display:inline-flex;flex:none;align-items:center;gap:6px;white-space:nowrap}
            .roster td.day{white-space:nowrap}
            svg.spark{width:112px;height:28px}svg.spark .line{stroke-width:1.5}
            @media (max-width:700px){
            table.roster,.roster tbody,.roster tr,.roster th,.roster td{display:block}
            .roster thead{display:none}
            .roster tr{padding:8px 0;border-bottom:1px solid var(--muted)}
            .roster tbody th,.roster td{border:none;padding:2px 0}
            .roster td{display:flex;justify-content:space-between;gap:12px;text-align:right}
            .roster td::before{content:attr(data-label);color:var(--muted);text-align:left}
            .roster td .flags{text-align:right}
            .flag{border-left:none;border-right:4px solid var(--amber);padding:0 6px 0 0}
            .flag.urgent{border-right-color:var(--red)}
            }
            .multiples figure{margin:0;background:var(--card);border-radius:8px;padding:6px 8px}
            .multiples figcaption{font-size:.85em}
            .multiples svg text{font-size:20px}.multiples .line{stroke-width:4.5}
            .multiples .grid,.multiples .axisline{stroke-width:2}
            .multiples .dash{stroke-dasharray:16 10}
            @media print{
            :root{\(variables(.light))}
            body{background:#fff;font-size:11pt}main{max-width:none;padding:0}
            .card,.multiples figure{break-inside:avoid;page-break-inside:avoid;background:none;
            border:1px solid #ccc}
            h2{break-after:avoid}
            @page{margin:14mm}
            }

            """
        for m in marks {
            out += ".c-\(m){stroke:var(--\(m))}.f-\(m){fill:var(--\(m))}.z-\(m){fill:var(--\(m))}\n"
        }
        for i in 0..<6 { out += ".h\(i){fill:var(--h\(i))}.ht\(i){fill:var(--ht\(i))}\n" }
        for m in ["blue", "magenta", "orange", "teal"] { out += "circle.c-\(m){fill:var(--\(m))}" }
        out += "\n"
        return out
    }

    /// Hatch patterns, defined once per page and referenced by `url(#…)` inside the document.
    static var patterns: String {
        func hatch(_ colour: String) -> String {
            "<pattern id=\"hatch-\(colour)\" width=\"5\" height=\"5\" "
                + "patternUnits=\"userSpaceOnUse\" "
                + "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" "
                + "style=\"stroke:var(--\(colour));stroke-width:2\"/></pattern>\n"
        }
        return "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" "
            + "focusable=\"false\"><defs>\n" + hatch("green") + hatch("red") + "</defs></svg>\n"
    }

    /// A whole page around `body`: no script, no external reference, and a policy that forbids
    /// loading anything (styles are inline; `url(#…)` only points inside the page).
    ///
    /// - Parameters:
    ///   - title: the document title.
    ///   - body: the markup inside `<main>`.
    ///   - wide: a wider page for tables (the team report), up to 1200 px.
    static func page(title: String, body: String, wide: Bool = false) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            + "style-src 'unsafe-inline'\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<meta name=\"color-scheme\" content=\"light dark\">\n"
            + "<title>\(ReportText.escape(title))</title>\n"
            + "<style>\n\(css)</style>\n</head>\n<body>\n"
            + patterns + (wide ? "<main class=\"wide\">\n" : "<main>\n") + body
            + "</main>\n</body>\n</html>\n"
    }
}
