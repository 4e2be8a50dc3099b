package io.quarry.core.internal.markedfixture;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An answer model of a marked package with a member of each scalar kind, for {@code StrictSdkMembersTest}.
 *
 * @param taskID an integer
 * @param count a small integer
 * @param ratio a floating-point number
 * @param share a single-precision one
 * @param amount an exact decimal
 * @param done a flag
 * @param name a string
 * @param level an enum
 * @param at a timestamp
 * @param day a date
 * @param ids integers in a list
 * @param counts integers in a map
 * @param limit an optional integer
 * @param boxed an integer that may be null
 */
public record MarkedAnswer(
        long taskID,
        int count,
        double ratio,
        float share,
        BigDecimal amount,
        boolean done,
        String name,
        MarkedLevel level,
        Instant at,
        LocalDate day,
        List<Long> ids,
        Map<String, Integer> counts,
        Optional<Integer> limit,
        Integer boxed) {}
