import CoachImport
import Foundation

extension ErrorText {
    /// The one-line message for a file that could not be imported: the file, the position, what
    /// is wrong, that nothing from it was kept, and what to try.
    static func message(for error: ImportError) -> String {
        let fix: String
        switch error.problem {
        case .truncated: fix = "export or download the file again"
        case .wrongMagic, .unknownFormat:
            fix = "name the format (coach import fit|tcx|gpx|apple-health|csv|json FILE)"
        case .badChecksum: fix = "the file is damaged; copy it from the device again"
        case .malformed, .missingField:
            fix = "fix the file, or pass --skip-bad to import the other files"
        case .unreadable: fix = "check the path and its permissions"
        }
        return "\(error); nothing was imported from it (\(fix))"
    }
}
