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
    private final KeyStore trustStore;
    private final X509TrustManager trustManager;
    private final SSLContext sslContext;

    TrustMaterial(X509Certificate certificate) {
        this.certificate = certificate;
        try {
            trustStore = KeyStore.getInstance("PKCS12");
            trustStore.load(null, null);
            trustStore.setCertificateEntry("quarry-mock-server", certificate);
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trustStore);
            X509TrustManager found = null;
            for (TrustManager manager : factory.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    found = x509;
                }
            }
            if (found == null) {
                throw new IllegalStateException("the JDK offers no X509TrustManager");
            }
            trustManager = found;
            sslContext = SSLContext.getInstance("TLS");
            sslContext.init(null, new TrustManager[] {trustManager}, null);
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
        return trustStore;
    }

    /** {@return a trust manager that trusts only the certificate} */
    public X509TrustManager trustManager() {
        return trustManager;
    }

    /** {@return a TLS context that trusts only the certificate} */
    public SSLContext sslContext() {
        return sslContext;
    }

    /** {@return a socket factory that trusts only the certificate} */
    public SSLSocketFactory sslSocketFactory() {
        return sslContext.getSocketFactory();
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
