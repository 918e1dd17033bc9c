#!/bin/sh
# Coverage-guided fuzzing of coach's parsers with libFuzzer (swiftc -sanitize=fuzzer).
#
#   Benchmarks/fuzz.sh [SECONDS] [TARGET ...]
#
# Builds the modules a target needs as static libraries with coverage instrumentation under
# .build/fuzz, then runs each target (default: all) for SECONDS (default 60) on a copy of its
# seed corpus (Tests/Fixtures/fuzz/TARGET). New inputs stay in .build/fuzz/corpus/TARGET; a
# crash is written as .build/fuzz/crash-TARGET-* and the script exits non-zero. After a run
# without a crash the new inputs that add coverage to the committed corpus are merged into a
# copy of it (-merge=1) in .build/fuzz/merged/TARGET; FUZZ_COMMIT=1 adds them to
# Tests/Fixtures/fuzz/TARGET (the files there stay), the corpus the tests run (Tests/CoachTrustTests/LogFuzzCorpusTests.swift for
# envelope and log-proof). Not part of 'make test'. Targets: fit tcx gpx apple-health csv json
# envelope log-proof mcp plugin-framer record-codec. Run it niced on a shared machine:
#   nice -n 10 Benchmarks/fuzz.sh 300 envelope log-proof
set -eu
cd "$(dirname "$0")/.."
SECS=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-fit tcx gpx apple-health csv json envelope log-proof mcp plugin-framer record-codec}
OUT=.build/fuzz
mkdir -p "$OUT/corpus"
FLAGS="-sanitize=fuzzer -parse-as-library -Onone -g -suppress-warnings"

module() { # NAME FOLDER [flags]
    name=$1 folder=$2
    shift 2
    if [ ! -f "$OUT/lib$name.a" ] || [ -n "$(find "$folder" -name '*.swift' -newer "$OUT/lib$name.a")" ]; then
        echo "building $name"
        # shellcheck disable=SC2046,SC2086
        swiftc $FLAGS -emit-library -static -emit-module -module-name "$name" \
            -emit-module-path "$OUT/$name.swiftmodule" -I "$OUT" "$@" \
            $(find "$folder" -name '*.swift' | sort) -o "$OUT/lib$name.a"
    fi
}

module CoachKit Sources/CoachKit
module CoachImport Sources/CoachImport -I Sources/CZlib
module CoachCrypto Sources/CoachCrypto -I Sources/CSodium
module CoachTrust Sources/CoachTrust -I Sources/CSodium
module CoachPluginProtocol Sources/CoachPluginProtocol
module CoachCodec Sources/CoachCodec -I Sources/CZlib -I Sources/CSodium

status=0
for t in $TARGETS; do
    case $t in
        fit|tcx|gpx|apple-health|csv) libs="-lCoachImport -lCoachKit -lz"; extra="" ;;
        json) libs="-lCoachKit"; extra="" ;;
        envelope|log-proof) libs="-lCoachTrust -lCoachCrypto -lCoachKit -lsodium"; extra="" ;;
        mcp) libs=""; extra="Sources/CoachMCP/MCPLineReader.swift" ;;
        plugin-framer) libs="-lCoachPluginProtocol -lCoachKit"; extra="" ;;
        record-codec) libs="-lCoachCodec -lCoachCrypto -lCoachKit -lz -lsodium"; extra="" ;;
        *) echo "unknown target $t" >&2; exit 64 ;;
    esac
    echo "building fuzz-$t"
    # shellcheck disable=SC2086
    swiftc $FLAGS -I "$OUT" -I Sources/CZlib -I Sources/CSodium -L "$OUT" \
        "Benchmarks/Fuzz/$t.swift" $extra $libs -o "$OUT/fuzz-$t"
    mkdir -p "$OUT/corpus/$t"
    cp -n Tests/Fixtures/fuzz/"$t"/* "$OUT/corpus/$t/" 2>/dev/null || true
    echo "running fuzz-$t for $SECS s"
    # Swift's own backtracer off, so that libFuzzer writes the crashing input.
    crashed=0
    if ! SWIFT_BACKTRACE=enable=no "$OUT/fuzz-$t" -max_total_time="$SECS" -rss_limit_mb=2048 -timeout=10 \
        -artifact_prefix="$OUT/crash-$t-" -print_final_stats=1 "$OUT/corpus/$t" \
        2> "$OUT/fuzz-$t.log"; then
        echo "fuzz-$t found a crash: see $OUT/fuzz-$t.log and $OUT/crash-$t-*" >&2
        status=1
        crashed=1
    fi
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done' "$OUT/fuzz-$t.log" || true
    [ $crashed -eq 0 ] || continue
    rm -rf "$OUT/merged/$t"
    mkdir -p "$OUT/merged/$t"
    cp Tests/Fixtures/fuzz/"$t"/* "$OUT/merged/$t/" 2>/dev/null || true
    SWIFT_BACKTRACE=enable=no "$OUT/fuzz-$t" -merge=1 "$OUT/merged/$t" "$OUT/corpus/$t" \
        2> "$OUT/merge-$t.log"
    echo "corpus of $t: $(ls "$OUT/corpus/$t" | wc -l) inputs;" \
        "$(ls "$OUT/merged/$t" | wc -l) after merging into the committed seeds"
    if [ "${FUZZ_COMMIT:-0}" = 1 ]; then
        cp -n "$OUT/merged/$t"/* Tests/Fixtures/fuzz/"$t"/
    fi
done
exit $status
