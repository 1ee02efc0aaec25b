package org.shapeforge.program;

import java.util.HashMap;
import java.util.Map;

/**
 * The scalar operation of a recorded operation ({@link Generated.OpNode}), decoded once from the
 * source token by {@link ShapeLogic}: a {@link Builtin} that code generation and the reference
 * switch on, or a {@link Named} function the front end infers shapes for but nothing lowers (its
 * name kept for the messages that refuse it). {@link #token} is the source spelling, for people.
 */
public sealed interface ScalarOp {
    /** The source spelling ({@code *.}, {@code relu}, {@code softmax:max} for softmax's parts). */
    String token();

    /** The scalar operations the language defines. */
    enum Builtin implements ScalarOp {
        ADD("+"), SUB("-"), MUL("*."), DIV("/"), COMPOSE("*"), MAX("max"), MIN("min"),
        RELU("relu"), EXP("exp"), LOG("log"), SQRT("sqrt"), TANH("tanh"), NEG("neg"), ABS("abs"),
        SIGMOID("sigmoid"), RECIP("recip"), ID("id"), WHERE("where"), FMA("fma"), TRANSPOSE("transpose"),
        ASSIGN(":="), PERMUTE("permute"), EINSUM("einsum"), BLOCK("block"), STACK_OUT("stack_out"),
        STACK_IN("stack_in"), STACK_BATCH("stack_batch"), SLICE("slice"), FLATTEN("flatten"), TRUNCATE("truncate"),
        /** Softmax's four operations ({@link Softmax}): max-reduce, exp(a − m), sum-reduce, divide. */
        SOFTMAX_MAX("softmax:max"), SOFTMAX_EXP_SUB("softmax:exp-sub"), SOFTMAX_SUM("softmax:sum"),
        SOFTMAX_DIVIDE("softmax:divide");

        private final String token;

        Builtin(String token) {
            this.token = token;
        }

        @Override
        public String token() {
            return token;
        }
    }

    /** A function the language does not define: pointwise for shapes, refused by code generation. */
    record Named(String token) implements ScalarOp {}

    /** The operation a source token (an operator or a callee's name) denotes: the front end's one decoding. */
    static ScalarOp of(String token) {
        ScalarOp b = Tokens.BUILTIN.get(token);
        return b != null ? b : new Named(token);
    }

    /** The token table, built once. */
    final class Tokens {
        private Tokens() {}

        static final Map<String, Builtin> BUILTIN = new HashMap<>();

        static {
            for (Builtin b : Builtin.values()) BUILTIN.put(b.token, b);
        }
    }
}
