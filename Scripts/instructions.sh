#!/usr/bin/env bash
# Instructions per decision of each decide variant, counted by valgrind's callgrind (which the
# machine's load does not change, unlike wall time).
#
#   Scripts/instructions.sh [--no-build] [--n N] [--check BUDGET_FILE] [VARIANT...]
#
# Each variant is decided N and 2N times by `TapRouteBenchmarks --callgrind-driver VARIANT
# COUNT`, each count in its own process under callgrind; the difference of the two totals
# divided by N is the cost of one decision (process start-up, loading the policies and
# building the mix are the same in both runs and cancel). The count includes the benchmark's
# loop and its fold of outcome, callbacks and presentation into a checksum, the same for
# every variant. The mix is the fixture rows shuffled (10,000 situations, fixed seed; N is a
# multiple of 10,000, so that the two runs differ by whole passes over it);
# VARIANT+generated decides the benchmark's generated situations instead (the rule-count
# rows). Variants: `TapRouteBenchmarks --list-variants` (interpreted, builtIn, builtIn-held,
# switch, interpreted-1000, and generated-1000 when the benchmark has that table). Default:
# the shipped-table variants, then the rule-count pairs, then
# `first`: the first decision through Engine.builtIn in a fresh process (the whole process;
# main, from its first line, less printing the result (and so with reading the decision's
# callbacks, the process's first array of them); reading Engine.builtIn (its getter); the
# decide call itself;
# and the number of JSON parser functions that ran).
#
# --calls: also print, per decision, the calls to malloc, swift_allocObject and the reference
# counting entry points (swift_retain, swift_release, swift_bridgeObjectRetain/Release), from
# the same two profiles: how the decide path's "no allocation, no reference counting" is
# checked. They include the benchmark loop's copy of each situation (the same in every variant:
# compare with `switch`).
#
# --check BUDGET_FILE: count only the variants the budget file names and fail (exit 1) when
# one decides in more instructions than its "budget". To update a budget after a change that
# is meant to cost more (or less), run this script with the variant's name, and write the
# count as its "measured", about 1.25x it as its "budget", and today's date as "measuredOn".
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
n=10000
check=""
calls=0
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --n) n="$2"; shift ;;
    --check) check="$2"; shift ;;
    --calls) calls=1 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) variants+=("$1") ;;
  esac
  shift
done

if [ $((n % 10000)) -ne 0 ] || [ "$n" -le 0 ]; then
  # The mix has 10,000 situations: whole passes make the N and 2N runs differ by whole mixes.
  echo "error: --n must be a positive multiple of 10000" >&2
  exit 2
fi

if ! command -v valgrind >/dev/null; then
  echo "error: valgrind is not installed (apt-get install valgrind); the instruction counts need callgrind" >&2
  exit 2
fi

