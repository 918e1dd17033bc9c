import Foundation

extension AppDemo {
    /// Removes the demo folders earlier runs left in the temporary folder: folders named
    /// `coach-demo-*` that this user owns and that hold only what the demo writes.
    ///
    /// - Returns: the folders removed.
    public static func removeOlder(keeping current: String, environment: AppEnvironment)
        -> [String]
    {
        let fm = FileManager.default
        let tmp = (NSTemporaryDirectory() as NSString).standardizingPath
        guard let names = try? fm.contentsOfDirectory(atPath: tmp) else { return [] }
        let demoFiles: Set<String> = [
            "demo.sqlite", "demo.sqlite-wal", "demo.sqlite-shm", "demo.sqlite.owner.passphrase",
            "demo.sqlite.coach.passphrase",
        ]
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix("coach-demo-") {
            let folder = tmp + "/" + name
            guard folder != (current as NSString).standardizingPath,
                let attributes = try? fm.attributesOfItem(atPath: folder),
                attributes[.type] as? FileAttributeType == .typeDirectory,
                (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid(),
                let content = try? fm.contentsOfDirectory(atPath: folder),
                Set(content).isSubset(of: demoFiles)
            else { continue }
            environment.tokens(for: folder + "/demo.sqlite").remove(handle: "coach")
            if (try? fm.removeItem(atPath: folder)) != nil { removed.append(folder) }
        }
        return removed
    }
}
