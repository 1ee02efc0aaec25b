package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Coverage;
import org.shapeforge.codegen.ir.Epilogue;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.HostTensor;

/**
 * One loop-IR {@link Operation} under construction for one step of an ONNX node: lowered from
 * projections ({@link #lowered}, the contractions and convolutions, {@link Projected}) or built
 * here by hand, labelled as
 * Def. 7.3 labels them (as {@code codegen.ir.Ops} does): an iterator of extent 1 is {@code Fix(0)}
 * and mints no factor, Concat parts keep their symbols at any extent. Operands are bound to the
 * concrete {@link Value}s they read (possibly through a row-major view of other dims, which moves
 * no data); {@link #run} declares the result {@code out}, builds the operation (whose constructor
 * checks bounded addressing and Prop. 7.6) and runs it through generated C ({@link Kernels}). A
 * result with no cells (a zero-size axis) needs no kernel and is returned empty; a zero-size operand
 * or axis under a non-empty result is {@link NotExpressible} (the IR's sizes are &gt;= 1).
 */
final class Kernel {
    /** An iterator, or the fixed coordinate 0 when {@code symbol} is null (extent 1). */
    record Ix(String symbol, int extent) {}

    private final String name;
    private final List<Factor> factors = new ArrayList<>();
    private final List<TensorDecl> decls = new ArrayList<>();
    private final Map<String, HostTensor> inputs = new LinkedHashMap<>();
    private int next;
    private boolean empty;
    /** The operation lowered from projections ({@link #lowered}), or null for one built here by hand. */
    private Operation core;

    Kernel(String name) {
        this.name = name;
    }

    /**
     * The kernel of {@code core}, an operation lowered from projections ({@link Projected}) whose
     * operands {@code x0, x1, …} are {@code values} read through {@code views}: its left-hand side,
     * space, right-hand side and update are {@code core}'s; an epilogue may bind more operands.
     */
    static Kernel lowered(Operation core, List<Value> values, List<List<Integer>> views) {
        Kernel b = new Kernel(core.name());
        for (TensorDecl t : core.tensors()) {
            if (t.name().equals(core.lhs().tensor())) continue;
            int j = b.decls.size();
            if (!t.name().equals("x" + j)) throw new IllegalStateException(core.name() + ": operand " + j + " is named " + t.name());
            b.decls.add(t);
            b.inputs.put(t.name(), values.get(j).view(views.get(j)).host());
        }
        b.core = core;
        return b;
    }

    /** A kernel with a zero-size axis ({@link Projected}): its run returns an empty result, or is {@link NotExpressible}. */
    static Kernel empty(String name) {
        Kernel b = new Kernel(name);
        b.empty = true;
        return b;
    }

    /**
     * Whether the lowered operation folds into a neutral-initialized accumulator — what an epilogue
     * needs (Operation's check): projections drop a reduction whose every extent is 1 (a 1×1
     * convolution of one channel: the plain product, an assignment).
     */
    boolean foldsNeutral() {
        return core != null && core.update().accumulator().isPresent() && core.update().initializeNeutral();
    }

    /** Whether this kernel has an operation to run (a lowered one; not {@link #empty}). */
    boolean runs() {
        return core != null;
    }

    /** The left-hand side index of the {@link #lowered} operation, for its epilogue. */
    List<Index> lhs() {
        return core.lhs().index();
    }

    /** The result dims of the {@link #lowered} operation. */
    List<Integer> dims() {
        return result().dims();
    }

    private TensorDecl result() {
        return core.tensors().stream().filter(t -> t.name().equals(core.lhs().tensor())).findFirst().orElseThrow();
    }

    /**
     * Runs the {@link #lowered} operation with {@code epilogue} (issue 29) and returns its result
     * viewed as {@code resultDims}; a kernel of no cells ({@link #empty}) returns an empty result
     * when {@code resultDims} has none, else is {@link NotExpressible}.
     */
    Value run(Kernels k, Optional<Expr> epilogue, List<Integer> resultDims, int type) {
        if (core == null) {
            if (resultDims.contains(0)) return new Value(resultDims, new double[0], type);
            throw new NotExpressible(name + ": a zero-size operand or axis with a non-empty result (the loop IR has sizes >= 1)");
        }
        TensorDecl out = result();
        k.admit(name, decls, out);
        List<TensorDecl> all = new ArrayList<>(decls);
        all.add(out);
        Operation op = new Operation(name, all, core.space(), core.lhs(), core.rhs(), core.update(),
                epilogue.map(Epilogue::new));
        return Value.of(k.run(op, inputs), type).view(resultDims);
    }

    /** A fresh iterator over {@code 0..extent-1} (Fix(0) at extent 1). */
    Ix iter(int extent) {
        if (extent < 1) empty = true;
        if (extent <= 1) return new Ix(null, 1);
        Ix ix = new Ix("i" + next++, extent);
        factors.add(new Factor.Single(new LoopVar(ix.symbol(), extent)));
        return ix;
    }

