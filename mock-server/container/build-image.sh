#!/usr/bin/env bash
# Builds the mock server's container image from this build's runnable jar:
#
#   bash mock-server/container/build-image.sh [--jar FILE] [--jdk HOME] [--base IMAGE] [--naive] [--tag NAME]
#
# tags quarry/mock-server:<version> (the version read from the jar's name) and prints its size. Without --jar it
# takes mock-server/target/mock-server-<version>-all.jar, and builds it first when there is none.
#
#   --jdk HOME    the JDK whose runtime the image carries (jlink keeps the modules the server needs); default: JDK 25
#                 when one is found (.ci/jdks.sh says where it looks; QUARRY_JDK25 names one), else JAVA_HOME. On
#                 JDK 25 and newer the training run writes an ahead-of-time cache, on older ones an AppCDS archive.
#   --base IMAGE  build on a public JRE image of JDK 25 or newer (e.g. eclipse-temurin:25-jre) instead of scratch:
#                 how a release with registry access builds it. This machine reaches no registry.
#   --naive       the image as it comes without care, for the start benchmark: the whole JDK, no archive, no flags;
#                 tagged <version>-naive.
#
# Nothing is pulled: a scratch image gets its system from this machine (the JDK, the shared libraries the runtime
# links against, the static busybox of Debian's busybox-static for the health check); binutils' objcopy strips the
# runtime's native symbol tables.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/jdks.sh

say() { echo "=== build-image: $*"; }
fail() {
    echo "=== build-image: $*" >&2
    exit 1
}

jar="" jdk="" base=scratch naive=false tag=""
while [ $# -gt 0 ]; do
    case "$1" in
        --jar) jar=$2; shift 2 ;;
        --jdk) jdk=$2; shift 2 ;;
        --base) base=$2; shift 2 ;;
        --naive) naive=true; shift ;;
        --tag) tag=$2; shift 2 ;;
        *) fail "unknown argument $1 (see the comment at the top of $0)" ;;
    esac
done

# The modules the server needs: jdeps --print-module-deps on the jar (Jackson binds some request parameters
# through java.beans, of java.desktop); jdk.crypto.ec for HTTPS on JDK 17 to 21; jdk.net for the sockets' extended
# options. java.desktop's native libraries (AWT, fonts, images, sound) are left out: java.beans needs none.
modules=java.base,java.desktop,java.net.http,java.sql,java.management,jdk.management,jdk.crypto.ec,jdk.net
busybox=${QUARRY_BUSYBOX:-/bin/busybox}

if [ -z "$jar" ]; then
    if ! ls mock-server/target/mock-server-*-all.jar >/dev/null 2>&1; then
        say "no runnable jar yet: building it"
        ./mvnw -B -q -pl mock-server -am package -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip
    fi
    jar=$(ls mock-server/target/mock-server-*-all.jar)
    [ "$(echo "$jar" | wc -l)" = 1 ] || fail "several runnable jars in mock-server/target: give --jar"
