package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the {@code filters} syntax (precedence NOT, then AND, then OR; parentheses group) and enforces the
 * service's shape rules, yielding the conjunctive normal form: an AND of OR groups of single filters.
 *
 * <p>Refused with a 400, as the service documents: an AND inside an OR group ({@code (a:1 AND b:2) OR c:3},
 * {@code a:1 OR b:2 AND c:3}); parentheses around an AND combination ({@code (a:1 AND b:2)}); NOT applied to a
 * group ({@code NOT (a:1 OR b:2)}); an OR group mixing facet, tag and numeric filters.
 */
public final class FilterParser {

    private sealed interface Node permits Leaf, Not, And, Or, Group {}

    private record Leaf(Atom atom) implements Node {}

    private record Not(Node child, int column) implements Node {}

    private record And(List<Node> children, int column) implements Node {}

    private record Or(List<Node> children, int column) implements Node {}

    private record Group(Node inner, int column) implements Node {}

    private final List<FilterToken> tokens;
    private int position;

    private FilterParser(String expression) {
        this.tokens = FilterLexer.tokens(expression);
    }

    /**
     * @param expression a {@code filters} expression
     * @return its OR groups, all of which must pass; empty for a blank expression
     * @throws EngineException 400 for a syntax error or a combination the service refuses
     */
    public static List<List<Atom>> parse(String expression) {
        FilterParser parser = new FilterParser(expression);
        if (parser.peek().type() == FilterToken.Type.END) {
            return List.of();
        }
        Node root = parser.parseOr();
        FilterToken rest = parser.peek();
        if (rest.type() != FilterToken.Type.END) {
            throw syntax(rest, "AND, OR or end of filter");
        }
        List<List<Atom>> clauses = new ArrayList<>();
        toClauses(root, clauses);
        return clauses;
    }

    /**
     * Parses one numeric filter as written in {@code numericFilters}: {@code attr op number} or
     * {@code attr:low TO high}.
     *
     * @param expression the filter
     * @return the numeric atom
     */
    public static Atom parseNumeric(String expression) {
        FilterParser parser = new FilterParser(expression);
        Atom atom = parser.parseAtom();
        if (parser.peek().type() != FilterToken.Type.END) {
            throw syntax(parser.peek(), "end of filter");
        }
        if (atom.kind() != Atom.Kind.NUMERIC) {
            throw new EngineException(
                    400,
                    "numericFilters: invalid numeric filter \"" + expression
                            + "\" (expected attribute <op> number, or attribute:low TO high)");
        }
        return atom;
    }

    private Node parseOr() {
        int column = peek().column();
        List<Node> children = new ArrayList<>();
        children.add(parseAnd());
        while (peek().type() == FilterToken.Type.OR) {
            next();
            children.add(parseAnd());
        }
        return children.size() == 1 ? children.get(0) : new Or(children, column);
    }

    private Node parseAnd() {
        int column = peek().column();
        List<Node> children = new ArrayList<>();
        children.add(parseUnary());
        while (peek().type() == FilterToken.Type.AND) {
            next();
            children.add(parseUnary());
        }
        return children.size() == 1 ? children.get(0) : new And(children, column);
    }

    private Node parseUnary() {
        if (peek().type() == FilterToken.Type.NOT) {
            int column = next().column();
            return new Not(parseUnary(), column);
        }
        if (peek().type() == FilterToken.Type.LPAREN) {
            int column = next().column();
            Node inner = parseOr();
            FilterToken close = next();
            if (close.type() != FilterToken.Type.RPAREN) {
                throw syntax(close, "')'");
            }
            return new Group(inner, column);
        }
        return new Leaf(parseAtom());
    }

