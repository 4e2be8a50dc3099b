package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import java.math.BigDecimal;
import java.math.BigInteger;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.exc.StreamWriteException;
import tools.jackson.core.util.JsonGeneratorDelegate;

/**
 * The generator a chunk's operations are written through ({@link ChunkBody}): it passes every token on, and looks at
 * the one token that follows the {@code objectID} name at the top level of an operation's {@code body}. A number, a
 * boolean, an object or an array there, or text the service refuses (empty, half a surrogate pair alone), stops the
 * write with a {@link StreamWriteException} after noting why ({@link #problem()}). It also notes an attribute of the
 * body set by a cumulative operation ({@code "_operation": "Increment"} one level in), which makes the chunk unsafe to
 * send twice ({@link #cumulative()}): the request asks that once the body is written, so a typed update is not
 * converted to find out. Everything else costs a depth count and, at the body's first two levels, one comparison per member
 * name. Only records whose class's layout cannot tell these ({@link io.quarry.core.spi.RecordLayout}) are written
 * through it.
 *
 * <p>Over one record rather than a chunk's operations ({@link #overRecord}), the record written is the body: a
 * single partial update or an ingester's, serialised once while it is watched ({@link WatchedRecord}).
 */
final class ObjectIDWatch extends JsonGeneratorDelegate {

    private static final String OBJECT = "an object";

    /** Whether a top-level objectID the service would refuse stops the write. */
    private final boolean judgeObjectIDs;

    /** Depth inside the operation being written: 1 in the operation's object, 2 in its body's. */
    private int depth;
    /** The operation's {@code body} member comes next. */
    private boolean bodyNext;
    /** The objects at depth 2 are the body's. */
    private boolean inBody;
    /** The next value is the body's top-level objectID. */
    private boolean armed;
    /** The next value is an {@code _operation} one level inside the body. */
    private boolean operationNext;
    /** An operation written through this generator applies a cumulative operation; never reset. */
    private boolean cumulative;
    /** The last body written had a top-level objectID other than null. */
    private boolean objectIDWritten;

    private String problem;

    ObjectIDWatch(JsonGenerator delegate) {
        this(delegate, true);
    }

    private ObjectIDWatch(JsonGenerator delegate, boolean judgeObjectIDs) {
        // false: writePOJO and writeTree come through this generator too, not straight to the delegate
        super(delegate, false);
        this.judgeObjectIDs = judgeObjectIDs;
    }

    /**
     * A watch over one record written as it is, not inside an operation.
     *
     * @param delegate       the generator the record is written to
     * @param judgeObjectIDs whether a top-level objectID the service would refuse stops the write
     * @return the watch, ready for the record
     */
    static ObjectIDWatch overRecord(JsonGenerator delegate, boolean judgeObjectIDs) {
        ObjectIDWatch watch = new ObjectIDWatch(delegate, judgeObjectIDs);
        // as if inside an operation, its body's name just written
        watch.depth = 1;
        watch.bodyNext = true;
        return watch;
    }

    /** Starts watching the next operation. */
    void nextOperation() {
        depth = 0;
        bodyNext = false;
        inBody = false;
        armed = false;
        operationNext = false;
        objectIDWritten = false;
    }

    /** {@return whether the last body written had a top-level objectID other than null} */
    boolean objectIDWritten() {
        return objectIDWritten;
    }

    /** {@return whether an operation written so far sets an attribute by Increment, Decrement or Add} */
    boolean cumulative() {
        return cumulative;
    }

    /** {@return why the last operation's objectID was refused, or null} */
    String problem() {
        return problem;
    }

    private void name(String name) {
        if (depth == 1) {
            bodyNext = "body".equals(name);
        } else if (depth == 2 && inBody) {
            armed = FreeFormRecord.OBJECT_ID.equals(name);
        } else if (depth == 3 && inBody) {
            operationNext = "_operation".equals(name);
        }
    }

    /**
     * A scalar value or a structure starts: if it is the objectID's, judges it by its kind (null: a kind not judged,
     * text the service judges).
     */
    private void value(String kind) {
        operationNext = false;
        if (armed) {
            armed = false;
            objectIDWritten = true;
            if (kind != null && judgeObjectIDs) {
                refuse(RecordChecks.notAString(kind));
            }
        }
        if (depth == 1) {
            bodyNext = false;
        }
    }

    /** A null: an objectID written as null is one left out. */
    private void nullValue() {
        armed = false;
        value(null);
    }

    private void text(String text) {
        if (operationNext) {
            operationNext = false;
            cumulative |= RepeatSafety.isCumulativeOperation(text);
        }
        if (armed) {
            armed = false;
            objectIDWritten = true;
            String bad = judgeObjectIDs ? RecordChecks.badText(text) : null;
            if (bad != null) {
                refuse(bad);
            }
        }
        if (depth == 1) {
            bodyNext = false;
        }
    }

