#!/usr/bin/env bash
# Starts the FabricPulse server from the built jar with a JDK 25; arguments go to Spring Boot,
# e.g. scripts/server.sh --fabricpulse.demo.enabled=true --server.port=8080
#
# JVM options: FABRICPULSE_JAVA_OPTS (word-split). The default:
# - a fixed heap of 2 GB, touched at startup: a heap that grows under load costs the server a page fault
#   for every new page, in the threads that allocate and copy (CPU per delivered sample -15 % at 20,000
#   ports/s, docs/PERFORMANCE.md, session 8);
# - the JIT and GC options the container image runs with too, each with its reason: scripts/server.jvm.options.
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
if [ -n "${FABRICPULSE_JAVA_OPTS+set}" ]; then
  # shellcheck disable=SC2206 # word-split on purpose, as JAVA_OPTS conventionally is
  options=(${FABRICPULSE_JAVA_OPTS})
else
  options=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch "@$root/scripts/server.jvm.options")
fi
exec "$JAVA_HOME/bin/java" "${options[@]}" -jar "$jar" "$@"
