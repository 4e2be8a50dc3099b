package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ConfigurationException;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.examples.api.ValueNullsProbe.Call;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rule for null arguments, over what makes and refines values (factories, withers, builders' setters, public
 * constructors) in the client modules, the observation modules and the Spring starter: a null the method cannot take
 * is refused at once with a {@link NullPointerException} naming the parameter. The handles' calls are
 * {@link NullArgumentsRuleTest}'s.
 */
class ValueNullsRuleTest {

    /** The published modules whose values the rule covers. */
    static final List<String> MODULES = List.of(
            "client-core",
            "client-search",
            "client-analytics",
            "client-insights",
            "client-personalization",
            "client-answers",
            "client-query-suggestions",
            "client-monitoring",
            "client-usage",
            "client-crawler",
            "observation-micrometer",
            "observation-opentelemetry",
            "quarry-spring-boot-starter",
            "quarry-testcontainers");

    /**
     * Parameters whose Javadoc says what null means, so null is taken: a setter of one member that removes it (a
     * query's, settings', a crawler configuration's), an optional record component ("or null"), a default, a
     * property set empty (the Spring starter's properties), a JSON creator's absent member, an event's required
     * member (refused when the event is sent, with every other rule of an event), an exception's cause where there
     * may be none or its reason where it may be left out.
     */
    private static final Set<String> TAKE_NULL = Set.of(
            "AnalyticsQuery.direction(OrderDirection) #0",
            "AnalyticsQuery.endDate(LocalDate) #0",
            "AnalyticsQuery.orderBy(SearchOrderBy) #0",
            "AnalyticsQuery.startDate(LocalDate) #0",
            "AnalyticsQuery.tags(AnalyticsTags) #0",
            "ApiException.of(Endpoint, String, int, String, String, Map, List, Object) #7",
            "AnswersQuery.attributesForPrediction(List) #0",
            "AnswersQuery.searchParameters(Map) #0",
            "BatchOperation.of(BatchAction, Object) #1",
            "BatchOperation.onIndex(String, BatchAction, Object) #2",
            "Builder.put(String, Object) #1",
            "Builder.queryParameter(String, Object) #1",
            "Click.toEvent(String, String, String) #0",
            "Click.toEvent(String, String, String) #1",
            "Click.toEvent(String, String, String) #2",
            "CallScope.withOptions(RequestOptions) #0",
            "CopyOnWrite.copy(Map) #0",
            "CopyOnWrite.unmodifiable(Object) #0",
            "CopyOnWrite.with(Map, String, Object) #2",
            "Crawler.setUserId(String) #0",
            "Credentials.headers(Map, Set, String) #2",
            "CrawlerAction.indexName(String) #0",
            "CrawlerAction.member(String, Object) #1",
            "CrawlerAction.recordExtractor(RecordExtractor) #0",
            "CrawlerConfiguration.appId(String) #0",
            "CrawlerConfiguration.indexPrefix(String) #0",
            "CrawlerConfiguration.member(String, Object) #1",
            "CrawlerConfiguration.schedule(String) #0",
            "CrawlerListQuery.appId(String) #0",
            "CrawlerListQuery.name(String) #0",
            "DictionaryQuery.language(String) #0",
            "FacetValuesQuery.facetQuery(String) #0",
            "FacetValuesQuery.query(SearchQuery) #0",
            "Health.setTimeout(Duration) #0",
            "IndexQuery.facet(String, String, String, SearchQuery) #2",
            "IndexSettings.attributeForDistinct(String) #0",
            "IndexSettings.highlightPostTag(String) #0",
            "IndexSettings.highlightPreTag(String) #0",
            "IndexSettings.queryType(String) #0",
            "IndexSettings.separatorsToIndex(String) #0",
            "IndexSettings.setting(String, Object) #1",
            "InsightsEvent.authenticatedUserToken(String) #0",
            "InsightsEvent.click(String, String, String) #0",
            "InsightsEvent.click(String, String, String) #1",
            "InsightsEvent.click(String, String, String) #2",
            "InsightsEvent.conversion(String, String, String) #0",
            "InsightsEvent.conversion(String, String, String) #1",
            "InsightsEvent.conversion(String, String, String) #2",
            "InsightsEvent.currency(String) #0",
            "InsightsEvent.filters(List) #0",
            "InsightsEvent.objectData(List) #0",
            "InsightsEvent.objectIDs(List) #0",
            "InsightsEvent.of(EventType, String, String, String) #1",
            "InsightsEvent.of(EventType, String, String, String) #2",
            "InsightsEvent.of(EventType, String, String, String) #3",
            "InsightsEvent.positions(List) #0",
            "InsightsEvent.queryID(String) #0",
            "InsightsEvent.subtype(EventSubtype) #0",
            "InsightsEvent.timestamp(Instant) #0",
            "InsightsEvent.view(String, String, String) #0",
            "InsightsEvent.view(String, String, String) #1",
            "InsightsEvent.view(String, String, String) #2",
            "JsonLines.read(String, Class) #0",
            "JsonText.write(Object) #0",
            "LogsQuery.indexName(String) #0",
            "LogsQuery.type(String) #0",
            "ObjectIDs.of(Object) #0",
            "ObjectIDs.present(Object) #0",
            "PagedIterable.inCompositeCall(CallScope, String, Object, BiFunction, Function) #2",
            "PagedIterable.of(Object, Function, Function) #0",
            "Product.setApiKey(String) #0",
            "Product.setHosts(List) #0",
            "QuarryObservationConvention.supportsContext(Context) #0",
            "QuarryProperties.setApiKey(String) #0",
            "QuarryProperties.setAttemptTimeout(Duration) #0",
            "QuarryProperties.setCallDeadline(Duration) #0",
            "QuarryProperties.setDefaultHeaders(Map) #0",
            "QuarryProperties.setHostDownTtl(Duration) #0",
            "QuarryProperties.setMaxRateLimitWait(Duration) #0",
            "QuarryProperties.setMaxResponseBytes(DataSize) #0",
            "QuarryProperties.setRequestCompression(RequestCompression) #0",
            "QuarryProperties.setUserAgentSegment(String) #0",
            "Rounds.setBudget(Duration) #0",
            "Rounds.setFirstWait(Duration) #0",
            "Rounds.setMaxRounds(Integer) #0",
            "Rounds.setMaxWait(Duration) #0",
            "Rounds.setMode(Mode) #0",
            "QuarryProperties.setApplicationId(String) #0",
            "QuarryProperties.setCloseTimeout(Duration) #0",
            "QuarryProperties.setConnectTimeout(Duration) #0",
            "QuarryProperties.setHosts(List) #0",
            "QuarryProperties.setLogLevel(LogLevel) #0",
            "QuarryProperties.setReadTimeout(Duration) #0",
            "QuarryProperties.setRegion(String) #0",
            "QuarryProperties.setWriteTimeout(Duration) #0",
            "RequestOptions.mergedWith(RequestOptions) #0",
            "Rule.description(String) #0",
            "RuleCondition.context(String) #0",
            "RuleConsequence.params(SearchQuery) #0",
            "RuleConsequence.withParams(SearchQuery) #0",
            "RuleConsequence.withUserData(Object) #0",
            "SearchQuery.aroundLatLng(String) #0",
            "SearchQuery.aroundPrecision(List) #0",
            "SearchQuery.filters(String) #0",
            "SearchQuery.highlightPostTag(String) #0",
            "SearchQuery.highlightPreTag(String) #0",
            "SearchQuery.insideBoundingBox(List) #0",
            "SearchQuery.insidePolygon(List) #0",
            "SearchQuery.param(String, Object) #1",
            "SearchQuery.query(String) #0",
            "SearchQuery.queryType(String) #0",
            "SearchQuery.removeWordsIfNoResults(String) #0",
            "SearchQuery.snippetEllipsisText(String) #0",
            "SearchQuery.sortFacetValuesBy(String) #0",
            "SearchQuery.typoTolerance(String) #0",
            "SearchQuery.userToken(String) #0",
            "SynonymQuery.type(SynonymType) #0",
            "SynonymType.fromWireName(String) #0",
            "TransportException.failure(String, IOException) #1",
            "TransportException.timeout(String, IOException) #1",
            "UserIdQuery.cluster(String) #0",
            "new DeserializationException(Type, String, String, Throwable) #3",
            "new InvalidRequestException(String, Throwable) #1",
            "new UnreachableHostsException(Endpoint, List, String) #2",
            "new UnreachableHostsException(Endpoint, String, List, String) #3",
            "new UnreachableHostsException(Endpoint, String, List, String, int) #3");

