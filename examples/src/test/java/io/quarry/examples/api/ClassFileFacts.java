package io.quarry.examples.api;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a class file says that ArchUnit does not expose: which methods take variable arguments, the names of a
 * record's components in order, the order of the fields (an enum's constants' order is their ordinals), and the
 * values of constant fields (which callers compile into their own code).
 * Read straight from the class file format (JVMS chapter 4), skipping everything else.
 */
final class ClassFileFacts {

    private static final int ACC_VARARGS = 0x0080;

    private final List<String> fields;
    private final Set<String> varargsMethods;
    private final List<String> recordComponents;
    private final Map<String, Object> constants;

    private ClassFileFacts(
            List<String> fields,
            Set<String> varargsMethods,
            List<String> recordComponents,
            Map<String, Object> constants) {
        this.fields = fields;
        this.varargsMethods = varargsMethods;
        this.recordComponents = recordComponents;
        this.constants = constants;
    }

    /**
     * Reads the facts of one class file.
     *
     * @param bytes the class file
     * @return its facts
     */
    static ClassFileFacts read(byte[] bytes) {
        try {
            return new Reader(new DataInputStream(new ByteArrayInputStream(bytes))).read();
        } catch (IOException e) {
            throw new UncheckedIOException("not a readable class file", e);
        }
    }

    /** Where a field is among the class's fields: javac writes them in the order of the source. */
    int fieldPosition(String field) {
        return fields.indexOf(field);
    }

    /** Whether the method with this name and descriptor is declared with {@code ...}. */
    boolean isVarargs(String name, String descriptor) {
        return varargsMethods.contains(name + descriptor);
    }

    /** The record's component names in declaration order; empty for a class that is no record. */
    List<String> recordComponents() {
        return recordComponents;
    }

    /** The compile-time constant of a field: an Integer, Long, Float, Double or String. */
    Optional<Object> constantValue(String field) {
        return Optional.ofNullable(constants.get(field));
    }

    private static final class Reader {

        private final DataInputStream in;
        private Object[] pool;

        Reader(DataInputStream in) {
            this.in = in;
        }

        ClassFileFacts read() throws IOException {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("bad magic number");
            }
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            readConstantPool();
            in.readUnsignedShort(); // access flags
            in.readUnsignedShort(); // this class
            in.readUnsignedShort(); // super class
            skip(2 * in.readUnsignedShort()); // interfaces

            List<String> fields = new ArrayList<>();
            Map<String, Object> constants = new HashMap<>();
            int fieldCount = in.readUnsignedShort();
            for (int i = 0; i < fieldCount; i++) {
                in.readUnsignedShort(); // access flags
                String name = utf8(in.readUnsignedShort());
                fields.add(name);
                in.readUnsignedShort(); // descriptor
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8(in.readUnsignedShort());
                    int length = in.readInt();
                    if (attribute.equals("ConstantValue")) {
                        constants.put(name, pool[in.readUnsignedShort()]);
                    } else {
                        skip(length);
                    }
                }
            }

            Set<String> varargs = new HashSet<>();
            int methods = in.readUnsignedShort();
            for (int i = 0; i < methods; i++) {
                int access = in.readUnsignedShort();
                String name = utf8(in.readUnsignedShort());
                String descriptor = utf8(in.readUnsignedShort());
                if ((access & ACC_VARARGS) != 0) {
                    varargs.add(name + descriptor);
                }
                skipAttributes();
            }

            List<String> components = new ArrayList<>();
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8(in.readUnsignedShort());
                int length = in.readInt();
                if (attribute.equals("Record")) {
                    int count = in.readUnsignedShort();
                    for (int c = 0; c < count; c++) {
                        components.add(utf8(in.readUnsignedShort()));
                        in.readUnsignedShort(); // descriptor
                        skipAttributes();
                    }
                } else {
                    skip(length);
                }
            }
            return new ClassFileFacts(
                    List.copyOf(fields), Set.copyOf(varargs), List.copyOf(components), Map.copyOf(constants));
        }

        private void readConstantPool() throws IOException {
            int count = in.readUnsignedShort();
            pool = new Object[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> pool[i] = in.readUTF();
                    case 3 -> pool[i] = in.readInt();
                    case 4 -> pool[i] = in.readFloat();
                    case 5 -> pool[i++] = in.readLong(); // a long or double takes two entries
                    case 6 -> pool[i++] = in.readDouble();
                    case 7, 8, 16, 19, 20 -> pool[i] = new StringRef(in.readUnsignedShort());
                    case 9, 10, 11, 12, 17, 18 -> skip(4);
                    case 15 -> skip(3);
                    default -> throw new IOException("unknown constant pool tag " + tag);
                }
            }
            // A String constant points at its text; resolve it so a field's value reads as a String.
            for (int i = 1; i < count; i++) {
                if (pool[i] instanceof StringRef ref) {
                    pool[i] = pool[ref.index()];
                }
            }
        }

        private void skipAttributes() throws IOException {
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.readUnsignedShort(); // name
                skip(in.readInt());
            }
        }

        private String utf8(int index) {
            return (String) pool[index];
        }

        private void skip(int bytes) throws IOException {
            in.skipNBytes(bytes);
        }
    }

    /** A constant pool entry that names another (a class or a string): resolved once the pool is read. */
    private record StringRef(int index) {}
}
