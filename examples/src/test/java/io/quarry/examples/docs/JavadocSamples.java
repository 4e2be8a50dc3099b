package io.quarry.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The code samples of one Java source file's doc comments: every {@code <pre>{@code ...}</pre>} block, as the reader
 * sees it (the comment's leading {@code *} gone), each a {@link Snippet} of kind {@code sample}, or {@code skip} when
 * a {@code <!-- not compiled: reason -->} comment is on the line above the block or before it on its own line.
 */
final class JavadocSamples {

    private static final String OPEN = "<pre>{@code";
    private static final String CLOSE = "}</pre>";
    private static final Pattern COMMENT_MARGIN = Pattern.compile("^\\s*\\*(?: |$)");
    private static final Pattern SKIP = Pattern.compile("<!--\\s*not compiled:\\s*(.*?)\\s*-->");
    /** A {@code }{@code } pair, which a comment needs where the code has a star followed by a slash. */
    private static final Pattern CODE_BREAK = Pattern.compile("\\}\\{@code\\s");

    private JavadocSamples() {}

    /**
     * The file's samples; a block the test cannot read (unclosed, a marker without a reason) is added to {@code
     * problems}.
     *
     * @param root the repository root
     * @param file the source file, relative to the root
     */
    static List<Snippet> of(Path root, Path file, List<String> problems) throws IOException {
        String name = file.toString().replace('\\', '/');
        List<String> lines = Files.readAllLines(root.resolve(file));
        List<Snippet> samples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int open = lines.get(i).indexOf(OPEN);
            if (open < 0) {
                continue;
            }
            StringBuilder code = new StringBuilder();
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).contains(CLOSE)) {
                code.append(unmargined(lines.get(end))).append('\n');
                end++;
            }
            if (end == lines.size()) {
                problems.add(name + ":" + (i + 1) + ": a " + OPEN + " block without its " + CLOSE);
                return samples;
            }
            String text = CODE_BREAK.matcher(code).replaceAll("");
            Matcher skip = SKIP.matcher(lines.get(i).substring(0, open) + "\n" + lineAbove(lines, i));
            if (skip.find()) {
                if (skip.group(1).isEmpty()) {
                    problems.add(name + ":" + (i + 1) + ": a <!-- not compiled: --> mark without its reason");
                }
                samples.add(new Snippet(name, i + 2, "java", "skip", skip.group(1), text));
            } else {
                samples.add(new Snippet(name, i + 2, "java", "sample", "", text));
            }
            i = end;
        }
        return samples;
    }

    private static String unmargined(String line) {
        Matcher margin = COMMENT_MARGIN.matcher(line);
        return margin.find() ? line.substring(margin.end()) : line;
    }

    /** The comment line above the block, if it is not blank in the comment. */
    private static String lineAbove(List<String> lines, int block) {
        return block == 0 ? "" : unmargined(lines.get(block - 1));
    }
}