    /**
     * Records with factories whose canonical constructor takes null for a component every factory sets, each with
     * why: mostly records the service sends back, whose canonical constructor is also how the SDK decodes the
     * answer, so it takes a member the service left out, and the factories check what users build.
     */
    private static final Map<String, String> LENIENT_CONSTRUCTORS = Map.ofEntries(
            Map.entry("Rule", "a rule read back (getRule, searchRules)"),
            Map.entry("Synonym", "a synonym read back (getSynonym, searchSynonyms)"),
            Map.entry("DictionaryEntry", "a dictionary entry read back (searchDictionaryEntries)"),
            Map.entry("DictionarySettings", "the dictionary settings read back"),
            Map.entry("EventScoring", "the personalization strategy read back"),
            Map.entry("FacetScoring", "the personalization strategy read back"),
            Map.entry("PersonalizationStrategy", "the personalization strategy read back"),
            Map.entry("FacetAmount", "a query suggestions configuration read back"),
            Map.entry("SourceIndex", "a query suggestions configuration read back"),
            Map.entry("RecordExtractor", "a crawler's configuration read back"),
            Map.entry("ApiKey", "a member left null is not sent, so the service's default applies (no rights)"),
            Map.entry("BatchOperation", "its factory takes a null body too (a delete or clear has none)"),
            Map.entry("InsightsEvent", "building an event checks nothing: its rules are checked when it is sent"));

