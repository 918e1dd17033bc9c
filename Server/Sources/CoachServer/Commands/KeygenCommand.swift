import ArgumentParser
import CoachSync

/// `coach-server keygen`: writes a new server signing key to a file of its own.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new Ed25519 server key (for signing tree heads) to a new file.")

    @Option(name: .long, help: "The file to create (mode 0600; an existing file is refused)")
    var out: String

    func run() throws {
        let key = try ServerKey.generate()
        try key.write(to: out)
        print("wrote a server key to \(out); key id \(Base64URL.encode(key.keyId))")
        let info = ServerKeyInfo(logKey: key.publicKey, keyId: key.keyId)
        print("fingerprint \(info.fingerprint) (what an owner's publish may pin)")
    }
}
