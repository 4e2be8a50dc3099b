# The image's HEALTHCHECK, run by busybox sh: healthy while the server answers its public status endpoint.
scheme=http
[ "${QUARRY_MOCK_HTTPS:-false}" = true ] && scheme=https
exec /opt/quarry/bin/busybox wget -q -O /dev/null "$scheme://127.0.0.1:${QUARRY_MOCK_PORT:-8080}/1/status"