    /** One Concat factor whose parts have these extents, iterated one after the other. */
    List<Ix> concat(List<Integer> extents) {
        List<Ix> parts = new ArrayList<>();
        List<LoopVar> vars = new ArrayList<>();
        for (int e0 : extents) {
            if (e0 < 1) empty = true;
            int e = Math.max(1, e0);
            Ix ix = new Ix("p" + next++, e);
            parts.add(ix);
            vars.add(new LoopVar(ix.symbol(), e));
        }
        factors.add(new Factor.Concat(vars));
        return parts;
    }

    /** Binds an operand read through {@code dims} (a row-major view of {@code v}), with margins holding {@code pad}. */
    String tensor(Value v, List<Integer> dims, List<TensorDecl.Margin> margins, double pad) {
        String t = "x" + decls.size();
        if (dims.contains(0)) {
            empty = true;
            return t;
        }
        decls.add(new TensorDecl(t, dims, margins, pad));
        inputs.put(t, v.view(dims).host());
        return t;
    }

    String tensor(Value v, List<Integer> dims) {
        return tensor(v, dims, dims.stream().map(d -> TensorDecl.Margin.NONE).toList(), 0);
    }

    String tensor(Value v) {
        return tensor(v, v.dims());
    }

    /** {@code Fix(0)} or {@code Iter(s)}. */
    static Index at(Ix ix) {
        return ix.symbol() == null ? Index.fixed(0) : Index.iter(ix.symbol());
    }

    /** {@code offset + Σ coeff·ix} over the given (coeff, iterator) pairs; fixed iterators contribute 0. */
    static Index lin(int offset, Object... pairs) {
        List<Index.Term> terms = new ArrayList<>();
        for (int k = 0; k < pairs.length; k += 2) {
            int c = (Integer) pairs[k];
            Ix ix = (Ix) pairs[k + 1];
            if (ix.symbol() != null && c != 0) terms.add(new Index.Term(c, ix.symbol()));
        }
        return new Index.Affine(terms, offset);
    }

    static Expr read(String tensor, List<Index> index) {
        return new Expr.Read(new Access(tensor, index));
    }

    /**
     * Declares the result {@code out} with {@code dims}, runs {@code out[lhs] ⟵ rhs} under
     * {@code update} and returns the result viewed as {@code resultDims} with element type {@code type}.
     */
    Value run(Kernels k, List<Integer> dims, List<Index> lhs, Expr rhs, Update update, List<Integer> resultDims, int type) {
        return run(k, dims, lhs, rhs, update, Optional.empty(), resultDims, type);
    }

    /** {@link #run} with {@code epilogue} applied to each finished result cell (an accumulating update; issue 29). */
    Value run(Kernels k, List<Integer> dims, List<Index> lhs, Expr rhs, Update update, Optional<Expr> epilogue,
            List<Integer> resultDims, int type) {
        if (dims.contains(0) || resultDims.contains(0)) // no cell to compute: no kernel
            return new Value(resultDims, new double[0], type);
        if (empty) throw new NotExpressible(name + ": a zero-size operand or axis with a non-empty result (the loop IR has sizes >= 1)");
        TensorDecl out = TensorDecl.of("out", dims);
        k.admit(name, decls, out);
        List<TensorDecl> all = new ArrayList<>(decls);
        all.add(out);
        Operation op = new Operation(name, all, new ProductSpace(factors), new Access("out", lhs), rhs, update,
                epilogue.map(Epilogue::new));
        return Value.of(k.run(op, inputs), type).view(resultDims);
    }

    /** The finished result cell at {@code lhs}, for an epilogue. */
    static Expr result(List<Index> lhs) {
        return read("out", lhs);
    }

    /**
     * Whether {@code lhs} separates each of its iterators (an axis indexed by it alone), as an
     * epilogue requires ({@link Operation}): one cell per point of the non-reduction iterators.
     */
    static boolean separates(List<Index> lhs) {
        Access a = new Access("out", lhs);
        for (String s : a.symbols()) if (!Coverage.separates(a, s)) return false;
        return true;
    }

    /** {@code v}'s index against a result indexed by {@code lhs} (right-aligned, size-1 axes pinned at 0). */
    static List<Index> like(List<Integer> dims, List<Index> lhs) {
        List<Index> out = new ArrayList<>();
        int r = lhs.size();
        for (int a = 0; a < dims.size(); a++) out.add(dims.get(a) == 1 ? Index.fixed(0) : lhs.get(a + r - dims.size()));
        return out;
    }

    Value run(Kernels k, List<Integer> dims, List<Index> lhs, Expr rhs, Update update, int type) {
        return run(k, dims, lhs, rhs, update, dims, type);
    }
}
