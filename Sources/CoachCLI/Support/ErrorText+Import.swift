import CoachApp
import Foundation

extension ErrorText {
    /// What to do about an import file that was refused.
    static func importFix(_ refusal: FailureDetail.ImportRefusal) -> String {
        switch refusal {
        case .truncated: "export or download the file again"
        case .unrecognised:
            "name the format (coach import fit|tcx|gpx|apple-health|csv|json FILE)"
        case .damaged: "the file is damaged; copy it from the device again"
        case .malformed: "fix the file, or pass --skip-bad to import the other files"
        case .unreadable: "check the path and its permissions"
        }
    }
}
