import CoachKit
import Foundation

/// Where in an input file something went wrong.
public enum ImportPosition: Sendable, Equatable, CustomStringConvertible {
    /// A byte offset into the file (or into the named entry of an archive).
    case byte(Int64)
    /// A 1-based line of a text file.
    case line(Int)
    /// A byte offset into an entry of an archive.
    case entry(String, byte: Int64)
    /// The whole file (for problems such as an unknown format).
    case file

    public var description: String {
        switch self {
        case .byte(let b): "byte \(b)"
        case .line(let l): "line \(l)"
        case .entry(let name, let b): "byte \(b) of \(name)"
        case .file: "whole file"
        }
    }
}

/// A file that could not be imported: which file, where in it, and what was wrong.
///
/// Front-end neutral: the message says what was found, never which command to run. Nothing from
/// a file that fails this way is imported.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem the file has.
    public enum Problem: Sendable, Equatable {
        /// The file ends before its structure does.
        case truncated
        /// The file does not start the way its format requires.
        case wrongMagic
        /// A checksum does not match the bytes.
        case badChecksum
        /// The bytes break the format's rules.
        case malformed
        /// A value the format requires is missing.
        case missingField
        /// The content is not one of the formats this module reads.
        case unknownFormat
        /// The file could not be read from disk.
        case unreadable
    }

    /// The file as the user named it.
    public var file: String
    /// Where in the file.
    public var position: ImportPosition
    /// The kind of problem.
    public var problem: Problem
    /// A neutral one-line description of the problem.
    public var message: String

    /// Creates an error for `file` at `position`.
    public init(file: String, position: ImportPosition, problem: Problem, message: String) {
        self.file = file; self.position = position; self.problem = problem; self.message = message
    }

    public var description: String {
        position == .file ? "\(file): \(message)" : "\(file), \(position): \(message)"
    }
}

extension ImportError: CoachFailure {
    /// A file that cannot be read is not found; anything wrong inside it is invalid data.
    public var category: FailureCategory { problem == .unreadable ? .notFound : .invalidData }
    public var problemDescription: String { description }
}
