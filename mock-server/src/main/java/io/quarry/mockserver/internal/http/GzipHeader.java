package io.quarry.mockserver.internal.http;

/** The gzip member header (RFC 1952): its length once whole, so the deflate data after it can be inflated. */
final class GzipHeader {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private GzipHeader() {}

    /**
     * {@return the header's length, or -1 when more bytes are needed}
     *
     * @param bytes the start of a body
     * @throws ApiException 400 when the bytes are no gzip header
     */
    static int length(byte[] bytes) {
        if (bytes.length >= 1 && (bytes[0] & 0xff) != 0x1f
                || bytes.length >= 2 && (bytes[1] & 0xff) != 0x8b
                || bytes.length >= 3 && bytes[2] != 8) {
            throw ApiException.badRequest("Invalid gzip body");
        }
        if (bytes.length < 10) {
            return -1;
        }
        int flags = bytes[3] & 0xff;
        int at = 10;
        if ((flags & FEXTRA) != 0) {
            if (bytes.length < at + 2) {
                return -1;
            }
            at += 2 + ((bytes[at] & 0xff) | (bytes[at + 1] & 0xff) << 8);
        }
        for (int flag : new int[] {FNAME, FCOMMENT}) {
            if ((flags & flag) != 0) {
                while (at < bytes.length && bytes[at] != 0) {
                    at++;
                }
                if (at >= bytes.length) {
                    return -1;
                }
                at++;
            }
        }
        if ((flags & FHCRC) != 0) {
            at += 2;
        }
        return at <= bytes.length ? at : -1;
    }
}
