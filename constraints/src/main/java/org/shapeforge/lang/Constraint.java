package org.shapeforge.lang;

import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The atomic constraints of the language ({@code language.md}, "Constraints"): the core
 * fragment of Def. 3.4 (dimension equality and order, row equality and order), the one-shot
 * order of Remark 2.15(ii), and the row constraints and size predicates of seeds 000 and 002.
 * How row equality and row order are judged depends on the semantics
 * ({@link org.shapeforge.semantics.Semantics}).
 */
public sealed interface Constraint extends Statement {

    /** {@code d1 = d2}: identity of ground dimensions. */
    record DimEq(Dim left, Dim right, Span span) implements Constraint {}

    /** {@code d1 <= d2}: the broadcast order {@code lower ⊑ upper} (Def. 1.2); result below operand. */
    record DimLe(Dim lower, Dim upper, Span span) implements Constraint {}

    /** {@code R1 ~ R2}: row equality, ≈ under {@code flat} (Def. 3.4). */
    record RowEq(Row left, Row right, Span span) implements Constraint {}

    /** {@code R1 <= R2}: row order, the marked order of Def. 2.3 (two-sorted under {@code rigid}). */
    record RowLe(Row lower, Row upper, Span span) implements Constraint {}

    /** {@code R1 <=1 R2}: the one-shot order {@code flat(R1)• ⊑ R2} (Remark 2.15(ii)). */
    record RowLeOne(Row lower, Row upper, Span span) implements Constraint {}

    /**
     * {@code total(R1, …) = num / {d…}}: Total_elems (seed 000) over the concatenated rows, no
     * broadcasting: the product of all axis sizes equals the numerator divided by the product
     * of the {@code dividedBy} sizes.
     */
    record Total(List<Row> rows, TotalNum numerator, List<Dim> dividedBy, Span span) implements Constraint {
        public Total {
            rows = List.copyOf(rows);
            dividedBy = List.copyOf(dividedBy);
            if (rows.isEmpty()) throw new IllegalArgumentException("total() needs at least one row");
        }
    }

    /** {@code exact(R1, …) = [a, 3]}: the concatenated rows have exactly these axes (seed 000). */
    record Exact(List<Row> rows, List<Dim> axes, Span span) implements Constraint {
        public Exact {
            rows = List.copyOf(rows);
            axes = List.copyOf(axes);
            if (rows.isEmpty()) throw new IllegalArgumentException("exact() needs at least one row");
        }
    }

    /**
     * A size predicate {@code e1 REL e2} over sizes (basis tags ignored): At_least_dim
     * ({@code size(a) >= 3}), divisibility ({@code size(a) % 4 == 0}), orders, mul_eq,
     * group_mul_eq, affine_eq (seed 002, shape distribution constraints).
     */
    record SizeRel(SizeExpr left, Rel rel, SizeExpr right, Span span) implements Constraint {}

    /** {@code size(e) in lo..hi}: an inclusive range. */
    record SizeIn(SizeExpr expr, long lo, long hi, Span span) implements Constraint {
        public SizeIn {
            if (lo > hi) throw new IllegalArgumentException("empty range " + lo + ".." + hi);
        }
    }

    /** {@code likely(a) = {32, 64}}: a hint; holds in every assignment, never changes satisfiability. */
    record Likely(Dim dim, List<Long> values, Span span) implements Constraint {
        public Likely {
            values = List.copyOf(values);
        }
    }

    /** Comparison operators of size predicates. */
    enum Rel {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        public final String symbol;

        Rel(String symbol) {
            this.symbol = symbol;
        }

        public boolean test(long a, long b) {
            return switch (this) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
            };
        }

        /** The relation that holds exactly where this one fails: {@code ==} and {@code !=}, {@code <} and {@code >=}, {@code <=} and {@code >}. */
        public Rel negated() {
            return switch (this) {
                case EQ -> NE;
                case NE -> EQ;
                case LT -> GE;
                case LE -> GT;
                case GT -> LE;
                case GE -> LT;
            };
        }
    }

    /** The numerator of Total_elems: {@code Num_elems n} or {@code Strided_var {coeff; var; denom}}. */
    sealed interface TotalNum {
        record NumElems(long n) implements TotalNum {
            public NumElems {
                if (n < 0) throw new IllegalArgumentException("negative element count " + n);
            }
        }

        record StridedVar(long coeff, Dim.Var var, long denom) implements TotalNum {
            public StridedVar {
                if (coeff <= 0 || denom <= 0) throw new IllegalArgumentException("coeff and denom must be > 0");
            }
        }
    }
}