    private static ValueNullsProbe.Result result;

    private static List<Call> calls;

    private static List<String> unfilled;

    @BeforeAll
    static void callEveryFactoryWithNulls() {
        result = ValueNullsProbe.run(MODULES);
        calls = result.calls();
        unfilled = result.unfilled();
    }

    /**
     * Types whose methods this probe leaves to others: the handles' probe ({@link NullArgumentsRuleTest}) calls the
     * handles; applications implement the interfaces, and the SDK calls them; the rest need a client's call under
     * way or a running container.
     */
    private static final Set<String> PROBED_ELSEWHERE = Set.of(
            "ApiRequest", // a module's request, made and run by its handle's call
            "Ingester", // a search index's writer, which the handles' probe opens
            "CallGroup", // the calls of an asynchronous composite call under way
            "CompositeCall", // a composite call under way
            "ScopedHandle", // every handle, which the handles' probe calls
            "MockHostFaults"); // a running container's host

    @Test
    void everyPublicMethodIsProbed() {
        Set<String> handlesAndInterfaces = ValueNullsProbe.publicTypes(MODULES).stream()
                .filter(type -> type.isInterface() || ScopedHandle.class.isAssignableFrom(type))
                .map(Class::getSimpleName)
                .collect(Collectors.toSet());
        List<String> left = ValueNullsProbe.unprobed(MODULES, calls).stream()
                .filter(method -> !method.matches(".*\\.(equals\\(Object\\)|valueOf\\(String\\))"))
                .filter(method -> !PROBED_ELSEWHERE.contains(declaringType(method)))
                .filter(method -> !handlesAndInterfaces.contains(declaringType(method)))
                .toList();
        assertThat(left).isEmpty();
    }

    private static String declaringType(String method) {
        return method.substring(0, method.indexOf('.'));
    }

    @Test
    void everyReferenceParameterIsGivenNull() {
        // each other parameter of the method had a plain value, so a refusal names the null it was given
        assertThat(unfilled).isEmpty();
    }

    @Test
    void everyModuleIsProbed() {
        assertThat(calls).hasSizeGreaterThan(300);
        // the public type left out needs a library the examples lack; its own module's tests check its nulls
        // (RecordMapperCustomizerNullTest), and a new one is noticed here
        assertThat(ValueNullsProbe.unloadable(MODULES))
                .filteredOn(ValueNullsRuleTest::listedAsPublic)
                .containsExactlyInAnyOrder("io.quarry.spring.QuarryJacksonRecordMapperAutoConfiguration");
    }

