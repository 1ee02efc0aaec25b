package org.shapeforge.codegen.emit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;

/**
 * The emitter base (TVM's {@code codegen_source_base}/{@code codegen_c} split): names from a
 * {@link NameSupply}, access addressing (strides, margins, Concat blocks, absence), and the
 * scalar expression printer whose intrinsics come from one table that subclasses override
 * ({@link #unary}, {@link #binary}). C and CUDA emitters add the loop structure.
 *
 * <p>A <em>block context</em> maps each Concat factor to its active part; an access that mentions an
 * inactive part is absent there ({@link Expr}).
 */
public abstract class Emitter {
    protected final Operation op;
    protected final NameSupply names = new NameSupply();
    protected final Map<String, String> tensorId = new LinkedHashMap<>();
    protected final Map<String, String> iterId = new HashMap<>();
    protected final String entry;
    /** Each tensor's declaration, each symbol's iterator and factor: looked up per access, in constant time. */
    private final Map<String, TensorDecl> decl = new HashMap<>();
    private final Map<String, LoopVar> varOf = new HashMap<>();
    private final Map<String, Factor> factorOf = new HashMap<>();

    protected Emitter(Operation op) {
        this.op = op;
        this.entry = names.fresh('k', op.name());
        for (TensorDecl t : op.tensors()) {
            tensorId.put(t.name(), names.fresh('t', t.name()));
            decl.putIfAbsent(t.name(), t);
        }
        for (Factor f : op.space().factors())
            for (LoopVar v : f.vars()) {
                iterId.put(v.symbol(), names.fresh('i', v.symbol()));
                varOf.put(v.symbol(), v);
                factorOf.put(v.symbol(), f);
            }
    }

    /** The kernel's entry point name (for the main kernel). */
    public String entry() {
        return entry;
    }

    /** Identifier of an iterator symbol. */
    protected String iter(String symbol) {
        return iterId.get(symbol);
    }

    /** The flat physical offset of an access in a block context, or empty where it is absent. */
    protected Optional<Linear> address(Access a, Map<Factor, LoopVar> active) {
        TensorDecl t = decl.get(a.tensor());
        if (t == null) t = op.tensor(a.tensor()); // throws: no such tensor
        long constant = 0;
        Map<String, Long> coeffs = new LinkedHashMap<>();
        List<Linear.Gathered> gathered = new ArrayList<>();
        for (int ax = 0; ax < t.rank(); ax++) {
            long stride = t.stride(ax);
            constant += stride * t.margins().get(ax).left();
            switch (a.index().get(ax)) {
                case Index.Affine(List<Index.Term> terms, int offset) -> {
                    constant += stride * offset;
                    for (Index.Term term : terms) {
                        if (!activeIn(term.symbol(), active)) return Optional.empty();
                        coeffs.merge(term.symbol(), stride * term.coeff(), Long::sum);
                    }
                }
                case Index.Concat(List<String> symbols) -> {
                    long before = 0;
                    String hit = null;
                    for (String s : symbols) {
                        if (activeIn(s, active)) { hit = s; break; }
                        before += varOf.get(s).extent();
                    }
                    if (hit == null) return Optional.empty();
                    constant += stride * before;
                    coeffs.merge(hit, stride, Long::sum);
                }
                case Index.Gathered(Access at, int extent) -> {
                    Optional<String> element = element(at, active);
                    if (element.isEmpty()) return Optional.empty();
                    gathered.add(new Linear.Gathered(stride, element.get(), extent));
                }
            }
        }
        return Optional.of(new Linear(constant, coeffs, gathered));
    }

    /**
     * Whether {@code symbol} is bound in the block context: a plain iterator always, a Concat part
     * when it is its factor's active part. Symbols are unique across factors, so the part is active
     * iff some active part has its symbol (a scan of the few Concat factors, not a hash of a
     * factor's whole part list: a 3,000-part block made that quadratic, issue 27).
     */
    private boolean activeIn(String symbol, Map<Factor, LoopVar> active) {
        Factor f = factorOf.get(symbol);
        if (f == null) throw new NoSuchElementException("no iterator " + symbol + " in " + op.name());
        if (!(f instanceof Factor.Concat)) return true;
        for (LoopVar v : active.values()) if (v.symbol().equals(symbol)) return true;
        return false;
    }

