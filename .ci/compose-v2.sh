# Docker Compose v2 for .ci/containers, sourced by it: Spring Boot's Docker Compose support drives `docker compose`,
# a plugin of the docker command. Debian bookworm packages only Compose 1.29 (`docker-compose`, which Boot does not
# use); trixie's docker-compose package is Compose v2, a static Go binary needing only a libc bookworm has. The
# pinned .deb is downloaded, checked against its SHA256 (that of trixie's signed package index) and unpacked with
# dpkg-deb, never installed through apt: adding trixie to the apt sources would bring its libraries into bookworm.

compose_deb_version=2.26.1-4
compose_deb_sha256=47681197cb2b1ab88206b42a1a92fc75f50d9530a6322d03494a473eed0408ea
compose_deb_url=http://deb.debian.org/debian/pool/main/d/docker-compose/docker-compose_${compose_deb_version}_amd64.deb
# A directory the docker command searches for plugins in every version (Debian's 20.10 and Docker's own), and the one
# for what the local administrator installs: /usr/local stays apart from the files dpkg owns. The command looks here
# before /usr/libexec, so remove this file if a packaged Compose is installed later.
compose_plugin_dir=/usr/local/lib/docker/cli-plugins

compose_v2() { docker compose version >/dev/null 2>&1; }

# Downloads, checks and unpacks the pinned Compose into $compose_plugin_dir (as root, on amd64).
install_compose_v2() {
    local work
    [ "$(dpkg --print-architecture)" = amd64 ] || {
        echo "the pinned Compose v2 is for amd64, this machine is $(dpkg --print-architecture)" >&2
        return 1
    }
    work=$(mktemp -d)
    curl -fsSL --retry 3 -o "$work/compose.deb" "$compose_deb_url" &&
        echo "$compose_deb_sha256  $work/compose.deb" | sha256sum --check --quiet - &&
        dpkg-deb -x "$work/compose.deb" "$work/root" &&
        install -D -m 755 "$work/root/usr/libexec/docker/cli-plugins/docker-compose" "$compose_plugin_dir/docker-compose"
    local status=$?
    rm -rf "$work"
    return $status
}
