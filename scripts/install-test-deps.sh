#!/usr/bin/env bash
# Installs the Debian packages FabricPulse's tests run against (the real components, never mocks).
# Quiet and idempotent: packages already installed are left alone, apt-get runs only when needed.
#   ibsim-utils opensm infiniband-diags  - a simulated fabric (ibsim), its SM, and the oracle tools
#                                          (perfquery, smpquery, ibnetdiscover) our answers must equal
#   chromium                             - the real browser the UI tests drive (Playwright for Java launches
#                                          /usr/bin/chromium headless; it never downloads a browser)
#   influxdb                             - InfluxDB 1.x (1.6 on bookworm) for the series store's contract
#                                          ITs; they start their own influxd on free ports with temp data,
#                                          the packaged service is not used
#   postgresql                           - PostgreSQL server binaries (initdb, pg_ctl, psql) for the
#                                          state store's contract tests (*IT): the tests start a private
#                                          cluster on a free port in a temp dir; the package's own
#                                          cluster (port 5432) is not used and may stay stopped
#   victoria-metrics prometheus          - the prometheus series store's contract ITs (remote write out, PromQL
#                                          back) against both engines, Prometheus scraping /metrics/fabric and
#                                          running the Grafana dashboard's and the rules' expressions (promtool
#                                          comes with it); the tests start their own on free loopback ports
#   slurmctld slurmd slurm-client        - a real Slurm for the jobs ITs: each test writes its own slurm.conf in a temp
#                                          dir (auth/none, so munge is not needed) and starts slurmctld and one
#                                          slurmd per node name on free loopback ports; the packaged services are
#                                          not used
#   docker-compose                       - validates docker-compose.yml (`config` needs no Docker engine)
#   systemd                              - systemd-analyze, which verifies the agent's unit file
#   libibumad3                           - copied into the container images' base (the agent's umad source)
set -euo pipefail

packages=(ibsim-utils opensm infiniband-diags chromium influxdb victoria-metrics prometheus postgresql docker-compose
          systemd libibumad3 slurmctld slurmd slurm-client)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-test-deps: all present (${packages[*]})"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "install-test-deps: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-test-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-test-deps: done"
