package io.quarry.examples.starter;

import io.quarry.spring.QuarryClientConfigCustomizer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The headers of every request the auto-configured clients put on the wire, as the mock server receives them: its
 * request log and journal keep no trace headers, so an OkHttp network interceptor, which sees each try's request
 * as it is sent, records them.
 */
@TestConfiguration(proxyBeanMethods = false)
class SentHeaders {

    /** A request as sent: its path and headers. */
    record Sent(String path, Headers headers) {}

    private final List<Sent> sent = new CopyOnWriteArrayList<>();

    @Bean
    QuarryClientConfigCustomizer recordingSentHeaders() {
        OkHttpClient recording = new OkHttpClient.Builder()
                .addNetworkInterceptor(chain -> {
                    sent.add(new Sent(
                            chain.request().url().encodedPath(), chain.request().headers()));
                    return chain.proceed(chain.request());
                })
                .build();
        return builder -> builder.httpClient(recording);
    }

    /** {@return the requests sent to a path ending so, in the order they were sent} */
    List<Sent> to(String pathEnd) {
        return sent.stream().filter(request -> request.path().endsWith(pathEnd)).toList();
    }
}
