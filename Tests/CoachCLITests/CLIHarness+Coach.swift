import Testing

extension CoachSandbox {
    /// Adds coach `handle` with a passphrase file, as the owner olivia, and grants them `athlete`.
    ///
    /// The common opening of the insider and access tests: a coach who holds an athlete and is
    /// about to misbehave or be revoked.
    /// - Parameters:
    ///   - handle: the coach's handle.
    ///   - passphrase: the coach's passphrase, written to a file named `file`.
    ///   - file: the name of the passphrase file in the sandbox.
    ///   - athlete: the athlete granted to the coach.
    /// - Returns: the path of the coach's passphrase file.
    @discardableResult
    func addCoach(
        _ handle: String = "carl", passphrase: String, file: String = "carl",
        holding athlete: String = "jane"
    ) throws -> String {
        let path = try secretFile(file, passphrase)
        try expectOK(
            run([
                "user", "add", handle, "--role", "coach", "--new-passphrase-file", path, "--as",
                "olivia",
            ]))
        try expectOK(
            run(["access", "grant", "--athlete", athlete, "--to", handle, "--as", "olivia"]))
        return path
    }
}
