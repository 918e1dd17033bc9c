import CoachCrypto
import CoachKit

/// The byte strings of the check-in contract that are hashed, MACed, signed or bound as HPKE
/// info and associated data, each `AssociatedData` under its own label. The page builds the
/// same bytes in JavaScript; Tests/Fixtures/checkin/messages.json holds them for fixed inputs.
public enum CheckinBytes {
    /// HPKE's info: the athlete epoch an item is sealed to.
    public static func info(workspace: String, athlete: AthleteID, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/checkin-info").with(workspace, athlete.rawValue, epoch).bytes
    }

    /// HPKE's associated data of an item.
    public static func aad(
        workspace: String, athlete: AthleteID, item: String, day: String, device: DeviceID,
        epoch: Int, suite: Int
    ) -> [UInt8] {
        AssociatedData("coach/1/checkin-item").with(
            workspace, athlete.rawValue, item, day, device.rawValue, epoch, suite
        ).bytes
    }

    /// A pairing's proof, the only thing of its code the server sees: the first 16 bytes of
    /// SHA-256 over the code bound to the workspace.
    public static func pairProof(workspace: String, code: String) -> [UInt8] {
        Array(Hashing.sha256(pairProofInput(workspace: workspace, code: code)).prefix(16))
    }

    /// The bytes `pairProof` hashes.
    public static func pairProofInput(workspace: String, code: String) -> [UInt8] {
        AssociatedData("coach/1/pair-proof").with(workspace, code).bytes
    }

    /// The HMAC-SHA256 key of a pairing request's MAC: SHA-256 over the code bound to the
    /// workspace and athlete.
    public static func pairMACKey(workspace: String, athlete: AthleteID, code: String)
        -> [UInt8]
    {
        Hashing.sha256(
            AssociatedData("coach/1/pair-mac").with(workspace, athlete.rawValue, code).bytes)
    }

    /// The bytes a pairing request's MAC covers.
    public static func pairRequest(
        workspace: String, athlete: AthleteID, device: DeviceID, signPK: [UInt8], name: String
    ) -> [UInt8] {
        AssociatedData("coach/1/pair-request").with(
            workspace, athlete.rawValue, device.rawValue, signPK, name
        ).bytes
    }

    /// The bytes the device-fingerprint words are taken from (their SHA-256).
    public static func deviceWords(signPK: [UInt8]) -> [UInt8] {
        AssociatedData("coach/1/device-words").with(signPK).bytes
    }

    /// The bytes a check-in device signs to read its bundle at `path` at `seconds`.
    public static func bundleRequest(
        workspace: String, device: DeviceID, path: String, seconds: Int64
    ) -> [UInt8] {
        AssociatedData("coach/1/checkin-get").with(workspace, device.rawValue, path, seconds)
            .bytes
    }
}
