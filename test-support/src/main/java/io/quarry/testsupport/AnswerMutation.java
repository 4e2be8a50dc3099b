package io.quarry.testsupport;

/**
 * One odd answer made from a real one.
 *
 * @param description what was changed and where, as {@code WRONG_TYPE at $.hits[2].price: {}}
 * @param body the changed answer
 * @param place the JSON path of the one value changed to another JSON type, within its line for an answer of JSON
 *     lines ({@link AnswerMutator#mutateType}); null for the other changes
 */
public record AnswerMutation(String description, String body, String place) {

    /**
     * A change that is not one value's type.
     *
     * @param description what was changed and where
     * @param body the changed answer
     */
    public AnswerMutation(String description, String body) {
        this(description, body, null);
    }

    /** {@return the description and the start of the body, for a failure message} */
    @Override
    public String toString() {
        String start = body.length() <= 300 ? body : body.substring(0, 300) + "... (" + body.length() + " chars)";
        return description + "\n    body: " + start;
    }
}
