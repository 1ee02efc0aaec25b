package org.shapeforge.codegen.ir;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One operation as projection inference hands it to code generation (issue 14 → issue 15): the
 * tensors with their solved dims and margins, the product space, the left-hand side access, the
 * right-hand side expression, and the update. This record is the whole contract; see
 * {@code docs/codegen.md} ("The loop IR contract").
 *
 * <p>The compact constructor checks what the emitters rely on, each a statement of the notes:
 * <ul>
 *   <li>every access names a declared tensor with one index per axis, and every symbol is an
 *       iterator of the space; a Concat index names parts of one Concat factor;
 *   <li>bounded addressing (Thm. 7.8(1), with margins): at every point of the space each read lands
 *       in {@code [−left, dim + right)} and the left-hand side in {@code [0, dim)};
 *   <li>Prop. 7.6(i)/(iii): a reduction axis (Def. 7.5) requires an accumulator, and an overwrite
 *       requires a (provably) injective left-hand side — otherwise the result would depend on the
 *       order of the points;
 *   <li>the right-hand side never reads the left-hand side tensor (an in-place fold is an
 *       {@link Update} with {@code initializeNeutral = false});
 *   <li>an {@link Epilogue} (issue 29) sits on a neutral-initialized accumulation over a space with
 *       no Concat factor whose left-hand side separates every non-reduction iterator; its reads of
 *       the left-hand side tensor are the left-hand side's own access, its other reads mention only
 *       iterators the left-hand side mentions, and they are bounded as the right-hand side's are.
 * </ul>
 * Violations are {@link IllegalArgumentException}s naming the operation, tensor and axis: they are
 * bugs of the producer, not user errors.
 */