    /** Whether a class is a public type of the committed API listings. */
    private static boolean listedAsPublic(String className) {
        String shown = " " + className.replace('$', '.') + " ";
        return MODULES.stream()
                .flatMap(module -> ModuleListing.committed(module).orElseThrow().stream())
                .anyMatch(line -> !line.startsWith(" ") && (line + " ").contains(shown));
    }

    @Test
    void aNullIsRefusedNamingItsParameterUnlessItsJavadocSaysWhatItMeans() {
        List<String> broken = calls.stream()
                .filter(call -> !call.isConstructor())
                .filter(call -> !TAKE_NULL.contains(call.where()))
                .filter(call -> !call.where().matches(".*\\.(equals\\(Object\\)|valueOf\\(String\\)) #0"))
                .filter(call -> !namedRefusal(call.error()))
                .map(Call::toString)
                .toList();
        assertThat(broken).isEmpty();
    }

    /**
     * A record's constructor takes null for a component its factories may leave unset (null is then what absence
     * reads as: a member the service left out of an answer, or one a request does not send), and refuses it, naming
     * it, for a component every factory sets; except the records of {@link #LENIENT_CONSTRUCTORS}, mostly those the
     * service sends back, whose constructor decodes the answer. An exception's constructor is no value's, and a
     * probe's value of the wrong shape (a map of strings for a map of maps) is no finding.
     */
    @Test
    void aConstructorRefusesANullItsFactoriesNeverLeave() {
        List<String> broken = calls.stream()
                .filter(Call::isConstructor)
                .filter(call -> !Throwable.class.isAssignableFrom(call.method().getDeclaringClass()))
                .filter(call -> call.error() == null
                        ? result.requiredByFactories(call)
                                && !LENIENT_CONSTRUCTORS.containsKey(
                                        call.method().getDeclaringClass().getSimpleName())
                        : call.error() instanceof NullPointerException && !namedRefusal(call.error()))
                .map(Call::toString)
                .toList();
        assertThat(broken).isEmpty();
    }

    /**
     * An exception's public constructor refuses a null it cannot use with a {@link NullPointerException} naming the
     * parameter, as the values' factories do, rather than the JVM's own exception from inside the message it writes;
     * a parameter whose Javadoc says what null means (a cause there may not be, a reason left out) is in
     * {@link #TAKE_NULL}. Applications make these exceptions in their own tests, to stub a client's failure.
     */
    @Test
    void anExceptionsConstructorRefusesANullNamingItsParameter() {
        List<Call> constructors = calls.stream()
                .filter(Call::isConstructor)
                .filter(call -> Throwable.class.isAssignableFrom(call.method().getDeclaringClass()))
                .toList();
        assertThat(constructors).hasSizeGreaterThan(30);
        List<String> broken = constructors.stream()
                .filter(call -> !TAKE_NULL.contains(call.where()) && !namedRefusal(call.error()))
                .map(Call::toString)
                .toList();
        assertThat(broken).isEmpty();
    }

    @Test
    void theConstructorsAreProbed() {
        assertThat(calls).filteredOn(Call::isConstructor).hasSizeGreaterThan(400);
        // a record listed as lenient has a component every factory sets: a list kept to what it needs
        Set<String> needed = calls.stream()
                .filter(result::requiredByFactories)
                .map(call -> call.method().getDeclaringClass().getSimpleName())
                .collect(Collectors.toSet());
        assertThat(LENIENT_CONSTRUCTORS.keySet()).isSubsetOf(needed);
    }

    /**
     * A {@link NullPointerException} naming the parameter; or, for a client's credentials, the
     * {@link ConfigurationException} naming what is missing that a blank value gets too (credentials read from the
     * environment are absent or blank by the same mistake, and the Spring starter reports it as a property to set).
     */
    private static boolean namedRefusal(Throwable error) {
        return error instanceof NullPointerException npe
                        && npe.getMessage() != null
                        && npe.getMessage().matches("[a-z][A-Za-z0-9]*")
                || error instanceof ConfigurationException blank
                        && blank.getMessage().endsWith("must not be blank");
    }

    @Test
    void aParameterListedAsTakingNullTakesIt() {
        List<String> refused = calls.stream()
                .filter(call -> TAKE_NULL.contains(call.where()) && call.error() != null)
                .map(Call::toString)
                .toList();
        assertThat(refused).isEmpty();
    }
}
