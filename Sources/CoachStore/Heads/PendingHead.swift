/// What a write owes an athlete's record head when it commits: who signs it, and either the
/// running count and multiset hash (updated with each row the write puts or takes out) or a
/// full recount.
struct PendingHead: Sendable {
    /// The signer of the new head.
    let actor: Principal
    /// The verified head's count and hash with the write's rows applied so far; nil when the
    /// head is recounted from every row at commit (bulk writes, rotations, no head yet).
    var running: (count: Int, hash: RecordSetHash)?
    /// The epoch the running hash is keyed under.
    var epoch: Int
}
