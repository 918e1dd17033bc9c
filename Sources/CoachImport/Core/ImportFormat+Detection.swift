import CoachKit
import Foundation

extension ImportFormat {
    /// Recognises the format of the file at `path` from its content (not its name).
    ///
    /// - Throws: `ImportError` (`unknownFormat` or `unreadable`).
    public static func detect(path: String, name: String? = nil) throws -> ImportFormat {
        let name = name ?? path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ImportError(
                file: name, position: .file, problem: .unreadable, message: "no such file")
        }
        if isDir.boolValue { return .bulk }
        let head = try FileStream(path: path, name: name, length: 65_536).readAll()
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let zip = try ZipArchive(path: path, name: name)
            return AppleHealthImporter.exportEntry(in: zip) != nil
                && zip.entries.contains(where: { $0.name.hasSuffix("export.xml") })
                ? .appleHealth : .bulk
        }
        if head.starts(with: [0x1F, 0x8B]) {
            let inner = try InflateStream(
                source: try FileStream(path: path, name: name), wrapping: .gzip, name: name)
            var buf: [UInt8] = []
            while buf.count < 65_536, try inner.read(into: &buf, max: 65_536) > 0 {}
            if let f = detect(head: buf) { return f }
        } else if let f = detect(head: head) {
            return f
        }
        throw ImportError(
            file: name, position: .file, problem: .unknownFormat,
            message:
                "not a format coach reads (Apple Health, FIT, TCX, GPX, coach JSON or CSV)")
    }

    /// The format the first bytes of a file show, if any.
    public static func detect(head: [UInt8]) -> ImportFormat? {
        if head.count >= 12, head[0] == 12 || head[0] == 14,
            head[8...11].elementsEqual(".FIT".utf8)
        {
            return .fit
        }
        let text = String(decoding: head, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            if text.contains("<HealthData") { return .appleHealth }
            if text.contains("<TrainingCenterDatabase") { return .tcx }
            if text.contains("<gpx") { return .gpx }
            return nil
        }
        if trimmed.hasPrefix("{") { return .json }
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.contains(","), CSVImporter.looksLikeHeader(String(firstLine)) { return .csv }
        return nil
    }
}
