package io.quarry.testsupport;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.request;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import io.quarry.core.DeserializationException;
import io.quarry.core.QuarryException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Checks that a client reads any success answer without an untyped failure: each call's real answers are recorded
 * from an upstream server (the mock server), then, mutation after mutation, one answer of a randomly chosen call is
 * changed by {@link AnswerMutator} and served by WireMock while the call is made again. The call must return a value
 * (turned to text, which reads every member) or throw a {@link QuarryException}; anything else (null included), or a
 * call still running after {@link #CALL_LIMIT_SECONDS}, fails the check with the seed and the mutation. A call whose
 * answer the upstream server cannot give (a profile that needs events first) takes a canned one, {@link #answer}.
 * {@link #checkTypes} serves answers with one value of another JSON type, which a member the SDK types must refuse.
 *
 * <pre>{@code
 * MutatedAnswers.of(WM, MOCK.server().url())
 *         .call("predict", () -> client.predict("faq", query, FreeFormRecord.class))
 *         .check(SEED, 300);
 * }</pre>
 */
public final class MutatedAnswers {

    /** How long one call may take before it counts as hanging. */
    static final long CALL_LIMIT_SECONDS = 10;
    /** The system property that replaces the seed. */
    public static final String SEED_PROPERTY = "quarry.mutatedAnswers.seed";
    /** The system property that replaces the number of mutations. */
    public static final String COUNT_PROPERTY = "quarry.mutatedAnswers.count";
    /** The key of the places {@link #untyped} in every call's answers. */
    private static final String ANY_CALL = "";
    /** How many distinct failures a failure message shows. */
    private static final int SHOWN = 8;

    private final WireMockExtension wireMock;
    private final String upstream;
    private final Map<String, Callable<?>> calls = new LinkedHashMap<>();
    private final List<RecordedAnswers.Exchange> canned = new ArrayList<>();
    /** Places whose values the SDK does not type, by call name; {@link #ANY_CALL} for every call's. */
    private final Map<String, List<String>> untyped = new LinkedHashMap<>();
    /** Places holding floating-point numbers, where a fraction in place of a whole number reads. */
    private final List<String> fractions = new ArrayList<>();

    private final List<Recorded> recorded = new ArrayList<>();

    private MutatedAnswers(WireMockExtension wireMock, String upstream) {
        this.wireMock = wireMock;
        this.upstream = upstream;
    }

    /**
     * A check whose clients call the WireMock server, which passes what is not mutated on to the upstream server.
     *
     * @param wireMock the server the clients under test are pointed at
     * @param upstream the real server's URL
     * @return the check, without calls yet
     */
    public static MutatedAnswers of(WireMockExtension wireMock, String upstream) {
        return new MutatedAnswers(wireMock, upstream);
    }

    /**
     * Adds a call to check. It must succeed against the upstream server as it stands.
     *
     * @param name the call's name, for failure messages
     * @param call the call, by a client pointed at the WireMock server; an async call joined
     * @return this check
     */
    public MutatedAnswers call(String name, Callable<?> call) {
        calls.put(name, call);
        return this;
    }

    /**
     * Gives a request a canned success answer instead of the upstream server's, to be recorded and mutated as a real
     * one.
     *
     * @param method the request's method
     * @param url its path and query
     * @param body the answer, a JSON text
     * @return this check
     */
    public MutatedAnswers answer(String method, String url, String body) {
        canned.add(new RecordedAnswers.Exchange(method, url, 200, body));
        return this;
    }

    /**
     * Names places of the answers whose values the SDK does not type, for {@link #checkTypes}: the caller's records,
     * free-form members, members the SDK's models leave out. A place covers every place under it; {@code [*]} stands
     * for any item of an array and {@code .*} for any member of an object, as in {@code $.hits[*]} or
     * {@code $.facets.*.*}.
     *
     * @param places JSON paths, each starting with {@code $}
     * @return this check
     */
    public MutatedAnswers untyped(String... places) {
        return untypedIn(ANY_CALL, places);
    }

    /**
     * As {@link #untyped}, for one call's answers only (a call whose whole answer is a free-form map: {@code $}).
     *
     * @param call the call's name
     * @param places JSON paths, each starting with {@code $}
     * @return this check
     */
    public MutatedAnswers untypedIn(String call, String... places) {
        untyped.computeIfAbsent(call, c -> new ArrayList<>()).addAll(List.of(places));
        return this;
    }

    /**
     * Names places holding floating-point numbers (a rate, a score) that an answer happened to give as whole numbers,
     * for {@link #checkTypes}: a fraction there is no value of another type, and reads.
     *
     * @param places JSON paths, as for {@link #untyped}
     * @return this check
     */
    public MutatedAnswers fractions(String... places) {
        fractions.addAll(List.of(places));
        return this;
    }

    /**
     * Records the calls' answers, then makes the calls against that many mutated answers. The system properties
     * {@value #SEED_PROPERTY} and {@value #COUNT_PROPERTY} replace both, to replay a failure's seed or to search
     * longer by hand ({@code -Dquarry.mutatedAnswers.count=5000}).
     *
     * @param defaultSeed chooses the calls and mutations; printed in a failure
     * @param defaultMutations how many mutated answers to serve
     * @return this check, to run another kind with the answers recorded
     */
    public MutatedAnswers check(long defaultSeed, int defaultMutations) {
        run(defaultSeed, defaultMutations, false);
        return this;
    }

    /**
     * As {@link #check}, each mutated answer with one value of another JSON type ({@link AnswerMutator#mutateType}):
     * where the SDK types the value, the call must fail with a {@link DeserializationException} naming the value's
     * place, not read it as another value; at a place named {@link #untyped}, any outcome {@link #check} accepts
     * will do.
     *
     * @param defaultSeed chooses the calls and mutations; printed in a failure
     * @param defaultMutations how many mutated answers to serve
     * @return this check
     */
    public MutatedAnswers checkTypes(long defaultSeed, int defaultMutations) {
        run(defaultSeed, defaultMutations, true);
        return this;
    }

    private void run(long defaultSeed, int defaultMutations, boolean types) {
        long seed = Long.getLong(SEED_PROPERTY, defaultSeed);
        int mutations = Integer.getInteger(COUNT_PROPERTY, defaultMutations);
        List<Recorded> recorded = recorded();
        wireMock.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(upstream)));
        // the other answers of a call making several requests come unchanged, without asking the upstream server
        for (Recorded answer : recorded) {
            wireMock.stubFor(
                    stubOf(answer.exchange(), answer.mutator().unchanged()).atPriority(5));
        }
        Random random = new Random(seed);
        Map<String, String> failures = new LinkedHashMap<>();
        int failed = 0;
        int made = 0;
        // an interrupt (the test's own time limit) ends the check with what it found so far, a hang among them
        for (; made < mutations && !Thread.currentThread().isInterrupted(); made++) {
            long mutationSeed = random.nextLong();
            String failure = tryOne(recorded, mutationSeed, types);
            if (failure != null) {
                failed++;
                failures.putIfAbsent(
                        failure.lines().findFirst().orElse(""),
                        "mutation #" + made + " (its seed " + mutationSeed + "): " + failure);
            }
            wireMock.resetRequests();
        }
        if (failed > 0) {
            StringBuilder message = new StringBuilder()
                    .append(failed)
                    .append(" of ")
                    .append(made)
                    .append(made < mutations ? " mutated answers (interrupted)" : " mutated answers")
                    .append(types ? " were not refused as they should be (seed " : " failed a call untyped (seed ")
                    .append(seed)
                    .append("); the first of each kind:\n");
            failures.values().stream()
                    .limit(SHOWN)
                    .forEach(f -> message.append("- ").append(f).append('\n'));
            throw new AssertionError(message.toString());
        }
    }

    /** {@return the calls' answers, recorded on the first check and kept for the next (each resets WireMock)} */
    private List<Recorded> recorded() {
        if (recorded.isEmpty()) {
            calls.forEach((name, call) -> {
                for (RecordedAnswers.Exchange exchange : RecordedAnswers.of(wireMock, upstream, canned, name, call)) {
                    recorded.add(new Recorded(name, call, exchange, new AnswerMutator(exchange.body())));
                }
            });
        }
        if (recorded.isEmpty()) {
            throw new IllegalStateException("no call received a JSON answer to mutate");
        }
        wireMock.resetAll();
        return recorded;
    }

    /** A call and one of its answers, ready to be mutated. */
    private record Recorded(String name, Callable<?> call, RecordedAnswers.Exchange exchange, AnswerMutator mutator) {}

    /** {@return what went wrong, first line naming the call and the failure's kind and place; null if nothing} */
    private String tryOne(List<Recorded> recorded, long mutationSeed, boolean types) {
        Random random = new Random(mutationSeed);
        Recorded target = recorded.get(random.nextInt(recorded.size()));
        AnswerMutation mutation =
                types ? target.mutator().mutateType(random) : target.mutator().mutate(random);
        RecordedAnswers.Exchange exchange = target.exchange();
        StubMapping stub = wireMock.stubFor(stubOf(exchange, mutation.body()).atPriority(1));
        try {
            Throwable thrown = outcome(target.call());
            String wrong = thrown == null || thrown instanceof QuarryException ? null : kind(thrown);
            // a call may ask for another URL than recorded (a new task's ID): the answer it read was not mutated
            if (wrong == null && types && mutation.place() != null && served(stub)) {
                wrong = typeOutcome(target.name(), thrown, mutation);
            }
            if (wrong == null) {
                return null;
            }
            return target.name() + ": " + wrong + "\n  answer to " + exchange.method() + " " + exchange.url() + ": "
                    + mutation + "\n  threw: " + (thrown == null ? "nothing" : trace(thrown));
        } finally {
            wireMock.removeStub(stub);
        }
    }

    private boolean served(StubMapping stub) {
        return wireMock.getAllServeEvents().stream()
                .anyMatch(e -> e.getStubMapping() != null
                        && stub.getId().equals(e.getStubMapping().getId()));
    }

    /** {@return what is wrong with the outcome of a value of another JSON type at a place; null if nothing} */
    private String typeOutcome(String call, Throwable thrown, AnswerMutation mutation) {
        String place = mutation.place();
        if (namesPlace(thrown, place)) {
            return null;
        }
        if (Places.coveredBy(place, untyped.getOrDefault(ANY_CALL, List.of()))
                || Places.coveredBy(place, untyped.getOrDefault(call, List.of()))) {
            return null; // read as the caller's type or a free-form value reads it: any outcome check() accepts
        }
        boolean fraction = mutation.description().contains(AnswerMutator.FRACTION_FOR_INTEGER);
        if (thrown == null && fraction && Places.coveredBy(place, fractions)) {
            return null;
        }
        String where = Places.pattern(place);
        return thrown == null
                ? "read a value of another JSON type at " + where
                : "failed elsewhere than at " + where + ": " + kind(thrown);
    }

    /**
     * Whether a failure, or one of its causes (a failed chunk's), is a {@link DeserializationException} that names
     * the place: at its path; at the object holding it (a model whose creator checks the member); at the member's
     * own name in the SDK beside it (one read under another spelling, as {@code minHit} for {@code minHits}); or at
     * the end of its path for a part decoded on its own (a hit's {@code _rankingInfo}, decoded when asked for).
     */
    private static boolean namesPlace(Throwable thrown, String place) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DeserializationException e && Places.names(e.jsonPath(), place)) {
                return true;
            }
        }
        return false;
    }

    private static MappingBuilder stubOf(RecordedAnswers.Exchange exchange, String body) {
        return request(exchange.method(), urlEqualTo(exchange.url()))
                .willReturn(aResponse()
                        .withStatus(exchange.status())
                        .withHeader("Content-Type", "application/json")
                        .withBody(body));
    }

    /** {@return what the call threw, unwrapped from an async call's wrapper; null if it returned} */
    private static Throwable outcome(Callable<?> call) {
        // a thread of its own, a daemon: a call that hangs is left behind without holding up the next ones
        FutureTask<Object> made = new FutureTask<>(call::call);
        Thread caller = new Thread(made, "mutated-answer-call");
        caller.setDaemon(true);
        caller.start();
        try {
            Object value = made.get(CALL_LIMIT_SECONDS, TimeUnit.SECONDS);
            // a null the caller would only trip over later; the value's text reads every member
            return value == null ? new AssertionError("the call returned null") : readWhole(value);
        } catch (ExecutionException e) {
            Throwable thrown = e.getCause();
            while ((thrown instanceof CompletionException || thrown instanceof ExecutionException)
                    && thrown.getCause() != null) {
                thrown = thrown.getCause();
            }
            return thrown;
        } catch (TimeoutException e) {
            made.cancel(true);
            return new AssertionError("the call still ran after " + CALL_LIMIT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }

    private static Throwable readWhole(Object value) {
        try {
            String.valueOf(value);
            return null;
        } catch (RuntimeException | Error e) {
            return e;
        }
    }

    /** {@return the failure's class and the SDK's frame that threw it, which tell one bug from another} */
    private static String kind(Throwable thrown) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().startsWith("io.quarry.")
                    && !frame.getClassName().startsWith("io.quarry.testsupport.")) {
                return thrown.getClass().getName() + " at " + frame;
            }
        }
        return thrown.getClass().getName();
    }

    private static String trace(Throwable thrown) {
        StringBuilder text = new StringBuilder(String.valueOf(thrown));
        StackTraceElement[] frames = thrown.getStackTrace();
        for (int i = 0; i < Math.min(frames.length, 12); i++) {
            text.append("\n      at ").append(frames[i]);
        }
        return text.toString();
    }
}
