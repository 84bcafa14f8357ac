#!/usr/bin/env bash
# Parity check of the agent's MAD commands against infiniband-diags on a simulated fabric.
#
# Starts ibsim on NETFILE (an ibnetdiscover-format topology, like ibsim's net-examples), assigns
# LIDs with one `opensm -o` sweep, then asks every port of every node, with the real tools and with
# the agent jar, sitting on the same simulated node:
#   perfquery LID PORT, perfquery -x LID PORT, smpquery portinfo LID PORT   (every port, switch port 0,
#                                                                          every port of every CA)
#   smpquery nodeinfo LID, smpquery nodedesc LID, smpquery portinfo LID     (every LID)
#   perfquery LID 255 (AllPortSelect), the no-argument forms, smpquery -D directed routes, and
#   unknown / invalid LIDs (both must fail).
# Outputs must be identical byte for byte, except that a query crossing a cable moves that port's
# data/packet counters: the real tool runs before and after ours, and a moved value must sit exactly
# halfway. When both tools fail, they "fail alike" (messages differ by design and are shown with -v).
#
# Usage: scripts/parity-check.sh [-H NODE] [-l LMC] [-m N] [-k] [-v] NETFILE
#   -H NODE  the simulated node every client sits on (default: the first Hca/Ca record of NETFILE)
#   -l LMC   LMC opensm assigns (default 0), to check ports with several LIDs
#   -m N     compare at most N uncabled ports per switch (default: all); each comparison starts a JVM
#            (1-3 s), so a big fabric takes long: every cabled port is always compared
#   -k       keep the work directory (logs, every output) and print where it is
#   -v       print the messages of commands that fail alike
# Environment: FABRICPULSE_AGENT_JAR (default collector-agent/target/fabricpulse-agent.jar).
# Exit: 0 all identical or failing alike, 1 some differ, 2 the check could not run.
# Every process it starts is stopped (by its process id) and its temporary directory removed on exit.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
host="" lmc=0 keep=0 verbose=0 max_dark=""

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
die() {
  echo "parity-check: $*" >&2
  exit 2
}

while getopts ":H:l:m:kvh" opt; do
  case $opt in
    H) host=$OPTARG ;;
    l) lmc=$OPTARG ;;
    m) max_dark=$OPTARG ;;
    k) keep=1 ;;
    v) verbose=1 ;;
    h) usage ;;
    :) die "option -$OPTARG needs a value" ;;
    *) die "unknown option -$OPTARG (try -h)" ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
net=$1
[ -f "$net" ] && [ -r "$net" ] || die "cannot read topology file '$net'"
net=$(cd "$(dirname "$net")" && pwd)/$(basename "$net")
[[ $lmc =~ ^[0-7]$ ]] || die "LMC must be 0..7, not '$lmc'"
[ -z "$max_dark" ] || [[ $max_dark =~ ^[0-9]+$ ]] || die "-m wants a number of ports, not '$max_dark'"

for tool in ibsim opensm perfquery smpquery ibnetdiscover timeout; do
  command -v "$tool" >/dev/null 2>&1 \
    || die "'$tool' not found: install ibsim-utils opensm infiniband-diags (scripts/install-test-deps.sh)"
done
[ -r "$preload" ] || die "$preload missing: install ibsim-utils (scripts/install-test-deps.sh)"
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh" || exit 2
jar=${FABRICPULSE_AGENT_JAR:-$root/collector-agent/target/fabricpulse-agent.jar}
[ -f "$jar" ] || die "$jar not built yet; run: ./mvnw -B -q -pl collector-agent -am package -DskipTests"
jar=$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")

