import CoachApp

/// The command line's wording of errors from the layers below: flag names and `coach …` fixes.
enum ErrorText {
    /// An application-layer error as the command line says it.
    static func app(_ error: AppError) -> String {
        switch error {
        case .invalidNow: "COACH_NOW must be an ISO 8601 instant like 2026-11-24T07:00:00+01:00"
        case .userRequired: "with --passphrase-file, name the user with --as HANDLE"
        case .passphraseUnavailable: "no terminal to ask for the passphrase; pass --passphrase-file PATH or -"
        case .athleteRequired: "name the athlete with --athlete HANDLE"
        }
    }
}
