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

# The server's arguments, one a line: PID 1's, or its child's under docker run --init.
args=""
for cmdline in /proc/[0-9]*/cmdline; do
    line=$("$bb" tr '\0' '\n' <"$cmdline" 2>/dev/null) || continue
    case "$line" in
        */opt/quarry/mock-server.jar*) args=${line#*/opt/quarry/mock-server.jar}; break ;;
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

i=0
while [ "$i" -lt "$hosts" ]; do
    answers $((port + i)) && exit 0
    i=$((i + 1))
done
exit 1
