package org.shapeforge.codegen.ir;

import java.util.Objects;

/**
 * One iterator of an operation's product space: a fresh symbol of Def. 7.3 ranging over
 * {@code {0 .. extent−1}}. The symbol is an opaque name chosen by projection inference; emitters
 * never print it as an identifier, they ask their name supply for one.
 */
public record LoopVar(String symbol, int extent) {
    public LoopVar {
        Objects.requireNonNull(symbol, "symbol");
        if (symbol.isEmpty()) throw new IllegalArgumentException("empty iterator symbol");
        if (extent < 1) throw new IllegalArgumentException("iterator " + symbol + ": extent must be >= 1, got " + extent);
    }
}
