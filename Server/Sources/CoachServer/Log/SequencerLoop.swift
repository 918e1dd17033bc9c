import Logging

/// Runs sequencer rounds every interval for each workspace with pending runs, until the task
/// is cancelled. A failed round is logged and retried at the next tick: a push never depends
/// on it, and a tampered log stays unsigned.
public struct SequencerLoop: Sendable {
    let sequencer: Sequencer
    let interval: Duration

    /// A loop of `sequencer`'s rounds every `interval`.
    public init(sequencer: Sequencer, interval: Duration) {
        self.sequencer = sequencer
        self.interval = interval
    }

    /// Runs until cancelled.
    public func run() async {
        let logger = sequencer.store.logger
        while !Task.isCancelled {
            do {
                for ws in try await sequencer.pendingWorkspaces() {
                    do {
                        _ = try await sequencer.round(ws)
                    } catch let error as ServerError {
                        logger.error("sequencing \(ws) failed: \(error.description)")
                    } catch {
                        // One workspace's failure must not stop the others' rounds.
                        logger.error("sequencing \(ws) failed: \(String(reflecting: error))")
                    }
                }
            } catch {
                logger.error("sequencing failed: \(String(reflecting: error))")
            }
            try? await Task.sleep(for: interval)
        }
    }
}
