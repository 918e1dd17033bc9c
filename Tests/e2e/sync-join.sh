#!/usr/bin/env bash
# `coach sync join` against the real coach-server on a throw-away PostgreSQL cluster (issue 26):
# the owner publishes on machine A; athlete jane (enrolled with a code, then invited) joins on
# machine B and on a second device D; the owner's second laptop C joins as her. Each joined
# replica passes `audit verify` and `doctor`, lists its athletes and shows the log. Then, made
# offline and synced: two devices of jane check in on the same day (both entries kept); a
# coach's FTP edit and jane's weight edit both survive; the same field edited on A and C
# resolves to the same value everywhere, and `sync conflicts --json` lists the same conflict on
# all four machines. Every replica's `coach export` of jane is the same JSON. A wrong
# passphrase leaves no file.
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb and pg_ctl,
# psql and python3. Exits non-zero on the first failed check; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-join
start_cluster club
serve

passphrases olivia 'join owner passphrase' jane 'join athlete passphrase' \
  carl 'join coach passphrase' wrong 'not the right passphrase'

on a init --owner olivia --kdf interactive --new-passphrase-file "$secrets/olivia" >/dev/null
on a unlock --as olivia --passphrase-file "$secrets/olivia" >/dev/null
on a athlete add jane --name "Jane Doe" --time-zone Europe/Berlin --ftp 240 >/dev/null
on a user add carl --role coach --new-passphrase-file "$secrets/carl" >/dev/null
on a access grant --athlete jane --to carl >/dev/null
on a log mood 3 -a jane --date 2026-11-20 --notes "before publishing" >/dev/null
# Jane gets an enrolment code and enrols on the owner's machine (before publishing:
# `user enrol` opens no roster gate, so a synced workspace refuses it offline).
on a user add jane --role athlete --athlete jane --enrolment-code --json |
  field enrolment_code >"$secrets/enrol"
on a user enrol jane --code-file "$secrets/enrol" --new-passphrase-file "$secrets/jane" \
  >/dev/null || fail "jane's enrolment"
# Enrolment leaves jane's grant sealed to the code's keys, with her own copy kept only in this
# file: the owner grants it again, to her keys, so that a new machine of hers can open it.
on a access grant --athlete jane --to jane >/dev/null
on a sync publish --server "$url" >/dev/null || fail "publish"

invite() { # machine [--for HANDLE] -> the code, in $secrets/code; the workspace id on stdout
  local machine=$1
  shift
  on "$machine" sync invite "$@" --json >"$work/invite.json" || fail "invite on $machine $*"
  field code <"$work/invite.json" >"$secrets/code"
  field workspace <"$work/invite.json"
}
join() { # machine handle [passphrase file]
  on "$1" sync join --server "$url" --workspace-id "$ws" --as "$2" --code-file "$secrets/code" \
    --passphrase-file "${3:-$secrets/$2}"
}

ws=$(invite a --for jane)
set +e
join b jane "$secrets/wrong" >/dev/null 2>"$work/err-wrong"
wrong=$?
set -e
[ "$wrong" = 77 ] || fail "a wrong passphrase gave exit $wrong: $(cat "$work/err-wrong")"
[ -z "$(find "$work/b/data" -name "*ws.sqlite*")" ] ||
  fail "a failed join left $(find "$work/b/data")"
[ -z "$(find "$work/b/state" -name "*.device")" ] || fail "a failed join left a device key"
ws=$(invite a --for jane)
join b jane >"$work/join-b.out" || fail "jane's join on B"
grep -q "as 'jane' (athlete)" "$work/join-b.out" || fail "$(cat "$work/join-b.out")"
ws=$(invite a)
join c olivia >/dev/null || fail "the owner's join on C"
ws=$(invite b)
join d jane >/dev/null || fail "jane's join on D (her second device)"

for machine in b c d; do
  on "$machine" audit verify >/dev/null || fail "audit verify on $machine"
  on "$machine" doctor >"$work/doctor-$machine" ||
    fail "doctor on $machine: $(cat "$work/doctor-$machine")"
  on "$machine" athlete list | grep -q jane || fail "athlete list on $machine"
  on "$machine" log show -a jane --date 2026-11-20 | grep -q "before publishing" ||
    fail "log show on $machine"
done
# `team` exits non-zero when an athlete is flagged; the owner's two machines show the same.
team_a=$(on a team 2>&1 || true)
team_c=$(on c team 2>&1 || true)
[ -n "$team_c" ] && [ "$team_a" = "$team_c" ] || fail "team on C differs from A: $team_c"

