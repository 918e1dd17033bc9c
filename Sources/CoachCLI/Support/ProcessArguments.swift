import Foundation

/// The process's arguments, without the program name.
///
/// Swift's runtime captures `argv` when the program starts; under some `LD_PRELOAD` libraries
/// (libfaketime, which the tests use to move the system clock) it captures nothing, and
/// `CommandLine.arguments` is empty — not even the program name, which every real `argv`
/// holds. Then the kernel's copy in `/proc/self/cmdline` is read instead, so such a run sees
/// the arguments it was given rather than none.
enum ProcessArguments {
    /// The arguments after the program name.
    static var current: [String] {
        let captured = CommandLine.arguments
        if !captured.isEmpty { return Array(captured.dropFirst()) }
        return Array(fromKernel().dropFirst())
    }

    /// `/proc/self/cmdline`, split at its NUL bytes (empty where there is no `/proc`).
    static func fromKernel() -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/self/cmdline") else {
            return []
        }
        return parse(data)
    }

    /// The arguments in a NUL-separated command line such as `/proc/self/cmdline`.
    static func parse(_ data: Data) -> [String] {
        var bytes = [UInt8](data)
        if bytes.last == 0 { bytes.removeLast() }
        guard !bytes.isEmpty else { return [] }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