    private void refuse(String why) {
        problem = why;
        throw new StreamWriteException(this, "record refused: " + why);
    }

    private void start(String kind) {
        boolean body = depth == 1 && bodyNext;
        value(kind);
        depth++;
        if (depth == 2) {
            inBody = body && kind.equals(OBJECT);
        }
    }

    @Override
    public JsonGenerator writeStartObject() {
        start(OBJECT);
        return super.writeStartObject();
    }

    @Override
    public JsonGenerator writeStartObject(Object forValue) {
        start(OBJECT);
        return super.writeStartObject(forValue);
    }

    @Override
    public JsonGenerator writeStartObject(Object forValue, int size) {
        start(OBJECT);
        return super.writeStartObject(forValue, size);
    }

    @Override
    public JsonGenerator writeStartArray() {
        start("an array");
        return super.writeStartArray();
    }

    @Override
    public JsonGenerator writeStartArray(Object forValue) {
        start("an array");
        return super.writeStartArray(forValue);
    }

    @Override
    public JsonGenerator writeStartArray(Object forValue, int size) {
        start("an array");
        return super.writeStartArray(forValue, size);
    }

    @Override
    public JsonGenerator writeEndObject() {
        depth--;
        return super.writeEndObject();
    }

    @Override
    public JsonGenerator writeEndArray() {
        depth--;
        return super.writeEndArray();
    }

    @Override
    public JsonGenerator writeName(String name) {
        name(name);
        return super.writeName(name);
    }

    @Override
    public JsonGenerator writeName(SerializableString name) {
        name(name.getValue());
        return super.writeName(name);
    }

    @Override
    public JsonGenerator writeString(String text) {
        text(text);
        return super.writeString(text);
    }

    @Override
    public JsonGenerator writeString(char[] text, int offset, int len) {
        if (armed || operationNext) {
            text(new String(text, offset, len));
        } else {
            value(null);
        }
        return super.writeString(text, offset, len);
    }

    @Override
    public JsonGenerator writeString(SerializableString text) {
        text(text.getValue());
        return super.writeString(text);
    }

    @Override
    public JsonGenerator writeString(java.io.Reader reader, int len) {
        value(null); // streamed text cannot be looked at without reading it: the service judges it
        return super.writeString(reader, len);
    }

    @Override
    public JsonGenerator writeNumber(short v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(int v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(long v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(BigInteger v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(double v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(float v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(BigDecimal v) {
        value("a number");
        return super.writeNumber(v);
    }

    @Override
    public JsonGenerator writeNumber(String encodedValue) {
        value("a number");
        return super.writeNumber(encodedValue);
    }

    @Override
    public JsonGenerator writeNumber(char[] encodedValue, int offset, int len) {
        value("a number");
        return super.writeNumber(encodedValue, offset, len);
    }

    @Override
    public JsonGenerator writeBoolean(boolean state) {
        value("a boolean");
        return super.writeBoolean(state);
    }

    @Override
    public JsonGenerator writeNull() {
        nullValue();
        return super.writeNull();
    }

    @Override
    public JsonGenerator writeArray(int[] array, int offset, int length) {
        value("an array");
        return super.writeArray(array, offset, length);
    }

    @Override
    public JsonGenerator writeArray(long[] array, int offset, int length) {
        value("an array");
        return super.writeArray(array, offset, length);
    }

    @Override
    public JsonGenerator writeArray(double[] array, int offset, int length) {
        value("an array");
        return super.writeArray(array, offset, length);
    }

    @Override
    public JsonGenerator writeArray(String[] array, int offset, int length) {
        value("an array");
        return super.writeArray(array, offset, length);
    }

    @Override
    public JsonGenerator writeRawValue(String text) {
        value(null); // JSON written ahead (a PreparedJson): checked as its chunk was made
        return super.writeRawValue(text);
    }

    @Override
    public JsonGenerator writeRawValue(String text, int offset, int len) {
        value(null);
        return super.writeRawValue(text, offset, len);
    }

    @Override
    public JsonGenerator writeRawValue(char[] text, int offset, int len) {
        value(null);
        return super.writeRawValue(text, offset, len);
    }

    @Override
    public JsonGenerator writeRawValue(SerializableString raw) {
        value(null);
        // straight to the delegate: the base class would decode the raw bytes into a String first
        delegate.writeRawValue(raw);
        return this;
    }

    @Override
    public JsonGenerator writeUTF8String(byte[] text, int offset, int length) {
        value(null); // encoded text: the SDK's serializers do not write an objectID this way
        return super.writeUTF8String(text, offset, length);
    }

    @Override
    public JsonGenerator writeRawUTF8String(byte[] text, int offset, int length) {
        value(null);
        return super.writeRawUTF8String(text, offset, length);
    }
}
