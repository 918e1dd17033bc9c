import ArgumentParser
import CoachApp
import CoachKit
import Foundation

extension PromptOptions.Format: ExpressibleByArgument {}

/// `coach prompt`: context for an AI assistant the coach chooses; coach itself calls no service.
struct PromptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt",
        abstract: "Export one athlete's context for an AI assistant (never sent anywhere).",
        subcommands: [Export.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the eight-section context of one athlete for an AI assistant.",
            discussion: """
                Needs the athlete's AI consent (coach athlete edit A --ai-consent yes, by the \
                athlete or the owner). Redacted by default: a pseudonym and an age band instead of \
                name, e-mail and birth date; no free-text notes or locations. The same workspace \
                state and options print the same bytes. Every export is recorded in the audit log. \
                Sections: 1 role, 2 athlete, 3 today, 4 trends, 5 plan, 6 workouts, 7 gaps, 8 \
                question; 1, 3 and 8 are always included and never trimmed. Tokens are estimated \
                as UTF-8 bytes / 4, rounded up.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(
            name: [.customShort("a"), .long],
            help: "The athlete (athlete users export their own without it).", completion: .athletes)
        var athlete: String?
        @Option(help: "Days of trends and workouts, ending today (1–366).") var days = 14
        @Option(
            help:
                "markdown (paste into a chat), json (the context object) or chat (messages array).")
        var format: PromptOptions.Format = .markdown
        @Flag(help: "Include name, e-mail, birth date, notes and locations (announced at the top).")
        var noRedact = false
        @Option(
            help: "Trim the export to at most N estimated tokens, lowest-priority detail first.")
        var maxTokens: Int?
        @Option(help: "The question for the assistant.") var question: String?
        @Option(help: "Comma-separated sections to include besides 1, 3 and 8 (names or numbers).")
        var include: String?

        func run() throws {
            try promptGuarded {
                var options = PromptOptions()
                options.format = format
                options.days = days
                options.redact = !noRedact
                options.maxTokens = maxTokens
                options.question = question
                if let include {
                    options.sections = try Set(
                        include.split(separator: ",").map { name in
                            guard let s = PromptSection(name: String(name)) else {
                                throw CLIError.usage(
                                    PromptErrorText.text(
                                        .unknownSection(String(name)), problem: ""))
                            }
                            return s
                        })
                }
                let export = try global.session().exportPrompt(
                    athlete.map(Handle.init), options: options)
                Terminal.writeDocument(export.text)
            }
        }
    }
}
