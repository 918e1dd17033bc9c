#!/usr/bin/env bash
# Sync robustness against the real coach-server on a throw-away PostgreSQL cluster (issue 26):
#
# - a connection cut at sampled byte offsets of a push, in its request and in its answer
#   (Tests/e2e/cutproxy.py between coach and the server): each cut sync fails with a one-line
#   error and a non-zero exit, keeps its changes queued, and a sync through the healthy path
#   then stores each change exactly once (counted in PostgreSQL) and empties the outbox;
#   machine B then pulls all of it and ends with A's export (no loss);
# - a change inserted into PostgreSQL as a new row of a stream (Tests/e2e/envelope.py: a
#   forged tombstone chained right but for its signature, and a genuine change replayed) is
#   refused by machines A and B with exit 74 naming the change and its claimed signer, and
#   the same change posted to the API, with a session minted in the database, is refused by
#   the server with the status and reason asserted, and stores nothing;
# - the pull side, on machine B: the owner's second laptop, joined from the server after
#   publishing (`sync invite`, then `sync join`), which only pulls what A syncs: a pull
#   cut at sampled offsets fails and leaves B's export as it was, and the healthy sync then
#   makes it equal to A's; killed in the middle of applying a pull page
#   (COACH_CLIENT_CRASH=mid-apply:pull, debug builds), B is as before the sync, and the next
#   sync applies each change once, ending equal to A and to a copy that never crashed.
#
# Needs what Tests/e2e/sync-smoke.sh needs, and python3. Exits non-zero on the first failed
# check; never skips. TRACE=1 traces every command with a timestamp.
set -euo pipefail
[ -n "${TRACE:-}" ] && { PS4='+ $(date +%s.%N | cut -c7-14) '; set -x; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh" sync-robust
start_cluster club
sql() { psql -qtA -h 127.0.0.1 -p "$port" -U coach -d "${db:-club}" -c "$1"; }
serve
direct=$url

# Every sync goes through the proxy; its rule file says whether (and where) it cuts.
rule() { echo "$*" >"$work/rule"; }
rule pass
python3 "$here/cutproxy.py" "$work/proxy.port" "${direct##*:}" "$work/rule" \
  "$work/proxy.log" 2>"$work/proxy.err" &
echo $! >"$work/proxy.pid"
for _ in $(seq 50); do [ -f "$work/proxy.port" ] && break; sleep 0.1; done
[ -f "$work/proxy.port" ] || fail "the proxy did not start: $(cat "$work/proxy.err")"
url=http://127.0.0.1:$(cat "$work/proxy.port")

# The machine in use is the folder $work/active; the others wait parked beside it (a
# machine's files sit at the same paths on every machine, as ~/.local/share does).
machine=$work/active
mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
printf 'robust passphrase one\n' >"$machine/pass" && chmod 600 "$machine/pass"
m() {
  env -i PATH="$PATH" HOME="$machine/home" XDG_STATE_HOME="$machine/state" \
    XDG_DATA_HOME="$machine/data" XDG_RUNTIME_DIR="$machine/run" \
    COACH_WORKSPACE="$machine/data/ws.sqlite" ${crash:+COACH_CLIENT_CRASH="$crash"} \
    ${limit:+timeout "$limit"} "$coach" "$@"
}
m init --owner olivia --kdf interactive --new-passphrase-file "$machine/pass" >/dev/null
m unlock --as olivia --passphrase-file "$machine/pass" >/dev/null
m athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
m log mood 4 -a jane --notes "first" >/dev/null
m sync publish --server "$url" >/dev/null || fail "publish"
ws=$(sql "SELECT ws FROM workspaces")
queued() { m sync status --json | grep -o '"queued" : [0-9]*' | grep -o '[0-9]*$'; }
stored() { sql "SELECT coalesce(sum(n), 0) FROM runs"; }
# Every change the runs hold, as served (envelope.py restores elided hashes).
duplicates() {
  sql "SELECT encode(body, 'hex') FROM runs" | python3 "$here/envelope.py" envelopes |
    sort | uniq -d | wc -l
}
day=0
# Two new changes, each on a day of its own.
two_changes() {
  for _ in 1 2; do
    day=$((day + 1))
    m log mood $((day % 5 + 1)) -a jane --date "$(date -u -d "2026-01-01 + $day days" +%F)" \
      >/dev/null
  done
}

# Machines B and C: the owner's other laptops, each joined from the server with a code of
# A's `sync invite` (a device of its own), which only pull what A syncs later.
m sync >/dev/null && [ "$(queued)" = 0 ] || fail "A's sync before B and C join"
for other in b c; do
  m sync invite --json >"$work/invite.json" || fail "the invitation for $other"
  python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' <"$work/invite.json" \
    >"$work/code" && chmod 600 "$work/code"
  mv "$work/active" "$work/a"
  mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
  cp -p "$work/a/pass" "$machine/pass"
  m sync join --server "$url" --workspace-id "$ws" --as olivia --code-file "$work/code" \
    --passphrase-file "$machine/pass" >/dev/null 2>"$work/err" ||
    fail "the join of $other: $(cat "$work/err")"
  mv "$work/active" "$work/$other" && mv "$work/a" "$work/active"
done
# Switches to machine $1, parking the one in use as $2.
switch() { mv "$work/active" "$work/$2" && mv "$work/$1" "$work/active"; }

# --- A push cut at sampled byte offsets of its request and of its answer. ---
rule measure /changes
two_changes
m sync >/dev/null || fail "the measured sync"
read -r up down < <(sed -n 's|^/changes up=\([0-9]*\) down=\([0-9]*\)$|\1 \2|p' \
  "$work/proxy.log" | tail -1)
[ -n "${up:-}" ] && [ "$up" -gt 200 ] && [ "$down" -gt 100 ] ||
  fail "the push was not measured: $(cat "$work/proxy.log")"
offsets=()
for o in 1 40 $((up / 4)) $((up / 2)) $((up * 3 / 4)) $((up - 1)) "$up"; do
  offsets+=("up $o")
done
for o in 0 1 $((down / 2)) $((down - 1)); do offsets+=("down $o"); done
: >"$work/errors"
for cut in "${offsets[@]}"; do
  before=$(stored)
  two_changes
  rule cut /changes "$cut"
  # A cut fails at once: well under the client's 60 s timeout (a connection reused after the
  # cut once resent the request without its body, and the sync hung until the timeout).
  set +e
  limit=30 m sync >/dev/null 2>"$work/err"
  status=$?
  set -e
  [ "$status" != 124 ] || fail "the sync cut at $cut hung"
  [ "$status" != 0 ] || fail "a sync cut at $cut succeeded"
  echo "cut $cut: exit $status, $(($(stored) - before)) stored before the retry:" \
    "$(cat "$work/err")" >>"$work/errors"
  grep -qx "cut /changes $cut" "$work/proxy.log" || fail "the push was not cut at $cut"
  [ "$(wc -l <"$work/err")" = 1 ] && grep -q "did not answer.*stays queued" "$work/err" ||
    fail "the cut at $cut did not give the one-line error: $(cat "$work/err")"
  [ "$(queued)" = 2 ] || fail "the outbox lost changes when the push was cut at $cut"
  rule pass
  m sync >/dev/null || fail "the sync after the cut at $cut"
  [ "$(queued)" = 0 ] || fail "the outbox is not empty after the cut at $cut"
  [ "$(stored)" = $((before + 2)) ] || fail "stored $(stored), not $((before + 2)) ($cut)"
  [ "$(duplicates)" = 0 ] || fail "a change is stored twice after the cut at $cut"
done
# No loss: B pulls everything A pushed through the cuts and ends with A's export.
m export -a jane >"$work/a.json"
switch b a
m sync >/dev/null || fail "B's sync after the push cuts"
m export -a jane | cmp -s - "$work/a.json" || fail "B's export differs from A's after the cuts"
switch a b
cat "$work/errors"
echo "push cut at ${#offsets[@]} offsets (request $up bytes, answer $down): each converged," \
  "B pulled all of it"

# --- A change inserted into PostgreSQL as a new row, and the same change posted to the API. ---
# The insider queues the row for the log too (a row the log never took is not served at all);
# the server's next round logs it, and the clients refuse it at apply.
sid=$(sql "SELECT sid FROM streams WHERE ws = '$ws'")
# The session an insider mints for A's device, the one that wrote the stream (only the
# token's hash is stored).
token=$(printf '11%.0s' $(seq 32))
sql "INSERT INTO sessions (token_hash, ws, device_id, expires_at) SELECT sha256(decode('$token',
  'hex')), ws, device_id, 9000000000000 FROM devices WHERE ws = '$ws'
  ORDER BY dev_seq DESC LIMIT 1"