    /** {@code T[offset]} for an access, or empty where absent. */
    protected Optional<String> element(Access a, Map<Factor, LoopVar> active) {
        return address(a, active).map(l -> tensorId.get(a.tensor()) + "[" + l.render(this::iter) + "]");
    }

    /** The scalar expression in a block context; empty where it is absent as a whole ({@link Expr}). */
    protected Optional<String> expr(Expr e, Map<Factor, LoopVar> active) {
        return switch (e) {
            case Expr.Read(Access a) -> element(a, active);
            case Expr.Const(double v) -> Optional.of(literal(v));
            case Expr.Unary(UnOp u, Expr arg) -> expr(arg, active).map(x -> unary(u, x));
            case Expr.Binary(BinOp b, Expr l, Expr r) -> {
                Optional<String> x = expr(l, active), y = expr(r, active);
                yield x.isEmpty() ? y : y.isEmpty() ? x : Optional.of(binary(b, x.get(), y.get()));
            }
            case Expr.Fma(Expr a, Expr b, Expr c) -> {
                Optional<String> x = expr(a, active), y = expr(b, active), z = expr(c, active);
                Optional<String> prod = x.isEmpty() ? y : y.isEmpty() ? x : Optional.of(binary(BinOp.MUL, x.get(), y.get()));
                if (x.isPresent() && y.isPresent() && z.isPresent()) yield Optional.of(fma(x.get(), y.get(), z.get()));
                yield prod.isEmpty() ? z : z.isEmpty() ? prod : Optional.of(binary(BinOp.ADD, prod.get(), z.get()));
            }
        };
    }

    /** A float literal, exact (hexadecimal), with the infinities spelled by the target. */
    protected String literal(double v) {
        float f = (float) v;
        if (Float.isNaN(f)) return "NAN";
        if (Float.isInfinite(f)) return f > 0 ? "INFINITY" : "(-INFINITY)";
        return "(" + Float.toHexString(f) + "f)";
    }

    /** The intrinsic table for unary operations. */
    protected String unary(UnOp u, String x) {
        return switch (u) {
            case ID -> x;
            case NEG -> "(-" + x + ")";
            case RELU -> "sf_relu(" + x + ")";
            case EXP -> "sf_expf(" + x + ")";
            case LOG -> "logf(" + x + ")";
            case SQRT -> "sqrtf(" + x + ")";
            case TANH -> "sf_tanhf(" + x + ")";
            case RECIP -> "(1.0f / " + x + ")";
            case ABS -> "fabsf(" + x + ")";
            case SIGMOID -> "sf_sigmoid(" + x + ")";
            case FLOOR -> "floorf(" + x + ")";
            case CEIL -> "ceilf(" + x + ")";
            case ROUND -> "rintf(" + x + ")";
            case SIGN -> "sf_sign(" + x + ")";
            case STEP -> "sf_step(" + x + ")";
            case ISNAN -> "sf_isnan(" + x + ")";
            case ISINF -> "sf_isinf(" + x + ")";
            case SIN -> "sinf(" + x + ")";
            case COS -> "cosf(" + x + ")";
            case TAN -> "tanf(" + x + ")";
            case ASIN -> "asinf(" + x + ")";
            case ACOS -> "acosf(" + x + ")";
            case ATAN -> "atanf(" + x + ")";
            case SINH -> "sinhf(" + x + ")";
            case COSH -> "coshf(" + x + ")";
            case ASINH -> "asinhf(" + x + ")";
            case ACOSH -> "acoshf(" + x + ")";
            case ATANH -> "atanhf(" + x + ")";
        };
    }

    /** The intrinsic table for binary operations. */
    protected String binary(BinOp b, String x, String y) {
        return switch (b) {
            case ADD -> "(" + x + " + " + y + ")";
            case SUB -> "(" + x + " - " + y + ")";
            case MUL -> "(" + x + " * " + y + ")";
            case DIV -> "(" + x + " / " + y + ")";
            case MAX -> "sf_max(" + x + ", " + y + ")";
            case MIN -> "sf_min(" + x + ", " + y + ")";
            case MOD -> "sf_mod(" + x + ", " + y + ")";
            case FMOD -> "fmodf(" + x + ", " + y + ")";
            case POW -> "powf(" + x + ", " + y + ")";
            case MASK -> "sf_mask(" + x + ", " + y + ")";
        };
    }

    protected String fma(String a, String b, String c) {
        return "fmaf(" + a + ", " + b + ", " + c + ")";
    }

    /** The whole translation unit. */
    public abstract String source();
}
