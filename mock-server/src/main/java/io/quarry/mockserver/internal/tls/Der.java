package io.quarry.mockserver.internal.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The few ASN.1 DER encodings a certificate needs (X.690): each method returns one complete element, tag, length
 * and contents.
 */
final class Der {

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");

    private Der() {}

    /**
     * {@return a SEQUENCE of the given elements}
     *
     * @param elements encoded elements, in order
     */
    static byte[] sequence(byte[]... elements) {
        return element(0x30, concat(elements));
    }

    /**
     * {@return a SET of the given elements}
     *
     * @param elements encoded elements, already in DER order
     */
    static byte[] set(byte[]... elements) {
        return element(0x31, concat(elements));
    }

    /**
     * {@return an INTEGER}
     *
     * @param value the value
     */
    static byte[] integer(BigInteger value) {
        return element(0x02, value.toByteArray());
    }

    /**
     * {@return a BOOLEAN}
     *
     * @param value the value
     */
    static byte[] bool(boolean value) {
        return element(0x01, new byte[] {(byte) (value ? 0xff : 0x00)});
    }

    /**
     * {@return an OCTET STRING}
     *
     * @param contents the octets
     */
    static byte[] octets(byte[] contents) {
        return element(0x04, contents);
    }

    /**
     * {@return a BIT STRING of whole bytes}
     *
     * @param contents the bits
     */
    static byte[] bits(byte[] contents) {
        byte[] withPadding = new byte[contents.length + 1];
        System.arraycopy(contents, 0, withPadding, 1, contents.length);
        return element(0x03, withPadding);
    }

    /**
     * {@return a UTF8String}
     *
     * @param text the text
     */
    static byte[] utf8(String text) {
        return element(0x0c, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@return a UTCTime, to the second (years 1950 to 2049)}
     *
     * @param time the time
     */
    static byte[] utcTime(ZonedDateTime time) {
        return element(
                0x17, UTC_TIME.format(time.withZoneSameInstant(ZoneOffset.UTC)).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * {@return an OBJECT IDENTIFIER}
     *
     * @param dotted its arcs, such as {@code 2.5.4.3}
     */
    static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            base128(out, Long.parseLong(arcs[i]));
        }
        return element(0x06, out.toByteArray());
    }

    /**
     * {@return a context-specific element}
     *
     * @param number the tag number
     * @param constructed whether it holds elements (an explicit tag) rather than octets (an implicit one)
     * @param contents its contents
     */
    static byte[] tagged(int number, boolean constructed, byte[] contents) {
        return element(0x80 | (constructed ? 0x20 : 0) | number, contents);
    }

    private static void base128(ByteArrayOutputStream out, long value) {
        int groups = 1;
        while (value >>> (7 * groups) != 0) {
            groups++;
        }
        for (int i = groups - 1; i >= 0; i--) {
            int group = (int) (value >>> (7 * i)) & 0x7f;
            out.write(i == 0 ? group : group | 0x80);
        }
    }

    private static byte[] element(int tag, byte[] contents) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(contents.length + 6);
        out.write(tag);
        int length = contents.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(contents);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] element : elements) {
            out.writeBytes(element);
        }
        return out.toByteArray();
    }
}