    private Atom parseAtom() {
        FilterToken first = next();
        if (first.type() != FilterToken.Type.WORD && first.type() != FilterToken.Type.STRING) {
            throw syntax(first, "a filter");
        }
        FilterToken after = peek();
        if (after.type() == FilterToken.Type.COLON) {
            next();
            FilterToken value = next();
            if (value.type() != FilterToken.Type.WORD && value.type() != FilterToken.Type.STRING) {
                throw syntax(value, "a value after ':'");
            }
            if (peek().type() == FilterToken.Type.TO) {
                next();
                FilterToken high = next();
                return new Atom.Range(first.text(), number(value), number(high), false);
            }
            return facetOrTag(first.text(), value.text());
        }
        if (after.type() == FilterToken.Type.OPERATOR) {
            next();
            FilterToken value = next();
            return new Atom.Numeric(first.text(), after.text(), number(value), false);
        }
        if (first.type() == FilterToken.Type.STRING && first.text().contains(":")) {
            int colon = first.text().indexOf(':');
            return facetOrTag(first.text().substring(0, colon), first.text().substring(colon + 1));
        }
        return new Atom.Tag(first.text(), false);
    }

    private static Atom facetOrTag(String attribute, String value) {
        return attribute.equals("_tags") ? new Atom.Tag(value, false) : new Atom.Facet(attribute, value, false);
    }

    private static double number(FilterToken token) {
        if (token.type() == FilterToken.Type.WORD || token.type() == FilterToken.Type.STRING) {
            try {
                return Double.parseDouble(token.text());
            } catch (NumberFormatException e) {
                // Reported below.
            }
        }
        throw syntax(token, "a number");
    }

    private static void toClauses(Node node, List<List<Atom>> clauses) {
        if (node instanceof And and) {
            for (Node child : and.children()) {
                if (child instanceof Group group && group.inner() instanceof And) {
                    throw unsupported("parentheses around an AND combination (col " + group.column()
                            + "); write a AND b AND (c OR d)");
                }
                toClauses(child, clauses);
            }
        } else if (node instanceof Group group) {
            if (group.inner() instanceof And) {
                throw unsupported("parentheses around an AND combination (col " + group.column()
                        + "); write a AND b AND (c OR d)");
            }
            toClauses(group.inner(), clauses);
        } else {
            List<Atom> clause = new ArrayList<>();
            orGroup(node, clause);
            Atom.Kind kind = clause.get(0).kind();
            for (Atom atom : clause) {
                if (atom.kind() != kind) {
                    throw unsupported("an OR group mixes filters of different types (facet, tag, numeric)");
                }
            }
            clauses.add(clause);
        }
    }

    private static void orGroup(Node node, List<Atom> clause) {
        if (node instanceof Leaf leaf) {
            clause.add(leaf.atom());
        } else if (node instanceof Not not) {
            Node child = not.child();
            while (child instanceof Group group && !(group.inner() instanceof And) && !(group.inner() instanceof Or)) {
                child = group.inner();
            }
            if (child instanceof Leaf leaf) {
                clause.add(leaf.atom().negate());
            } else if (child instanceof Not inner && inner.child() instanceof Leaf leaf) {
                clause.add(leaf.atom());
            } else {
                throw unsupported("NOT can only negate a single filter (col " + not.column() + ")");
            }
        } else if (node instanceof Or or) {
            for (Node child : or.children()) {
                orGroup(child, clause);
            }
        } else if (node instanceof Group group) {
            orGroup(group.inner(), clause);
        } else {
            And and = (And) node;
            throw unsupported("AND inside an OR group (col " + and.column() + "), as in (a:1 AND b:2) OR c:3;"
                    + " write an AND of OR groups");
        }
    }

    private FilterToken peek() {
        return tokens.get(position);
    }

    private FilterToken next() {
        FilterToken token = tokens.get(position);
        if (token.type() != FilterToken.Type.END) {
            position++;
        }
        return token;
    }

    private static EngineException syntax(FilterToken found, String expected) {
        return new EngineException(
                400,
                "filters: syntax error: unexpected " + found.describe() + " at col " + found.column() + ", expected "
                        + expected);
    }

    private static EngineException unsupported(String what) {
        return new EngineException(400, "filters: filter combination not supported: " + what);
    }
}
