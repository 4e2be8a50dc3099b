package io.quarry.mockserver.engine.internal.filter;

/** One elementary filter; its {@link Kind} decides which filters may share an OR group. */
public sealed interface Atom permits Atom.Facet, Atom.Tag, Atom.Numeric, Atom.Range {

    /** The families of filters: an OR group must stay within one. */
    enum Kind {
        /** Facet value filters, booleans included. */
        FACET,
        /** Tag filters on {@code _tags}. */
        TAG,
        /** Numeric comparisons and ranges. */
        NUMERIC
    }

    /** {@return the filter family} */
    Kind kind();

    /** {@return whether the filter is negated} */
    boolean negated();

    /** {@return the same filter with its negation flipped} */
    Atom negate();

    /**
     * {@code attribute:value} (also booleans); matching ignores case and accents.
     *
     * @param attribute the dotted attribute path
     * @param value the facet value
     * @param negated whether negated
     */
    record Facet(String attribute, String value, boolean negated) implements Atom {
        @Override
        public Kind kind() {
            return Kind.FACET;
        }

        @Override
        public Atom negate() {
            return new Facet(attribute, value, !negated);
        }
    }

    /**
     * {@code _tags:value}; matching is case-sensitive.
     *
     * @param value the tag
     * @param negated whether negated
     */
    record Tag(String value, boolean negated) implements Atom {
        @Override
        public Kind kind() {
            return Kind.TAG;
        }

        @Override
        public Atom negate() {
            return new Tag(value, !negated);
        }
    }

    /**
     * {@code attribute <op> number}.
     *
     * @param attribute the dotted attribute path
     * @param operator one of {@code < <= = != >= >}
     * @param number the number
     * @param negated whether negated
     */
    record Numeric(String attribute, String operator, double number, boolean negated) implements Atom {
        @Override
        public Kind kind() {
            return Kind.NUMERIC;
        }

        @Override
        public Atom negate() {
            return new Numeric(attribute, operator, number, !negated);
        }
    }

    /**
     * {@code attribute:low TO high}, both bounds inclusive.
     *
     * @param attribute the dotted attribute path
     * @param low the lower bound
     * @param high the upper bound
     * @param negated whether negated
     */
    record Range(String attribute, double low, double high, boolean negated) implements Atom {
        @Override
        public Kind kind() {
            return Kind.NUMERIC;
        }

        @Override
        public Atom negate() {
            return new Range(attribute, low, high, !negated);
        }
    }
}
