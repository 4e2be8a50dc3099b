package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.FactoryNames;
import org.junit.jupiter.api.Test;

/** The factory names of the core's and this module's public types follow the convention FactoryNames states. */
class FactoryNamesTest {

    @Test
    void valuesStartWithOfAndOnlyClientsAreCreated() {
        assertThat(FactoryNames.problemsIn(
                        "io.quarry.core", "io.quarry.core.spi", "io.quarry.search", "io.quarry.search.model"))
                .isEmpty();
    }

    @Test
    void aValueWithAnOldStartingPointOrACreateIsReported() {
        assertThat(FactoryNames.problemsOf(Misnamed.class))
                .containsExactlyInAnyOrder(
                        Misnamed.class.getName() + ".defaults(): a value's starting point is of()",
                        Misnamed.class.getName()
                                + ".create: create is for clients that own connections; a value is made with of(...)");
        assertThat(FactoryNames.problemsOf(Connections.class)).isEmpty();
    }

    /** A value named the old way. */
    public static final class Misnamed {
        /** @return a value */
        public static Misnamed defaults() {
            return new Misnamed();
        }

        /**
         * @param size a part
         * @return a value
         */
        public static Misnamed create(int size) {
            return new Misnamed();
        }

        /** @return a value, named right */
        public static Misnamed of() {
            return new Misnamed();
        }
    }

    /** A client: it owns connections, so it is created. */
    public static final class Connections implements AutoCloseable {
        /** @return a client */
        public static Connections create() {
            return new Connections();
        }

        @Override
        public void close() {}
    }
}
