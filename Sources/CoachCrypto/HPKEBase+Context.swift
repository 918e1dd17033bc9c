import Foundation

extension HPKEBase {
    /// An encryption context after setup: seals (sender) or opens (recipient) messages in
    /// sequence, and exports secrets (RFC 9180 §5.2 and §5.3).
    public struct Context: Sendable {
        let schedule: KeySchedule
        /// The AEAD this context uses.
        public let aead: AEAD
        /// The number of the next message.
        public private(set) var sequence: UInt64 = 0

        init(schedule: KeySchedule) {
            self.schedule = schedule
            self.aead = schedule.aead
        }

        /// Seals the next message, binding `aad`.
        ///
        /// - Returns: the ciphertext followed by its 16-byte tag.
        /// - Throws: `HPKEError.messageLimitReached` after 2^64 − 1 messages.
        public mutating func seal(_ plaintext: [UInt8], aad: [UInt8]) throws -> [UInt8] {
            let nonce = try nextNonce()
            return try Sodium.aeadSeal(
                plaintext, aad: aad, nonce: nonce, key: schedule.key, aead: aead)
        }

        /// Opens the next message, checking `aad`.
        ///
        /// The sequence number advances only when the message opens.
        /// - Returns: the plaintext.
        /// - Throws: `HPKEError.authenticationFailed` for an altered message or context.
        public mutating func open(_ ciphertext: [UInt8], aad: [UInt8]) throws -> [UInt8] {
            guard sequence < UInt64.max else { throw HPKEError.messageLimitReached }
            let plain = try Sodium.aeadOpen(
                ciphertext, aad: aad, nonce: nonce(for: sequence), key: schedule.key, aead: aead)
            sequence += 1
            return plain
        }

        /// Exports `length` bytes bound to `exporterContext` (RFC 9180 §5.3).
        ///
        /// - Throws: `HPKEError.lengthTooLarge` above 8,160 bytes.
        public func export(_ exporterContext: [UInt8], length: Int) throws -> [UInt8] {
            try schedule.exporterSecret.withBytes { secret in
                try HPKEBase.labeledExpand(
                    prk: Array(secret), label: "sec", info: exporterContext, length: length,
                    suite: HPKEBase.hpkeSuiteID(schedule.aead))
            }
        }

        private mutating func nextNonce() throws -> [UInt8] {
            guard sequence < UInt64.max else { throw HPKEError.messageLimitReached }
            defer { sequence += 1 }
            return nonce(for: sequence)
        }

        /// `base_nonce` XOR the sequence number as a 12-byte big-endian integer.
        func nonce(for seq: UInt64) -> [UInt8] {
            var nonce = schedule.baseNonce
            for i in 0..<8 { nonce[11 - i] ^= UInt8(truncatingIfNeeded: seq >> (8 * UInt64(i))) }
            return nonce
        }
    }
}
