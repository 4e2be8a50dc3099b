# The image's HEALTHCHECK, run by busybox sh: healthy while the server answers its public status endpoint. Over
# HTTPS, busybox's TLS and the JDK's agree on no handshake: there it is healthy while the port accepts connections.
port=${QUARRY_MOCK_PORT:-8080}
if [ "${QUARRY_MOCK_HTTPS:-false}" = true ]; then
    exec /opt/quarry/bin/busybox nc -w 1 127.0.0.1 "$port" </dev/null
fi
exec /opt/quarry/bin/busybox wget -q -O /dev/null "http://127.0.0.1:$port/1/status"
