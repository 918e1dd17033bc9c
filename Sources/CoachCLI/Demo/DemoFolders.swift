import Foundation

/// The demo's words outside the workspace: the instructions for coming back.
enum DemoFolders {
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
            ?? CommandLine.arguments.first ?? ProcessArguments.fromKernel().first ?? "coach"
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
