package io.quarry.examples.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a page's Java snippets into Java files, following the markers (see {@link ReadmeSnippetsTest}): each file is
 * put in a package of the page's own, a snippet that shows no imports gets the page's {@code imports} block, and a
 * fragment is wrapped into a method taking its parameters.
 */
final class SnippetUnits {

    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^(?:(?:public|final|abstract|sealed|non-sealed)\\s+)*(?:class|record|interface|enum)\\s+(\\w+)",
            Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+[\\w.*]+\\s*;.*$");

    private SnippetUnits() {}

    /** The page's Java files; a snippet the test cannot make a file of is added to {@code problems}. */
    static List<SourceUnit> of(MarkdownPage page, List<String> problems) {
        String packageName = packageOf(page.name);
        List<Snippet> java =
                page.snippets.stream().filter(s -> s.language().equals("java")).toList();
        List<Snippet> importBlocks =
                java.stream().filter(s -> s.kind().equals("imports")).toList();
        if (importBlocks.size() > 1) {
            problems.add(page.name + ": more than one <!-- snippet: imports --> block");
        }
        String pageImports = importBlocks.isEmpty() ? "" : importBlocks.get(0).code();
        String header = "package " + packageName + ";\n";
        List<SourceUnit> units = new ArrayList<>();
        for (Snippet snippet : java) {
            switch (snippet.kind()) {
                case "imports" ->
                    units.add(new SourceUnit(snippet, "PageImports", packageName, header + snippet.code(), 1));
                case "compile", "run" -> {
                    Matcher type = TOP_LEVEL_TYPE.matcher(snippet.code());
                    if (!type.find()) {
                        problems.add(snippet.where() + ": a " + snippet.kind() + " snippet declares no top-level type");
                        continue;
                    }
                    String before = showsImports(snippet.code()) ? header : header + pageImports;
                    units.add(new SourceUnit(
                            snippet, type.group(1), packageName, before + snippet.code(), lines(before)));
                }
                case "fragment" -> units.add(fragment(snippet, packageName, header + pageImports));
                default -> problems.add(snippet.where() + ": unknown snippet kind '" + snippet.kind() + "'");
            }
        }
        return units;
    }

    /** Statements, after any import lines of their own, become the body of a method taking the marker's parameters. */
    private static SourceUnit fragment(Snippet snippet, String packageName, String header) {
        List<String> lines = snippet.code().lines().toList();
        int body = 0;
        while (body < lines.size() && IMPORT.matcher(lines.get(body)).matches()) {
            body++;
        }
        String typeName = "Fragment" + snippet.line();
        StringBuilder text = new StringBuilder(header);
        lines.subList(0, body).forEach(line -> text.append(line).append('\n'));
        String opening = "final class " + typeName + " {\n    static void fragment(" + snippet.argument()
                + ") throws Exception {\n";
        text.append(opening);
        int linesBefore = lines(text.toString()) - body;
        lines.subList(body, lines.size()).forEach(line -> text.append(line).append('\n'));
        text.append("    }\n}\n");
        return new SourceUnit(snippet, typeName, packageName, text.toString(), linesBefore);
    }

    private static boolean showsImports(String code) {
        return code.lines().anyMatch(line -> IMPORT.matcher(line).matches());
    }

    private static String packageOf(String page) {
        String folder = page.contains("/") ? page.substring(0, page.lastIndexOf('/')) : "root";
        return "snippets." + folder.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }

    private static int lines(String text) {
        return (int) text.lines().count();
    }
}
