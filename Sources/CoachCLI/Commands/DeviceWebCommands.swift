import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct DeviceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Pair a phone's web page for an athlete's morning check-in.",
        discussion: """
            Prints a link (and, on a colour terminal, its QR code) to open on the phone. The \
            link carries a one-time code the server never sees; keep it to the athlete. The \
            phone then shows six words: compare them with 'coach device approve'. The page's \
            SHA-256 is printed so a careful user can compare it with the page the phone loads.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "A phone's check-in page (the only kind that can be added).")
    var web = false
    @Option(
        name: [.customShort("a"), .long],
        help: "The athlete the phone posts check-ins for (athlete users may omit it).",
        completion: .athletes)
    var athlete: String?
    @Option(help: "How many minutes the link waits for the phone (1 to 60).")
    var minutes: Int = 15
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard web else {
            throw ValidationError(
                "only a phone's check-in page can be added here; pass --web "
                    + "(a laptop joins with 'coach sync join')")
        }
        guard (1...AppSession.maxPairingMinutes).contains(minutes) else {
            throw ValidationError(
                "--minutes must be from 1 to \(AppSession.maxPairingMinutes), not \(minutes)")
        }
        if let athlete, !Handle(athlete).isValid {
            throw ValidationError("'\(athlete)' is not an athlete handle")
        }
    }

    func run() throws {
        try guarded {
            let report = try global.session().addWebDevice(
                athlete.map(Handle.init), minutes: minutes)
            if report.servedPage == "differs" {
                Terminal.error(
                    "warning: the server's /checkin page is not the one this coach ships "
                        + "(SHA-256 \(report.pageSHA256)); the phone may get a modified page")
            }
            if output.json { print(try Render.json(report)); return }
            print("Open this link on \(report.athlete)'s phone before \(report.expiresAt):")
            print("  \(report.link)")
            if Terminal.stdoutIsTTY && Terminal.useColour,
                let code = try? QRCode(bytes: Array(report.link.utf8))
            {
                // The code's own 256-colour blocks, made here from the link: no outside
                // text to escape (the escaping `print` keeps only coach's text colours).
                for line in code.terminalLines() { Swift.print(line) }
            }
            print("Page SHA-256: \(report.pageSHA256)")
            print("Then compare the phone's six words: coach device approve")
        }
    }
}

struct DeviceApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve the phone that opened this machine's pairing link.",
        discussion: """
            Shows the six words of the phone's key; approve only when the phone shows the \
            same. --words checks them without asking (for scripts). Without --words and \
            without a terminal, nothing is approved.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "The six words the phone shows, in order, e.g. \"w1 w2 w3 w4 w5 w6\".")
    var words: String?
    @OptionGroup var output: OutputOptions

    /// The words given, split on spaces.
    var givenWords: [String]? {
        words.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    func validate() throws {
        if let given = givenWords, given.count != 6 {
            throw ValidationError(
                "--words needs the six words the phone shows, not \(given.count)")
        }
    }

    func run() throws {
        try guarded {
            let ask: (([String], String) -> Bool)? =
                isatty(STDIN_FILENO) == 1 && givenWords == nil
                ? { words, name in
                    FileHandle.standardError.write(
                        Data(
                            "The phone (\(TerminalText.escaped(name, keepingColour: false))) "
                                .utf8))
                    return Confirm.ask("shows: \(words.joined(separator: " ")). The same?")
                } : nil
            let report = try global.session().approveWebDevice(words: givenWords, confirm: ask)
            if output.json { print(try Render.json(report)); return }
            print(
                "Approved \(TerminalText.escaped(report.name)) (\(report.device.prefix(8))) "
                    + "to post check-ins for \(report.athlete).")
        }
    }
}
