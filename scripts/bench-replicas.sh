#!/usr/bin/env bash
# Ingest throughput of whole replicas on one machine (issue 27, docs/PERFORMANCE.md): N server replicas on
# one PostgreSQL, each fed the same generated fabric by a loadgen of its own (what agents delivering every
# batch to every replica send). Prints each loadgen's summary and each server's CPU seconds during the run.
#
# usage: scripts/bench-replicas.sh REPLICAS PORTS SECONDS
# needs: the built jars (./mvnw -B -q -DskipTests package) and a PostgreSQL that trusts user postgres on
# 127.0.0.1:$BENCH_PG_PORT (default 15433), e.g. a private cluster:
#   runuser -u postgres -- /usr/lib/postgresql/15/bin/initdb -D DIR -A trust -U postgres
#   runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D DIR -o "-p 15433 -k /tmp" -l DIR.log start
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/jdk25.sh
source "$root/scripts/lib/jdk25.sh"
replicas=$1; ports=$2; seconds=$3
pg_port=${BENCH_PG_PORT:-15433}
work=$(mktemp -d "${BENCH_DIR:-/work}/replicas-bench.XXXX")
token=bench-token-0123456789
db=fp_bench_$(date +%s)
runuser -u postgres -- psql -h 127.0.0.1 -p "$pg_port" -qc "create database $db" >/dev/null
servers=(); http_ports=()
for i in $(seq 1 "$replicas"); do
  port=$((18190 + i))
  FABRICPULSE_JAVA_OPTS="-Xms1500m -Xmx1500m -XX:+AlwaysPreTouch" FABRICPULSE_DATA_DIR=$(mktemp -d "$work/data.XXXX") \
    FABRICPULSE_AGENT_TOKEN=$token "$root/scripts/server.sh" --server.port=$port \
    --spring.r2dbc.url="r2dbc:postgresql://127.0.0.1:$pg_port/$db" --spring.r2dbc.username=postgres \
    --spring.r2dbc.password=unused --fabricpulse.replica.name="replica-$i" > "$work/server-$i.log" 2>&1 &
  servers+=($!); http_ports+=($port)
done
for port in "${http_ports[@]}"; do
  until curl -sf "http://127.0.0.1:$port/actuator/health/readiness" >/dev/null; do sleep 1; done
done
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
declare -A before
for pid in "${servers[@]}"; do before[$pid]=$(cpu "$pid"); done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
loadgens=()
for port in "${http_ports[@]}"; do
  "$JAVA_HOME/bin/java" -jar "$root/collector-agent/target/fabricpulse-agent.jar" loadgen --server "http://127.0.0.1:$port" \
    --token $token --ports "$ports" --interval 1s --duration "${seconds}s" --agents 50 --report-every 30s \
    > "$work/loadgen-$port.out" 2> "$work/loadgen-$port.err" &
  loadgens+=($!)
done
wait "${loadgens[@]}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for pid in "${servers[@]}"; do
  echo "server $pid: $(( ($(cpu "$pid") - ${before[$pid]}) / $(getconf CLK_TCK) )) s CPU during the run"
done
for port in "${http_ports[@]}"; do echo "== loadgen to $port"; tail -n 6 "$work/loadgen-$port.out"; done
kill "${servers[@]}"; wait
echo "logs in $work"
