package io.quarry.mockserver.internal.products.crawler;

/**
 * Why the mock server will not read a fetched page: its HTML holds more than it parses or fails its parser, or its
 * actions' selectors would take more work on it than it allows; or a sitemap it will not read. A crawl counts the
 * page or sitemap FAILED with the reason code; {@code /test} answers the code and the message as its {@code error}.
 */
final class PageRefusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final String reason;

    PageRefusal(String reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    /** {@return the reason code of the URL statistics} */
    String reason() {
        return reason;
    }
}
