/// The token estimate an export's budget is checked with.
///
/// One token per four bytes of UTF-8, rounded up. English prose and Markdown tables run at
/// roughly four characters per token in the common byte-pair tokenizers, and every non-ASCII
/// character takes two or more bytes here, so the estimate errs on the side of too many tokens.
/// It needs no tokenizer table, so it is the same on every machine and for every model.
public enum TokenEstimator {
    /// The estimated tokens of `text`.
    public static func tokens(_ text: String) -> Int { (text.utf8.count + 3) / 4 }
}
