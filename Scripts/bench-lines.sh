#!/bin/sh
# Times `taproute decide --lines --json` on 200,000 situation lines, in one run, against
#   - a Python json.loads/json.dumps round trip of the same lines: "python" (issue 22's
#     target: taproute at least 2x faster in CPU time);
#   - unless BASELINE=none, the same command as built from another commit: by default the
#     commit before the direct JSON writer (JSONEncoder, the strict reader on every line, one
#     write per line; issue 13's target: at least 5x faster): "before".
# Prints each figure (median of ROUNDS runs, variants interleaved in rotating order; wall and
# CPU seconds) and the ratios, then one JSON line. Checks first whether the two taproute
# builds write the same bytes (they do unless the tables changed after the baseline commit).
#
# Usage: Scripts/bench-lines.sh            (from the repository root)
#   LINES=200000 ROUNDS=5 SEED=13          the input and the repeats
#   BASELINE=<commit>                      the "before" commit (default: the parent of the
#                                          commit that added Rendering/JSONWriter.swift)
#   BASELINE_BIN=<path>                    a "before" binary already built (skips the build)
#   BASELINE=none                          no "before": taproute and Python only
# The "before" build lives in a scratch git worktree under ${TMPDIR:-/tmp}, kept for reuse.
set -eu

cd "$(dirname "$0")/.."
LINES=${LINES:-200000}
ROUNDS=${ROUNDS:-5}
SEED=${SEED:-13}
WORK=${TMPDIR:-/tmp}/taproute-bench-lines
mkdir -p "$WORK"

echo "building taproute (release)..." >&2
swift build -c release --product taproute >&2
NEW="$(swift build -c release --show-bin-path)/taproute"

if [ "${BASELINE:-}" = none ]; then
  BASELINE_BIN=
elif [ -z "${BASELINE_BIN:-}" ]; then
  if [ -z "${BASELINE:-}" ]; then
    added=$(git log --diff-filter=A --format=%H -- Sources/TapRoute/Rendering/JSONWriter.swift | tail -n 1)
    BASELINE=$(git rev-parse "$added^")
  fi
  BASELINE=$(git rev-parse "$BASELINE")
  TREE="$WORK/baseline-$BASELINE"
  if [ ! -x "$TREE/.build/release/taproute" ]; then
    echo "building the baseline $BASELINE (release) in $TREE..." >&2
    [ -d "$TREE" ] || git worktree add --detach "$TREE" "$BASELINE" >&2
    (cd "$TREE" && swift build -c release --product taproute >&2)
  fi
  BASELINE_BIN="$TREE/.build/release/taproute"
fi

python3 - "$NEW" "$BASELINE_BIN" "$WORK" "$LINES" "$ROUNDS" "$SEED" <<'PYTHON'
import json, os, random, statistics, subprocess, sys, time

new, before, work, lines, rounds, seed = sys.argv[1], sys.argv[2], sys.argv[3], *map(int, sys.argv[4:])

# The input: the fixture situations (every rule reached, URLs, composed redirects), drawn
# with a fixed seed, written compactly one per line.
situations = [f["situation"] for f in json.load(open("Policies/fixtures.json"))["fixtures"]]
rng = random.Random(seed)
path = os.path.join(work, f"situations-{lines}-{seed}.jsonl")
with open(path, "w") as f:
    for _ in range(lines):
        f.write(json.dumps(rng.choice(situations), separators=(",", ":"), ensure_ascii=False) + "\n")
size = os.path.getsize(path)

roundtrip = (
    "import json,sys\n"
    "w=sys.stdout.write\n"
    "for line in sys.stdin:\n"
    "    if line.strip(): w(json.dumps(json.loads(line))+'\\n')\n"
)
variants = {
    "before": [before, "decide", "--lines", "--json"],
    "new": [new, "decide", "--lines", "--json"],
    "python": [sys.executable, "-c", roundtrip],
}
if not before:
    del variants["before"]

def run(argv, out):
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=stdin, stdout=out)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{argv[0]} exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime

# Both builds should write the same bytes. They differ once the tables or the decision
# change after the baseline commit: the timing then still compares the same input and
# about the same output, but say so.
outputs = {}
for name in ("before", "new"):
    if name not in variants:
        continue
    with open(os.path.join(work, f"out-{name}.jsonl"), "wb") as out:
        run(variants[name], out)
    outputs[name] = os.path.join(work, f"out-{name}.jsonl")
same = "before" not in outputs or subprocess.run(["cmp", "-s", outputs["before"], outputs["new"]]).returncode == 0
output_size = os.path.getsize(outputs["new"])
if not same:
    print(
        f"note: the outputs differ ({os.path.getsize(outputs['before']):,} bytes before, {output_size:,} now):"
        " the decisions changed since the baseline commit; set BASELINE to a later commit without"
        " the direct writer to compare like with like", file=sys.stderr)

times = {name: [] for name in variants}
names = list(variants)
with open(os.devnull, "wb") as null:
    for r in range(rounds):
        for name in names[r % len(names):] + names[: r % len(names)]:
            times[name].append(run(variants[name], null))

median = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for name, t in times.items()}
print(f"{lines:,} lines ({size:,} bytes in, {output_size:,} bytes of decisions out), median of {rounds} runs")
if "before" in variants:
    print("before and new wrote " + ("the same bytes" if same else "different bytes (see the note above)"))
print(f"| variant | wall s | cpu s |")
print(f"| --- | ---: | ---: |")
for name in names:
    print(f"| {name} | {median[name][0]:.3f} | {median[name][1]:.3f} |")
ratio = lambda a, b, i: median[a][i] / median[b][i]
if "before" in variants:
    print(f"before/new: {ratio('before', 'new', 0):.1f}x wall, {ratio('before', 'new', 1):.1f}x cpu (target >= 5)")
print(f"python/new: {ratio('python', 'new', 0):.2f}x wall, {ratio('python', 'new', 1):.2f}x cpu (target >= 2)")
print(json.dumps({
    "lines": lines, "rounds": rounds,
    **({"sameOutput": same, "before/new.cpu": round(ratio("before", "new", 1), 2)} if "before" in variants else {}),
    **{f"{n}.wall": round(median[n][0], 4) for n in names},
    **{f"{n}.cpu": round(median[n][1], 4) for n in names},
    "python/new.cpu": round(ratio("python", "new", 1), 2),
}))
PYTHON
