package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The report of a chunked write that stopped: what it says, and that its message stays short. */
class PartialWriteExceptionTest {

    @Test
    void namesAcknowledgedChunksAsRangesAndTheOthersOneByOne() {
        List<PartialWriteException.Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            boolean acknowledged = i != 6;
            chunks.add(new PartialWriteException.Chunk(
                    i, i * 100L, 100, acknowledged ? OptionalLong.of(1000 + i) : OptionalLong.empty()));
        }
        RuntimeException cause = new IllegalStateException("boom");

        PartialWriteException report = new PartialWriteException(
                "saveObjects on index products",
                PartialWriteException.Reason.CHUNK_FAILED,
                OptionalLong.of(1000),
                chunks,
                800,
                cause);

        assertThat(report.getMessage())
                .startsWith("saveObjects on index products stopped after a failed chunk: 700 of 1000 records "
                        + "acknowledged (chunks 0-5, 7)")
                .contains("chunk 6 (records 600-699)")
                .contains("never sent: records 800-999")
                .endsWith("first failure: java.lang.IllegalStateException: boom");
        assertThat(report.getCause()).isSameAs(cause);
        assertThat(report.acknowledgedRecords()).isEqualTo(700);
        assertThat(report.acknowledged()).hasSize(7);
        assertThat(report.notAcknowledged())
                .extracting(PartialWriteException.Chunk::index)
                .containsExactly(6);
        assertThat(report.acknowledged().get(0).taskID()).hasValue(1000);
    }

    @Test
    void aLongListOfChunksNotAcknowledgedIsCut() {
        List<PartialWriteException.Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 128; i++) {
            chunks.add(new PartialWriteException.Chunk(i, i * 10L, 10, OptionalLong.empty()));
        }

        PartialWriteException report = new PartialWriteException(
                "deleteObjects on index x",
                PartialWriteException.Reason.CHUNK_FAILED,
                OptionalLong.of(1280),
                chunks,
                1280,
                new RuntimeException());

        assertThat(report.getMessage())
                .contains("0 of 1280 records acknowledged (chunks none)")
                .contains("and 118 more chunks")
                .doesNotContain("never sent")
                .hasSizeLessThan(1000);
    }

    @Test
    void aSourceThatFailedIsNamedAndTheRecordsNotReadAreOpenEnded() {
        List<PartialWriteException.Chunk> chunks =
                List.of(new PartialWriteException.Chunk(0, 0, 100, OptionalLong.of(7)));
        RuntimeException cause = new IllegalStateException("database gone");

        PartialWriteException report = new PartialWriteException(
                "saveObjects on index products",
                PartialWriteException.Reason.SOURCE_FAILED,
                OptionalLong.empty(),
                chunks,
                100,
                cause);

        assertThat(report.getMessage())
                .startsWith("saveObjects on index products stopped because reading its records failed: 100 records "
                        + "acknowledged (chunks 0)")
                .contains("never sent: records from 100 on")
                .endsWith("cause: java.lang.IllegalStateException: database gone");
        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(report.totalRecords()).isEmpty();
        assertThat(report.acknowledgedRecords()).isEqualTo(100);
    }
}
