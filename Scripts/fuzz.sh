#!/usr/bin/env bash
# Builds the fuzzing binary if needed and runs one libFuzzer target for a given time.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   TARGET: policy | situation | url | sticker | plist | observation | aasa | assetlinks | manifest
#   (see Fuzz/TARGET.swift, SelfCheck.swift and, for the last two, AndroidSelfCheck.swift)
#
# Every target is in one binary, .build/fuzz/taproute-fuzz: Sources/TapRouteAASA, Sources/TapRouteTools,
# Sources/TapRouteAndroid, Sources/TapRoute (without Exports.swift, whose import is of the other half) and Fuzz/*.swift
# compiled as one module (without their `import TapRouteAASA` and `import TapRouteAndroid` lines) by swiftc -sanitize=fuzzer,address (again only when a source is
# newer), and run with TAPROUTE_FUZZ_TARGET=TARGET, which Fuzz/Driver.swift reads to pick the check. Seeds
# come from Policies/, the fixture table, Examples/ and Tests/AssetLinksCorpus/, plus the kept regressions in
# Tests/FuzzRegressions/TARGET/. Crashing inputs are written to .build/fuzz/artifacts/;
# copy them into Tests/FuzzRegressions/TARGET/ so the regression test replays them.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
seconds=${2:-}
case "$target" in policy | situation | url | sticker | plist | observation | aasa | assetlinks | manifest) ;; *)
  echo "usage: Scripts/fuzz.sh policy|situation|url|sticker|plist|observation|aasa|assetlinks|manifest SECONDS [libFuzzer options]" >&2
  exit 2 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "SECONDS must be a whole number" >&2; exit 2; }
shift 2

out=.build/fuzz
mkdir -p "$out/artifacts" "$out/corpus/$target" "$out/seeds/$target"
# TAPROUTE_FUZZ_OPT: the optimization level of the build (-O unless set). CI's 20-second smoke
# runs build with -Onone, which compiles in a fraction of the time; a long run wants -O.
opt="${TAPROUTE_FUZZ_OPT:--O}"
case "$opt" in -O | -Onone | -Osize) ;; *) echo "TAPROUTE_FUZZ_OPT must be -O, -Onone or -Osize" >&2; exit 2 ;; esac
binary="$out/taproute-fuzz"
[[ "$opt" == "-O" ]] || binary="$out/taproute-fuzz$opt"
sources=$(find Sources/TapRouteAASA Sources/TapRoute Sources/TapRouteTools Sources/TapRouteAndroid Fuzz -name '*.swift' ! -name Exports.swift | sort)
if [[ ! -x "$binary" || -n "$(find Sources/TapRouteAASA Sources/TapRoute Sources/TapRouteTools Sources/TapRouteAndroid Fuzz -newer "$binary" -name '*.swift' | head -1)" ]]; then
  echo "building $binary"
  # Built under a temporary name and then renamed, so that neither a failed build nor a
  # fuzz.sh started meanwhile ever runs a half-written binary.
  # -j: swiftc runs one frontend at a time unless told, and the files compile independently.
  partial="$binary.partial.$$"
  jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
  # The sources are copied without their `import TapRouteAASA` and `import TapRouteAndroid`
  # lines: those modules are part of this one here.
  copies="$out/sources"
  rm -rf "$copies"
  for source in $sources; do
    mkdir -p "$copies/$(dirname "$source")"
    sed -e '/^import TapRouteAASA$/d' -e '/^import TapRouteAndroid$/d' "$source" > "$copies/$source"
  done
  # -suppress-warnings: the tools' files import TapRoute, which is this one module here.
  # shellcheck disable=SC2086
  (cd "$copies" && swiftc -sanitize=fuzzer,address -parse-as-library -suppress-warnings "$opt" -g -j "$jobs" \
    -module-name TapRoute -package-name TapRoute $sources -o "$OLDPWD/$partial") 2>&1 |
    grep -v 'warning: Cannot export local symbol' || true
  [[ -x "$partial" ]] || { echo "build failed" >&2; rm -f "$partial"; exit 1; }
  mv -f "$partial" "$binary"
