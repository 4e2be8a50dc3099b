package io.quarry.testsupport;

/**
 * One odd answer made from a real one.
 *
 * @param description what was changed and where, as {@code WRONG_TYPE at $.hits[2].price: {}}
 * @param body the changed answer
 */
public record AnswerMutation(String description, String body) {

    /** {@return the description and the start of the body, for a failure message} */
    @Override
    public String toString() {
        String start = body.length() <= 300 ? body : body.substring(0, 300) + "... (" + body.length() + " chars)";
        return description + "\n    body: " + start;
    }
}
