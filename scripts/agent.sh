#!/usr/bin/env bash
# Runs the collector agent from the built jar with a JDK 25; arguments go to fabricpulse-agent,
# e.g. scripts/agent.sh run --server http://localhost:8080 --token "$FABRICPULSE_AGENT_TOKEN" --interval 10s
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
jar="$root/collector-agent/target/fabricpulse-agent.jar"
if [ ! -f "$jar" ]; then
  echo "agent.sh: $jar not built yet; run: ./mvnw -B -q -DskipTests package" >&2
  exit 1
fi
exec "$JAVA_HOME/bin/java" -jar "$jar" "$@"
