package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * A record of an answer takes null for a member the service left out; made with every component null (as from an
 * empty JSON object) it still shows, compares and hashes, so a log line, a test's assertion or a set of answers
 * never fails on what the service left out. The public records of every published client module are made so; those
 * whose constructor refuses the nulls (the request values, with the checks of their factories) are skipped.
 */
class RecordsOfNullsTest {

    @Test
    void aRecordOfNullsShowsComparesAndHashes() {
        List<String> broken = new ArrayList<>();
        int made = 0;
        for (Class<?> type : ValueNullsProbe.publicTypes(ValueNullsRuleTest.MODULES)) {
            if (!type.isRecord()) {
                continue;
            }
            Object one = ofNulls(type);
            if (one == null) {
                continue;
            }
            made++;
            Object other = ofNulls(type);
            try {
                Objects.requireNonNull(one.toString());
                if (!one.equals(other) || one.hashCode() != other.hashCode() || one.equals(null)) {
                    broken.add(type.getName() + ": two made alike differ");
                }
            } catch (RuntimeException e) {
                broken.add(type.getName() + ": " + e);
            }
        }
        assertThat(broken).isEmpty();
        // most of them are the records of answers
        assertThat(made).isGreaterThan(100);
    }

    /** The record with null in each reference component and zero or false in each primitive, or null if refused. */
    private static Object ofNulls(Class<?> type) {
        Class<?>[] types = Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getType)
                .toArray(Class<?>[]::new);
        Object[] arguments = Arrays.stream(types).map(RecordsOfNullsTest::zero).toArray();
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(arguments);
        } catch (InvocationTargetException refused) {
            return null; // a value whose constructor checks what its factories check
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName(), e);
        }
    }

    private static Object zero(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        return switch (type.getName()) {
            case "byte" -> (byte) 0;
            case "short" -> (short) 0;
            case "int" -> 0;
            case "long" -> 0L;
            case "float" -> 0f;
            default -> 0d;
        };
    }
}
