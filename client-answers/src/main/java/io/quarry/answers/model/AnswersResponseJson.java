package io.quarry.answers.model;

import io.quarry.core.EnrichedRecord;
import java.util.List;

/**
 * A prediction response as received, each hit decoded into the caller's type; {@link AnswersResponse} is its
 * public form.
 *
 * @param hits             the hits
 * @param nbHits           number of hits returned
 * @param query            the question
 * @param processingTimeMS processing time
 * @param <T>              the record type
 */
record AnswersResponseJson<T>(List<EnrichedRecord<T>> hits, Long nbHits, String query, Long processingTimeMS) {}
