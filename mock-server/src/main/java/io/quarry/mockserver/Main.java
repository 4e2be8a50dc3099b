package io.quarry.mockserver;

import io.quarry.mockserver.internal.auth.ChosenKey;
import io.quarry.mockserver.internal.auth.KeyLength;
import io.quarry.mockserver.internal.startup.ClassPathCheck;
import io.quarry.mockserver.internal.startup.EnvironmentOptions;
import io.quarry.mockserver.internal.startup.ReachableAddress;
import io.quarry.mockserver.internal.startup.StartFailure;
import io.quarry.mockserver.internal.startup.TrainingRun;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The command line: {@code java -jar mock-server-<version>-all.jar [options]}. Prints one line
 * {@code listening on <url>} once ready (after the credential lines, and a line {@code hosts: <url> <url> ...} with
 * {@code --hosts}) and stops cleanly on SIGTERM or Ctrl-C, answering the requests under way first. Every option can
 * be given as an environment variable instead, {@code QUARRY_MOCK_} and its name: {@code QUARRY_MOCK_APP_ID=ID} for
 * {@code --app-id ID}, {@code QUARRY_MOCK_HTTPS=true} for {@code --https}; the command line wins.
 */
public final class Main {

    private static final String USAGE = String.join(
            "\n",
            "Usage: java -jar mock-server-<version>-all.jar [options]",
            "  --port N           port to listen on; 0 (default) picks a free one",
            "  --bind ADDRESS     address to listen on (default 127.0.0.1; 0.0.0.0: every interface, and the URLs",
            "                     printed name this machine's address on its network)",
            "  --hosts N          listen on N ports, each a host serving the same application: --port and the ports",
            "                     after it, or free ports (default " + MockServer.DEFAULT_HOSTS + ", at most "
                    + MockServer.MAX_HOSTS + ")",
            "  --app-id ID        application ID callers must send (default " + MockServer.DEFAULT_APPLICATION_ID + ")",
            "  --admin-key KEY    admin API key (default " + MockServer.DEFAULT_ADMIN_KEY + ")",
            "  --monitoring-key KEY  monitoring API key (default " + MockServer.DEFAULT_MONITORING_KEY + ")",
            "  --usage-key KEY    usage API key (default " + MockServer.DEFAULT_USAGE_KEY + ")",
            "  --monitoring-seed N  seed of the monitoring probes' measurements (default "
                    + MockServer.DEFAULT_MONITORING_SEED + ")",
            "  --crawler-user ID  crawler user ID (default " + MockServer.DEFAULT_CRAWLER_USER_ID + ")",
            "  --crawler-key KEY  crawler API key (default " + MockServer.DEFAULT_CRAWLER_API_KEY + ")",
            "  --https            speak HTTPS with a certificate minted at start",
            "  --cert-out FILE    with --https, write the certificate as PEM to FILE",
            "  --seed FILE|DIR    load indices, settings and records from JSON (repeatable)",
            "  --task-delay D     how long a task stays notPublished: 500ms, 2s, PT1S or milliseconds (default 0)",
            "  --strict           answer unknown URL parameters with a 400",
            "  --clusters A,B     clusters of multi-cluster user mapping (default mock-cluster-1,mock-cluster-2;",
            "                     an empty value disables the feature)",
            "  --console on|off   serve the browser console at /_mock/console (default on)",
            "  --training-run     start, answer one request sent to itself, stop (to record a class-data archive)",
            "  --version          print the mock server's version",
            "  --help             print this help",
            "Each option but the last three can be an environment variable instead, the command line winning:",
            "  QUARRY_MOCK_APP_ID=ID for --app-id ID, QUARRY_MOCK_HTTPS=true for --https, QUARRY_MOCK_SEED=A"
                    + File.pathSeparator + "B for --seed A --seed B",
            "Each KEY is 1 to " + KeyLength.MAX_CHARS + " ASCII letters, digits, '-' and '_': the keys the server masks"
                    + " whole",
            "  wherever it shows a request again.");

