package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.JsonText;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The SDK's JSON writes no NaN or infinity, whatever holds it, and says where it was; it reads numbers at a
 * double's edges without failing.
 */
class NonFiniteNumbersJsonTest {

    public record Holder(Object value) {}

    @Test
    void everyHolderOfANonFiniteNumberIsRefusedWithItsPath() {
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        tree.putArray("xs").add(1).add(Float.NaN);
        Map<String, Object> cases = new LinkedHashMap<>();
        cases.put("$.value", new Holder(Double.NaN));
        cases.put("$.value[1]", new Holder(new double[] {0, Double.POSITIVE_INFINITY}));
        cases.put("$.value[0]", new Holder(new float[] {Float.NEGATIVE_INFINITY}));
        cases.put("$.value.xs[1]", new Holder(tree));
        cases.put(
                "$.value.a[2]",
                new Holder(FreeFormRecord.builder()
                        .put("a", List.of(1, 2, Double.NaN))
                        .build()));
        cases.put("$.value", new Holder(Optional.of(Double.NaN)));

        cases.forEach((path, holder) -> assertThatThrownBy(() -> JsonText.write(holder))
                .as(path)
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining(" at " + path + ": ")
                .hasMessageContaining("not a finite number"));
    }

    @Test
    void aRecordConvertedToAFreeFormRecordIsRefusedAsItsWriteWouldBe() {
        assertThatThrownBy(() -> FreeFormRecord.from(new Holder(Double.NEGATIVE_INFINITY)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining(" at $.value: ");
    }

    @Test
    void aNonFiniteQueryParameterIsRefusedByName() {
        assertThatThrownBy(() -> QueryEncoder.encode(Map.of("aroundRadius", Float.NaN)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("query parameter aroundRadius is NaN, not a finite number");
        assertThatThrownBy(() -> QueryEncoder.encode(Map.of("radii", List.of(1.0, Double.NEGATIVE_INFINITY))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("radii");
    }

    @Test
    void aLongMemberNameIsCutInTheMessage() {
        String name = "n".repeat(100_000);
        Throwable thrown = catchThrowable(() -> JsonText.write(Map.of(name, Double.NaN)));

        assertThat(thrown).isInstanceOf(InvalidRequestException.class);
        assertThat(thrown.getMessage()).hasSizeLessThan(300).contains("$.nnn").contains("...");
    }

    @Test
    void finiteEdgesAreWrittenAsNumbers() {
        assertThat(JsonText.write(List.of(-0.0, Double.MIN_VALUE, Double.MAX_VALUE, -0.0f, Float.MIN_VALUE)))
                .isEqualTo("[-0.0,4.9E-324,1.7976931348623157E308,-0.0,1.4E-45]");
        assertThat(JsonText.write(OptionalDouble.of(1.5))).isEqualTo("1.5");
    }

    @Test
    void anAnswerHoldingNumbersAtADoublesEdgesReadsWithoutFailing() {
        String json = "{\"huge\":1e400,\"negativeZero\":-0.0,\"tiny\":1e-400}";

        Map<String, Object> plain = Json.read(json, Map.class);
        FreeFormRecord free = Json.read(json, FreeFormRecord.class);

        // a plain double takes Jackson's reading: beyond its range is infinite, below it zero
        assertThat(plain.get("huge")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(plain.get("negativeZero")).isEqualTo(-0.0);
        assertThat(plain.get("tiny")).isEqualTo(0.0);
        // a FreeFormRecord keeps the decimal exactly
        assertThat(free.get("huge")).isEqualTo(new BigDecimal("1e400"));
        assertThat(free.get("tiny")).isEqualTo(new BigDecimal("1e-400"));
    }
}
