import CoachKit
import CoachSync
import Dispatch
import Hummingbird
import Metrics
import NIOCore

extension SyncServer {
    func register(_ request: Request) async -> Response {
        await answer(status: 201) {
            let body = try await decode(
                RegistrationRequest.self, request, limit: SyncLimits.maxRosterBytes)
            guard body.registration.signatureValid else {
                throw SyncProblem.refuse(
                    .badRegistration,
                    "the registration of workspace \(body.registration.workspaceId) is not "
                        + "signed by the owner key it names")
            }
            return try await store.register(body)
        }
    }

    func challenge(_ request: Request) async -> Response {
        await answer {
            let body = try await decode(ChallengeRequest.self, request)
            return try await store.challenge(body, nonce: random.bytes(32), now: now())
        }
    }

    func session(_ request: Request) async -> Response {
        await answer {
            let body = try await decode(SessionRequest.self, request)
            return try await store.session(body, token: random.bytes(32), now: now())
        }
    }

    func join(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let body = try await decode(JoinRequest.self, request)
            return try await store.join(try workspace(context), body, now: now())
        }
    }

    func invite(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer(status: 201) {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(InvitationRequest.self, request)
            return try await store.invite(ws, body, session: session, now: now())
        }
    }

    func rosterPage(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            _ = try await authenticate(request, ws)
            let after = request.uri.queryParameters.get("after").map { Int64($0) } ?? 0
            guard let after, after >= 0 else {
                throw SyncProblem.refuse(.malformed, "'after' is not a count of roster entries")
            }
            let logSize = request.uri.queryParameters.get("log_size").map { Int64($0) }
            if let logSize, (logSize ?? -1) < 0 {
                throw SyncProblem.refuse(.malformed, "'log_size' is not a count of log entries")
            }
            return try await store.rosterPage(ws, after: after, logSize: logSize ?? nil)
        }
    }

    func rosterPush(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let body = try await decode(RosterPush.self, request, limit: SyncLimits.maxRosterBytes)
            let enrolsOnly =
                !body.entries.isEmpty
                && body.entries.allSatisfy {
                    if case .device = $0 { return true }
                    return false
                }
            if !enrolsOnly || request.headers[.authorization] != nil {
                _ = try await authenticate(request, ws)
            }
            return RosterPushResponse(head: try await store.pushRoster(ws, body))
        }
    }

    func push(_ request: Request, _ context: BasicRequestContext) async -> Response {
        let started = DispatchTime.now()
        let response = await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(PushRequest.self, request, limit: SyncLimits.maxBatchBytes)
            guard body.changes.count <= SyncLimits.maxChangesPerBatch else {
                throw SyncProblem.refuse(
                    .tooLarge,
                    "a batch holds at most \(SyncLimits.maxChangesPerBatch) changes, this one "
                        + "\(body.changes.count)", device: body.device)
            }
            let answer = try await store.push(body, session: session, now: now())
            Counter(label: "coach_pushed_changes_total").increment(by: answer.results.count)
            return answer
        }
        Timer(label: "coach_push_duration_seconds").recordInterval(since: started)
        Counter(label: "coach_push_total", dimensions: [("status", "\(response.status.code)")])
            .increment()
        return response
    }

    func pull(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(PullRequest.self, request)
            return try await store.pull(body, session: session)
        }
    }
}

extension SyncServer {
    func logProofs(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            _ = try await authenticate(request, ws)
            let body = try await decode(LogProofsRequest.self, request)
            return try await store.logProofs(ws, body)
        }
    }

    func redact(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(RedactionRequest.self, request)
            return try await store.redact(body, session: session)
        }
    }
}
