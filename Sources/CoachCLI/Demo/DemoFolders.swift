import CoachLocal
import CoachStore
import Foundation

/// The demo's files outside the workspace: passphrase files, older demo folders, and the
/// instructions for coming back.
enum DemoFolders {
    /// Writes each user's passphrase to `<workspace>.<user>.passphrase` (mode 0600).
    ///
    /// - Returns: the file of each user.
    static func writePassphrases(_ passphrases: [String: String], next workspace: String) throws
        -> [String: String]
    {
        var files: [String: String] = [:]
        for (user, passphrase) in passphrases {
            let file = "\(workspace).\(user).passphrase"
            unlink(file)
            try SecureFiles.writeNew(Array((passphrase + "\n").utf8), to: file)
            files[user] = file
        }
        return files
    }

    /// Removes the demo folders earlier runs left in the temporary folder: folders named
    /// `coach-demo-*` that this user owns and that hold only what the demo writes.
    ///
    /// - Returns: the folders removed.
    static func removeOlder(keeping current: String) -> [String] {
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
            SessionTokenStore(
                workspacePath: folder + "/demo.sqlite",
                environment: ProcessInfo.processInfo.environment
            ).remove(handle: "coach")
            if (try? fm.removeItem(atPath: folder)) != nil { removed.append(folder) }
        }
        return removed
    }

    /// The closing instructions: how to run coach from here, and how to get back in.
    static func guide(workspace: String, files: [String: String], removed: [String]) -> String {
        let binary = runningBinary()
        let onPath = binaryOnPath().map { $0 == binary } ?? false
        var lines = ["The coach is signed in to this demo for 8 hours. Try it:"]
        lines.append("  export COACH_WORKSPACE=\(workspace)")
        if !onPath {
            lines.append(
                "  alias coach=\(binary)      # coach is not on your PATH ('make install' puts it there)"
            )
        }
        lines += [
            "  coach team --flagged",
            "  coach use jane              # then: coach dashboard, coach trend --metric ctl,atl,tsb",
            "  coach explain readiness -a marco; coach activity -a aiko --weekly",
            "  coach plan week -a jane; coach log show -a jane --days 2",
            "After 8 hours, sign in again with the coach's passphrase (kept in a private file):",
            "  coach unlock --as coach --passphrase-file \(files["coach"] ?? "")",
            "The owner's passphrase is in \(files["owner"] ?? "").",
        ]
        if !removed.isEmpty {
            lines.append(
                "Removed \(removed.count) older demo folder\(removed.count == 1 ? "" : "s").")
        }
        lines.append("Start your own workspace with 'coach init --owner HANDLE'.")
        return lines.joined(separator: "\n")
    }

    /// The absolute path of the running executable.
    static func runningBinary() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    /// Where `coach` on the PATH leads (symbolic links resolved), if it is there.
    static func binaryOnPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/coach"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            }
        }
        return nil
    }
}
