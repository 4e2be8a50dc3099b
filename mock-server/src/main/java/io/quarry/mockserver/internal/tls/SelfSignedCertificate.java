package io.quarry.mockserver.internal.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/**
 * A certificate minted at start for {@code localhost} and {@code 127.0.0.1}, and the other names and addresses it is
 * given (EC P-256, signed with ECDSA and
 * SHA-256 by its own key, valid from an hour ago for 30 days, subject {@code CN=localhost, O=Quarry mock server},
 * not a CA), with the server-side {@link SSLContext} that presents it. It is encoded here with the JDK alone (a
 * certificate library's classes cost an HTTPS start more than the signing does) and read back by the JDK's
 * certificate factory.
 */
public final class SelfSignedCertificate {

    private static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
    private static final String COMMON_NAME = "2.5.4.3";
    private static final String ORGANIZATION = "2.5.4.10";
    private static final String SUBJECT_ALTERNATIVE_NAME = "2.5.29.17";
    private static final String BASIC_CONSTRAINTS = "2.5.29.19";
    private static final byte[] LOOPBACK = {127, 0, 0, 1};

    private final X509Certificate certificate;
    private final SSLContext serverContext;

    private SelfSignedCertificate(X509Certificate certificate, SSLContext serverContext) {
        this.certificate = certificate;
        this.serverContext = serverContext;
    }

    /** {@return a freshly minted certificate for {@code localhost} and {@code 127.0.0.1}, and its server context} */
    public static SelfSignedCertificate mint() {
        return mint(List.of(), List.of());
    }

    /**
     * {@return a freshly minted certificate and its server context}
     *
     * @param names host names it serves besides {@code localhost}; one that is not an ASCII host name is left out
     * @param addresses addresses it serves besides {@code 127.0.0.1}
     */
    public static SelfSignedCertificate mint(List<String> names, List<InetAddress> addresses) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            KeyPair keys = generator.generateKeyPair();
            ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
            byte[] algorithm = Der.sequence(Der.oid(ECDSA_WITH_SHA256));
            byte[] name = Der.sequence(
                    Der.set(Der.sequence(Der.oid(COMMON_NAME), Der.utf8("localhost"))),
                    Der.set(Der.sequence(Der.oid(ORGANIZATION), Der.utf8("Quarry mock server"))));
            byte[] toBeSigned = Der.sequence(
                    Der.tagged(0, true, Der.integer(BigInteger.TWO)), // version 3
                    Der.integer(new BigInteger(64, new SecureRandom())),
                    algorithm,
                    name,
                    Der.sequence(
                            Der.utcTime(now.minus(Duration.ofHours(1))), Der.utcTime(now.plus(Duration.ofDays(30)))),
                    name,
                    keys.getPublic().getEncoded(),
                    Der.tagged(3, true, extensions(names, addresses)));
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(keys.getPrivate());
            signature.update(toBeSigned);
            byte[] encoded = Der.sequence(toBeSigned, algorithm, Der.bits(signature.sign()));
            X509Certificate certificate = (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(encoded));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {new MintedKeyManager(keys.getPrivate(), certificate)}, null, null);
            return new SelfSignedCertificate(certificate, context);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not mint the mock server's certificate", e);
        }
    }

    /** {@return the extensions: the names it serves (not critical), and that it is no CA (critical)} */
    private static byte[] extensions(List<String> names, List<InetAddress> addresses) {
        ByteArrayOutputStream served = new ByteArrayOutputStream();
        served.writeBytes(Der.tagged(2, false, "localhost".getBytes(StandardCharsets.US_ASCII))); // dNSName
        served.writeBytes(Der.tagged(7, false, LOOPBACK)); // iPAddress
        for (String name : names) {
            if (isHostName(name) && !name.equals("localhost")) {
                served.writeBytes(Der.tagged(2, false, name.getBytes(StandardCharsets.US_ASCII)));
            }
        }
        for (InetAddress address : addresses) {
            if (!Arrays.equals(address.getAddress(), LOOPBACK)) {
                served.writeBytes(Der.tagged(7, false, address.getAddress()));
            }
        }
        return Der.sequence(
                Der.sequence(Der.oid(SUBJECT_ALTERNATIVE_NAME), Der.octets(Der.sequence(served.toByteArray()))),
                Der.sequence(Der.oid(BASIC_CONSTRAINTS), Der.bool(true), Der.octets(Der.sequence())));
    }

    /**
     * {@return whether it is a host name a certificate can carry: dot-separated labels of ASCII letters, digits,
     * hyphens and underscores (container names have them), none empty}
     */
    private static boolean isHostName(String name) {
        if (name.isEmpty() || name.length() > 253 || name.startsWith(".") || name.endsWith(".")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean allowed =
                    c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_';
            if (!allowed && !(c == '.' && name.charAt(i - 1) != '.')) {
                return false;
            }
        }
        return true;
    }

    /** {@return the certificate} */
    public X509Certificate certificate() {
        return certificate;
    }

    /** {@return the server-side TLS context presenting the certificate} */
    public SSLContext serverContext() {
        return serverContext;
    }
}
