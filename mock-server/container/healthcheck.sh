# The image's HEALTHCHECK, run by busybox sh: healthy while the server answers GET /_mock/version with a 200. Over
# HTTPS, busybox's TLS and the JDK's agree on no handshake: there it is healthy while the port accepts connections.
#
# A control endpoint, not the service's /1/status: a check every 2 s must not be the application's traffic, which
# tests read (a host's request count, the request log, the console's journal), nor fail while a test faults the
# host it asks. The admin key travels on nc's standard input, never in a command line ps shows.
#
# The port, HTTPS, the address and the admin key are the server's own: its variables, which the options given after
# the image name win over, as the server reads them (a flag's variable in any case: TRUE is true).
bb=/opt/quarry/bin/busybox
port=${QUARRY_MOCK_PORT:-8080}
bind=${QUARRY_MOCK_BIND:-0.0.0.0}
key=${QUARRY_MOCK_ADMIN_KEY:-mock-admin-key}
hosts=${QUARRY_MOCK_HOSTS:-1}
case "${QUARRY_MOCK_HTTPS:-false}" in
    [Tt][Rr][Uu][Ee]) https=true ;;
    *) https=false ;;
esac

# The server's process and its arguments, one a line: PID 1's, or its child's under docker run --init, whose init
# runs the same command line after its own name: the server's process is the one java runs.
args="" pid="" nl='
'
for cmdline in /proc/[0-9]*/cmdline; do
    line=$("$bb" tr '\0' '\n' <"$cmdline" 2>/dev/null) || continue
    case "$line" in
        */opt/quarry/mock-server.jar*) ;;
        *) continue ;;
    esac
    args=${line#*/opt/quarry/mock-server.jar}
    pid=${cmdline#/proc/}
    pid=${pid%/cmdline}
    case "${line%%"$nl"*}" in
        java | */java) break ;;
    esac
done
IFS='
'
set -f
# shellcheck disable=SC2086 # one argument a line
set -- $args
while [ $# -gt 0 ]; do
    case "$1" in
        --https) https=true ;;
        --strict | --version | --help | --training-run) ;;
        --port) [ $# -lt 2 ] || port=$2; shift ;;
        --bind) [ $# -lt 2 ] || bind=$2; shift ;;
        --admin-key) [ $# -lt 2 ] || key=$2; shift ;;
        --hosts) [ $# -lt 2 ] || hosts=$2; shift ;;
        --*) shift ;;
    esac
    [ $# -eq 0 ] || shift
done

# Every interface is reached on the loopback address; a single address, on itself.
host=${bind#[}
host=${host%]}
case "$host" in
    0.0.0.0 | ::) host=127.0.0.1 ;;
esac
# Healthy while one of the hosts (the ports from the server's on) answers: a test may tell host 0 to refuse
# connections for a while, and the server goes on serving through the others. Each host that does not says why.
answers() {
    if [ "$https" = true ]; then
        "$bb" nc -w 1 "$host" "$1" </dev/null 2>/dev/null && return 0
        echo "port $1 of $host accepts no connection" >&2
        return 1
    fi
    case "$host" in
        *:*) authority="[$host]:$1" ;;
        *) authority="$host:$1" ;;
    esac
    # the console's header marks the request as the server's own read: out of the journal and the traffic charts too
    status=$(printf 'GET /_mock/version HTTP/1.1\r\nHost: %s\r\nX-Service-API-Key: %s\r\nX-Mock-Console: health check\r\nConnection: close\r\n\r\n' \
        "$authority" "$key" | "$bb" nc -w 2 "$host" "$1" 2>/dev/null | { IFS= read -r line; echo "$line"; })
    case "$status" in
        "HTTP/1.1 200 "*) return 0 ;;
    esac
    echo "GET /_mock/version on $authority: ${status:-no answer}" >&2
    return 1
}

# The ports the server's sockets listen on, one a line: with port 0 the system chose them. A socket is the server's
# when its inode is one of the process's files.
listening_ports() {
    sockets=$("$bb" ls -l "/proc/$pid/fd" 2>/dev/null | "$bb" sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p' | "$bb" tr '\n' ' ')
    # /proc/net/tcp: the local address's port in hex, the state (0A: listening), the inode tenth
    "$bb" cat "/proc/$pid/net/tcp" "/proc/$pid/net/tcp6" 2>/dev/null |
        "$bb" awk -v sockets=" $sockets" '$4 == "0A" && index(sockets, " " $10 " ") { sub(/.*:/, "", $2); print $2 }' |
        while read -r hex; do echo $((0x$hex)); done
}

if [ "$port" = 0 ]; then
    ports=$(listening_ports)
    [ -n "$ports" ] || { echo "the server listens on no port yet" >&2; exit 1; }
else
    ports=$(i=0; while [ "$i" -lt "$hosts" ]; do echo $((port + i)); i=$((i + 1)); done)
fi
for each in $ports; do
    answers "$each" && exit 0
done
exit 1
