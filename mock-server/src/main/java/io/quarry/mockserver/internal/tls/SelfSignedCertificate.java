package io.quarry.mockserver.internal.tls;

import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate minted at start for {@code localhost} and {@code 127.0.0.1} (EC P-256, valid from an hour ago for
 * 30 days), with the server-side {@link SSLContext} that presents it.
 */
public final class SelfSignedCertificate {

    private static final char[] NO_PASSWORD = new char[0];

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
            X500Name subject = new X500Name("CN=localhost, O=Quarry mock server");
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    subject,
                    new BigInteger(64, new SecureRandom()),
                    Date.from(now.minus(Duration.ofHours(1))),
                    Date.from(now.plus(Duration.ofDays(30))),
                    subject,
                    keys.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")
            }));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(
                            builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(null, null);
            keyStore.setKeyEntry("mock-server", keys.getPrivate(), NO_PASSWORD, new X509Certificate[] {certificate});
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keyStore, NO_PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), null, null);
            return new SelfSignedCertificate(certificate, context);
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("could not mint the mock server's certificate", e);
        }
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
