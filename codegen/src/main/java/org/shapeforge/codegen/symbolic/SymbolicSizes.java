package org.shapeforge.codegen.symbolic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.ExtentExpr;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;

/**
 * The symbolic extents a program's kernels are generated over, and the binding one run calls them
 * at: {@link #params()} are the program's dynamic dims in the order of a kernel's {@code sizes}
 * argument (declaration order); {@link #shapes()} holds every named tensor's axes in storage order
 * ({@code batch @ output @ input}) as the symbolic inference of the <em>unbound</em> program gives
 * them ({@link SymbolicShapes}; an operation's temporary result as its row terms read), empty for an axis that is not exact (an upper bound, unknown);
 * {@link #binding()} gives every param a size; {@link #domain()} the conditions the kernels guard at
 * entry ({@link SizeGuard}). Immutable.
 */
public record SymbolicSizes(List<String> params, Map<String, Long> binding, Map<String, List<Optional<ExtentExpr>>> shapes,
        List<SizeGuard> domain) {
    public SymbolicSizes {
        params = List.copyOf(params);
        domain = List.copyOf(domain);
        binding = Collections.unmodifiableMap(new LinkedHashMap<>(binding));
        Map<String, List<Optional<ExtentExpr>>> s = new LinkedHashMap<>();
        shapes.forEach((k, v) -> s.put(k, List.copyOf(v)));
        shapes = Collections.unmodifiableMap(s);
        for (String p : params)
            if (binding.get(p) == null || binding.get(p) < 1)
                throw new IllegalArgumentException("dynamic dim " + p + " is not bound to a positive size: " + binding);
    }

    /** Sizes without a domain: every kernel guards only that its sizes are at least 1. */
    public SymbolicSizes(List<String> params, Map<String, Long> binding, Map<String, List<Optional<ExtentExpr>>> shapes) {
        this(params, binding, shapes, List.of());
    }

    /**
     * The sizes of {@code unbound}, a solved inference of a program with dynamic dims and the
     * distribution {@code facts} of that program, called at {@code binding}; {@link #domain()} is
     * {@link SizeGuard#domain}, which every kernel checks at entry.
     */
    public static SymbolicSizes of(Inference unbound, List<Stmt.Fact> facts, Map<String, Long> binding) {
        Map<String, SymbolicShape> all = new LinkedHashMap<>(SymbolicShapes.of(unbound));
        var read = SymbolicShapes.reader(unbound);
        if (read.isPresent()) // the operations' temporaries (a softmax's, a nested expression's) and operands too
            for (Generated.OpNode op : unbound.generated().operations()) {
                all.putIfAbsent(op.result(), read.get().apply(op.lhs()));
                for (int j = 0; j < op.operands().size(); j++)
                    all.putIfAbsent(op.operandNames().get(j), read.get().apply(op.operands().get(j)));
            }
        Map<String, List<Optional<ExtentExpr>>> shapes = new LinkedHashMap<>();
        for (Map.Entry<String, SymbolicShape> e : all.entrySet()) {
            List<Optional<ExtentExpr>> axes = new ArrayList<>();
            for (ShapeExtent x : GroupKernel.axes(e.getValue()))
                axes.add(x instanceof ShapeExtent.Exact(var expr) ? Optional.of(expr) : Optional.empty());
            shapes.put(e.getKey(), axes);
        }
        return new SymbolicSizes(List.copyOf(SymbolicShapes.dynamicNames(unbound)), binding, shapes, SizeGuard.domain(unbound, facts));
    }
}
