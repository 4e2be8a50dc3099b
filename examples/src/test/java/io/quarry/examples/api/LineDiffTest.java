package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The difference a failing listing check prints: unified hunks, numbered, headed by the type they fall under. */
class LineDiffTest {

    private static final List<String> LISTING = List.of(
            "public final class a.A",
            "  public void one()",
            "  public void two()",
            "",
            "public final class a.B",
            "  public void one()",
            "  public void three()",
            "  public void two()",
            "",
            "public final class a.C",
            "  public void one()");

    @Test
    void equalTextsHaveNoDifference() {
        assertThat(LineDiff.unified(LISTING, LISTING)).isEmpty();
    }

    @Test
    void anAddedLineIsAHunkUnderItsType() {
        List<String> after = new ArrayList<>(LISTING);
        after.add(7, "  public void four()");

        assertThat(LineDiff.unified(LISTING, after).lines())
                .containsExactly(
                        "@@ -6,4 +6,5 @@ public final class a.B",
                        "   public void one()",
                        "   public void three()",
                        "+  public void four()",
                        "   public void two()",
                        " ");
    }

    @Test
    void aChangedLineIsRemovedThenAdded() {
        List<String> after = new ArrayList<>(LISTING);
        after.set(0, "public class a.A");

        assertThat(LineDiff.unified(LISTING, after).lines())
                .containsExactly(
                        "@@ -1,3 +1,3 @@",
                        "-public final class a.A",
                        "+public class a.A",
                        "   public void one()",
                        "   public void two()");
    }

    @Test
    void changesFarApartAreSeparateHunks() {
        List<String> after = new ArrayList<>(LISTING);
        after.remove(10);
        after.remove(1);

        assertThat(LineDiff.unified(LISTING, after).lines())
                .containsExactly(
                        "@@ -1,4 +1,3 @@",
                        " public final class a.A",
                        "-  public void one()",
                        "   public void two()",
                        " ",
                        "@@ -9,3 +8,2 @@ public final class a.B",
                        " ",
                        " public final class a.C",
                        "-  public void one()");
    }

    @Test
    void aTextMadeFromNothingIsAllAdded() {
        assertThat(LineDiff.unified(List.of(), List.of("x", "y")).lines())
                .containsExactly("@@ -0,0 +1,2 @@", "+x", "+y");
    }
}
