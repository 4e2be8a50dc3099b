package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The JSON an answer may carry when it holds stored data once per item of its request (records read by objectID,
 * the results of a multi-search), counted as the answer is built: past {@value #MAX_BYTES} bytes the request is
 * refused with a 400 saying what to ask for instead. Without it a 10 MB body naming one large record again and
 * again built an answer of gigabytes. Measured, an answer's tree takes about its JSON's size on the heap for
 * records of ordinary strings (a copied record shares its strings with the index) and up to 32 times it for arrays
 * of empty objects, so one answer's tree stays within about 320 MB, the order of the 256 MB of request bodies the
 * server holds at once.
 */
final class AnswerBudget {

    /** 10 MB, as much as the largest request body. */
    static final long MAX_BYTES = 10L * 1024 * 1024;

    private final String what;
    private final String advice;
    private long left = MAX_BYTES;

    /**
     * @param what what adds up, for the message: "The records asked for"
     * @param advice what the caller can do instead, for the message
     */
    AnswerBudget(String what, String advice) {
        this.what = what;
        this.advice = advice;
    }

    /**
     * Counts one part of the answer.
     *
     * @param part a record or a result about to join the answer
     * @throws ApiException 400 once the parts counted add up to more than {@value #MAX_BYTES} bytes of JSON
     */
    void add(JsonNode part) {
        left -= Json.size(part, left);
        if (left < 0) {
            throw ApiException.badRequest(
                    what + " add up to more than 10 MB of JSON, more than one answer may carry: " + advice);
        }
    }
}
