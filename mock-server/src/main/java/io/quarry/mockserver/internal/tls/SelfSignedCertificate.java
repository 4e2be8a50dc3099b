package io.quarry.mockserver.internal.tls;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
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
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/**
 * A certificate minted at start for {@code localhost} and {@code 127.0.0.1} (EC P-256, signed with ECDSA and
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

    /** {@return a freshly minted certificate and its server context} */
    public static SelfSignedCertificate mint() {
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
                    Der.tagged(3, true, extensions()));
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
    private static byte[] extensions() {
        byte[] names = Der.sequence(
                Der.tagged(2, false, "localhost".getBytes(StandardCharsets.US_ASCII)), // dNSName
                Der.tagged(7, false, LOOPBACK)); // iPAddress
        return Der.sequence(
                Der.sequence(Der.oid(SUBJECT_ALTERNATIVE_NAME), Der.octets(names)),
                Der.sequence(Der.oid(BASIC_CONSTRAINTS), Der.bool(true), Der.octets(Der.sequence())));
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
