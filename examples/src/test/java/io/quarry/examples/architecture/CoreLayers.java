package io.quarry.examples.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;

/**
 * The one-way order of the core's packages, from the bottom: {@code internal.base} (helpers that know no Quarry
 * type), the public package, {@code spi}, {@code internal}. Each may use those below it and none above. The
 * dependencies against that order that must stay are listed in {@link #ALLOWED}, each with its reason
 * (docs/architecture.md, "Dependencies inside the core"), so that a new one fails the rule.
 */
final class CoreLayers {

    /**
     * A dependency allowed against the order: from one class to another, both named from the core's root package
     * ({@code ApiClient}, {@code internal.HttpTransport}); a nested class counts as its top-level class.
     *
     * @param from the class that depends
     * @param to the class it depends on
     * @param reason why it stays
     */
    record AllowedDependency(String from, String to, String reason) {}

    private static final String ENTRY_POINT =
            "an entry point builds and drives the machinery that runs it: the public or spi type is what callers "
                    + "hold, the machinery stays out of the API";
    private static final String SPI_IN_API =
            "a public signature takes or returns an spi type: what a module or an observer plugs in with";

    private static final String COMPOSITE_ON_CLOSE =
            "a composite call made before close() counts as one call in flight of the transport, and its requests "
                    + "carry that to it, so close() lets them go on: the public and spi sides reach the count through "
                    + "a bridge installed by ApiClient and ApiRequest, with no public API and no cycle";

    /** The dependencies of client-core against its order that stay, and why. */
    static final List<AllowedDependency> ALLOWED = List.of(
            new AllowedDependency("ApiClient", "internal.HttpTransport", ENTRY_POINT),
            new AllowedDependency("ApiClient", "internal.ClassPathCheck", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "internal.HttpTransport", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "internal.PreparedRequest", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "internal.PathTemplate", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "internal.QueryEncoder", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "spi.ObservedCall", ENTRY_POINT),
            new AllowedDependency("ApiRequest", "spi.CallGroup", SPI_IN_API),
            new AllowedDependency("JsonText", "internal.Json", ENTRY_POINT),
            new AllowedDependency("spi.CallScope", "internal.CallObservation", ENTRY_POINT),
            new AllowedDependency("spi.CompositeCall", "internal.CallObservation", ENTRY_POINT),
            new AllowedDependency("spi.JsonLines", "internal.Json", ENTRY_POINT),
            new AllowedDependency("spi.ObjectIDs", "internal.Json", ENTRY_POINT),
            new AllowedDependency("spi.RecordLayout", "internal.Json", ENTRY_POINT),
            new AllowedDependency("ApiClient", "internal.CoreBridge", COMPOSITE_ON_CLOSE),
            new AllowedDependency("ApiRequest", "internal.CoreBridge", COMPOSITE_ON_CLOSE),
            new AllowedDependency("ApiRequest", "internal.CompositeAdmission", COMPOSITE_ON_CLOSE),
            new AllowedDependency("spi.CallScope", "internal.CoreBridge", COMPOSITE_ON_CLOSE),
            new AllowedDependency("spi.CallScope", "internal.CompositeAdmission", COMPOSITE_ON_CLOSE),
            new AllowedDependency(
                    "spi.WaitWake",
                    "internal.WaitCheck",
                    "a helper's wait ended by close() has the transport cancel its check in flight: a wait delivers "
                            + "nothing"),
            new AllowedDependency(
                    "ApiException",
                    "internal.RequestIds",
                    "the request ID's headers are shared with the transport, which is being reworked: RequestIds "
                            + "moves to internal.base once that lands"),
            new AllowedDependency(
                    "RecordConversions",
                    "internal.JsonFailures",
                    "the public conversions report Jackson's failures as the machinery does, with the core's public "
                            + "exceptions, which keeps JsonFailures out of internal.base"),
            new AllowedDependency(
                    "RecordConversions",
                    "internal.StrictSdkMembers",
                    "a hit's members converted into the SDK's own types (its ranking info, an answer's passage) "
                            + "read as the SDK's mapper reads them, which needs to tell the SDK's types apart"),
            new AllowedDependency(
                    "Host",
                    "internal.ClassPathCheck",
                    "a host URL is parsed by OkHttp, which needs a recent Kotlin standard library: when OkHttp fails "
                            + "on an older one, the check names it"),
            new AllowedDependency("ClientConfig", "spi.CallObserver", SPI_IN_API),
            new AllowedDependency("PagedIterable", "spi.Page", SPI_IN_API),
            new AllowedDependency("PagedIterable", "spi.CallScope", SPI_IN_API),
            new AllowedDependency("PagedIterable", "spi.CompositeCall", SPI_IN_API),
            new AllowedDependency(
                    "Region",
                    "spi.KnownNames",
                    "the core's own named value keeps its known names in the registry every module's named values use"),
            new AllowedDependency(
                    "package-info",
                    "spi.SdkTypes",
                    "the public package marks itself as holding the SDK's request and response types with the "
                            + "marker the modules use"));

    private CoreLayers() {}

    /**
     * The order as an ArchUnit rule over the packages of a core.
     *
     * @param root the core's root package, such as {@code io.quarry.core}
     * @param allowed the dependencies against the order that the rule lets pass
     * @return the rule
     */
    static LayeredArchitecture rule(String root, List<AllowedDependency> allowed) {
        String base = root + ".internal.base..";
        LayeredArchitecture layers = layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("base")
                .definedBy(base)
                .layer("public")
                .definedBy(root)
                .layer("spi")
                .definedBy(root + ".spi..")
                .layer("internal")
                .definedBy(resideInAPackage(root + ".internal..").and(not(resideInAPackage(base))))
                .whereLayer("internal")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("spi")
                .mayOnlyBeAccessedByLayers("internal")
                .whereLayer("public")
                .mayOnlyBeAccessedByLayers("spi", "internal")
                .whereLayer("base")
                .mayOnlyBeAccessedByLayers("public", "spi", "internal");
        for (AllowedDependency dependency : allowed) {
            layers =
                    layers.ignoreDependency(named(root + "." + dependency.from()), named(root + "." + dependency.to()));
        }
        return layers;
    }

    /** A class that is, or is nested in, the named top-level class. */
    private static DescribedPredicate<JavaClass> named(String name) {
        return DescribedPredicate.describe(
                name, type -> ClassCycles.topLevel(type).getName().equals(name));
    }
}