export_jane() { m export -a jane; }
# $1 forge|replay; $2 the server's status and reason for the same change posted.
insert_row() {
  local sseq head last made next before
  IFS='|' read -r sseq head < <(sql "SELECT sseq, encode(head, 'hex') FROM streams
    WHERE sid = $sid")
  last=$(sql "SELECT encode(body, 'hex') FROM runs WHERE sid = $sid AND sseq = $sseq")
  mapfile -t made < <(python3 "$here/envelope.py" "$1" "$last" "$head")
  next=$((sseq + 1))
  sql "BEGIN;
    INSERT INTO runs (sid, sseq, n, head, body) VALUES ($sid, $next, 1,
      decode('$head', 'hex'), decode('${made[4]}', 'hex'));
    UPDATE streams SET sseq = $next, head = decode('${made[1]}', 'hex') WHERE sid = $sid;
    INSERT INTO log_pending (ws, sid, seq, n) VALUES ('$ws', $sid, $next, 1);
    COMMIT"
  for machine_name in A B; do
    [ "$machine_name" = A ] || switch b a
    m export -a jane >"$work/before.json"
    set +e
    m sync 2>"$work/err" >/dev/null
    status=$?
    set -e
    [ "$status" = 74 ] || fail "a $1 row gave $machine_name exit $status: $(cat "$work/err")"
    grep -qF "signed by device ${made[2]} of user olivia was refused: change $next of the \
stream (record ${made[3]})" "$work/err" || fail "the $1 row is not named: $(cat "$work/err")"
    m export -a jane | cmp -s - "$work/before.json" || fail "the $1 row changed $machine_name"
    echo "$1 row: $machine_name exit 74: $(cat "$work/err")"
    [ "$machine_name" = A ] || switch a b
  done
  # The insider takes the row out again and posts the same change through the API.
  sql "BEGIN; DELETE FROM runs WHERE sid = $sid AND sseq = $next;
    UPDATE streams SET sseq = $sseq, head = decode('$head', 'hex') WHERE sid = $sid;
    DELETE FROM log_runs WHERE sid = $sid AND seq = $next;
    UPDATE log_streams SET seq = $sseq, head = decode('$head', 'hex') WHERE sid = $sid; COMMIT"
  before=$(stored)
  answer=$(python3 "$here/envelope.py" post "$direct" "$ws" "${made[2]}" "$token" 900 \
    "${made[0]}")
  [ "$answer" = "$2" ] || fail "the $1 change posted got '$answer', not '$2'"
  [ "$(stored)" = "$before" ] || fail "the $1 change posted was stored"
  echo "$1 change posted: $answer"
}
insert_row forge "403 bad_signature"
insert_row replay "409 broken_chain"
m sync >/dev/null || fail "the sync after the rows were taken out"

# --- The pull side: machine B pulls what machine A syncs. ---
json_applied() { grep -o '"applied" : [0-9]*' | grep -o '[0-9]*$'; }
rule measure /pull
two_changes
m sync >/dev/null && m export -a jane >"$work/a.json"
switch b a
m sync >/dev/null || fail "B's first sync"
m export -a jane | cmp -s - "$work/a.json" || fail "B's export differs from A's"
read -r up down < <(sed -n 's|^/pull up=\([0-9]*\) down=\([0-9]*\)$|\1 \2|p' \
  "$work/proxy.log" | tail -1)
[ -n "${up:-}" ] && [ "$up" -gt 100 ] && [ "$down" -gt 1000 ] ||
  fail "B's pull was not measured: $(cat "$work/proxy.log")"
offsets=()
for o in 1 $((up / 2)) "$up"; do offsets+=("up $o"); done
for o in 1 $((down / 4)) $((down / 2)) $((down * 3 / 4)) $((down - 1)); do
  offsets+=("down $o")
done
for cut in "${offsets[@]}"; do
  switch a b
  rule pass
  two_changes
  m sync >/dev/null || fail "A's sync before the pull cut at $cut"
  m export -a jane >"$work/a.json"
  switch b a
  m export -a jane >"$work/b.json"
  rule cut /pull "$cut"
  set +e
  limit=30 m sync >/dev/null 2>"$work/err"
  status=$?
  set -e
  [ "$status" != 124 ] || fail "the sync whose pull was cut at $cut hung"
  [ "$status" != 0 ] || fail "a sync whose pull was cut at $cut succeeded"
  grep -qx "cut /pull $cut" "$work/proxy.log" || fail "the pull was not cut at $cut"
  [ "$(wc -l <"$work/err")" = 1 ] || fail "the pull cut at $cut: $(cat "$work/err")"
  m export -a jane | cmp -s - "$work/b.json" || fail "the pull cut at $cut changed B"
  rule pass
  m sync >/dev/null || fail "B's sync after the pull cut at $cut"
  m export -a jane | cmp -s - "$work/a.json" || fail "B differs from A after the cut at $cut"
  echo "pull cut $cut: exit $status: $(cat "$work/err")" >>"$work/errors"
done
grep "^pull cut" "$work/errors"
echo "pull cut at ${#offsets[@]} offsets (request $up bytes, answer $down): each converged"

# --- B killed in the middle of applying a pull page. ---
switch a b
for day in 11 12 13 14 15 16; do
  m log mood $((day % 5 + 1)) -a jane --date "2026-02-$day" --notes "apply $day" >/dev/null
done
m sync >/dev/null || fail "A's sync before the crash"
m export -a jane >"$work/a.json"
switch b a
m export -a jane >"$work/b.json"
records() { sqlite3 "$machine/data/ws.sqlite" "SELECT count(*) FROM records"; }
streams() { sqlite3 "$machine/data/ws.sqlite" "SELECT group_concat(sseq) FROM sync_streams"; }
before_records=$(records) before_streams=$(streams)
set +e
crash=mid-apply:pull m sync >/dev/null 2>&1
status=$?
set -e
[ "$status" = 137 ] || fail "B was not killed mid-apply (exit $status)"
m export -a jane | cmp -s - "$work/b.json" || fail "a pull killed mid-apply changed B"
[ "$(records)" = "$before_records" ] && [ "$(streams)" = "$before_streams" ] ||
  fail "a pull killed mid-apply left rows: $(records) records, streams at $(streams)"
applied=$(m sync --json | json_applied)
[ "$applied" = 6 ] || fail "the sync after the crash applied $applied changes, not 6"
m export -a jane | cmp -s - "$work/a.json" || fail "B differs from A after the crash"
[ "$(records)" = $((before_records + 6)) ] || fail "B holds $(records) records after the crash"
cp "$work/active/data/ws.sqlite" "$work/b.sqlite"
switch c b
m sync >/dev/null || fail "C's sync"
m export -a jane | cmp -s - "$work/a.json" || fail "C (never crashed) differs from A"
echo "pull killed mid-apply: B as before the sync, then 6 applied once, equal to A and C"
