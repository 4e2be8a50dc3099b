package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.TestClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS with the certificate minted at start, trusted through each form of the trust material. */
class HttpsTest {

    @Test
    void jdkClientTrustsTheMintedCertificateThroughTheSslContext() {
        try (MockServer server = MockServer.builder().https().start()) {
            assertThat(server.url()).startsWith("https://127.0.0.1:");
            assertThat(server.isHttps()).isTrue();
            assertThat(new TestClient(server).get("/1/indexes").status()).isEqualTo(200);
        }
    }

    @Test
    void socketFactoryAndTrustManagerWorkForAnotherClient() throws IOException {
        try (MockServer server = MockServer.builder().https().start()) {
            TrustMaterial trust = server.trustMaterial();
            HttpsURLConnection connection = (HttpsURLConnection)
                    URI.create(server.url() + "/_mock/version").toURL().openConnection();
            connection.setSSLSocketFactory(trust.sslSocketFactory());
            connection.setRequestProperty("X-Service-API-Key", server.adminKey());
            assertThat(connection.getResponseCode()).isEqualTo(200);
            connection.disconnect();
            X509Certificate certificate = trust.certificate();
            assertThat(trust.trustManager().getAcceptedIssuers()).contains(certificate);
            assertThat(trust.trustStore().getCertificateAlias(certificate)).isNotNull();
        } catch (java.security.KeyStoreException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void certificateCoversLocalhostAndLoopbackAndExportsAsPem(@TempDir Path dir) throws Exception {
        try (MockServer server = MockServer.builder().https().start()) {
            X509Certificate certificate = server.trustMaterial().certificate();
            List<String> names = certificate.getSubjectAlternativeNames().stream()
                    .map(entry -> String.valueOf(entry.get(1)))
                    .toList();
            assertThat(names).contains("localhost", "127.0.0.1");
            Path pem = dir.resolve("mock.pem");
            server.trustMaterial().writePem(pem);
            assertThat(Files.readString(pem)).startsWith("-----BEGIN CERTIFICATE-----");
            try (InputStream in = Files.newInputStream(pem)) {
                assertThat(CertificateFactory.getInstance("X.509").generateCertificate(in))
                        .isEqualTo(certificate);
            }
        }
    }

    @Test
    void anUntrustingClientIsRefusedAndPlainHttpHasNoTrustMaterial() throws Exception {
        try (MockServer server = MockServer.builder().https().start()) {
            HttpClient plain = HttpClient.newHttpClient();
            assertThatThrownBy(() -> plain.send(
                            HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes"))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding()))
                    .isInstanceOf(SSLHandshakeException.class);
        }
        try (MockServer server = MockServer.builder().start()) {
            assertThat(server.isHttps()).isFalse();
            assertThatThrownBy(server::trustMaterial).isInstanceOf(IllegalStateException.class);
        }
    }
}
