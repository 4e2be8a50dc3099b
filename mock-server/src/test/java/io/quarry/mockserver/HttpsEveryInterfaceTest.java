package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Over HTTPS on every interface, as in a container: the certificate names the addresses and the machine's name that
 * clients on other machines or containers call the server by, so the URL it prints passes their host name check.
 */
class HttpsEveryInterfaceTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String listeningUrl() {
        return bytes.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.startsWith("listening on "))
                .findFirst()
                .orElseThrow()
                .substring("listening on ".length());
    }

    private static List<String> subjectAlternativeNames(MockServer server) throws Exception {
        X509Certificate certificate = server.trustMaterial().certificate();
        return certificate.getSubjectAlternativeNames().stream()
                .map(entry -> String.valueOf(entry.get(1)))
                .toList();
    }

    @Test
    void thePrintedUrlPassesTheHostNameCheckAndTheMachinesNameIsCertified() throws Exception {
        try (MockServer server =
                Main.start(new String[] {"--https", "--bind", "0.0.0.0"}, Map.of("HOSTNAME", "search-mock"), out)) {
            String url = listeningUrl();
            HttpClient client = HttpClient.newBuilder()
                    .sslContext(server.trustMaterial().sslContext())
                    .build();

            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(URI.create(url + "/1/status")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(answer.statusCode()).as(url).isEqualTo(200);
            String host = URI.create(url).getHost().replace("[", "").replace("]", "");
            assertThat(subjectAlternativeNames(server)).contains("localhost", "127.0.0.1", "search-mock");
            assertThat(subjectAlternativeNames(server).stream().anyMatch(name -> sameAddress(name, host)))
                    .as("%s among the certificate's names", host)
                    .isTrue();
        }
    }

    @Test
    void aMachineNameNoCertificateCanCarryIsLeftOut() throws Exception {
        try (MockServer server =
                Main.start(new String[] {"--https", "--bind", "0.0.0.0"}, Map.of("HOSTNAME", "not a host name"), out)) {
            assertThat(subjectAlternativeNames(server)).contains("localhost").doesNotContain("not a host name");
        }
    }

    @Test
    void onOneAddressThatAddressIsCertified() throws Exception {
        try (MockServer server = MockServer.builder().https().bindAddress("::1").start()) {
            assertThat(subjectAlternativeNames(server)).anyMatch(name -> sameAddress(name, "::1"));
        } catch (UncheckedIOException noIpv6) {
            // a machine without IPv6 has no such address to bind
        }
    }

    /** IPv6 addresses print in several forms: compared as addresses (a literal is parsed, never looked up). */
    private static boolean sameAddress(String name, String host) {
        if (name.equals(host)) {
            return true;
        }
        if (!name.contains(":") || !host.contains(":")) {
            return false;
        }
        try {
            return InetAddress.getByName(name).equals(InetAddress.getByName(host));
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
