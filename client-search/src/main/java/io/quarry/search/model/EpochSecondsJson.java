package io.quarry.search.model;

import java.math.BigInteger;
import java.time.Instant;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;

/**
 * The JSON form of a time the service gives in Unix seconds, a JSON integer (a key's {@code createdAt} in a
 * listing, the userID search's {@code updatedAt}, a rule's validity): read into an {@link Instant} and written back
 * as seconds, so that a model read and written again keeps the service's form. Jackson's own reader takes a
 * number as seconds too, but also a fraction or a string of digits, and the SDK's mapper keeps its time members to
 * ISO text; these members are integers only. Beside the models naming it in their annotations, and not public.
 */
final class EpochSecondsJson {

    /** The first and last second an {@link Instant} holds. */
    private static final BigInteger MIN = BigInteger.valueOf(Instant.MIN.getEpochSecond());

    private static final BigInteger MAX = BigInteger.valueOf(Instant.MAX.getEpochSecond());

    private EpochSecondsJson() {}

    /** Reads a JSON integer of seconds; one past an {@link Instant}'s range is a malformed answer. */
    static final class Reader extends ValueDeserializer<Instant> {

        /** Made by Jackson, from the annotation of the member it reads. */
        Reader() {}

        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) {
            BigInteger seconds = seconds(this, parser, context);
            if (seconds.compareTo(MIN) < 0 || seconds.compareTo(MAX) > 0) {
                return context.reportInputMismatch(
                        this, "%s seconds since 1970 is past the range of `Instant`", shortText(parser));
            }
            return Instant.ofEpochSecond(seconds.longValueExact());
        }
    }

    /**
     * Reads a JSON integer of seconds, one past an {@link Instant}'s range held at the range's nearest end: the
     * service keeps a rule's validity ends exactly, whatever their size, and one such rule must not make a page of
     * rules unreadable; {@link Instant#MIN} and {@link Instant#MAX} mean the same for any time the service is
     * asked about.
     */
    static final class Saturated extends ValueDeserializer<Instant> {

        /** Made by Jackson, from the annotation of the member it reads. */
        Saturated() {}

        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) {
            BigInteger seconds = seconds(this, parser, context);
            return Instant.ofEpochSecond(seconds.max(MIN).min(MAX).longValueExact());
        }
    }

    /** Writes the instant's whole seconds (a fraction of a second is dropped, as the service keeps none). */
    static final class Writer extends ValueSerializer<Instant> {

        /** Made by Jackson, from the annotation of the member it writes. */
        Writer() {}

        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializationContext context) {
            generator.writeNumber(value.getEpochSecond());
        }
    }

    private static BigInteger seconds(ValueDeserializer<?> reader, JsonParser parser, DeserializationContext context) {
        // the service sends these as integers: a fraction or a string of digits is not one of its times
        return SaturatedIntJson.integer(reader, parser, context);
    }

    /** The number's text, cut short: an answer's number may have any length. */
    private static String shortText(JsonParser parser) {
        String text = parser.getString();
        return text.length() <= 40 ? text : text.substring(0, 40) + "... (" + text.length() + " digits)";
    }
}
