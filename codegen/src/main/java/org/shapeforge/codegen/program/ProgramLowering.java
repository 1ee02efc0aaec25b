package org.shapeforge.codegen.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.project.Padding;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * The bridge from projection inference to the loop IR (docs/codegen.md, "The loop IR contract"):
 * one {@link Operation} per program operation, from its {@link Projections} (Def. 7.3's labels,
 * Def. 7.5's reductions, Prop. 7.6's flags) and the program-wide margins of Prop. 8.1.
 *
 * <ul>
 *   <li>tensors: the LHS and each distinct operand, dims = the occurrence's axis sizes in storage
 *       order {@code batch @ output @ input}, margins = {@link ProgramProjections#padding()}, pad 0;
 *   <li>space: one {@code Single} per one-factor product entry, one {@code Concat} per sequential entry;
 *   <li>indices: {@code Iter}, {@code Fixed}, {@code Affine} (logical, already minus the left
 *       margin) and {@code Concat} map one to one; {@code External} (a slice's runtime index) is
 *       not supported yet;
 *   <li>right-hand side by shape logic: pointwise → the scalar operation; compose and einsum → the
 *       product of the operands (summed over reductions); transpose, permute, {@code :=} → the
 *       operand; block and stack → the sum of the parts, of which exactly one is present per point;
 *       a softmax's four operations ({@code Softmax}) → max-reduction ({@code =:max} from −∞,
 *       {@link Fold}),
 *       {@code exp(a − m)}, sum-reduction, {@code e / s};
 *   <li>update: {@code :=} folds into the existing contents ({@code =+}); an operation with a
 *       reduction accumulates from 0 ({@code =:+}); otherwise an overwrite.
 * </ul>
 *
 * What cannot be expressed yet (slices, {@code fma}, {@code where}, unary functions without a C
 * intrinsic) is a {@link CodegenException} "not supported by code
 * generation: … at file:line" — never a wrong number.
 */
public final class ProgramLowering {
    private ProgramLowering() {}

    public static Operation lower(org.shapeforge.project.Operation op, Projections p, ProgramProjections all) {
        return lower(op, p, all, Fold.of(op));
    }

    /**
     * {@link #lower} with its reductions folded by {@code fold}, whose neutral element the margins
     * hold (an ONNX max pool: {@link Fold#MAX}; a tensor without margins keeps pad 0).
     */
    public static Operation lower(org.shapeforge.project.Operation op, Projections p, ProgramProjections all, Fold fold) {
        Map<String, TensorDecl> tensors = new LinkedHashMap<>();
        List<Expr> reads = new ArrayList<>();
        for (int j = 0; j < op.rhs().size(); j++) {
            String name = op.rhs().get(j).name();
            if (name.equals(op.lhs().name()))
                throw unsupported(op, "an operation reading its own result tensor '" + name + "'");
            tensors.putIfAbsent(name, decl(op, name, p.rhsAxes().get(j), all, fold));
            reads.add(new Expr.Read(new Access(name, indices(op, p.rhs().get(j)))));
        }
        TensorDecl lhs = decl(op, op.lhs().name(), p.lhsAxes(), all, fold);
        tensors.put(lhs.name(), lhs);
        List<Factor> factors = new ArrayList<>();
        for (org.shapeforge.project.Factor.Entry e : p.product()) {
            List<LoopVar> vars = e.factors().stream().map(f -> new LoopVar(f.symbol(), intSize(op, f.extent(), "iterator " + f.symbol()))).toList();
            factors.add(e.sequential() ? new Factor.Concat(vars) : new Factor.Single(vars.getFirst()));
        }
        Update update = !op.erasing() ? Update.accumulateInto(BinOp.ADD)
                : p.accumulate() ? Update.accumulate(fold.op) : Update.assign();
        return new Operation(op.label(), List.copyOf(tensors.values()), new ProductSpace(factors),
                new Access(lhs.name(), indices(op, p.lhs())), rhs(op, reads), update);
    }

    static CodegenException unsupported(org.shapeforge.project.Operation op, String what) {
        return new CodegenException("not supported by code generation: " + what + " (operation " + op.label() + ") at "
                + op.origin().fileLine());
    }

    private static TensorDecl decl(org.shapeforge.project.Operation op, String name, List<TensorAxis> axes, ProgramProjections all,
            Fold fold) {
        List<Integer> dims = new ArrayList<>();
        List<TensorDecl.Margin> margins = new ArrayList<>();
        for (TensorAxis a : axes) {
            dims.add(intSize(op, a.size(), "an axis of tensor " + name));
            Padding pad = all.padding().getOrDefault(a.ref(), Padding.NONE);
            margins.add(new TensorDecl.Margin(intSize(op, pad.left(), "a margin of tensor " + name),
                    intSize(op, pad.right(), "a margin of tensor " + name)));
        }
        boolean padded = margins.stream().anyMatch(m -> m.left() > 0 || m.right() > 0);
        return new TensorDecl(name, dims, margins, padded ? fold.pad : 0.0);
    }

    /** {@code n} as an int, or a {@link CodegenException} naming {@code what} (issue 27: an {@code ArithmeticException} before). */
    private static int intSize(org.shapeforge.project.Operation op, long n, String what) {
        if (n < 0 || n > Integer.MAX_VALUE)
            throw unsupported(op, what + " of size " + n + ", beyond 2^31 - 1 (the loop IR's sizes are ints)");
        return (int) n;
    }

    private static List<Index> indices(org.shapeforge.project.Operation op, List<org.shapeforge.project.Index> ix) {
        List<Index> out = new ArrayList<>();
        for (org.shapeforge.project.Index i : ix)
            out.add(switch (i) {
                case org.shapeforge.project.Index.Iter(var s) -> Index.iter(s);
                case org.shapeforge.project.Index.Fixed(var c) -> Index.fixed(Math.toIntExact(c));
                case org.shapeforge.project.Index.External(var s) -> throw unsupported(op, "the runtime index $" + s + " of a slice");
                case org.shapeforge.project.Index.Affine(var terms, var offset) -> new Index.Affine(
                        terms.stream().map(t -> new Index.Term(Math.toIntExact(t.coeff()), t.symbol())).toList(),
                        Math.toIntExact(offset));
                case org.shapeforge.project.Index.Concat(var parts) -> new Index.Concat(parts);
            });
        return out;
    }

    private static Expr rhs(org.shapeforge.project.Operation op, List<Expr> reads) {
        String s = ProgramReference.token(op.scalarOp());
        ScalarOp scalar = op.scalarOp().orElse(null);
        return switch (op.kind()) {
            case POINTWISE -> {
                if (reads.size() == 2) yield new Expr.Binary(binary(op, scalar), reads.get(0), reads.get(1));
                if (reads.size() == 1) yield new Expr.Unary(unary(op, scalar), reads.getFirst());
                throw unsupported(op, "pointwise '" + s + "' with " + reads.size() + " operands");
            }
            case COMPOSE -> {
                if (scalar != ScalarOp.Builtin.COMPOSE) throw unsupported(op, "'" + s + "' (Compose_accumulate)");
                yield new Expr.Binary(BinOp.MUL, reads.get(0), reads.get(1));
            }
            case EINSUM -> switch (scalar) {
                case ScalarOp.Builtin.SOFTMAX_EXP_SUB ->
                        new Expr.Unary(UnOp.EXP, new Expr.Binary(BinOp.SUB, reads.get(0), reads.get(1)));
                case ScalarOp.Builtin.SOFTMAX_DIVIDE -> new Expr.Binary(BinOp.DIV, reads.get(0), reads.get(1));
                case null, default -> fold(BinOp.MUL, reads);
            };
            case TRANSPOSE, PERMUTE, ASSIGN -> reads.getFirst();
            case BLOCK, STACK -> fold(BinOp.ADD, reads);
            case SLICE, TERMINAL, OTHER -> throw unsupported(op, op.kind().name().toLowerCase() + " '" + s + "'");
        };
    }

    private static Expr fold(BinOp op, List<Expr> reads) {
        Expr e = reads.getFirst();
        for (int i = 1; i < reads.size(); i++) e = new Expr.Binary(op, e, reads.get(i));
        return e;
    }

    static BinOp binary(org.shapeforge.project.Operation op, ScalarOp s) {
        return switch (s) {
            case ScalarOp.Builtin.ADD -> BinOp.ADD;
            case ScalarOp.Builtin.SUB -> BinOp.SUB;
            case ScalarOp.Builtin.MUL -> BinOp.MUL;
            case ScalarOp.Builtin.DIV -> BinOp.DIV;
            case ScalarOp.Builtin.MAX -> BinOp.MAX;
            case ScalarOp.Builtin.MIN -> BinOp.MIN;
            case null, default -> throw unsupported(op, "the binary operation '" + ProgramReference.token(op.scalarOp()) + "'");
        };
    }

    static UnOp unary(org.shapeforge.project.Operation op, ScalarOp s) {
        return switch (s) {
            case ScalarOp.Builtin.RELU -> UnOp.RELU;
            case ScalarOp.Builtin.EXP -> UnOp.EXP;
            case ScalarOp.Builtin.LOG -> UnOp.LOG;
            case ScalarOp.Builtin.SQRT -> UnOp.SQRT;
            case ScalarOp.Builtin.TANH -> UnOp.TANH;
            case ScalarOp.Builtin.NEG -> UnOp.NEG;
            case ScalarOp.Builtin.ABS -> UnOp.ABS;
            case ScalarOp.Builtin.SIGMOID -> UnOp.SIGMOID;
            case ScalarOp.Builtin.RECIP -> UnOp.RECIP;
            case ScalarOp.Builtin.ID -> UnOp.ID;
            case null, default -> throw unsupported(op, "the unary function '" + ProgramReference.token(op.scalarOp()) + "'");
        };
    }
}
