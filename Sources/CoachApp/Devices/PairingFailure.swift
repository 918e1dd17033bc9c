import CoachKit
import Foundation

/// Why a web pairing (a phone's check-in page) could not be made or approved.
public enum PairingFailure: LocalizedError, Equatable, Sendable {
    /// The server's address is plain http off loopback: a browser gives the page no WebCrypto
    /// there, so the link would not work.
    case insecurePage(server: String)
    /// No pairing made on this machine is waiting for approval (none, or it expired).
    case noPairing
    /// The pairing expired before it was approved (`expiresAt`, an ISO instant).
    case expired(expiresAt: String)
    /// The phone has not asked to be approved yet.
    case noRequest
    /// The request's MAC is not the pairing code's: someone who does not hold the link
    /// answered it (or the server swapped the key).
    case wrongMAC(device: String)
    /// The words given are not the requesting key's: the phone that asked is not the one the
    /// user holds.
    case wordsMismatch(expected: [String])
    /// No words were given and nobody can be asked to compare them.
    case wordsNeeded
    /// The pairing is for an athlete the signed-in user can no longer open.
    case athleteGone

    public var errorDescription: String? {
        switch self {
        case .insecurePage(let server):
            "the check-in page needs a secure (https) address, and \(server) is plain http "
                + "off this machine; publish the workspace on an https address"
        case .noPairing:
            "no web pairing made on this machine is waiting; make a new pairing first"
        case .expired(let at): "the web pairing expired at \(at); make a new pairing"
        case .noRequest:
            "the phone has not asked to be approved yet; open the pairing link on the phone, "
                + "then approve again"
        case .wrongMAC(let device):
            "the pairing request of device \(device) is not signed with this pairing's code: "
                + "someone else answered the link; make a new pairing and do not approve"
        case .wordsMismatch:
            "the words given are not the requesting phone's: a different device asked; "
                + "nothing was approved"
        case .wordsNeeded:
            "the phone's six words must be compared before approving, and there is no "
                + "terminal to ask; give the words the phone shows"
        case .athleteGone: "the pairing's athlete is no longer one you hold"
        }
    }
}

extension PairingFailure: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .insecurePage, .wordsNeeded: .usage
        case .noPairing, .expired, .noRequest: .notFound
        case .wrongMAC: .corrupt
        case .wordsMismatch, .athleteGone: .permission
        }
    }
}
