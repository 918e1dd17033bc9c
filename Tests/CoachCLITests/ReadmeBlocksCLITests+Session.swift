import CoachTestSupport
import Foundation
import Testing

extension ReadmeBlocksCLITests {
    /// Builds the files a `session` block names in the reader's folder (`home`), from fixtures:
    /// an Apple Health export, a FIT, a TCX and a GPX file, a Strava-style account export
    /// (activities.csv and a FIT in a zip), a CSV of moods and an athlete roster.
    static let makeFiles = """
        import gzip, os, shutil, sys, zipfile
        fixtures, home = sys.argv[1], sys.argv[2]
        fx = lambda name: os.path.join(fixtures, name)
        shutil.copy(fx("apple-health/apple-health-parser/export.zip"), home + "/export.zip")
        shutil.copy(fx("fit/ride_12min_s3.fit"), home + "/ride.fit")
        shutil.copy(fx("fit/ride_20min_1min_power.tcx"), home + "/run.tcx")
        with gzip.open(fx("fit/ride_12min_s3.gpx.gz")) as src, open(home + "/hike.gpx", "wb") as out:
            shutil.copyfileobj(src, out)
        with zipfile.ZipFile(home + "/strava-export.zip", "w") as z:
            z.writestr("activities.csv", "Activity ID,Activity Date,Activity Name,Activity Type,"
                "Filename\\n102,\\"Oct 11, 2024, 3:08:07 PM\\",Tempo run,Run,activities/102.fit\\n")
            z.write(fx("fit/run_18min_s4.fit"), "activities/102.fit")
        open(home + "/moods.csv", "w").write("day,mood\\n2026-11-10,4\\n")
        open(home + "/roster.csv", "w").write("handle,name,sport,ftp\\nrob,Rob,cycling,240\\n")
        """

    /// The workspace of a reader who has done the first session: the owner signed in, athletes
    /// jane, bert and a01–a03, the coach carl, and in `home` the files the README's blocks name.
    static func readerWorkspace(_ s: CoachSandbox, home: String) throws {
        try s.initialise()
        let carl = try s.secretFile("carl", "carl's first passphrase 1")
        try s.expectOK(
            s.run(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", carl]))
        for handle in ["bert", "a01", "a02", "a03"] {
            try s.expectOK(s.run(["athlete", "add", handle, "--name", handle.capitalized]))
        }
        let r = try RepoFiles.runPython(["-c", makeFiles, TestFixtures.directory.path, home])
        #expect(r.status == 0, "\(r.output)")
    }

    /// `line` with each placeholder id replaced by the id an earlier line of the block printed,
    /// as the reader would copy it: the last echoed "(id X)" of the placeholder's length, else
    /// the last word of its shape (as long, lowercase letters and digits, at least one digit).
    static func fillingIDs(_ line: String, placeholders: [String], printed: String) throws
        -> String
    {
        var out = line
        for token in placeholders where line.contains(token) {
            let words = printed.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            // An echo's "(id X)" names the id outright (a random id may hold no digit);
            // otherwise the last word of the shape, as a reader reads it from a table.
            let echoed = printed.components(separatedBy: "(id ").dropFirst()
                .map { String($0.prefix { $0.isLetter || $0.isNumber }) }
                .filter { $0.count == token.count }
            let id = try #require(
                echoed.last
                    ?? words.last {
                        $0.count == token.count
                            && $0.allSatisfy { $0.isNumber || $0.isLowercase }
                            && $0.contains { $0.isNumber }
                    }, "no id like \(token) printed before '\(line)'")
            out = out.replacingOccurrences(of: token, with: id)
        }
        return out
    }

    /// The command lines of .ci/run after its `cd`.
    static func ciCommands() throws -> [String] {
        let script = try String(contentsOfFile: RepoFiles.path(".ci/run"), encoding: .utf8)
        let lines = script.components(separatedBy: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let start = try #require(lines.firstIndex { $0.hasPrefix("cd ") })
        return lines[(start + 1)...].filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A command without its trailing comment.
    static func command(_ line: String) -> String {
        let cut = line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line
        return cut.trimmingCharacters(in: .whitespaces)
    }
}
