package io.quarry.search.model;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a JSON integer the service may keep past an {@code int}'s range into an {@code int}, held at the range's
 * nearest end instead of failing the whole answer: a key's {@code validity} (the seconds it has left; more than
 * about 68 years is allowed) and a rule promotion's {@code position} (any position past the hits means after
 * them). So one such key or rule does not make a key list or a rule page unreadable. Beside the models naming it in
 * their annotations, and not public: it is no part of the model users build and read.
 */
final class SaturatedIntJson extends ValueDeserializer<Integer> {

    /** Made by Jackson, from the annotation of the member it reads. */
    SaturatedIntJson() {}

    @Override
    public Integer deserialize(JsonParser parser, DeserializationContext context) {
        long value = SaturatedLongJson.read(this, parser, context);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }
}