fi

# Seeds.
python3 - "$target" "$out/seeds/$target" <<'PY'
import json, pathlib, sys
target, dest = sys.argv[1], pathlib.Path(sys.argv[2])
policies = pathlib.Path("Policies")
fixtures = json.loads((policies / "fixtures.json").read_text())["fixtures"]
seeds = []
if target == "policy":
    for i, name in enumerate(["tap.json", "open.json", "evidence.json", "fixtures.json"]):
        seeds.append(bytes([i]) + (policies / name).read_bytes())
elif target == "situation":
    seeds = [json.dumps(f["situation"]).encode() for f in fixtures]
elif target == "sticker":
    import struct, zlib
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 408, 408, 8, 6, 0, 0, 0))
    seeds = [
        png + chunk(b"IDAT", zlib.compress(b"\0" * 8)) + chunk(b"IEND", b""),
        png + chunk(b"acTL", struct.pack(">II", 2, 0))
        + chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 408, 408, 0, 0, 1, 10, 0, 0)) + chunk(b"IDAT", zlib.compress(b"\0"))
        + chunk(b"fcTL", struct.pack(">IIIIIHHBB", 1, 8, 8, 0, 0, 1, 10, 0, 0))
        + chunk(b"fdAT", struct.pack(">I", 2) + zlib.compress(b"\0")) + chunk(b"IEND", b""),
        b"GIF89a" + struct.pack("<HH", 300, 300) + b"\x80\0\0" + b"\0" * 6 + b"\x21\xf9\x04\x01\0\0\0\0"
        + b"\x2c" + struct.pack("<HHHH", 0, 0, 300, 300) + b"\0\x02\x02\x44\x01\0\x3b",
        b"\xff\xd8\xff\xc0\0\x0b\x08\x01\x98\x01\x98\x01\x01\x11\0\xff\xda\0\x08\x01\x01\0\0\x3f\0\x12\x34\xff\xd9",
    ]
elif target == "observation":
    for path in sorted((policies / "observations").glob("*.json")) + sorted(pathlib.Path("Examples/observations").glob("*.json")):
        seeds.append(path.read_bytes())
        data = json.loads(path.read_text())
        for item in data if isinstance(data, list) else []:
            seeds.append(json.dumps(item).encode())
elif target == "plist":
    seeds = [p.read_bytes() for p in sorted(pathlib.Path("Examples/plists").glob("*.plist"))]
elif target == "aasa":
    seeds = [p.read_bytes() for p in sorted(pathlib.Path("Examples/aasa").glob("*.json"))]
    corpus = json.loads(pathlib.Path("Tests/AASACorpus/corpus.json").read_text())["cases"]
    seeds += [json.dumps(c["aasa"]).encode() for c in corpus] + [c["url"].encode() for c in corpus]
elif target == "assetlinks":
    # The example file and each corpus case's file (its "lines"); the target derives its URLs
    # from the file itself.
    seeds = [pathlib.Path("Examples/android/assetlinks.json").read_bytes()]
    for path in sorted(pathlib.Path("Tests/AssetLinksCorpus").glob("*.json")):
        seeds.append("\n".join(json.loads(path.read_text())["lines"]).encode())
