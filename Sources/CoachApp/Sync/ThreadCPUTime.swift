#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time the calling thread has used, for measuring what a piece of work costs in
/// CPU (unlike the wall clock, it leaves out waiting on the network or on other processes).
enum ThreadCPUTime {
    /// Microseconds of CPU the calling thread has used so far.
    static func micros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
