#!/usr/bin/env bash
# Redaction after a rekey (issue 27) against the real coach-server on a throw-away PostgreSQL
# cluster. The owner logs two days of jane on machine A, publishes, revokes carl from jane (a
# rotation to epoch 2) and rekeys jane (every record sealed again under epoch 2); her sync
# pushes the re-seals and asks the server to redact, once (`redacted` in `sync --json`; the
# next sync asks nothing). In PostgreSQL the old ciphertexts are gone from `runs` (the bytes of
# a redacted change read from the stream before are in no row, TOAST included, after VACUUM).
# A machine that joins afterwards pulls the redacted changes header only, passes `coach audit
# verify`, and exports the same jane as A. Then an operator drops the body of a change nothing
# supersedes (the newest, written in the redacted form with `envelope.py redact`): a machine
# joining then refuses it, exit 74 naming the withheld body.
#
# Needs what Tests/e2e/sync-log.sh needs. Exits non-zero on the first failed check.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-redact
start_cluster club
serve_as s1 club

passphrases olivia 'redaction owner passphrase' carl 'redaction coach passphrase'
sql() { psql -qtA -h 127.0.0.1 -p "$port" -U coach -d club -c "$1"; }
py=$(dirname "$0")/envelope.py

on a init --owner olivia --kdf interactive --new-passphrase-file "$secrets/olivia" >/dev/null
on a unlock --as olivia --passphrase-file "$secrets/olivia" >/dev/null
on a athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
on a user add carl --role coach --new-passphrase-file "$secrets/carl" >/dev/null
on a access grant --athlete jane --to carl >/dev/null
on a log mood 3 -a jane --date 2026-11-20 --notes "old key one" >/dev/null
on a log mood 4 -a jane --date 2026-11-21 --notes "old key two" >/dev/null
on a sync publish --server "$url" >/dev/null || fail "publish"
jane=$(sql "SELECT athlete_id FROM streams WHERE athlete_id <> '' LIMIT 1")
# Every run body of jane's stream, one a line in hex, and the changes they hold.
runs() {
  sql "SELECT encode(r.body, 'hex') FROM runs r JOIN streams s USING (sid)
       WHERE s.athlete_id = '$jane' ORDER BY r.sseq"
}
runs | python3 "$py" envelopes >"$work/before.changes"
[ "$(wc -l <"$work/before.changes")" -ge 2 ] || fail "jane's stream holds no changes"

on a access revoke --athlete jane --from carl >/dev/null 2>"$work/err" ||
  fail "the revocation: $(cat "$work/err")"
on a access rekey --athlete jane >/dev/null 2>"$work/err" || fail "rekey: $(cat "$work/err")"
on a sync --json >"$work/sync1.json" 2>"$work/err" || fail "the rekey's sync: $(cat "$work/err")"
redacted=$(field redacted <"$work/sync1.json")
[ "$redacted" -ge 2 ] || fail "the sync after the rekey redacted $redacted changes"
on a sync --json >"$work/sync2.json" || fail "the next sync"
[ "$(field redacted <"$work/sync2.json")" = 0 ] || fail "the redaction was asked for again"

# The old ciphertexts are gone from PostgreSQL: every change served before the redaction is now
# served in the redacted form or unchanged, and no row (nor TOAST chunk) holds a dropped body.
sql "VACUUM runs" >/dev/null
runs | python3 "$py" envelopes >"$work/after.changes"
toast=$(sql "SELECT reltoastrelid::regclass FROM pg_class WHERE relname = 'runs'")
gone=0
while read -r change; do
  [ -n "$change" ] || continue
  cut=$(python3 "$py" redact "$change")
  [ "$cut" = "$change" ] && continue
  grep -qx "$cut" "$work/after.changes" || continue
  gone=$((gone + 1))
  # A slice from the middle of the dropped body.
  tail=${change: -96:64}
  [ "$(sql "SELECT count(*) FROM runs WHERE position('\\x$tail'::bytea in body) > 0")" = 0 ] ||
    fail "a redacted body is still in runs"
  [ "$(sql "SELECT count(*) FROM $toast WHERE position('\\x$tail'::bytea in chunk_data) > 0")" \
    = 0 ] || fail "a redacted body is still in runs' TOAST table"
done <"$work/before.changes"
[ "$gone" = "$redacted" ] || fail "$gone old bodies gone from PostgreSQL, $redacted reported"

# A machine joining afterwards converges, header only for the redacted changes.
on a sync invite --json >"$work/invite.json" || fail "invite"
field code <"$work/invite.json" >"$secrets/code"
ws=$(field workspace <"$work/invite.json")
on b sync join --server "$url" --workspace-id "$ws" --as olivia --code-file "$secrets/code" \
  --passphrase-file "$secrets/olivia" >/dev/null 2>"$work/err" ||
  fail "the join after the redaction: $(cat "$work/err")"
on b audit verify >/dev/null 2>"$work/err" || fail "audit verify on B: $(cat "$work/err")"
on a export -a jane >"$work/a.json"
on b export -a jane >"$work/b.json"
cmp -s "$work/a.json" "$work/b.json" || fail "A and the joined B export different jane data"
grep -q "old key two" "$work/b.json" || fail "B lacks the re-sealed record"

# An operator drops the body of the newest change (nothing supersedes it) in place.
on a log mood 5 -a jane --date 2026-11-22 --notes "newest" >/dev/null
on a sync >/dev/null || fail "A's sync of the newest"
last=$(sql "SELECT r.sseq FROM runs r JOIN streams s USING (sid)
            WHERE s.athlete_id = '$jane' ORDER BY r.sseq DESC LIMIT 1")
body=$(sql "SELECT encode(r.body, 'hex') FROM runs r JOIN streams s USING (sid)
            WHERE s.athlete_id = '$jane' AND r.sseq = $last")
newest=$(echo "$body" | python3 "$py" envelopes | tail -1)
[ "$(echo "$body" | python3 "$py" envelopes | wc -l)" = 1 ] || fail "the newest run holds more"
cut=$(python3 "$py" redact "$newest")
word=$(printf '%08x' $(( ${#cut} / 2 )))
sql "UPDATE runs r SET body = '\\x$word$cut' FROM streams s
     WHERE s.sid = r.sid AND s.athlete_id = '$jane' AND r.sseq = $last" >/dev/null
on a sync invite --json >"$work/invite2.json" || fail "the second invite"
field code <"$work/invite2.json" >"$secrets/code2"
set +e
on c sync join --server "$url" --workspace-id "$ws" --as olivia --code-file "$secrets/code2" \
  --passphrase-file "$secrets/olivia" >/dev/null 2>"$work/withheld.err"
code=$?
set -e
[ "$code" = 74 ] || fail "a withheld body gave exit $code: $(cat "$work/withheld.err")"
grep -q "withheld the body of change" "$work/withheld.err" ||
  fail "the refusal names no withheld body: $(cat "$work/withheld.err")"
echo "sync-redact: ok"
