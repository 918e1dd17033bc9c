import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// Exit codes of `coach`, one per class of failure (sysexits-style, documented in the README).
public enum ExitStatus {
    public static let flagged: Int32 = 3
    public static let usage: Int32 = 64
    public static let invalidData: Int32 = 65
    public static let notFound: Int32 = 66
    public static let conflict: Int32 = 73
    public static let corrupt: Int32 = 74
    public static let authOrPermission: Int32 = 77

    /// The exit code of a class of failure: the one place that maps them.
    public static func code(for category: FailureCategory) -> Int32 {
        switch category {
        case .usage: usage
        case .auth, .permission: authOrPermission
        case .notFound: notFound
        case .invalidData: invalidData
        case .conflict: conflict
        case .corrupt: corrupt
        }
    }
}

/// Runs a command body, turning user-facing errors into one line on stderr and an exit code.
///
/// Every library error is a `CoachFailure`: its category gives the exit code (`ExitStatus`)
/// and `ErrorText` words it for the command line. No stack trace, no payloads: only the
/// message, which never holds secrets.
func guarded(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch let failure as any CoachFailure {
        Terminal.error(ErrorText.message(for: failure))
        throw ExitCode(ExitStatus.code(for: failure.category))
    } catch {
        Terminal.error("unexpected failure: \(error.localizedDescription)")
        throw ExitCode(1)
    }
}

/// Errors raised by the command-line layer itself, already worded for it.
public enum CLIError: LocalizedError, CoachFailure {
    case usage(String)
    case invalid(String)
    case io(String)
    /// A library failure re-worded with context (a file name), keeping its category.
    case worded(String, FailureCategory)

    public var category: FailureCategory {
        switch self {
        case .usage: .usage
        case .invalid: .invalidData
        case .io: .notFound
        case .worded(_, let category): category
        }
    }

    public var errorDescription: String? {
        switch self {
        case .usage(let m), .invalid(let m), .io(let m), .worded(let m, _): m
        }
    }
}
