package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class EnrichedRecordTest {

    record Book(String objectID, String title) {}

    @Test
    void withoutAViewOfItsOwnAHitShowsItsRecordsJsonForm() {
        EnrichedRecord<Book> hit = new EnrichedRecord<>(
                new Book("1", "Dune"), "1", () -> FreeFormRecord.builder().build(), null);
        EnrichedRecord<Book> empty = new EnrichedRecord<>(
                null, () -> null, () -> FreeFormRecord.builder().build(), null);

        assertThat(hit.raw())
                .isEqualTo(FreeFormRecord.builder()
                        .objectID("1")
                        .put("title", "Dune")
                        .build());
        assertThat(hit.raw()).isSameAs(hit.raw());
        assertThat(empty.raw().names()).isEmpty();
    }

    /** Builds members and, as the branch that sniffed them once read it, says it keeps none: just a supplier. */
    private static final class KeepsNoneSupplier implements Supplier<FreeFormRecord>, Predicate<String> {
        @Override
        public FreeFormRecord get() {
            return FreeFormRecord.builder().put("_rankingInfo", 1).build();
        }

        @Override
        public boolean test(String member) {
            return false;
        }
    }

    @Test
    void aMembersSupplierThatIsAlsoAPredicateIsJustASupplier() {
        EnrichedRecord<Book> known = new EnrichedRecord<>(new Book("1", "Dune"), "1", new KeepsNoneSupplier(), null);
        EnrichedRecord<Book> found =
                new EnrichedRecord<>(new Book("1", "Dune"), () -> "1", new KeepsNoneSupplier(), null);

        for (EnrichedRecord<Book> hit : java.util.List.of(known, found)) {
            assertThat(hit.generatedMembers().names()).containsExactly("_rankingInfo");
            assertThat(hit.generatedMember("_rankingInfo")).contains(1);
            assertThat(hit.generatedMember("_highlightResult")).isEmpty();
        }
    }
}
