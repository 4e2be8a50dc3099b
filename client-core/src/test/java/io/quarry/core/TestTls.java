package io.quarry.core;

import java.io.InputStream;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/**
 * TLS for loopback tests: the self-signed certificate WireMock serves by default (its {@code keystore} resource, on
 * the test class path), for a test's own TLS server, and trusted by the clients made here, which resolve every name
 * to 127.0.0.1 and accept the certificate for any name (it names none of the tests' hosts).
 */
final class TestTls {

    private static final char[] PASSWORD = "password".toCharArray();

    private TestTls() {}

    /** {@return a factory of server sockets presenting WireMock's certificate} */
    static SSLServerSocketFactory serverSockets() throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keyStore(), PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        return tls.getServerSocketFactory();
    }

    /** {@return a trust manager trusting WireMock's certificate} */
    static X509TrustManager trustManager() throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keyStore());
        return (X509TrustManager) trust.getTrustManagers()[0];
    }

    /** {@return an OkHttp client resolving every name to 127.0.0.1 and taking the certificate for any name} */
    static OkHttpClient.Builder loopbackClient() {
        return new OkHttpClient.Builder()
                .dns(name -> List.of(java.net.InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1})))
                .hostnameVerifier((name, session) -> true);
    }

    private static KeyStore keyStore() throws Exception {
        KeyStore store = KeyStore.getInstance("JKS");
        try (InputStream in = TestTls.class.getClassLoader().getResourceAsStream("keystore")) {
            store.load(in, PASSWORD);
        }
        return store;
    }
}