    /**
     * How long the requests under way at a stop (SIGTERM, Ctrl-C) may take to be answered: well within the 10 s
     * Docker and Docker Compose wait before they kill the process.
     */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private Main() {}

    /**
     * Starts the server and blocks until the JVM is asked to stop.
     *
     * @param args the options
     * @throws InterruptedException when interrupted while serving
     */
    public static void main(String[] args) throws InterruptedException {
        try {
            ClassPathCheck.requireCompatible();
        } catch (IllegalStateException e) {
            // a library too old for the server: say which and how to fix it, not a stack trace from deep inside
            System.err.println("error: " + e.getMessage());
            System.exit(1);
            return;
        }
        MockServer server;
        try {
            server = start(args, System.getenv(), System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (server == null) {
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.closeAfterAnswering(STOP_GRACE);
                            stopped.countDown();
                        },
                        "quarry-mock-server-shutdown"));
        stopped.await();
    }

    /**
     * Parses the options (the command line's alone), starts the server and prints where it listens.
     *
     * @param args the options
     * @param out where the start-up lines go
     * @return the running server, or {@code null} when only help was asked for
     * @throws IllegalArgumentException for an invalid option
     */
    static MockServer start(String[] args, PrintStream out) {
        return start(args, Map.of(), out);
    }

    /**
     * Parses the options, the environment's and the command line's, starts the server and prints where it listens.
     *
     * @param commandLine the command line's options
     * @param environment the environment, whose {@code QUARRY_MOCK_} variables give the options the command line
     *     does not
     * @param out where the start-up lines go
     * @return the running server, or {@code null} when only help was asked for, or after a training run
     * @throws IllegalArgumentException for an invalid option
     */
    static MockServer start(String[] commandLine, Map<String, String> environment, PrintStream out) {
        String[] args = EnvironmentOptions.withCommandLine(commandLine, environment);
        try {
            return startParsed(args, environment, out);
        } catch (IllegalArgumentException e) {
            // a container is set up by its variables: a refusal names the one to change, not only its option
            throw EnvironmentOptions.namingVariables(e, args, args.length - commandLine.length);
        }
    }

