#!/usr/bin/env bash
# CI on a machine that is not idle: `bash .ci/run` on a fresh clone of this repository's HEAD, with
# one core kept busy by a bounded busy loop pinned to it (taskset), RUNS times in a row (default 3).
# Prints each run's exit code and minutes, keeps each run's log, and exits non-zero if any run failed.
#
#   bash scripts/ci-under-load.sh            # 3 runs, core 1 busy
#   RUNS=1 BUSY_CORE=0 bash scripts/ci-under-load.sh
#   LOAD=none bash scripts/ci-under-load.sh   # the same on an idle machine, for comparison
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS="${RUNS:-3}"
BUSY_CORE="${BUSY_CORE:-1}"
LOAD="${LOAD:-busy}"
# The busy loop ends by itself after this long even if this script is killed (CI's limit is 90 min).
BUSY_SECONDS="${BUSY_SECONDS:-5400}"
REPO="$(pwd)"
COMMIT="$(git rev-parse HEAD)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ci-under-load.XXXXXX")"
# mktemp makes the folder private (0700); as root the devstack runs postgres as the `postgres` user,
# which must be able to reach the clone's node_modules.
chmod 755 "$WORK"
described="$LOAD"
[ "$LOAD" = busy ] && described="busy loop on core ${BUSY_CORE}"
echo "ci-under-load: ${RUNS} run(s) of .ci/run on a fresh clone of ${COMMIT:0:7}, load: ${described}; logs in ${WORK}"

busy_pid=""
stop_busy() {
  if [ -n "$busy_pid" ]; then
    kill "$busy_pid" 2>/dev/null
    wait "$busy_pid" 2>/dev/null
    busy_pid=""
  fi
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM

failed=0
summary=()
for run in $(seq 1 "$RUNS"); do
  dir="${WORK}/run-${run}"
  git clone --quiet --no-hardlinks "$REPO" "$dir"
  git -C "$dir" checkout --quiet "$COMMIT"
  if [ "$LOAD" = busy ]; then
    taskset -c "$BUSY_CORE" node -e 'const end = Date.now() + Number(process.argv[1]) * 1000; while (Date.now() < end) {}' "$BUSY_SECONDS" &
    busy_pid=$!
  fi
  start=$(date +%s)
  (cd "$dir" && bash .ci/run) >"${WORK}/run-${run}.log" 2>&1
  code=$?
  seconds=$(( $(date +%s) - start ))
  stop_busy
  minutes=$(awk -v s="$seconds" 'BEGIN { printf "%.1f", s / 60 }')
  line="run ${run}: exit ${code} in ${minutes} min"
  [ "$code" -eq 0 ] || { failed=1; line="${line} — see ${WORK}/run-${run}.log"; tail -n 40 "${WORK}/run-${run}.log"; }
  echo "$line"
  summary+=("{\"run\":${run},\"exit\":${code},\"seconds\":${seconds}}")
  # Keep a failed run's clone (its test-results); a passed one only costs disk.
  [ "$code" -ne 0 ] || rm -rf "$dir"
done

printf '{"commit":"%s","load":"%s","runs":[%s]}\n' "$COMMIT" "$LOAD" "$(IFS=,; echo "${summary[*]}")"
exit "$failed"
