#!/usr/bin/env bash
# Live heap per tracked port (issue 19, docs/PERFORMANCE.md): starts the server as users do (scripts/server.sh,
# its default JVM options), feeds it PORTS loadgen ports at INTERVAL for SECONDS, then counts what a full
# collection leaves (jcmd GC.class_histogram), before the load (the started server's own) and after it, less G1's
# filler objects (jdk.internal.vm.Filler*: dead space the collector formats as objects, which the histogram lists and
# a heap dump of live objects does not hold), once the server has settled after the load. Prints the
# loadgen's summary, live heap in total and per port (all of it, and what the ports added to the server's own),
# the classes that hold most of it, the process's RSS and the share of its CPU spent in GC threads.
#
# usage: scripts/bench-heap.sh [PORTS] [INTERVAL] [SECONDS]     (default: 200000 10s 60)
# needs: the built jars (./mvnw -B -q -DskipTests package); the server listens on $BENCH_PORT (default 18091).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
ports=${1:-200000}; interval=${2:-10s}; seconds=${3:-60}
http_port=${BENCH_PORT:-18091}
work=$(mktemp -d "${BENCH_DIR:-/work}/heap-bench.XXXX") || { echo "cannot make a directory in ${BENCH_DIR:-/work}"; exit 1; }
token=bench-token-0123456789

FABRICPULSE_DATA_DIR="$work/data" FABRICPULSE_AGENT_TOKEN=$token "$root/scripts/server.sh" \
  --server.port="$http_port" > "$work/server.log" 2>&1 &
server=$!
# The series and state files go with the server (1.7 GB at 200,000 ports); the logs and histograms stay.
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work/data"' EXIT
until curl -sf "http://127.0.0.1:$http_port/actuator/health/readiness" >/dev/null; do
  kill -0 $server 2>/dev/null || { echo "the server did not start: $work/server.log"; exit 1; }
  sleep 1
done

# CPU ticks of the process and of its GC threads (G1's workers, refinement and marking threads).
cpu_ticks() {
  local all=0 gc=0 task name ticks
  for task in /proc/"$server"/task/*; do
    name=$(cat "$task/comm" 2>/dev/null) || continue
    # utime and stime, counted after the name: "(GC Thread#0)" has a space, which shifts awk's fields.
    ticks=$(sed 's/^.*) //' "$task/stat" 2>/dev/null | awk '{print $12 + $13}') || continue
    all=$((all + ticks))
    case $name in GC\ Thread*|G1\ *) gc=$((gc + ticks)) ;; esac
  done
  echo "$all $gc"
}
"$JAVA_HOME/bin/jcmd" $server GC.class_histogram > "$work/histogram-started.txt"
# Live bytes of a histogram: its total less G1's fillers (known dead heap areas, JDK-8284435).
live_bytes() {
  awk '/^Total/ {total = $3} /jdk\.internal\.vm\.Filler/ {filler += $3} END {print total - filler}' "$1"
}
started=$(live_bytes "$work/histogram-started.txt")
read -r all_before gc_before < <(cpu_ticks)

"$JAVA_HOME/bin/java" -jar "$root/collector-agent/target/fabricpulse-agent.jar" loadgen \
  --server "http://127.0.0.1:$http_port" --token $token --ports "$ports" --interval "$interval" \
  --duration "${seconds}s" --agents 100 --report-every 15s > "$work/loadgen.out" 2> "$work/loadgen.err"
read -r all_after gc_after < <(cpu_ticks)
tail -n 7 "$work/loadgen.out"

# What a tracked port keeps, not the work still under way: wait (up to 30 s) until the server has applied what it
# took and built its topology model from it (two seconds in a row below a tenth of a core), as a full collection
# during a model's rebuild counts its temporary tables and both models.
hz=$(getconf CLK_TCK)
quiet=0; waited=0
# The whole process's CPU ticks (its threads', ended ones included: a sum over the live threads drops when one ends).
process_ticks() { awk '{print $14 + $15}' /proc/"$server"/stat; }
previous=$(process_ticks)
while (( quiet < 2 && waited < 30 )); do
  sleep 1; waited=$((waited + 1))
  now=$(process_ticks)
  if (( now - previous < hz / 10 )); then quiet=$((quiet + 1)); else quiet=0; fi
  previous=$now
done
if (( quiet >= 2 )); then echo "the server settled $waited s after the load"; else echo "the server was still busy 30 s after the load"; fi

"$JAVA_HOME/bin/jcmd" $server GC.class_histogram > "$work/histogram.txt"
live=$(live_bytes "$work/histogram.txt")
rss_kb=$(awk '/^VmRSS/ {print $2}' /proc/$server/status)
echo "live heap after a full GC: $((live / 1000000)) MB, $((live / ports)) B per port ($ports ports)"
echo "of it the started server's own before any port: $((started / 1000000)) MB; what the ports added: $(((live - started) / ports)) B per port"
echo "RSS: $((rss_kb * 1024 / 1000000)) MB"
echo "server CPU during the load: $(((all_after - all_before) / hz)) s, of it GC threads $(((gc_after - gc_before) / hz)) s" \
  "($(( (gc_after - gc_before) * 100 / (all_after - all_before + 1) )) %)"
echo "largest classes (bytes per port, instances per port):"
awk -v ports="$ports" 'NR > 3 && NR <= 18 {printf "  %6.0f B  %5.2f  %s\n", $3 / ports, $2 / ports, $4}' "$work/histogram.txt"
echo "logs and the whole histogram in $work"