fi
[ -f "$jar" ] || fail "no jar $jar"
version=$(basename "$jar")
version=${version#mock-server-}
version=${version%-all.jar}
if [ -z "$tag" ]; then
    tag=quarry/mock-server:$version
    [ "$naive" = false ] || tag=$tag-naive
fi

if [ "$base" = scratch ]; then
    [ -n "$jdk" ] || jdk=$(find_jdk 25)
    [ -n "$jdk" ] || jdk=$(users_jdk)
    release=$(jdk_release "$jdk")
    [ -n "$release" ] || fail "no JDK at '$jdk': give --jdk HOME"
    # Before JDK 25 the JVM finds cgroup v2 through /proc/cgroups, which newer kernels leave without its controllers.
    [ "$release" -ge 25 ] || say "a JDK $release runtime may size its heap to the machine's memory, not the container's" \
        "limit, on kernels that list no cgroup v2 controllers in /proc/cgroups: JDK 25 reads the limit there too"
else
    release=25
fi

context=mock-server/target/container/$(echo "$tag" | tr '/:' '__')
rootfs=$context/rootfs
rm -rf "$context"
mkdir -p "$rootfs/opt/quarry/bin" "$rootfs/seed"
cp mock-server/container/Dockerfile "$context/"
cp mock-server/container/healthcheck.sh "$rootfs/opt/quarry/"
cp "$jar" "$rootfs/opt/quarry/mock-server.jar"
# grep reads the whole list: with -q it could stop at "nc" while busybox still writes, whose SIGPIPE pipefail reports
"$busybox" --list | grep -x nc >/dev/null || fail "$busybox has no nc: install busybox-static or set QUARRY_BUSYBOX"
if ldd "$busybox" >/dev/null 2>&1; then fail "$busybox is linked dynamically: install busybox-static"; fi
cp "$busybox" "$rootfs/opt/quarry/bin/busybox"

# The JVM's flags, in argument files the entry point and the training run name (java @FILE).
if [ "$naive" = true ]; then
    : >"$rootfs/opt/quarry/jvm.args"
    : >"$rootfs/opt/quarry/train.args"
else
    # One GC whatever the container's limits (the archive holds the heap layout of one), no perf-data file, and a
    # crash's report on standard error, where the container's log keeps it, rather than in a file of the container.
    flags="-XX:+UseSerialGC -XX:-UsePerfData -XX:+ErrorFileToStderr"
    if [ "$release" -ge 25 ]; then
        echo "$flags -XX:AOTCache=/opt/quarry/mock-server.aot" >"$rootfs/opt/quarry/jvm.args"
        echo "$flags -XX:AOTCacheOutput=/opt/quarry/mock-server.aot" >"$rootfs/opt/quarry/train.args"
    else
        echo "$flags -XX:SharedArchiveFile=/opt/quarry/mock-server.jsa" >"$rootfs/opt/quarry/jvm.args"
        echo "$flags -XX:ArchiveClassesAtExit=/opt/quarry/mock-server.jsa" >"$rootfs/opt/quarry/train.args"
    fi
fi

if [ "$base" = scratch ]; then
    runtime=$rootfs/opt/java/openjdk
    mkdir -p "$(dirname "$runtime")"
    if [ "$naive" = true ]; then
        say "runtime: the whole JDK $release ($jdk)"
        cp -a "$jdk/." "$runtime"
        rm -rf "$runtime/lib/src.zip" "$runtime/jmods" "$runtime/man"
    else
        say "runtime: jlink of JDK $release ($jdk): $modules"
        cds=""
        # Below JDK 25 the AppCDS archive builds on the runtime's own base archive.
        [ "$release" -ge 25 ] || cds=--generate-cds-archive
        # Compressed classes cost a start little: the archive holds those a start loads. JDK 21 named the levels;
        # JDK 17's jlink knows 2, the same zip.
        compress=zip-6
        [ "$release" -ge 21 ] || compress=2
        "$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files $cds \
            --compress=$compress --exclude-files='glob:/java.desktop/lib/**' --output "$runtime"
        # The native libraries' symbol tables: about 5 MB of libjvm.so on Temurin, which jlink keeps, its
        # --strip-debug (and --strip-native-debug-symbols) running `objcopy -g`, which removes only the .debug_
        # sections such a JDK ships apart. What the dynamic linker needs (.dynsym) stays, and so do Java stack traces
        # (built from the classes, not these symbols); a crash report's native frames of libjvm show as offsets,
        # which the JDK vendor's debug symbols of the same build resolve (.gnu_debuglink stays).
        if command -v objcopy >/dev/null 2>&1; then
            find "$runtime" -type f \( -name '*.so' -o -path '*/bin/*' \) -exec objcopy --strip-unneeded {} \;
        else
            say "no objcopy (binutils): the runtime's native libraries keep their symbol tables (about 5 MB)"
        fi
    fi
    # The shared libraries the runtime links against, at the same paths as on this machine.
    find "$runtime" -type f \( -name '*.so' -o -path '*/bin/*' \) -exec ldd {} \; 2>/dev/null |
        sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p' |
        sort -u |
        while read -r library; do
            case "$library" in "$PWD"/*|"$runtime"/*) continue ;; esac
            mkdir -p "$rootfs$(dirname "$library")"
            cp -L "$library" "$rootfs$library"
        done
    mkdir -p "$rootfs/etc" "$rootfs/tmp"
    chmod 1777 "$rootfs/tmp"
    echo "root:x:0:0:root:/root:/sbin/nologin" >"$rootfs/etc/passwd"
    echo "quarry:x:10001:10001:Quarry mock server:/tmp:/sbin/nologin" >>"$rootfs/etc/passwd"
    printf 'root:x:0:\nquarry:x:10001:\n' >"$rootfs/etc/group"
    # The C.UTF-8 locale the Dockerfile's LANG names: without it the JVM decodes file names, arguments and variables
    # as ASCII (a seed named in QUARRY_MOCK_SEED with an accent is not found) and prints '?' for what is not.
    locale=/usr/lib/locale/C.utf8
    if [ -d "$locale" ]; then
        mkdir -p "$rootfs$(dirname "$locale")"
        cp -R "$locale" "$rootfs$locale"
    else
        say "no $locale on this machine: the server in the image reads and prints ASCII alone"
    fi
fi

# One time on every file of the context, the last commit's (or SOURCE_DATE_EPOCH), which the image's files keep: two
# builds of one commit then give the same system layer, byte for byte. The training run's layer still differs (the
# JVM's cache is not written the same way twice), and so does the image's creation time.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
find "$context" -exec touch -h -d "@$epoch" {} +

# The image's labels: what it is built from, in the OCI annotations' format (the commit's time, in UTC).
revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)
created=$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)
labels=(--build-arg "VERSION=$version" --build-arg "REVISION=$revision" --build-arg "CREATED=$created")

builder=()
# Without the buildx plugin, the docker client of this machine still has the classic builder.
docker buildx version >/dev/null 2>&1 || builder=(env DOCKER_BUILDKIT=0)
say "building $tag on $base"
# No cache: the classic builder takes a cached layer of the same contents whatever its files' times.
"${builder[@]}" docker build -q --no-cache --build-arg "BASE=$base" "${labels[@]}" -t "$tag" "$context" >/dev/null
size=$(docker image inspect --format '{{.Size}}' "$tag")
say "built $tag: $((size / 1000000)) MB"
