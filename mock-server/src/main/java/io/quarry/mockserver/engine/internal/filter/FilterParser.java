package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.text.DecimalText;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the {@code filters} syntax (precedence NOT, then AND, then OR; parentheses group) and enforces the
 * service's shape rules, yielding the conjunctive normal form: an AND of OR groups of single filters.
 *
 * <p>Refused with a 400, as the service documents: an AND inside an OR group ({@code (a:1 AND b:2) OR c:3},
 * {@code a:1 OR b:2 AND c:3}); parentheses around an AND combination ({@code (a:1 AND b:2)}); NOT applied to a
 * group ({@code NOT (a:1 OR b:2)}); an OR group mixing facet, tag and numeric filters.
 *
 * <p>A facet or tag filter may end with {@code <score=N>} (N a non-negative integer): the filter still excludes
 * the records it does not match, and its score feeds the {@code filters} ranking criterion as an optional filter's
 * would (an OR group scores its best matching member, or their sum with {@code sumOrFiltersScores}; unscored members
 * of a scored group count 1).
 *
 * <p>Bounds, each answered with a 400: at most {@value #MAX_DEPTH} levels of parentheses and {@code NOT} nested in
 * one another ({@code filters: too deeply nested}), at most {@value #MAX_TOKENS} tokens and {@value #MAX_FILTERS}
 * single filters in one expression.
 */
public final class FilterParser {

    /** The deepest nesting of parentheses and NOT. */
    public static final int MAX_DEPTH = 64;

    /** The most tokens (filters, operators, parentheses) in one expression. */
    public static final int MAX_TOKENS = 10_000;

    /** The most single filters in one expression. */
    public static final int MAX_FILTERS = 1_000;

    private sealed interface Node permits Leaf, Not, And, Or, Group {}

    private record Leaf(Atom atom, Integer score) implements Node {}

    /** One member of an OR group as written; {@code score} is {@code null} without {@code <score=N>}. */
    private record Member(Atom atom, Integer score) {}

    /**
     * A parsed expression.
     *
     * @param clauses its OR groups, all of which must pass
     * @param scored the OR groups holding at least one {@code <score=N>}, with their members' scores (1 when not
     *     given)
     */
    public record Parsed(List<List<Atom>> clauses, List<List<ScoredAtom>> scored) {}

    private record Not(Node child, int column) implements Node {}

    private record And(List<Node> children, int column) implements Node {}

    private record Or(List<Node> children, int column) implements Node {}

    private record Group(Node inner, int column) implements Node {}

    private final List<FilterToken> tokens;
    private int position;
    private int depth;
    private int filters;

    private FilterParser(String expression) {
        this.tokens = FilterLexer.tokens(expression);
    }

    /**
     * {@return its OR groups, all of which must pass; empty for a blank expression}
     *
     * @param expression a {@code filters} expression
     * @throws EngineException 400 for a syntax error or a combination the service refuses
     */
    public static List<List<Atom>> parse(String expression) {
        return parseScored(expression).clauses();
    }

    /**
     * {@return its OR groups, and those carrying scores; empty for a blank expression}
     *
     * @param expression a {@code filters} expression
     * @throws EngineException 400 for a syntax error, a combination the service refuses or an expression beyond
     *     the bounds
     */
    public static Parsed parseScored(String expression) {
        try {
            FilterParser parser = new FilterParser(expression);
            if (parser.peek().type() == FilterToken.Type.END) {
                return new Parsed(List.of(), List.of());
            }
            Node root = parser.parseOr();
            FilterToken rest = parser.peek();
            if (rest.type() != FilterToken.Type.END) {
                throw syntax(rest, "AND, OR or end of filter");
            }
            List<List<Member>> groups = new ArrayList<>();
            toClauses(root, groups);
            List<List<Atom>> clauses = new ArrayList<>();
            List<List<ScoredAtom>> scored = new ArrayList<>();
            for (List<Member> group : groups) {
                clauses.add(group.stream().map(Member::atom).toList());
                if (group.stream().anyMatch(member -> member.score() != null)) {
                    scored.add(group.stream()
                            .map(member -> new ScoredAtom(member.atom(), member.score() == null ? 1 : member.score()))
                            .toList());
                }
            }
            return new Parsed(clauses, scored);
        } catch (StackOverflowError e) {
            // The depth bound should make this unreachable; a deep expression must never kill the connection.
            throw tooDeep();
        }
    }

    /**
     * {@return every filter of the expression once, in the order written, a negated one with its flag set} (Its OR
     * groups, from {@link #parse}, may name a filter several times.)
     *
     * @param expression a {@code filters} expression
     * @throws EngineException 400 as {@link #parse} does
     */
    public static List<Atom> atomsInOrder(String expression) {
        FilterParser parser = new FilterParser(expression);
        if (parser.peek().type() == FilterToken.Type.END) {
            return List.of();
        }
        Node root = parser.parseOr();
        FilterToken rest = parser.peek();
        if (rest.type() != FilterToken.Type.END) {
            throw syntax(rest, "AND, OR or end of filter");
        }
        List<Atom> atoms = new ArrayList<>();
        collect(root, atoms);
        return atoms;
    }

    private static void collect(Node node, List<Atom> atoms) {
        if (node instanceof Leaf leaf) {
            atoms.add(leaf.atom());
        } else if (node instanceof Not not) {
            collect(not.child(), atoms);
        } else if (node instanceof Group group) {
            collect(group.inner(), atoms);
        } else if (node instanceof And and) {
            and.children().forEach(child -> collect(child, atoms));
        } else if (node instanceof Or or) {
            or.children().forEach(child -> collect(child, atoms));
        }
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
            enter();
            Node child = parseUnary();
            depth--;
            return new Not(child, column);
        }
        if (peek().type() == FilterToken.Type.LPAREN) {
            int column = next().column();
            enter();
            Node inner = parseOr();
            depth--;
            FilterToken close = next();
            if (close.type() != FilterToken.Type.RPAREN) {
                throw syntax(close, "')'");
            }
            return new Group(inner, column);
        }
        if (++filters > MAX_FILTERS) {
            throw new EngineException(400, "filters: too many filters (at most " + MAX_FILTERS + " per expression)");
        }
        Atom atom = parseAtom();
        Integer score = null;
        if (peek().type() == FilterToken.Type.SCORE) {
            FilterToken token = next();
            if (atom.kind() == Atom.Kind.NUMERIC) {
                throw new EngineException(
                        400, "filters: <score=N> applies to facet and tag filters only (col " + token.column() + ")");
            }
            score = score(token);
        }
        return new Leaf(atom, score);
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw tooDeep();
        }
    }

    private static EngineException tooDeep() {
        return new EngineException(
                400, "filters: too deeply nested (at most " + MAX_DEPTH + " levels of parentheses and NOT)");
    }

    private static int score(FilterToken token) {
        String number = token.text().trim();
        if (!number.matches("\\d{1,9}")) {
            throw new EngineException(
                    400,
                    "filters: invalid score at col " + token.column()
                            + " (expected <score=N> with N a non-negative integer)");
        }
        return Integer.parseInt(number);
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
        Double number = token.type() == FilterToken.Type.WORD || token.type() == FilterToken.Type.STRING
                ? DecimalText.parse(token.text())
                : null;
        if (number == null) {
            throw syntax(token, "a number");
        }
        return number;
    }

    private static void toClauses(Node node, List<List<Member>> clauses) {
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
            List<Member> clause = new ArrayList<>();
            orGroup(node, clause);
            Atom.Kind kind = clause.get(0).atom().kind();
            for (Member member : clause) {
                if (member.atom().kind() != kind) {
                    throw unsupported("an OR group mixes filters of different types (facet, tag, numeric)");
                }
            }
            clauses.add(clause);
        }
    }

    private static void orGroup(Node node, List<Member> clause) {
        if (node instanceof Leaf leaf) {
            clause.add(new Member(leaf.atom(), leaf.score()));
        } else if (node instanceof Not not) {
            Node child = not.child();
            while (child instanceof Group group && !(group.inner() instanceof And) && !(group.inner() instanceof Or)) {
                child = group.inner();
            }
            if (child instanceof Leaf leaf) {
                clause.add(new Member(leaf.atom().negate(), leaf.score()));
            } else if (child instanceof Not inner && inner.child() instanceof Leaf leaf) {
                clause.add(new Member(leaf.atom(), leaf.score()));
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
