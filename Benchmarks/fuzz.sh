#!/bin/sh
# Coverage-guided fuzzing of coach's parsers with libFuzzer (swiftc -sanitize=fuzzer).
#
#   Benchmarks/fuzz.sh [SECONDS] [TARGET ...]
#
# Builds the modules a target needs as static libraries with coverage instrumentation under
# .build/fuzz, then runs each target (default: all) for SECONDS (default 60) on a copy of its
# seed corpus (Tests/Fixtures/fuzz/TARGET). New inputs stay in .build/fuzz/corpus/TARGET; a
# crash is written as .build/fuzz/crash-TARGET-* and the script exits non-zero. Not part of
# 'make test'. Targets: fit tcx gpx apple-health csv json envelope mcp plugin-framer record-codec.
set -eu
cd "$(dirname "$0")/.."
SECS=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-fit tcx gpx apple-health csv json envelope mcp plugin-framer record-codec}
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
        envelope) libs="-lCoachTrust -lCoachCrypto -lCoachKit -lsodium"; extra="" ;;
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
    if ! SWIFT_BACKTRACE=enable=no "$OUT/fuzz-$t" -max_total_time="$SECS" -rss_limit_mb=2048 -timeout=10 \
        -artifact_prefix="$OUT/crash-$t-" -print_final_stats=1 "$OUT/corpus/$t" \
        2> "$OUT/fuzz-$t.log"; then
        echo "fuzz-$t found a crash: see $OUT/fuzz-$t.log and $OUT/crash-$t-*" >&2
        status=1
    fi
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done' "$OUT/fuzz-$t.log" || true
done
exit $status