if [ -z "$host" ]; then
  # Clients sit on a CA, as on a real host; ibsim attaches a client to port 1 of its node, so take
  # the first Hca/Ca record whose port 1 is cabled.
  host=$(awk '/^(Hca|Ca)[ \t]/ { split($0, q, "\""); name = q[2]; next }
              /^[^\[]/ { name = "" }
              name != "" && /^\[1\]/ { print name; exit }' "$net")
  [ -n "$host" ] || die "no Hca/Ca record of $net has port 1 cabled; say which node to sit on with -H"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/parity-check.XXXXXX") || die "cannot create a temporary directory"
sock="fp-parity-$$-$RANDOM"
ibsim_pid=""

cleanup() {
  if [ -n "$ibsim_pid" ] && kill -0 "$ibsim_pid" 2>/dev/null; then
    echo Quit >&3 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$ibsim_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -9 "$ibsim_pid" 2>/dev/null
    wait "$ibsim_pid" 2>/dev/null
  fi
  exec 3>&- 2>/dev/null
  if [ "$keep" -eq 1 ]; then
    echo "parity-check: outputs and logs kept in $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ibsim's console is its stdin: a FIFO this script holds open read-write, so it never sees end of file.
mkfifo "$work/console" || die "cannot create the console FIFO"
exec 3<>"$work/console"
(cd "$work" && IBSIM_SOCKNAME=$sock exec ibsim -s "$net") <&3 >"$work/ibsim.log" 2>&1 &
ibsim_pid=$!
for _ in $(seq 1 150); do
  grep -q 'sim>' "$work/ibsim.log" 2>/dev/null && break
  kill -0 "$ibsim_pid" 2>/dev/null || break
  sleep 0.2
done
if ! grep -q 'sim>' "$work/ibsim.log" 2>/dev/null; then
  tail -n 20 "$work/ibsim.log" >&2
  die "ibsim did not start on $net (its log is above)"
fi

# A client sitting on $host: the real tools and the agent jar alike. It runs in the work directory
# because umad2sim writes a fake sysfs (sys-<pid>/) into the client's working directory.
client() {
  (cd "$work" && exec env LD_PRELOAD="$preload" IBSIM_SOCKNAME="$sock" SIM_HOST="$host" timeout 120 "$@")
}
# Class data sharing and C1 only make each agent JVM start faster; they change nothing it prints.
ours() {
  client "$JAVA_HOME/bin/java" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$work/agent.jsa" \
    -XX:TieredStopAtLevel=1 -Xlog:cds=off -Xlog:cds+dynamic=off -jar "$jar" "$@"
}

mkdir -p "$work/osm-cache"
if ! OSM_CACHE_DIR="$work/osm-cache" client opensm -o -l "$lmc" -f "$work/opensm.log" >"$work/opensm.out" 2>&1; then
  tail -n 20 "$work/opensm.out" >&2
  die "opensm -o failed on $host (output above; ibsim attaches clients to port 1 of a CA: is it cabled?)"
fi
client ibnetdiscover -p >"$work/ports.txt" 2>"$work/ibnetdiscover.err" \
  || die "ibnetdiscover -p failed: $(head -c 300 "$work/ibnetdiscover.err")"

compared=0 identical=0 alike=0 differ=0 skipped=0 n=0

# Compares one command line: real tool, ours, real tool again.
check() {
  n=$((n + 1))
  local d="$work/cmp/$n" ours_rc before_rc after_rc verdict
  mkdir -p "$d"
  echo "$*" >"$d/command"
  client "$@" >"$d/before.out" 2>"$d/before.err"; before_rc=$?
  ours "$@" >"$d/ours.out" 2>"$d/ours.err"; ours_rc=$?
  client "$@" >"$d/after.out" 2>"$d/after.err"; after_rc=$?
  compared=$((compared + 1))
  if [ "$before_rc" -ne 0 ] && [ "$ours_rc" -ne 0 ]; then
    alike=$((alike + 1))
    echo "fail-alike  $*"
    if [ "$verbose" -eq 1 ]; then
      sed 's/^/    real: /' "$d/before.out" "$d/before.err"
      sed 's/^/    ours: /' "$d/ours.out" "$d/ours.err"
    fi
    return
  fi
  if [ "$before_rc" -ne 0 ] || [ "$ours_rc" -ne 0 ] || [ "$after_rc" -ne 0 ]; then
    verdict="exit codes differ (real $before_rc then $after_rc, ours $ours_rc)"
  else
    verdict=$(awk -f - "$d/before.out" "$d/ours.out" "$d/after.out" <<'AWK'
      FILENAME == ARGV[1] { a[++na] = $0; next }
      FILENAME == ARGV[2] { o[++no] = $0; next }
      { b[++nb] = $0 }
      function value(line) { sub(/^[^:]*:\.*/, "", line); return line }
      function name(line) { return substr(line, 1, index(line, ":")) }
      END {
        if (no != na || nb != na) { print "line counts differ (real " na ", ours " no ")"; exit }
        for (i = 1; i <= na; i++) {
          if (a[i] == b[i]) { if (o[i] != a[i]) { print "line " i " differs"; exit } ; continue }
          # a counter the queries themselves moved: ours must sit exactly halfway
          x = value(a[i]); y = value(o[i]); z = value(b[i])
          if (name(a[i]) == "" || name(o[i]) != name(a[i]) || x !~ /^[0-9]+$/ || y !~ /^[0-9]+$/ \
              || z !~ /^[0-9]+$/ || !(y - x == z - y && y + 0 > x + 0)) { print "line " i " differs"; exit }
        }
      }
AWK
)
  fi
  if [ -z "$verdict" ]; then
    identical=$((identical + 1))
    echo "identical   $*"
  else
    differ=$((differ + 1))
    echo "DIFFERS     $*: $verdict"
    diff -u --label "infiniband-diags $*" --label "fabricpulse-agent $*" \
      <(cat "$d/before.out" "$d/before.err") <(cat "$d/ours.out" "$d/ours.err") | sed 's/^/    /'
  fi
}

field() { # field NAME FILE: the value of a dotted "Name:....value" line
  sed -n "s/^$1:\.*//p" "$2" | head -n 1
}

echo "parity-check: $(basename "$net") on node '$host' (LMC $lmc), agent $(basename "$jar")"
# One line per port: type, LID, port, cabled (ibnetdiscover -p lists every switch port and every
# cabled CA/router port; a router port opensm gave no LID can only be reached by directed route).
awk '$1 == "SW" || $1 == "CA" || $1 == "RT" { print $1, $2, $3, (/ - (SW|CA|RT) / ? 1 : 0) }' \
  "$work/ports.txt" >"$work/port-list"
[ -s "$work/port-list" ] || die "ibnetdiscover -p found no ports"

declare -A seen_lid=() dark=()
while read -r type lid port cabled; do
  if [ "$lid" -eq 0 ]; then
    skipped=$((skipped + 1))
    echo "skipped     $type port $port: no LID (opensm assigns none to routers)"
    continue
  fi
  if [ "$cabled" -eq 0 ] && [ -n "$max_dark" ]; then
    dark[$lid]=$((${dark[$lid]:-0} + 1))
    if [ "${dark[$lid]}" -gt "$max_dark" ]; then
      skipped=$((skipped + 1))
      continue
    fi
  fi
  check perfquery "$lid" "$port"
  check perfquery -x "$lid" "$port"
  check smpquery portinfo "$lid" "$port"
  if [ -z "${seen_lid[$lid]:-}" ]; then
    seen_lid[$lid]=$type
    check smpquery nodeinfo "$lid"
    check smpquery nodedesc "$lid"
    check smpquery portinfo "$lid"
  fi
done <"$work/port-list"

# Per node: switch port 0 and the AllPortSelect aggregate; every port of a CA through each of its LIDs
# (an uncabled port answers PortInfo through its sibling; its counters only through its own LID).
max_lid=0
for lid in "${!seen_lid[@]}"; do
  [ "$lid" -gt "$max_lid" ] && max_lid=$lid
  client smpquery nodeinfo "$lid" >"$work/nodeinfo-$lid" 2>/dev/null
  ports=$(field NumPorts "$work/nodeinfo-$lid")
  if [ "${seen_lid[$lid]}" = SW ]; then
    check perfquery "$lid" 0
    check perfquery -x "$lid" 0
    check smpquery portinfo "$lid" 0
    check perfquery "$lid" 255
    check perfquery -x "$lid" 255
  else
    local_port=$(field LocalPort "$work/nodeinfo-$lid")
    for ((p = 1; p <= ${ports:-0}; p++)); do
      [ "$p" = "$local_port" ] && continue
      check smpquery portinfo "$lid" "$p"
      check perfquery "$lid" "$p"
    done
    check perfquery "$lid" 255
    check perfquery "$lid"
  fi
  if [ "$lmc" -gt 0 ] && [ "${seen_lid[$lid]}" != SW ]; then # the last LID of an end port's range
    last=$((lid + (1 << lmc) - 1))
    check smpquery nodeinfo "$last"
    check perfquery "$last" "$(field LocalPort "$work/nodeinfo-$lid")"
  fi
done

# The local port without arguments, directed routes from it, and addresses nobody answers.
check perfquery
check perfquery -x
check smpquery -D nodeinfo 0
check smpquery -D portinfo 0 1
check smpquery -D nodeinfo 0,1
check smpquery -D nodedesc 0,1
check smpquery -D portinfo 0,1 0
check smpquery -D nodeinfo 0,9
unknown=$((max_lid + (1 << lmc) + 100))
check perfquery "$unknown" 1
check perfquery -x "$unknown" 1
check smpquery nodeinfo "$unknown"
check smpquery nodedesc "$unknown"
check smpquery portinfo "$unknown" 1
check perfquery 0 1
check smpquery nodeinfo 0
check smpquery nodeinfo 0xc000

echo "parity-check: $(basename "$net"): $compared compared, $identical identical, $alike fail alike," \
  "$differ differ ($skipped ports skipped)"
[ "$differ" -eq 0 ]
