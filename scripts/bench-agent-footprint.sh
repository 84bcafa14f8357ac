#!/usr/bin/env bash
# bench agent-footprint: the packaged collector agent next to Prometheus' node_exporter on a simulated
# compute node (ibsim + opensm, the server, the agent as the .deb ships it at 10 s and at 1 s, node_exporter
# scraped every second), sampled from /proc for MINUTES (default 10) after a minute's warm-up; prints RSS,
# CPU %, CPU per poll/scrape, wake-ups/s and the agent's start to first push (AgentFootprintBench).
# Needs the .deb (./mvnw -B -o -q -pl deploy -am package -DskipTests), the server jar, ibsim-utils, opensm,
# infiniband-diags and prometheus-node-exporter. Not part of .ci/run: it takes MINUTES + ~3 minutes.
# Usage: scripts/bench-agent-footprint.sh [MINUTES] [-Dbench.intervals=10s,1s -Dbench.starts=5 ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
minutes=${1:-10}
shift || true
cd "$root"
cp=$(mktemp)
trap 'rm -f "$cp"' EXIT
./mvnw -B -o -q -pl collector-agent -am test-compile dependency:build-classpath -Dmdep.outputFile="$cp" \
  -Dmdep.includeScope=test >/dev/null
exec "$JAVA_HOME/bin/java" -Dbench.minutes="$minutes" "$@" \
  -cp "collector-agent/target/classes:collector-agent/target/test-classes:$(cat "$cp")" \
  io.fabricpulse.agent.testing.AgentFootprintBench
