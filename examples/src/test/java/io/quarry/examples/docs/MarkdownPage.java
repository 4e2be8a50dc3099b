package io.quarry.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced blocks of one Markdown page: its snippets (every {@code java} block, and any block with a marker) and
 * its {@code bash} blocks. A {@code java} block without a marker on the line above it (blank lines aside) is an
 * error, so a new snippet cannot escape the test.
 */
final class MarkdownPage {

    private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\w*)\\s*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!-- snippet: (\\w+)(?:\\s+(.*?))?\\s*-->\\s*$");

    final String name;
    final List<Snippet> snippets = new ArrayList<>();
    final List<ShellBlock> shellBlocks = new ArrayList<>();
    final List<String> problems = new ArrayList<>();

    private MarkdownPage(String name) {
        this.name = name;
    }

    /** Reads {@code root/name}. */
    static MarkdownPage read(Path root, String name) throws IOException {
        MarkdownPage page = new MarkdownPage(name);
        page.parse(Files.readAllLines(root.resolve(name)));
        return page;
    }

    private void parse(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches() || open.group(2).isEmpty()) {
                continue;
            }
            String indent = open.group(1);
            String language = open.group(2);
            StringBuilder code = new StringBuilder();
            int start = i + 1;
            int end = start;
            while (end < lines.size() && !lines.get(end).strip().equals("```")) {
                String line = lines.get(end);
                code.append(line.startsWith(indent) ? line.substring(indent.length()) : line)
                        .append('\n');
                end++;
            }
            Matcher marker = MARKER.matcher(lineAbove(lines, i));
            if (marker.matches()) {
                String argument = marker.group(2) == null ? "" : marker.group(2);
                snippets.add(new Snippet(name, start + 1, language, marker.group(1), argument, code.toString()));
                if (!language.equals("java") && !marker.group(1).equals("file")) {
                    problems.add(name + ":" + (start + 1) + ": only a java block takes a marker other than 'file'");
                }
            } else if (language.equals("java")) {
                problems.add(name + ":" + (start + 1)
                        + ": a java block without a <!-- snippet: ... --> marker above it (see ReadmeSnippetsTest)");
            }
            if (language.equals("bash")) {
                shellBlocks.add(new ShellBlock(name, start + 1, code.toString()));
            }
            i = end;
        }
    }

    private static String lineAbove(List<String> lines, int fence) {
        for (int i = fence - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i);
            }
        }
        return "";
    }
}
