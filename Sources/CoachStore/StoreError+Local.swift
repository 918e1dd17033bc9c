import CoachLocal

extension StoreError {
    /// The workspace error of a machine-local file failure: the case of the same name, so the
    /// store reports its own files' failures as it always has.
    public init(_ error: LocalFileError) {
        switch error {
        case .workspaceMissing(let p): self = .workspaceMissing(p)
        case .notAWorkspace(let p): self = .notAWorkspace(p)
        case .unsafePath(let p, let reason, let remedy):
            self = .unsafePath(p, reason: reason, remedy: remedy)
        case .fileExists(let p): self = .fileExists(p)
        case .ambiguousSession(let handles): self = .ambiguousSession(handles)
        }
    }

    /// Runs `body`, reporting a `LocalFileError` it throws as the matching `StoreError`.
    ///
    /// For a layer above the store that reads a machine-local file on the workspace's behalf (a
    /// session token) and reports it as the store would.
    ///
    /// - Throws: what `body` throws, a `LocalFileError` mapped.
    public static func local<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LocalFileError {
            throw StoreError(error)
        }
    }
}
