package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up values that would misconfigure the server quietly or fail it with a misleading word are refused saying
 * what is wrong: a cluster named twice was listed twice, an empty seed path read the working directory, and a seed
 * file nested past the parser's bound was called "not valid JSON", with no hint where.
 */
class StartupValueRefusalsTest {

    @Test
    void aClusterNamedTwiceIsRefused() {
        assertThatThrownBy(() -> MockServer.builder().clusters("c1", "c2", "c1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("c1 is named twice");
        assertThatThrownBy(() -> Main.start(new String[] {"--clusters", "c1, c1"}, System.out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("c1 is named twice");
    }

    @Test
    void anEmptySeedPathIsRefusedRatherThanReadAsTheWorkingDirectory() {
        assertThatThrownBy(() -> MockServer.builder().seed(Path.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("seed path is empty");
    }

    @Test
    void aSeedFileTooDeepOrMalformedSaysWhyAndWhere(@TempDir Path dir) throws Exception {
        Path deep = dir.resolve("deep.json");
        Files.writeString(
                deep, "{\"indices\": {\"d\": {\"records\": [{\"v\": " + "[".repeat(5000) + "]".repeat(5000) + "}]}}}");
        assertThatThrownBy(() -> MockServer.builder().seed(deep).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("deep.json")
                .hasMessageContaining("nesting depth")
                .hasMessageNotContaining("not valid JSON");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"keys\": [\n  {\"value\": s3cr3t-key}]}");
        assertThatThrownBy(() -> MockServer.builder().seed(broken).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not valid JSON (line 2, column")
                .hasMessageNotContaining("s3cr3t");
    }
}
