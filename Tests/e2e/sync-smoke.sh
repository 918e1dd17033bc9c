#!/usr/bin/env bash
# Sync against the real coach-server on a throw-away PostgreSQL cluster (issue 26): the owner
# publishes and syncs; pg_dump of the server's database holds no plaintext canary; a change
# altered in PostgreSQL is refused by the client with exit 74 naming its signer; the server
# killed right before and right after a push commits (COACH_SERVER_CRASH) leaves each change
# stored exactly once after the retry, and the outbox empty.
#
# Needs: .build/debug/coach (swift build), Server/.build/debug/coach-server
# (swift build --package-path Server --product coach-server), PostgreSQL's initdb and pg_ctl,
# psql, pg_dump and sqlite3. Runs as the postgres user's cluster when root. Exits non-zero on
# the first failed check; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-smoke
start_cluster club
serve

machine=$work/machine-a
mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
printf 'smoke passphrase one\n' >"$machine/pass" && chmod 600 "$machine/pass"
m() {
  env -i PATH="$PATH" HOME="$machine/home" XDG_STATE_HOME="$machine/state" \
    XDG_DATA_HOME="$machine/data" XDG_RUNTIME_DIR="$machine/run" \
    COACH_WORKSPACE="$machine/data/ws.sqlite" "$coach" "$@"
}
m init --owner olivia --kdf interactive --new-passphrase-file "$machine/pass" >/dev/null
m unlock --as olivia --passphrase-file "$machine/pass" >/dev/null
m athlete add jane --name "Zelda Canaryname" --time-zone Europe/Berlin >/dev/null
m log mood 4 -a jane --notes "canary-note-xyzzy" >/dev/null
m sync publish --server "$url" >/dev/null || fail "publish"
m log mood 2 -a jane >/dev/null
m sync >/dev/null || fail "sync"
[ "$(m sync status --json | grep -o '"queued" : [0-9]*')" = '"queued" : 0' ] ||
  fail "the outbox is not empty after a sync"
# The publish certified the server's log key, so that sync checked the server's signed head.
m sync status --json | grep -Eq '"log_key" : "[0-9a-f]{16}"' ||
  fail "no certified log key after the publish"

stored() {
  psql -tA -h 127.0.0.1 -p "$port" -U coach club -c "SELECT coalesce(sum(n), 0) FROM runs"
}
queued() { m sync status --json | grep -o '"queued" : [0-9]*' | grep -o '[0-9]*$'; }
for point in before-commit:push after-commit:push; do
  before=$(stored)
  m log mood 3 -a jane >/dev/null
  m log mood 5 -a jane --date yesterday >/dev/null
  serve "$point"
  m sync >/dev/null 2>&1 && fail "sync succeeded through a server killed at $point"
  [ "$(queued)" = 2 ] || fail "the outbox lost changes when the server died at $point"
  serve
  # The restarted server listens on another port; the replica records the server's address.
  sqlite3 "$machine/data/ws.sqlite" "UPDATE sync_state SET server_url = '$url'"
  m sync >/dev/null || fail "the retry after $point"
  [ "$(queued)" = 0 ] || fail "the outbox is not empty after the retry ($point)"
  [ "$(stored)" = $((before + 2)) ] || fail "stored $(stored), not $((before + 2)) ($point)"
done

"$bin/pg_dump" -h 127.0.0.1 -p "$port" -U coach club >"$work/dump.sql"
if grep -q -i -e "zelda" -e "canaryname" -e "xyzzy" "$work/dump.sql"; then
  fail "pg_dump holds a plaintext canary"
fi

# Alter the last byte of the second change's envelope in PostgreSQL (in the run that holds
# it: Tests/e2e/envelope.py flip), and make the replica read its stream again from the start.
IFS='|' read -r last first body < <(psql -tA -h 127.0.0.1 -p "$port" -U coach club -c "SELECT
  sseq, sseq - n + 1, encode(body, 'hex') FROM runs WHERE sseq - n + 1 <= 2 AND sseq >= 2")
body=$(python3 "$root/Tests/e2e/envelope.py" flip "$body" $((2 - first)))
psql -q -h 127.0.0.1 -p "$port" -U coach club -c "UPDATE runs SET body = decode('$body', 'hex')
  WHERE sseq = $last"
sqlite3 "$machine/data/ws.sqlite" "DELETE FROM sync_streams; DELETE FROM sync_chains;"
set +e
m sync 2>"$work/err"
status=$?
set -e
[ "$status" = 74 ] || fail "an altered change gave exit $status, not 74: $(cat "$work/err")"
grep -q "of user olivia was refused: change 2" "$work/err" || fail "not named: $(cat "$work/err")"
echo "sync smoke: ok (publish with the log key certified, sync, crash before and after commit retried once each," \
  "no canary in pg_dump, altered change exit 74)"