public record Operation(String name, List<TensorDecl> tensors, ProductSpace space, Access lhs, Expr rhs, Update update,
                        Optional<Epilogue> epilogue) {
    /** An operation without an epilogue. */
    public Operation(String name, List<TensorDecl> tensors, ProductSpace space, Access lhs, Expr rhs, Update update) {
        this(name, tensors, space, lhs, rhs, update, Optional.empty());
    }

    public Operation {
        Objects.requireNonNull(name, "name");
        tensors = List.copyOf(tensors);
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(update, "update");
        Map<String, TensorDecl> byName = new LinkedHashMap<>();
        for (TensorDecl t : tensors)
            if (byName.put(t.name(), t) != null) throw new IllegalArgumentException(name + ": tensor " + t.name() + " declared twice");
        check(name, byName, space, lhs, true);
        for (Access a : rhs.reads()) {
            if (a.tensor().equals(lhs.tensor()))
                throw new IllegalArgumentException(name + ": the right-hand side reads the left-hand side " + lhs.tensor());
            check(name, byName, space, a, false);
        }
        Coverage c = Coverage.of(space, byName.get(lhs.tensor()), lhs);
        if (c.accumulateRequired() && update.accumulator().isEmpty())
            throw new IllegalArgumentException(name + ": reduction over " + c.reductionSymbols()
                    + " (Def. 7.5) needs an accumulator (Prop. 7.6(iii)), but the update overwrites");
        if (update.accumulator().isEmpty() && !c.injective())
            throw new IllegalArgumentException(name + ": overwrite through a left-hand side not known to be injective (Prop. 7.6(i))");
        Objects.requireNonNull(epilogue, "epilogue");
        if (epilogue.isPresent()) checkEpilogue(name, byName, space, lhs, update, c, epilogue.get());
    }

    /** This operation with {@code e} applied to each finished result cell. */
    public Operation withEpilogue(Epilogue e) {
        return new Operation(name, tensors, space, lhs, rhs, update, Optional.of(e));
    }

    private static void checkEpilogue(String name, Map<String, TensorDecl> byName, ProductSpace space, Access lhs, Update update,
            Coverage c, Epilogue e) {
        if (update.accumulator().isEmpty() || !update.initializeNeutral())
            throw new IllegalArgumentException(name + ": an epilogue needs a neutral-initialized accumulation, not " + update);
        Set<String> lhsSymbols = new HashSet<>(lhs.symbols());
        for (Factor f : space.factors()) {
            if (f instanceof Factor.Concat) throw new IllegalArgumentException(name + ": an epilogue over a Concat factor");
            String s = f.vars().getFirst().symbol();
            if (lhsSymbols.contains(s) && f.vars().getFirst().extent() > 1 && !Coverage.separates(lhs, s))
                throw new IllegalArgumentException(name + ": an epilogue needs a left-hand side that separates " + s);
        }
        for (Access a : e.expr().reads()) {
            if (a.tensor().equals(lhs.tensor())) {
                if (!a.equals(lhs)) throw new IllegalArgumentException(name + ": the epilogue reads " + lhs.tensor() + " other than at the left-hand side");
                continue;
            }
            for (String s : a.symbols())
                if (!lhsSymbols.contains(s))
                    throw new IllegalArgumentException(name + ": the epilogue's read of " + a.tensor() + " mentions " + s + ", not an iterator of the left-hand side");
            check(name, byName, space, a, false);
        }
    }

    /** The declaration of {@code tensor}. */
    public TensorDecl tensor(String tensor) {
        for (TensorDecl t : tensors) if (t.name().equals(tensor)) return t;
        throw new IllegalArgumentException(name + ": no tensor " + tensor);
    }

    /** Prop. 7.6 for this operation's left-hand side. */
    public Coverage coverage() {
        return Coverage.of(space, tensor(lhs.tensor()), lhs);
    }

    /** Every read access of the right-hand side. */
    public List<Access> reads() {
        return rhs.reads();
    }

    private static void check(String op, Map<String, TensorDecl> byName, ProductSpace space, Access a, boolean isLhs) {
        TensorDecl t = byName.get(a.tensor());
        if (t == null) throw new IllegalArgumentException(op + ": access to undeclared tensor " + a.tensor());
        if (t.rank() != a.index().size())
            throw new IllegalArgumentException(op + ": " + a.tensor() + " has rank " + t.rank() + " but is indexed by " + a.index().size() + " indices");
        for (int ax = 0; ax < t.rank(); ax++) {
            Index ix = a.index().get(ax);
            if (ix instanceof Index.Gathered g) {
                if (isLhs) throw new IllegalArgumentException(op + ": the left-hand side " + a.tensor() + " indexed by data on axis " + ax);
                check(op, byName, space, g.at(), false);
            }
            long[] range = range(op, space, ix, a.tensor(), ax);
            long lo = isLhs ? 0 : -t.margins().get(ax).left();
            long hi = isLhs ? t.dims().get(ax) : (long) t.dims().get(ax) + t.margins().get(ax).right();
            if (range[0] < lo || range[1] >= hi)
                throw new IllegalArgumentException(op + ": " + a.tensor() + " axis " + ax + " index " + ix + " ranges over ["
                        + range[0] + ", " + range[1] + "] outside [" + lo + ", " + (hi - 1) + "] (Thm. 7.8(1))");
        }
    }

    /** The smallest and largest coordinate an index takes over the space. */
    static long[] range(String op, ProductSpace space, Index ix, String tensor, int ax) {
        return switch (ix) {
            case Index.Affine(List<Index.Term> terms, int offset) -> {
                long lo = offset, hi = offset;
                for (Index.Term term : terms) {
                    LoopVar v = var(op, space, term.symbol(), tensor, ax);
                    long reach = (long) term.coeff() * (v.extent() - 1);
                    lo += Math.min(0, reach);
                    hi += Math.max(0, reach);
                }
                yield new long[] {lo, hi};
            }
            case Index.Concat(List<String> symbols) -> {
                Factor f = space.factorOf(symbols.getFirst()).orElse(null);
                long total = 0;
                Map<String, Boolean> seen = new HashMap<>();
                for (String s : symbols) {
                    LoopVar v = var(op, space, s, tensor, ax);
                    if (!(f instanceof Factor.Concat) || space.factorOf(s).orElse(null) != f || seen.put(s, true) != null)
                        throw new IllegalArgumentException(op + ": " + tensor + " axis " + ax + ": Concat index " + symbols
                                + " must name distinct parts of one Concat factor");
                    total += v.extent();
                }
                yield new long[] {0, total - 1};
            }
            case Index.Gathered(Access at, int extent) -> new long[] {0, extent - 1};
        };
    }

    private static LoopVar var(String op, ProductSpace space, String s, String tensor, int ax) {
        return space.var(s).orElseThrow(() -> new IllegalArgumentException(
                op + ": " + tensor + " axis " + ax + " mentions " + s + ", which is not an iterator of the product space"));
    }
}
