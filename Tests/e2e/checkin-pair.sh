#!/usr/bin/env bash
# Pairing a phone's check-in page against the real coach-server on a throw-away PostgreSQL
# cluster (issue 28), through the built coach: `device add --web` prints a link whose code the
# server never sees (not in its log, not in a pg_dump, not in the laptop's files in clear) and
# the page's SHA-256, equal to the served /checkin; a request made without the link's code is
# refused at `device approve` (exit 74) and nothing reaches the roster; words that are not the
# phone key's are exit 77; the right words approve it and `device list` shows the web device.
# On a terminal the link is followed by its QR code.
# The phone is Tests/e2e/checkin_phone.py (the pairing request as the page makes it).
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb and pg_ctl,
# psql, pg_dump, curl and python3. Exits non-zero on the first failed check; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" checkin-pair
phone=$(dirname "$0")/checkin_phone.py
start_cluster club
[ -f "$work/server.key" ] || "$server" keygen --out "$work/server.key" >/dev/null
export COACH_SERVER_KEY_FILE=$work/server.key
"$server" serve --listen 127.0.0.1:0 --checkin-page >"$work/serve.log" 2>&1 &
echo $! >"$work/serve.pid"
for _ in $(seq 50); do grep -q "listening on http" "$work/serve.log" && break; sleep 0.1; done
url=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
[ -n "$url" ] || fail "the server did not start"

passphrases owner 'pairing owner passphrase'
on a init --owner olivia --kdf interactive --new-passphrase-file "$secrets/owner" >/dev/null
on a unlock --as olivia --passphrase-file "$secrets/owner" >/dev/null
on a athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
on a sync publish --server "$url" >/dev/null || fail "publish"

# On a colour terminal the link comes with its QR code (raw 256-colour blocks, not escaped);
# into a pipe, text only.
tty_out=$(script -qfec "env -i PATH=$PATH HOME=$work/a/home XDG_STATE_HOME=$work/a/state \
  XDG_DATA_HOME=$work/a/data XDG_RUNTIME_DIR=$work/a/run TERM=xterm-256color \
  COACH_WORKSPACE=$work/a/data/ws.sqlite $coach device add --web --athlete jane" /dev/null)
printf '%s' "$tty_out" | grep -q $'\e\[38;5;16;48;5;' || fail "no QR code on a terminal"
if printf '%s' "$tty_out" | grep -qF '\u001b'; then fail "the QR code was escaped"; fi
if on a device add --web --athlete jane | grep -q $'\e'; then fail "escapes into a pipe"; fi

pair() { # -> the link, from `device add --web --json` (checked)
  on a device add --web --athlete jane --minutes 5 --json >"$work/add.json" \
    || fail "device add --web"
  python3 - "$work/add.json" "$url" <<'PY' || fail "device add --web: $(cat "$work/add.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["link"].startswith(sys.argv[2] + "/checkin#v=1&"), d["link"]
assert d["served_page"] == "same", d["served_page"]
assert d["athlete"] == "jane"
print(d["link"])
PY
}
sha=$(curl -s "$url/checkin" | sha256sum | cut -d' ' -f1)
link=$(pair)
[ "$(field page_sha256 <"$work/add.json")" = "$sha" ] || fail "page hash is not the served page's"
code=${link##*&c=}

# Someone who does not hold the code answers first: the approval refuses it as tampering.
read -r status _ < <(python3 "$phone" "$link" AAAAAAAAAAAAAAAAAAAAAAAA)
[ "$status" = 202 ] || fail "attacker's request: $status"
set +e
on a device approve --words "a b c d e f" 2>"$work/err"
rc=$?
set -e
[ $rc = 74 ] || fail "approving a request without the code: exit $rc, $(cat "$work/err")"
grep -q "someone else answered the link" "$work/err" || fail "$(cat "$work/err")"
[ "$(on a device list --json | grep -c '"web"')" = 0 ] || fail "a web device after exit 74"

# The phone holding the link: wrong words are exit 77, the right ones approve it.
link=$(pair)
code=${link##*&c=}
read -r status words < <(python3 "$phone" "$link")
[ "$status" = 202 ] || fail "phone's request: $status"
set +e
on a device approve --words "$(echo "$words" | awk '{print $2, $1, $3, $4, $5, $6}')" \
  2>"$work/err"
rc=$?
set -e
[ $rc = 77 ] || fail "approving with swapped words: exit $rc, $(cat "$work/err")"
on a device approve --words "$words" --json >"$work/approve.json" || fail "approve"
# shellcheck disable=SC2086 # the six words, one argument each
listed=$(python3 -c 'import sys; print(sys.argv[1:])' $words)
[ "$(field words <"$work/approve.json")" = "$listed" ] \
  || fail "approved words: $(cat "$work/approve.json")"
on a device list --json | grep -q '"web"' || fail "device list shows no web device"
set +e
on a device approve --words "$words" 2>"$work/err"
rc=$?
set -e
[ $rc = 66 ] || fail "a second approval: exit $rc, $(cat "$work/err")"

# The code is in no server log, no database dump and no file of the laptop.
if grep -q "$code" "$work/serve.log"; then fail "the code is in the server's log"; fi
pg_dump -h 127.0.0.1 -p "$port" -U coach club >"$work/dump.sql"
if grep -q "$code" "$work/dump.sql"; then fail "the code is in the database"; fi
if grep -rqa "$code" "$work/a"; then fail "the code is in a file of the laptop"; fi
echo "checkin-pair: ok"
