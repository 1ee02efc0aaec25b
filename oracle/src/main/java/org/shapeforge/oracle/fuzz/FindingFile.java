package org.shapeforge.oracle.fuzz;

import org.shapeforge.lang.Printer;

/**
 * A minimized violation as a self-checking {@code .shc} file: a comment header (how to reproduce,
 * the class and detail), the statements, and {@code expect} lines stating the truth, which
 * {@code shapeforge check} fails on until the bug is fixed — then the file is a regression test.
 */
public final class FindingFile {
    private FindingFile() {}

    public static String name(Fuzzer.Finding f) {
        return f.klass().keyword + "-" + f.index() + ".shc";
    }

    public static String text(Fuzzer.Finding f, long campaignSeed) {
        StringBuilder sb = new StringBuilder();
        sb.append("# shapeforge fuzz --seed ").append(campaignSeed).append(": case ").append(f.index())
                .append(" (shape ").append(f.kase().shape()).append(")\n");
        sb.append("# class: ").append(f.klass().keyword).append("\n");
        for (String line : f.detail().split("\n")) sb.append(line.startsWith("#") ? "" : "# ").append(line).append('\n');
        sb.append("# minimized from ").append(f.kase().problem().statements().size()).append(" to ")
                .append(f.minimized().size()).append(" statements\n");
        sb.append(Printer.print(f.minimizedProblem()).strip()).append('\n');
        switch (f.klass()) {
            case UNSOUND_REJECT -> sb.append("expect flat: sat\nexpect native: sat\n");
            case UNSOUND_ACCEPT -> sb.append("expect flat: unsat\nexpect native: fail\n");
            case METAMORPHIC -> sb.append("# every order and renaming of these statements must answer as this one does\n");
            default -> {}
        }
        f.kase().planted().ifPresent(a -> sb.append("# planted solution: ").append(Printer.print(a)).append('\n'));
        return sb.toString();
    }
}
