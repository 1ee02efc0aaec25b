package org.shapeforge.codegen.emit;

/** An indenting line writer for generated source. */
public final class CodeWriter {
    private final StringBuilder sb = new StringBuilder();
    private int depth;

    public CodeWriter line(String s) {
        sb.append("    ".repeat(depth)).append(s).append('\n');
        return this;
    }

    /** Writes {@code s} and indents the following lines (an opening brace). */
    public CodeWriter open(String s) {
        line(s);
        depth++;
        return this;
    }

    /** Dedents and writes {@code s} (a closing brace). */
    public CodeWriter close(String s) {
        depth--;
        return line(s);
    }

    public CodeWriter raw(String s) {
        sb.append(s);
        return this;
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
