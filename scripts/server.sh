#!/usr/bin/env bash
# Starts the FabricPulse server from the built jar with a JDK 25; arguments go to Spring Boot,
# e.g. scripts/server.sh --fabricpulse.demo.enabled=true --server.port=8080
#
# JVM options: FABRICPULSE_JAVA_OPTS (word-split). The default:
# - a fixed heap of 2 GB, touched at startup: a heap that grows under load costs the server a page fault
#   for every new page, in the threads that allocate and copy (CPU per delivered sample -15 % at 20,000
#   ports/s, docs/PERFORMANCE.md, session 8);
# - C2's thresholds at four times the JDK's (Tier4*): a fresh server gets the agents' pushes at once, and
#   with the defaults C2 spent a fifth of both cores through the first 90 s, much of it on per-request
#   code (web filters, SQL, reactive plumbing) that runs a few hundred times a second, while the per-sample
#   code waited in its queue. With them C2 reaches the hottest code first and the lukewarm code runs C1's
#   code longer: compiler CPU 44-47 s -> 29-38 s in the same 90 s runs (docs/PERFORMANCE.md, session 9).
#   A server that runs for hours compiles the same methods, only later.
# Set it empty for the JVM's own defaults, or a larger heap for bigger fabrics (docs/DEPLOYMENT.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
jar="$root/backend/target/fabricpulse-server.jar"
if [ ! -f "$jar" ]; then
  echo "server.sh: $jar not built yet; run: ./mvnw -B -q -DskipTests package" >&2
  exit 1
fi
defaults="-Xms2g -Xmx2g -XX:+AlwaysPreTouch -XX:Tier4InvocationThreshold=20000 -XX:Tier4MinInvocationThreshold=2400"
defaults+=" -XX:Tier4CompileThreshold=60000 -XX:Tier4BackEdgeThreshold=160000"
# shellcheck disable=SC2086 # word-split on purpose, as JAVA_OPTS conventionally is
exec "$JAVA_HOME/bin/java" ${FABRICPULSE_JAVA_OPTS-$defaults} -jar "$jar" "$@"
