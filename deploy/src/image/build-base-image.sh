#!/usr/bin/env bash
# Builds the base image both FabricPulse images start FROM, without a registry or a Docker engine:
# a docker-archive tar (what `docker save` writes and Jib reads as `tar://...`) with two layers,
#   1. os   - glibc and the few libraries the JVM and libibumad need, copied from the Debian packages
#             installed on this (Debian) build host, plus /etc/passwd, /tmp and the data directory;
#   2. java - a Java runtime made by jlink from the JDK running the build (Temurin 25).
# Why not eclipse-temurin:25-jre: it lives on Docker Hub, which CI cannot reach (docs/DEPLOYMENT.md).
# The java layer also goes into the agent's .deb, so one runtime is built per build.
#
# Usage: build-base-image.sh OUT_DIR JAVA_HOME MODULES PACKAGES
#   OUT_DIR   where to write fabricpulse-base.tar (and the java/ runtime it contains)
#   JAVA_HOME the JDK whose jlink builds the runtime
#   MODULES   comma-separated Java modules of the runtime
#   PACKAGES  space-separated Debian packages whose files make the os layer; PKG@/PATH takes only
#             the package's files under /PATH
# Every layer is reproducible: sorted entries, fixed times and owners, so an unchanged input gives
# the same digest and registries store it once.
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: $0 OUT_DIR JAVA_HOME MODULES PACKAGES" >&2
  exit 2
fi
out=$1 java_home=$2 modules=$3
read -r -a packages <<<"$4"

# The user the images run as by default (distroless' convention), and the server's working directory.
nonroot_id=65532
data_dir=var/lib/fabricpulse

fail() { echo "build-base-image: $*" >&2; exit 1; }

