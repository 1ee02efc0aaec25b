package org.shapeforge.onnx;

import java.util.Map;
import java.util.OptionalLong;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymOverflow;
import org.shapeforge.term.sym.SymSize;

/**
 * One axis of a value's shape as import inferred it ({@link ImportResult#values()}): typed, so that
 * what reads a result (the corpus comparison, the annotated model) reads sizes, never our printed
 * text. {@link #printed()} is the form {@code import} prints, applied only at the edge.
 */
public sealed interface InferredDim {

    /** A number: the size in every solution. */
    record Known(long size) implements InferredDim {
        public Known {
            if (size < 0) throw new IllegalArgumentException("negative size " + size);
        }
    }

    /**
     * A size as a function of named sizes, in {@link SymSize}'s normal form: a dim_param
     * ({@code batch}), an expression of them ({@code (h - 1) // 2 + 1}), or one that names an
     * unknown extent — a size named after the node that makes it, which no input binds
     * ({@code constantOfShape_29 + 6}, seed 004). Never a size's constant (that is {@link Known}).
     */
    record Symbolic(SymSize size) implements InferredDim {
        public Symbolic {
            if (size.asConstant().filter(c -> c >= 0).isPresent()) throw new IllegalArgumentException("a constant size is Known, not Symbolic: " + size);
        }
    }

    /** A solver term no symbolic reading covers, shown in the constraint language's syntax; it evaluates to nothing here. */
    record Residual(Dim term) implements InferredDim {}

    /**
     * An axis the dynamic dimensions leave undetermined (a residual relation ties it to them without
     * fixing it, or a Z3 model that forces nothing): neither a number nor an internal variable's name
     * (issue 31). Printed {@code ?}.
     */
    record Undetermined() implements InferredDim {}

    /** The undetermined axis. */
    InferredDim UNDETERMINED = new Undetermined();

    /** {@code s} as a dim: {@link Known} when it is a non-negative constant, else {@link Symbolic}. */
    static InferredDim of(SymSize s) {
        return s.asConstant().filter(c -> c >= 0).<InferredDim>map(Known::new).orElseGet(() -> new Symbolic(s));
    }

    /** A dim_param (or any named size) by its name. */
    static InferredDim named(String name) {
        return new Symbolic(SymSize.name(name));
    }

    /** A solver term: a number when it is one (the unit, a default-basis atom), else a {@link Residual}. */
    static InferredDim of(Dim d) {
        return switch (d) {
            case Dim.Unit() -> new Known(1);
            case Dim.Atom a when a.hasDefaultBasis() && a.size() != 1 -> new Known(a.size());
            default -> new Residual(d);
        };
    }

    /**
     * The size at {@code sizes} (named size → value): a {@link Known}'s number, a {@link Symbolic}'s
     * value when every name it mentions is given (and it stays within 64 bits); empty otherwise.
     */
    default OptionalLong at(Map<String, Long> sizes) {
        return switch (this) {
            case Known(long n) -> OptionalLong.of(n);
            case Symbolic(SymSize s) -> {
                if (!sizes.keySet().containsAll(s.vars())) yield OptionalLong.empty();
                try {
                    yield OptionalLong.of(s.eval(sizes));
                } catch (SymOverflow e) {
                    yield OptionalLong.empty();
                }
            }
            case Residual r -> OptionalLong.empty();
            case Undetermined u -> OptionalLong.empty();
        };
    }

    /** What {@code import} prints for this axis: the number, the normal form's canonical text, the term, or {@code ?}. */
    default String printed() {
        return switch (this) {
            case Known(long n) -> Long.toString(n);
            case Symbolic(SymSize s) -> s.toString();
            case Residual(Dim term) -> Printer.print(term);
            case Undetermined u -> "?";
        };
    }
}