# Offline, the same day: jane checks in on both her devices; carl (on A) sets her FTP while she
# sets her weight on B; the owner renames her on A and, differently, on C.
on b log mood 4 --notes "checked in on the laptop" >/dev/null
on d log mood 2 --notes "checked in on the phone" >/dev/null
on a athlete edit jane --ftp 250 --as carl --passphrase-file "$secrets/carl" >/dev/null
on b athlete edit jane --weight 61kg >/dev/null
on a athlete edit jane --name "Jane from A" >/dev/null
on c athlete edit jane --name "Jane from C" >/dev/null
for round in 1 2; do
  # Carl's change on A waits in his device's outbox: he syncs it (each device pushes its own).
  on a sync --as carl --passphrase-file "$secrets/carl" >"$work/sync-carl" 2>&1 ||
    fail "carl's sync on A (round $round): $(cat "$work/sync-carl")"
  for machine in b d a c; do
    on "$machine" sync >"$work/sync-$machine" 2>&1 ||
      fail "sync on $machine (round $round): $(cat "$work/sync-$machine")"
  done
done
on a export -a jane >"$work/export-a.json"
for machine in b c d; do
  on "$machine" export -a jane >"$work/export-$machine.json"
  cmp -s "$work/export-a.json" "$work/export-$machine.json" ||
    fail "the export of jane on $machine differs from A's: $(diff "$work/export-a.json" \
      "$work/export-$machine.json" | head -20)"
done
python3 - "$work/export-a.json" <<'PY' || fail "the merged day on A is not as expected"
import json, sys
d = json.load(open(sys.argv[1]))
notes = sorted(w.get("notes") or "" for w in d["wellness"])
assert "checked in on the laptop" in notes and "checked in on the phone" in notes, notes
a = d["athlete"]
assert a["thresholds"].get("ftp_w") == 250, a["thresholds"]
assert a.get("weight_kg") == 61, a.get("weight_kg")
assert a["name"] in ("Jane from A", "Jane from C"), a["name"]
PY
# C resolved the rename (A's was on the server first): the later clock, C's, wins everywhere.
# C queued the conflict as a signed note, so every replica lists the same conflict: the same
# record, winner and loser (each side's device, author, clock and value), A's name as the loser.
grep -q '"name" : "Jane from C"' "$work/export-a.json" || fail "the later rename did not win"
for machine in a b c d; do
  on "$machine" sync conflicts --json >"$work/conflicts-$machine" ||
    fail "sync conflicts on $machine"
done
grep -q 'Jane from A' "$work/conflicts-c" || fail "C does not list the losing name"
# C resolved it: every machine names C's device (the note's signer) as the resolver.
c_device=$(on c device list --json | python3 -c 'import json, sys
print(next(d["id"] for d in json.load(sys.stdin)["devices"] if d["this_machine"]))')
grep -q "\"resolver\" : \"$c_device\"" "$work/conflicts-a" || fail "A does not name C's device"
on b sync conflicts | grep -q "RESOLVED ON" || fail "the table has no resolving device"
on b sync conflicts | grep -q "${c_device:0:8}" || fail "B does not name C's device"
python3 - "$work"/conflicts-{a,b,c,d} <<'PY' || fail "the replicas list different conflicts"
import json, sys
def listed(path):
    rows = json.load(open(path))
    for row in rows:
        row.pop("foundAt", None)
    return sorted(json.dumps(row, sort_keys=True) for row in rows)
lists = [listed(p) for p in sys.argv[1:]]
assert len(lists[0]) == 1, lists[0]
assert json.loads(lists[0][0]).get("resolver"), lists[0]
for path, other in zip(sys.argv[2:], lists[1:]):
    assert other == lists[0], (path, other, lists[0])
PY
# Two users of A's file: carl renames jane and, before he syncs, the owner renames her on top
# of his queued change. Her sync holds that change back and names carl (it used to be refused
# as stale three times and fail); after his sync, hers pushes it and B ends with her name.
on a athlete edit jane --name "Jane by carl" --as carl --passphrase-file "$secrets/carl" \
  >/dev/null
on a athlete edit jane --name "Jane by the owner" >/dev/null
on a sync >"$work/sync-wait" 2>&1 || fail "the owner's sync before carl's: $(cat "$work/sync-wait")"
grep -q "on top of carl's" "$work/sync-wait" || fail "no word of carl: $(cat "$work/sync-wait")"
on a sync --as carl --passphrase-file "$secrets/carl" >"$work/sync-carl" 2>&1 ||
  fail "carl's sync: $(cat "$work/sync-carl")"
on a sync >"$work/sync-wait" 2>&1 || fail "the owner's sync after carl's: $(cat "$work/sync-wait")"
grep -q "on top of" "$work/sync-wait" && fail "still waiting: $(cat "$work/sync-wait")"
on b sync >/dev/null 2>&1 || fail "B's sync after the two renames on A"
on b export -a jane | grep -q '"name" : "Jane by the owner"' || fail "B lacks the owner's rename"
echo "sync join: ok (jane on B and D, the owner on C joined from the server; wrong passphrase" \
  "left no file; audit verify, doctor, athlete list, log show and team accept the replicas;" \
  "check-ins of two devices kept, FTP and weight edits both kept, the same field resolved" \
  "alike everywhere and listed the same on all four machines; the same export everywhere;" \
  "a rename on top of another user's queued one on A waits for that user's sync)"
