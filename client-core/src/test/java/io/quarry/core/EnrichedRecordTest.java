package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

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
}