elif target == "manifest":
    # The example manifest, and a few more that reach the rest of the reader: another prefix
    # for Android's namespace, an alias, wildcard hosts and ports, every kind of path rule,
    # Android 15's relative groups, mixed schemes, a refused advanced pattern.
    seeds = [pathlib.Path("Examples/android/AndroidManifest.xml").read_bytes()]
    ns = 'xmlns:android="http://schemas.android.com/apk/res/android"'
    web = ('<action android:name="android.intent.action.VIEW"/>'
           '<category android:name="android.intent.category.DEFAULT"/>'
           '<category android:name="android.intent.category.BROWSABLE"/>')
    seeds += [s.encode() for s in [
        f'<manifest {ns} package="com.example"><application>'
        f'<activity android:name=".Main" android:exported="true"><intent-filter android:autoVerify="true">{web}'
        '<data android:scheme="https" android:host="*.example.com" android:port="8443"/>'
        '<data android:pathPattern="/a\\\\*b" android:pathSuffix=".pdf" android:path="/exact"/>'
        '<uri-relative-filter-group android:allow="false"><data android:queryPrefix="x=" android:fragment="top"/>'
        '</uri-relative-filter-group><uri-relative-filter-group><data android:pathAdvancedPattern="/[a-z]+/{2,3}x*"/>'
        '</uri-relative-filter-group></intent-filter></activity>'
        '<activity-alias android:name="com.example.Alias" android:targetActivity=".Main" android:enabled="false">'
        f'<intent-filter>{web}<data android:scheme="http" android:host="example.com" android:pathPrefix="/p"/>'
        '</intent-filter></activity-alias></application></manifest>',
        '<?xml version="1.0"?>\n<m:manifest xmlns:a="http://schemas.android.com/apk/res/android" '
        'xmlns:m="urn:x"><application><activity a:name="com.example.Main">'
        f'<intent-filter a:autoVerify="true">{web.replace("android:", "a:")}'
        '<data a:scheme="https" a:host="example.com"/><data a:scheme="myapp"/>'
        '<data a:pathAdvancedPattern="/x{" a:pathPrefix="/shop"/></intent-filter></activity></application>'
        '</m:manifest>',
        f'<manifest {ns}>\n  <application>\n    <activity android:name=".A">\n'
        f'      <intent-filter android:autoVerify="yes">{web}\n'
        '        <data android:scheme="https" android:host="${host}" android:mimeType="text/plain"/>\n'
        '      </intent-filter>\n    </activity>\n  </application>\n</manifest>\n',
    ]]
else:
    urls = set()
    for f in fixtures:
        s = f["situation"]
        for part in ("tap", "open"):
            node = s.get(part, {})
            for u in (node.get("url"), node.get("redirect", {}).get("url")):
                if u: urls.add(u)
    seeds = [u.encode() for u in sorted(urls)]
for i, seed in enumerate(seeds):
    (dest / f"seed-{i:03d}").write_bytes(seed)
PY
regressions="Tests/FuzzRegressions/$target"

# The policy and situation targets take large inputs so that costs growing faster than the
# input (thousands of rules or keys) are reachable: an 8 KB cap hid the Engine's tap x open
# precompute and verify's quadratic pass. Situations: the reader's 1 MB limit plus one byte;
# policies: 4 MB (a 5,000 + 5,000-rule set is 3.6 MB; the reader's limit is 8 MB). The time
# limit per input (-timeout) and -rss_limit_mb are then the cost checks. Others keep 8 KB.
case "$target" in
  policy) max_len=$((4 * 1024 * 1024 + 1)) ;;
  situation) max_len=$((1024 * 1024 + 1)) ;;
  *) max_len=8192 ;;
esac
log="$out/$target.log"
set +e
TAPROUTE_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" \
  -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=4096 -timeout=20 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$@" \
  "$out/corpus/$target" "$out/seeds/$target" "$regressions" >"$log" 2>&1
status=$?
set -e
execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}')
corpus=$(find "$out/corpus/$target" -type f | wc -l)
if [[ $status -ne 0 ]]; then
  grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -20
  echo "fuzz $target: FAILED after ${execs:-?} executions (exit $status); log: $log"
  exit 1
fi
echo "fuzz $target: ${execs:-0} executions in ${seconds} s (${rate:-0}/s), corpus $corpus inputs, no crash"