budgets=()
if [ -n "$check" ]; then
  # "variants": {"NAME": {"measured": M, "budget": B}, ...} -> lines "NAME B".
  mapfile -t budgets < <(python3 -c '
import json, sys
for name, entry in json.load(open(sys.argv[1]))["variants"].items():
    print(name, int(entry["budget"]))' "$check") || { echo "error: cannot read the budgets in $check" >&2; exit 2; }
  if [ ${#budgets[@]} -eq 0 ]; then
    echo "error: $check names no variant" >&2
    exit 2
  fi
  variants=()
  for line in "${budgets[@]}"; do variants+=("${line%% *}"); done
fi

# The root package's build folder, so that the library's release objects are shared: CI builds
# the benchmark first, and the root's release build (Scripts/install.sh) and the generated-code
# check then reuse them (in the other order SwiftPM compiles the library again).
scratch=(--scratch-path .build)
if [ "$build" = 1 ]; then
  # SwiftPM can keep the root package's old list of source files in the benchmark's build
  # plan (a file added to Sources/TapRoute goes unseen); dropping the plan makes it list again.
  rm -f .build/release.yaml
  swift build -c release --package-path Benchmarks "${scratch[@]}" >&2
fi
binary="$(swift build -c release --package-path Benchmarks "${scratch[@]}" --show-bin-path)/TapRouteBenchmarks"

if [ ${#variants[@]} -eq 0 ]; then
  for name in $("$binary" --list-variants); do
    case "$name" in *-[0-9]*) ;; *) variants+=("$name") ;; esac
  done
  variants+=(interpreted+generated interpreted-1000+generated)
  case " $("$binary" --list-variants) " in
    *" generated-1000 "*) variants+=(builtIn-held+generated generated-1000+generated) ;;
  esac
  variants+=(first)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same hash seed in every run, so that dictionary work at load costs the same in both.
export SWIFT_DETERMINISTIC_HASHING=1

# Total instructions of one run of the driver; its profile is kept as $work/callgrind.COUNT.out.
total() {
  local name="$1" count="$2" extra="$3" out="$work/callgrind.$2.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" --callgrind-driver "$name" "$count" \
    $extra >/dev/null 2>"$work/valgrind.log" || { cat "$work/valgrind.log" >&2; return 1; }
  sed -n 's/^summary: *//p; s/^totals: *//p' "$out" | head -n 1
}

# Calls per decision to the allocation and reference-counting entry points: the difference of
# the two profiles' call counts, divided by N.
calls_per_decision() {
  python3 - "$work/callgrind.$n.out" "$work/callgrind.$((2 * n)).out" "$n" <<'PY'
import re, sys
names = ["malloc", "swift_allocObject", "swift_retain", "swift_release", "swift_bridgeObjectRetain",
         "swift_bridgeObjectRelease"]
def counts(path):
    ids, totals, callee = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(2): ids[m.group(1)] = m.group(2).strip()
            if line.startswith("cfn="): callee = ids.get(m.group(1))
            continue
        if line.startswith("calls=") and callee is not None:
            totals[callee] = totals.get(callee, 0) + int(line.split()[0][6:])
    # Names carry a "[library]" suffix: match the bare symbol.
    out = {}
    for name, count in totals.items():
        bare = name.split(" ")[0].split("'")[0]
        out[bare] = out.get(bare, 0) + count
    return out
one, two, n = counts(sys.argv[1]), counts(sys.argv[2]), int(sys.argv[3])
print("  calls per decision: " + ", ".join(f"{name} {(two.get(name, 0) - one.get(name, 0)) / n:g}" for name in names))
PY
}

# The first decision through Engine.builtIn in a fresh process (`--first-decision`): the
# process's instructions, those of reading Engine.builtIn (its getter, inclusive; 0 when it
# is inlined into the caller, as an inlinable getter is), and how many distinct functions of
# the policy JSON parser ran (0: no policy parsing at run time).
first_decision() {
  local out="$work/first.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" --first-decision >/dev/null \
    2>"$work/valgrind.log" || { cat "$work/valgrind.log" >&2; return 1; }
  local process inclusive main print init decide parser
  process=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$out" | head -n 1)
  inclusive=$(callgrind_annotate --auto=no --inclusive=yes --threshold=100 "$out")
  # The largest inclusive count of the functions matching a pattern.
  most() { awk -v pattern="$1" '$0 ~ pattern { gsub(",", "", $1); v = $1 + 0; if (v > max) max = v } END { print max + 0 }'; }
  main=$(most 'TapRouteBenchmarks_main' <<<"$inclusive")
  print=$(most 'print_9separator10terminator' <<<"$inclusive")
  init=$(most 'EngineV7builtIn' <<<"$inclusive")
  decide=$(most 'EngineV6decideyAA8DecisionVAA9SituationVF' <<<"$inclusive")
  parser=$(callgrind_annotate --auto=no --threshold=100 "$out" | grep -c 'JSONParser' || true)
  printf '%-54s %14d\n' "first decision: whole process" "$process"
  printf '%-54s %14d\n' "first decision: main, less printing the result" "$((main - print))"
  printf '%-54s %14d\n' "first decision: reading Engine.builtIn" "$init"
  printf '%-54s %14d\n' "first decision: Engine.decide itself" "$decide"
  printf '%-54s %14d\n' "first decision: JSON parser functions" "$parser"
}

status=0
printf '%-54s %14s\n' "what" "instructions"
for spec in "${variants[@]}"; do
  if [ "$spec" = first ]; then
    first_decision
    continue
  fi
  name="${spec%+generated}"
  extra=""; mix="shuffled fixtures"
  if [ "$name" != "$spec" ]; then extra="--generated-mix"; mix="generated situations"; fi
  one=$(total "$name" "$n" "$extra")
  two=$(total "$name" $((2 * n)) "$extra")
  per=$(( (two - one) / n ))
  printf '%-54s %14d\n' "$name, per decision ($mix)" "$per"
  if [ "$calls" = 1 ]; then calls_per_decision; fi
  if [ -n "$check" ]; then
    budget=""
    for line in "${budgets[@]}"; do [ "${line%% *}" = "$spec" ] && budget="${line##* }"; done
    if [ "$per" -gt "$budget" ]; then
      echo "error: $name decides in $per instructions, over the budget of $budget in $check" >&2
      echo "       (if the extra cost is meant, see Scripts/instructions.sh --help to update the budget)" >&2
      status=1
    else
      echo "ok: $name decides in $per instructions, within the budget of $budget in $check"
    fi
  fi
done
exit $status
