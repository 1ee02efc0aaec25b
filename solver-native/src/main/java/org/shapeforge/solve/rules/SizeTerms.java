package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.term.Dim;

/**
 * Compound dimension terms (Concat, Affine) as the size rules read them: σ applied through them,
 * ground ones evaluated, their variables — all without recursion on the input's nesting depth
 * (issue 13 item 1).
 */
final class SizeTerms {
    private final RuleContext cx;

    SizeTerms(RuleContext cx) {
        this.cx = cx;
    }

    /**
     * σ applied through compound terms; ground compounds are evaluated by {@link Sizes#ground}.
     * Iterative (an explicit stack, children before parents): the depth is the input's, which
     * {@code TermDepth} bounds but a stack frame per level would still exhaust small stacks.
     * A compound is grounded only when its children are not compound (a compound child left is
     * not ground), so each level is evaluated once.
     */
    Dim deep(Dim root, Trace t) {
        if (!compound(root)) return root instanceof Dim.Var v ? cx.subst().dim(v, t) : root;
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root));
        while (true) {
            Frame f = stack.peek();
            if (f.done.size() < f.children.size()) {
                Dim c = f.children.get(f.done.size());
                if (compound(c)) stack.push(new Frame(c));
                else f.done.add(c instanceof Dim.Var v ? cx.subst().dim(v, t) : c);
                continue;
            }
            stack.pop();
            Dim s = f.rebuilt(t);
            if (stack.isEmpty()) return s;
            stack.peek().done.add(s);
        }
    }

    /** One compound term of {@link #deep}'s walk: its children and those already substituted. */
    private final class Frame {
        final Dim term;
        final List<Dim> children;
        final List<Dim> done;

        Frame(Dim term) {
            this.term = term;
            this.children = switch (term) {
                case Dim.Concat c -> c.parts();
                case Dim.Affine a -> a.kernel().isPresent() ? List.of(a.over(), a.kernel().get()) : List.of(a.over());
                default -> List.of();
            };
            this.done = new ArrayList<>(children.size());
        }

        Dim rebuilt(Trace t) {
            Dim s = switch (term) {
                case Dim.Concat c -> new Dim.Concat(done);
                case Dim.Affine a -> new Dim.Affine(done.get(0), a.stride(),
                        a.kernel().isPresent() ? Optional.of(done.get(1)) : Optional.empty(),
                        a.dilation(), a.padding(), a.offset());
                default -> term;
            };
            for (Dim d : done) if (compound(d)) return s; // a compound part is not ground
            try {
                return Sizes.ground(s, x -> null).orElse(s);
            } catch (Sizes.BasisConflict e) {
                throw Contradiction.fail("basis conflict in " + Show.dim(s) + ": " + e.getMessage(), t.why());
            } catch (ArithmeticException e) {
                throw Contradiction.fail("size overflow in " + Show.dim(s), t.why());
            } catch (IllegalArgumentException e) { // a negative size: a valid convolution over size-0 parts
                throw Contradiction.fail("no dimension has the size of " + Show.dim(s) + ": " + e.getMessage(), t.why());
            }
        }
    }

    static boolean compound(Dim d) {
        return d instanceof Dim.Concat || d instanceof Dim.Affine;
    }

    /** Whether {@code d} has an Affine term anywhere (iterative: compound terms may be deep). */
    static boolean hasAffine(Dim d) {
        ArrayDeque<Dim> todo = new ArrayDeque<>();
        todo.push(d);
        while (!todo.isEmpty()) {
            switch (todo.pop()) {
                case Dim.Affine a -> {
                    return true;
                }
                case Dim.Concat c -> c.parts().forEach(todo::push);
                default -> {}
            }
        }
        return false;
    }

    /** The variables of {@code d} (iterative: compound terms may be deep). */
    static void vars(Dim d, Set<String> out) {
        ArrayDeque<Dim> todo = new ArrayDeque<>();
        todo.push(d);
        while (!todo.isEmpty()) {
            switch (todo.pop()) {
                case Dim.Var v -> out.add(v.name());
                case Dim.Concat c -> {
                    for (int i = c.parts().size() - 1; i >= 0; i--) todo.push(c.parts().get(i)); // first part first
                }
                case Dim.Affine a -> {
                    a.kernel().ifPresent(todo::push);
                    todo.push(a.over());
                }
                default -> {}
            }
        }
    }

    static Set<String> vars(List<Dim> ds) {
        Set<String> out = new LinkedHashSet<>();
        ds.forEach(d -> vars(d, out));
        return out;
    }

}
