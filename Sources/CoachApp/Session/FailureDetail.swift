import CoachImport
import CoachKit
import CoachPlugins
import CoachPrompt
import CoachStore
import CoachTrust
import Foundation

/// What a front end needs to know about a failure to word it its own way, beyond the category,
/// the neutral problem and the remedy every `CoachFailure` has.
///
/// The layers below the application layer describe their failures in neutral words; a front
/// end that names inputs differently (options, tool arguments) needs the few facts behind those
/// words. This is the one place that reads the lower layers' error cases for them, so front
/// ends depend on the application layer alone.
public enum FailureDetail: Sendable, Equatable {
    /// The file at `path` is not a workspace.
    case notAWorkspace(path: String)
    /// Tampering was found in `what`; `remedy`, when known, says what to check.
    case tampered(what: String, remedy: Remedy?)
    /// `what` was written by a newer version.
    case newerFormat(what: String)
    /// No athlete was named and none is current.
    case athleteRequired
    /// An athlete user was added without the athlete it belongs to.
    case athleteUserNeedsAthlete
    /// An athlete was given for a user that is not an athlete user.
    case athleteOnlyForAthleteUser
    /// A value is outside its range.
    case parameterOutOfRange(Parameter, range: String)
    /// An athlete tried to change more than the adherence of a planned session.
    case adherenceOnly
    /// Another process holds the workspace.
    case workspaceBusy
    /// A file's format version is not one this build reads.
    case unsupportedFormat(found: String, supported: String)
    /// A plugin's executable or record changed since it was trusted; `path` when known.
    case pluginNotTrusted(path: String?)
    /// An import file could not be read; nothing was imported from it.
    case importRefused(ImportRefusal)
    /// An AI-coach export or reply was refused.
    case prompt(PromptRefusal)

    /// Why an import file was refused.
    public enum ImportRefusal: Sendable, Equatable {
        /// The file ends early.
        case truncated
        /// The content is not in a format coach recognises.
        case unrecognised
        /// A checksum does not match.
        case damaged
        /// The content is malformed or misses a required field.
        case malformed
        /// The file cannot be read.
        case unreadable
    }

    /// Why an AI-coach export or reply was refused.
    public enum PromptRefusal: Sendable, Equatable {
        /// The athlete has not agreed to exports.
        case consentMissing(athlete: String)
        /// An option (named in words, `max tokens`) is out of range.
        case optionOutOfRange(option: String, range: String)
        /// A section name or number is unknown.
        case unknownSection(String)
        /// The token budget cannot hold the required sections.
        case budgetTooSmall(needed: Int, budget: Int)
        /// The reply holds no or several plans.
        case replyObjectCount
        /// The reply does not follow the response schema.
        case replyInvalid
        /// The reply was made from another athlete's export.
        case replyForAnotherAthlete
        /// The reply names an export that was never made for this athlete.
        case replyUnknownExport(String)
        /// The reply would change a past day or overwrite a session already done.
        case replyChangesThePast
    }

    /// The detail of `failure`, or `nil` when its problem and remedy say everything.
    public init?(_ failure: any CoachFailure) {
        switch failure {
        case let error as StoreError: self.init(store: error)
        case let error as TrustError: self = .tampered(what: error.what, remedy: nil)
        case let error as PluginError:
            switch error.failure {
            case .executableChanged(let path), .executableLinked(let path):
                self = .pluginNotTrusted(path: path)
            case .recordNotSigned: self = .pluginNotTrusted(path: nil)
            default: return nil
            }
        case let error as ImportError: self = .importRefused(ImportRefusal(error.problem))
        case let error as PromptError: self = .prompt(PromptRefusal(error))
        default: return nil
        }
    }

    private init?(store error: StoreError) {
        switch error {
        case .notAWorkspace(let path): self = .notAWorkspace(path: path)
        case .tampered(let what, let remedy): self = .tampered(what: what, remedy: remedy)
        case .newerFormat(let what): self = .newerFormat(what: what)
        case .athleteRequired: self = .athleteRequired
        case .athleteUserNeedsAthlete: self = .athleteUserNeedsAthlete
        case .athleteOnlyForAthleteUser: self = .athleteOnlyForAthleteUser
        case .parameterOutOfRange(let parameter, let range):
            self = .parameterOutOfRange(parameter, range: range)
        case .adherenceOnly: self = .adherenceOnly
        case .workspaceBusy: self = .workspaceBusy
        case .unsupportedFormat(let found, let supported):
            self = .unsupportedFormat(found: found, supported: supported)
        default: return nil
        }
    }
}

extension FailureDetail.ImportRefusal {
    init(_ problem: ImportError.Problem) {
        switch problem {
        case .truncated: self = .truncated
        case .wrongMagic, .unknownFormat: self = .unrecognised
        case .badChecksum: self = .damaged
        case .malformed, .missingField: self = .malformed
        case .unreadable: self = .unreadable
        }
    }
}

extension FailureDetail.PromptRefusal {
    init(_ error: PromptError) {
        switch error {
        case .consentMissing(let athlete): self = .consentMissing(athlete: athlete)
        case .optionOutOfRange(let option, let range):
            self = .optionOutOfRange(option: option, range: range)
        case .unknownSection(let section): self = .unknownSection(section)
        case .budgetTooSmall(let needed, let budget):
            self = .budgetTooSmall(needed: needed, budget: budget)
        case .replyObjectCount: self = .replyObjectCount
        case .replyInvalid: self = .replyInvalid
        case .replyForAnotherAthlete: self = .replyForAnotherAthlete
        case .replyUnknownExport(let reference): self = .replyUnknownExport(reference)
        case .replyPastDay, .replyOverwritesDone: self = .replyChangesThePast
        }
    }
}
