package io.quarry.core.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a package whose types are the SDK's own: a client given a record mapper
 * ({@code ClientConfig.Builder.recordMapper}) still writes and reads them with the SDK's mapping, wherever they sit
 * (a response around the caller's records, a rule inside a batch). The types of every unmarked package are the
 * caller's and go through that mapper.
 *
 * <p>A module marks each package holding types it writes or reads as JSON (its {@code model} package, and any
 * other package holding request or response types), in the package's {@code package-info.java}:
 * <pre>{@code
 * @SdkTypes
 * package io.quarry.search.model;
 *
 * import io.quarry.core.spi.SdkTypes;
 * }</pre>
 * A class of a marked package counts only when it comes from where the package's {@code package-info} does, so a
 * test class sharing the package is the caller's. Whose a class is, is found once per class.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PACKAGE)
public @interface SdkTypes {}
