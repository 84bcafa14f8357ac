#!/usr/bin/env bash
# Starts the FabricPulse server from the built jar with a JDK 25; arguments go to Spring Boot,
# e.g. scripts/server.sh --fabricpulse.demo.enabled=true --server.port=8080
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
jar="$root/backend/target/fabricpulse-server.jar"
if [ ! -f "$jar" ]; then
  echo "server.sh: $jar not built yet; run: ./mvnw -B -q -DskipTests package" >&2
  exit 1
fi
exec "$JAVA_HOME/bin/java" -jar "$jar" "$@"
