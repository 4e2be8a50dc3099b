package io.quarry.mockserver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * What a client needs to trust an HTTPS mock server: its self-signed certificate, as a trust store, a trust
 * manager, an {@link SSLContext}/{@link SSLSocketFactory} that trust only it, or PEM text.
 *
 * <p>For OkHttp: {@code builder.sslSocketFactory(trust.sslSocketFactory(), trust.trustManager())}; for the JDK
 * client: {@code HttpClient.newBuilder().sslContext(trust.sslContext())}.
 */
public final class TrustMaterial {

    private final X509Certificate certificate;
    /** The trust store, manager and context, built on first use: PEM and the certificate need none of them. */
    private volatile Trust trust;

    /**
     * What trusts the certificate.
     *
     * @param store an in-memory PKCS12 store holding only the certificate
     * @param manager a trust manager over the store
     * @param context a TLS context with that manager
     */
    private record Trust(KeyStore store, X509TrustManager manager, SSLContext context) {}

    TrustMaterial(X509Certificate certificate) {
        this.certificate = certificate;
    }

    private Trust trust() {
        Trust built = trust;
        if (built == null) {
            synchronized (this) {
                built = trust;
                if (built == null) {
                    built = build(certificate);
                    trust = built;
                }
            }
        }
        return built;
    }

    private static Trust build(X509Certificate certificate) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("quarry-mock-server", certificate);
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            X509TrustManager found = null;
            for (TrustManager manager : factory.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    found = x509;
                }
            }
            if (found == null) {
                throw new IllegalStateException("the JDK offers no X509TrustManager");
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {found}, null);
            return new Trust(store, found, context);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not build the trust material", e);
        }
    }

    /** {@return the server's certificate} */
    public X509Certificate certificate() {
        return certificate;
    }

    /** {@return an in-memory PKCS12 trust store holding only the certificate (no password)} */
    public KeyStore trustStore() {
        return trust().store();
    }

    /** {@return a trust manager that trusts only the certificate} */
    public X509TrustManager trustManager() {
        return trust().manager();
    }

    /** {@return a TLS context that trusts only the certificate} */
    public SSLContext sslContext() {
        return trust().context();
    }

    /** {@return a socket factory that trusts only the certificate} */
    public SSLSocketFactory sslSocketFactory() {
        return trust().context().getSocketFactory();
    }

    /** {@return the certificate as PEM text} */
    public String certificatePem() {
        try {
            String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(certificate.getEncoded());
            return "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----\n";
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("could not encode the certificate", e);
        }
    }

    /**
     * Writes the certificate as PEM.
     *
     * @param file the file to write (replaced)
     * @throws IOException when it cannot be written
     */
    public void writePem(Path file) throws IOException {
        Files.writeString(file, certificatePem(), StandardCharsets.US_ASCII);
    }
}
