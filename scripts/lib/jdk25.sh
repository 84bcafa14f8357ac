# Sourced, not run: sets JAVA_HOME to a JDK 25+ (keeps a JAVA_HOME that already is one) and puts
# its bin first on PATH. Many hosts default to an older java; FabricPulse needs 25 (FFM API).
fabricpulse_find_jdk25() {
  local candidate major
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25* /usr/lib/jvm/*; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] || continue
    major=$("$candidate/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java.specification.version = //p')
    if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if JAVA_HOME=$(fabricpulse_find_jdk25); then
  export JAVA_HOME
  export PATH="$JAVA_HOME/bin:$PATH"
else
  echo "FabricPulse needs a JDK 25: none found (JAVA_HOME or /usr/lib/jvm/*). Install Temurin 25 or set JAVA_HOME." >&2
  return 1 2>/dev/null || exit 1
fi