    /** Starts the server with the options merged: the environment's first, then the command line's. */
    private static MockServer startParsed(String[] args, Map<String, String> environment, PrintStream out) {
        MockServer.Builder builder = MockServer.builder();
        boolean appIdGiven = false;
        boolean keyGiven = false;
        boolean monitoringKeyGiven = false;
        boolean usageKeyGiven = false;
        String crawlerUser = MockServer.DEFAULT_CRAWLER_USER_ID;
        String crawlerKey = null;
        boolean https = false;
        boolean trainingRun = false;
        String bind = "127.0.0.1";
        int port = 0;
        Path certOut = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            try {
                switch (option) {
                    case "--help", "-h" -> {
                        out.println(USAGE);
                        return null;
                    }
                    case "--version" -> {
                        out.println("quarry mock-server " + MockServer.readVersion());
                        return null;
                    }
                    case "--https" -> {
                        https = true;
                        builder.https();
                    }
                    case "--strict" -> builder.strict();
                    case "--training-run" -> trainingRun = true;
                    case "--port" -> {
                        port = integer(option, value(args, ++i, option));
                        builder.port(port);
                    }
                    case "--bind" -> {
                        bind = value(args, ++i, option);
                        builder.bindAddress(bind);
                    }
                    case "--hosts" -> builder.hosts(integer(option, value(args, ++i, option)));
                    case "--app-id" -> {
                        builder.applicationId(value(args, ++i, option));
                        appIdGiven = true;
                    }
                    case "--admin-key" -> {
                        builder.adminKey(key(value(args, ++i, option), option));
                        keyGiven = true;
                    }
                    case "--monitoring-key" -> {
                        builder.monitoringKey(key(value(args, ++i, option), option));
                        monitoringKeyGiven = true;
                    }
                    case "--usage-key" -> {
                        builder.usageKey(key(value(args, ++i, option), option));
                        usageKeyGiven = true;
                    }
                    case "--monitoring-seed" -> builder.monitoringSeed(longInteger(option, value(args, ++i, option)));
                    case "--crawler-user" -> crawlerUser = value(args, ++i, option);
                    case "--crawler-key" -> crawlerKey = key(value(args, ++i, option), option);
                    case "--cert-out" -> certOut = Path.of(value(args, ++i, option));
                    case "--seed" -> builder.seed(seedPath(value(args, ++i, option)));
                    case "--task-delay" -> builder.taskDelay(duration(value(args, ++i, option)));
                    case "--clusters" -> builder.clusters(clusters(value(args, ++i, option)));
                    case "--console" -> builder.console(console(value(args, ++i, option)));
                    default -> throw new IllegalArgumentException(notAnOption(option, i));
                }
            } catch (IllegalArgumentException e) {
                throw naming(option, e);
            }
        }
        if (certOut != null && !https) {
            throw new IllegalArgumentException("--cert-out needs --https");
        }
        try {
            builder.crawlerCredentials(
                    crawlerUser, crawlerKey == null ? MockServer.DEFAULT_CRAWLER_API_KEY : crawlerKey);
        } catch (IllegalArgumentException e) {
            throw naming("--crawler-user", e);
        }
        // in a container the machine's name is the container's (Docker's --hostname, Compose's hostname:), which
        // other containers may call it by
        String hostname = environment.get("HOSTNAME");
        if (https && hostname != null && !hostname.isBlank()) {
            builder.certificateNames(List.of(hostname.strip()));
        }
        MockServer server;
        try {
            server = builder.start();
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(StartFailure.describe(e, bind, port), e);
        }
        if (certOut != null) {
            try {
                server.trustMaterial().writePem(certOut);
            } catch (IOException e) {
                server.close();
                throw new IllegalArgumentException(StartFailure.certificateNotWritten(certOut, e), e);
            }
        }
        out.println("application id: " + server.applicationId() + (appIdGiven ? "" : " (default)"));
        // A key given on the command line is the user's and is never printed; the default is public.
        out.println("admin key: " + (keyGiven ? "(as given)" : MockServer.DEFAULT_ADMIN_KEY + " (default)"));
        out.println("monitoring key: "
                + (monitoringKeyGiven ? "(as given)" : MockServer.DEFAULT_MONITORING_KEY + " (default)"));
        out.println("usage key: " + (usageKeyGiven ? "(as given)" : MockServer.DEFAULT_USAGE_KEY + " (default)"));
        out.println("crawler user id: " + server.crawlerUserId());
        out.println("crawler api key: "
                + (crawlerKey != null ? "(as given)" : MockServer.DEFAULT_CRAWLER_API_KEY + " (default)"));
        if (certOut != null) {
            out.println("certificate: " + certOut);
        }
        List<String> urls = printedUrls(server, bind);
        if (urls.size() > 1) {
            out.println("hosts: " + String.join(" ", urls));
        }
        out.println("listening on " + urls.get(0));
        out.flush();
        if (trainingRun) {
            try {
                TrainingRun.requestOnce(
                        URI.create(server.url()),
                        https ? server.trustMaterial().sslSocketFactory() : null,
                        server.applicationId(),
                        server.adminKey());
            } finally {
                server.close();
            }
            return null;
        }
        return server;
    }

    /**
     * The hosts' URLs as a client can use them: listening on every interface, the server's own URLs name the
     * loopback address, which a client on another machine or in another container cannot reach, so these name
     * this machine's address on its network instead.
     */
    private static List<String> printedUrls(MockServer server, String bind) {
        // a loop, not a stream: this runs on every standalone start, where a stream's first toList loads about 25
        // classes and spins two
        List<String> urls = new ArrayList<>();
        for (MockHost host : server.hosts()) {
            urls.add(host.url());
        }
        if (!isEveryInterface(bind)) {
            return urls;
        }
        return ReachableAddress.ofThisMachine()
                .map(address -> urls.stream()
                        .map(url -> url.replace("://" + server.host() + ":", "://" + address + ":"))
                        .toList())
                .orElse(urls);
    }

    private static boolean isEveryInterface(String bind) {
        try {
            return InetAddress.getByName(bind).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * {@return the refusal of an option's value, naming the option}: the builder's own names its parameter
     * ({@code hosts must be 1..10}), which a user of the command line or of the variables never wrote. An argument
     * that is no option's name is never repeated: it may be a key given the wrong way.
     */
    private static IllegalArgumentException naming(String option, IllegalArgumentException refusal) {
        String message = String.valueOf(refusal.getMessage());
        return message.contains(option) || !USAGE.contains("  " + option + " ")
                ? refusal
                : new IllegalArgumentException(option + ": " + message, refusal);
    }

    private static String value(String[] args, int at, String option) {
        if (at >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[at];
    }

    /**
     * {@return the key, when the server can mask it wherever it shows a request again}; the message names the option
     * (the builder's would name its method), never the value
     */
    private static String key(String value, String option) {
        String problem = value.isEmpty() ? null : ChosenKey.problem(value);
        if (problem != null) {
            throw new IllegalArgumentException(option + " " + problem);
        }
        return value;
    }

    /**
     * What to say of an argument no option has: never the text after an {@code =}, nor an argument that is no
     * option's name, either of which may be a key given the wrong way ({@code --admin-key=KEY}).
     */
    private static String notAnOption(String argument, int at) {
        if (!argument.startsWith("-")) {
            return "argument " + (at + 1) + " is not an option (each value follows its option's name)";
        }
        int equals = argument.indexOf('=');
        if (equals < 0) {
            return "unknown option " + argument;
        }
        String name = argument.substring(0, equals);
        return USAGE.contains("  " + name + " ")
                ? "give " + name + "'s value as the next argument (" + name + " VALUE), not after ="
                : "unknown option " + name + "=...";
    }

    private static Path seedPath(String value) {
        if (value.isBlank()) {
            // Path.of("") is the working directory: every *.json there would become an index
            throw new IllegalArgumentException("--seed needs a file or directory, not an empty value");
        }
        return Path.of(value);
    }

    private static String[] clusters(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(name -> !name.isEmpty())
                .toArray(String[]::new);
    }

    private static Console console(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "on" -> Console.ON;
            case "off" -> Console.OFF;
            default -> throw new IllegalArgumentException("--console needs on or off, not " + value);
        };
    }

    private static int integer(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs an integer, not " + value, e);
        }
    }

    private static long longInteger(String option, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs an integer, not " + value, e);
        }
    }

    /** {@return whether it is digits with at most one decimal point among or before them} */
    private static boolean isDecimal(String text) {
        int digits = 0;
        int points = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.') {
                points++;
            } else if (c >= '0' && c <= '9') {
                digits++;
            } else {
                return false;
            }
        }
        return digits > 0 && points <= 1;
    }

    /** Parses {@code 500ms}, {@code 2s}, {@code PT1S} or a number of milliseconds. */
    static Duration duration(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (text.startsWith("pt")) {
                return Duration.parse(value.trim());
            }
            if (text.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            if (text.endsWith("s")) {
                String seconds = text.substring(0, text.length() - 1);
                // Double.parseDouble also takes "1f", "0x1p3" and "NaN"; a duration is digits and one point
                if (!isDecimal(seconds)) {
                    throw new NumberFormatException(seconds);
                }
                return Duration.ofMillis(Math.round(Double.parseDouble(seconds) * 1000));
            }
            return Duration.ofMillis(Long.parseLong(text));
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "--task-delay needs a duration such as 500ms, 2s or PT1S, not " + value, e);
        }
    }
}
