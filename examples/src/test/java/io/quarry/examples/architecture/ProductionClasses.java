package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The main classes of every Quarry module on the examples' test class path (every client module, the mock server,
 * the test support and the examples), imported once for all the architecture tests. Test classes are left out
 * (test directories and test jars), and so are the benchmarks, which measure internals on purpose.
 */
final class ProductionClasses {

    private static final ImportOption NO_TEST_JARS = location -> !location.contains("-tests.jar");
    private static final ImportOption NO_BENCHMARKS = location -> !location.contains("/io/quarry/benchmarks/");

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(new ImportOption.DoNotIncludeTests())
            .withImportOption(NO_TEST_JARS)
            .withImportOption(NO_BENCHMARKS)
            .importPackages("io.quarry");

    private ProductionClasses() {}

    /**
     * The imported classes.
     *
     * @return every main class under {@code io.quarry}
     */
    static JavaClasses get() {
        return CLASSES;
    }
}
