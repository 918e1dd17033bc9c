import ArgumentParser
import CoachApp
import CoachCrypto
import CoachImport
import CoachKit
import CoachPlugins
import CoachStore
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

    static func code(for error: PluginUseError) -> Int32 {
        switch error {
        case .notAdded, .notExecutable: notFound
        case .metricClash: conflict
        case .kindNotDeclared, .unknownKind: usage
        }
    }

    static func code(for error: StoreError) -> Int32 {
        switch error.category {
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
/// No stack trace, no payloads: only the error's message, which never holds secrets. Library
/// errors are worded for the command line by `ErrorText`.
func guarded(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as StoreError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(ExitStatus.code(for: error))
    } catch let error as AppError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(
            error.isAuthentication
                ? ExitStatus.authOrPermission
                : error.isNotFound
                    ? ExitStatus.notFound
                    : error.isInvalidData ? ExitStatus.invalidData : ExitStatus.usage)
    } catch let error as CoachKitError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(error.isUsage ? ExitStatus.usage : ExitStatus.invalidData)
    } catch let error as PluginError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(
            error.failure.isTampering ? ExitStatus.corrupt : ExitStatus.invalidData)
    } catch let error as PluginUseError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(ExitStatus.code(for: error))
    } catch let error as ImportError {
        Terminal.error(ErrorText.message(for: error))
        throw ExitCode(error.problem == .unreadable ? ExitStatus.notFound : ExitStatus.invalidData)
    } catch let error as CLIError {
        Terminal.error(error.localizedDescription)
        throw ExitCode(error.exitCode)
    } catch let error as CryptoError {
        Terminal.error(error.localizedDescription)
        throw ExitCode(ExitStatus.corrupt)
    } catch let error as ValidationError {
        throw error
    } catch {
        Terminal.error("unexpected failure: \(error.localizedDescription)")
        throw ExitCode(1)
    }
}

/// Errors raised by the command-line layer itself.
public enum CLIError: LocalizedError {
    case usage(String)
    case invalid(String)
    case io(String)

    var exitCode: Int32 {
        switch self {
        case .usage: ExitStatus.usage
        case .invalid: ExitStatus.invalidData
        case .io: ExitStatus.notFound
        }
    }

    public var errorDescription: String? {
        switch self {
        case .usage(let m), .invalid(let m), .io(let m): m
        }
    }
}