command -v dpkg-query >/dev/null || fail "needs a Debian or Ubuntu build host (dpkg-query): the os layer is made of Debian packages"
[ -x "$java_home/bin/jlink" ] || fail "no jlink in $java_home: give a JDK 25 (the build's own JAVA_HOME)"
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "${p%%@*}" 2>/dev/null | grep -q "install ok installed" || missing+=("${p%%@*}")
done
[ ${#missing[@]} -eq 0 ] || fail "Debian packages missing on this host: ${missing[*]} (scripts/install-test-deps.sh installs them)"

rm -rf "$out"
os="$out/rootfs-os" java_root="$out/rootfs-java" archive="$out/archive"
mkdir -p "$os" "$java_root/opt" "$archive"

# --- os layer -------------------------------------------------------------------------------------
# A merged-/usr tree like current Debian: /lib, /lib64, /bin, /sbin are links into /usr. A package
# path under /lib goes under /usr/lib, so the links resolve the way they do on the host.
for d in bin sbin lib lib64; do
  mkdir -p "$os/usr/$d"
  ln -s "usr/$d" "$os/$d"
done
copy_package() {
  local pkg=${1%%@*} only=${1#*@} path dest
  [ "$only" = "$1" ] && only=/
  while IFS= read -r path; do
    case "$path" in "$only"*) ;; *) continue ;; esac
    # Directories come into being with their files; docs and translations are not needed at run time
    # (the copyright files are kept, as the licences ask); iconv modules are unused by the JVM.
    [ -d "$path" ] && continue
    case "$path" in
      /usr/share/doc/*/copyright) ;;
      /usr/share/doc/*|/usr/share/man/*|/usr/share/info/*|/usr/share/lintian/*|/usr/share/locale/*|*/gconv/*) continue ;;
    esac
    case "$path" in
      /lib/*|/lib64/*|/bin/*|/sbin/*) dest="/usr$path" ;;
      *) dest=$path ;;
    esac
    mkdir -p "$os$(dirname "$dest")"
    cp -P --preserve=mode "$path" "$os$dest"
  done < <(dpkg-query -L "$pkg")
  # What vulnerability scanners read to know which package versions an image holds (the
  # distroless layout): the package's status paragraph.
  mkdir -p "$os/var/lib/dpkg/status.d"
  dpkg-query -s "$pkg" >"$os/var/lib/dpkg/status.d/${pkg%%:*}"
}
for p in "${packages[@]}"; do
  copy_package "$p"
done
mkdir -p "$os/etc" "$os/tmp" "$os/root" "$os/home/nonroot" "$os/$data_dir"
cp /usr/lib/os-release "$os/etc/os-release"
cat >"$os/etc/passwd" <<EOF
root:x:0:0:root:/root:/usr/sbin/nologin
nonroot:x:$nonroot_id:$nonroot_id:nonroot:/home/nonroot:/usr/sbin/nologin
EOF
cat >"$os/etc/group" <<EOF
root:x:0:
nonroot:x:$nonroot_id:
EOF
cat >"$os/etc/nsswitch.conf" <<'EOF'
passwd: files
group:  files
hosts:  files dns
EOF
chmod 0644 "$os/etc/passwd" "$os/etc/group" "$os/etc/nsswitch.conf" "$os/etc/os-release"
chmod 1777 "$os/tmp"
chmod 0700 "$os/root" "$os/home/nonroot"
chmod 0755 "$os/$data_dir"

# --- java layer -----------------------------------------------------------------------------------
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --output "$java_root/opt/java"
java_version=$("$java_root/opt/java/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java.runtime.version = //p')
[ -n "$java_version" ] || fail "the jlinked runtime does not start"

# --- layers and the archive -----------------------------------------------------------------------
# GNU tar with everything that varies between builds pinned: order, times, owners.
reproducible_tar() {
  tar --format=gnu --sort=name --mtime=@0 --numeric-owner "$@"
}
# Root owns everything except what the non-root user must write: its home and the data directory.
# Those are appended with their owner (a tar stream can say it; the build host need not be root).
reproducible_tar --owner=0 --group=0 -C "$os" \
  --exclude="./home/nonroot" --exclude="./$data_dir" -cf "$archive/os.tar" .
reproducible_tar --owner=$nonroot_id --group=$nonroot_id -C "$os" --no-recursion \
  -rf "$archive/os.tar" ./home/nonroot "./$data_dir"
reproducible_tar --owner=0 --group=0 -C "$java_root" -cf "$archive/java.tar" .

digest() { sha256sum "$1" | cut -d' ' -f1; }
os_id=$(digest "$archive/os.tar")
java_id=$(digest "$archive/java.tar")
package_versions=$(for p in "${packages[@]}"; do dpkg-query -W -f='${Package}=${Version} ' "${p%%@*}"; done)
package_versions=${package_versions% }

cat >"$archive/config.json" <<EOF
{
  "architecture": "amd64",
  "os": "linux",
  "created": "1970-01-01T00:00:00Z",
  "config": {
    "Env": ["PATH=/opt/java/bin:/usr/bin:/bin", "JAVA_HOME=/opt/java", "LANG=C.UTF-8"],
    "User": "$nonroot_id:$nonroot_id",
    "WorkingDir": "/$data_dir",
    "Labels": {
      "io.fabricpulse.base.debian-packages": "$package_versions",
      "io.fabricpulse.base.java-runtime": "$java_version",
      "io.fabricpulse.base.java-modules": "$modules"
    }
  },
  "rootfs": {"type": "layers", "diff_ids": ["sha256:$os_id", "sha256:$java_id"]},
  "history": [
    {"created": "1970-01-01T00:00:00Z", "created_by": "build-base-image.sh: files of Debian packages $package_versions"},
    {"created": "1970-01-01T00:00:00Z", "created_by": "build-base-image.sh: jlink $java_version --add-modules $modules"}
  ]
}
EOF
cat >"$archive/manifest.json" <<'EOF'
[{"Config": "config.json", "RepoTags": ["fabricpulse/base:local"], "Layers": ["os.tar", "java.tar"]}]
EOF
reproducible_tar --owner=0 --group=0 -C "$archive" -cf "$out/fabricpulse-base.tar" \
  manifest.json config.json os.tar java.tar

# The runtime alone, for the agent's .deb.
mv "$java_root/opt/java" "$out/java"
rm -rf "$archive" "$java_root" "$os"
echo "build-base-image: $out/fabricpulse-base.tar (Java $java_version; $package_versions)"
