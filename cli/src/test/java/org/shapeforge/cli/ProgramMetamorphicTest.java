package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Expr;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.TensorShape;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Metamorphic: inferred shapes do not depend on the order of independent statements nor on tensor
 * names. Each example is re-ordered (a random topological order of its statements' dependencies)
 * and its tensors renamed, several times; the shapes, mapped back, must be the same.
 */
class ProgramMetamorphicTest {

    static Map<String, TensorShape> infer(Program p) {
        Inference inf = Inference.run(p, new NativeSolver(), SolveOptions.defaults());
        assertTrue(inf.succeeded(), () -> inf.failure().orElseThrow().message());
        return inf.shapes();
    }

    @Test
    void permutingIndependentStatementsAndRenamingTensorsKeepsShapes() throws Exception {
        for (String e : InferCommandTest.INFERRING) {
            Path f = InferCommandTest.example(e);
            Program p = ProgramParser.parse(f.toString(), Files.readString(f));
            Map<String, TensorShape> base = infer(p);
            Random rnd = new Random(11L * e.hashCode());
            boolean reordered = false;
            for (int trial = 0; trial < 4; trial++) {
                List<Stmt> order = topological(p.statements(), rnd);
                reordered |= !order.equals(p.statements());
                int t = trial;
                UnaryOperator<String> rename = n -> "Q" + new StringBuilder(n).reverse() + t;
                Program q = new Program(p.file(), order.stream().map(s -> rename(s, rename)).toList());
                Map<String, TensorShape> got = infer(q);
                Map<String, TensorShape> back = new LinkedHashMap<>();
                base.keySet().forEach(n -> back.put(n, got.get(rename.apply(n))));
                assertEquals(base, back, e + " trial " + trial + " order " + order.stream().map(ProgramMetamorphicTest::name).toList());
            }
            assertTrue(reordered, e + ": no trial changed the order");
        }
    }

    /** A random order in which every statement comes after those defining what it uses. */
    static List<Stmt> topological(List<Stmt> stmts, Random rnd) {
        List<Stmt> left = new ArrayList<>(stmts), out = new ArrayList<>();
        Set<String> defined = new HashSet<>();
        while (!left.isEmpty()) {
            List<Stmt> ready = left.stream().filter(s -> defined.containsAll(uses(s))).toList();
            assertNotEquals(0, ready.size(), "dependency cycle");
            Stmt pick = ready.get(rnd.nextInt(ready.size()));
            left.remove(pick);
            out.add(pick);
            defined.addAll(defines(pick));
        }
        return out;
    }

    static String name(Stmt s) {
        return switch (s) {
            case Stmt.Assign a -> a.name();
            case Stmt.Update u -> u.name() + ":=";
            case Stmt.SetLabel l -> "set " + l.label();
            case Stmt.SetEqual q -> "set_equal";
            case Stmt.Dynamic d -> "dynamic";
            case Stmt.Fact f -> "fact " + f.dim();
        };
    }

    static Set<String> defines(Stmt s) {
        Set<String> out = new HashSet<>();
        switch (s) {
            case Stmt.Assign a -> {
                out.add(a.name());
                a.captures().forEach(c -> out.add("label:" + c));
            }
            case Stmt.Dynamic d -> d.names().forEach(n -> out.add("dim:" + n));
            default -> {}
        }
        return out;
    }

    static Set<String> uses(Stmt s) {
        Set<String> out = new HashSet<>();
        switch (s) {
            case Stmt.Assign a -> refs(a.expr(), out);
            case Stmt.Update u -> {
                out.add(u.name());
                refs(u.expr(), out);
            }
            case Stmt.SetLabel l -> out.add("label:" + l.label());
            case Stmt.SetEqual q -> {
                out.add("label:" + q.left());
                out.add("label:" + q.right());
            }
            case Stmt.Dynamic d -> {}
            case Stmt.Fact f -> out.add("dim:" + f.dim());
        }
        return out;
    }

    static void refs(Expr e, Set<String> out) {
        switch (e) {
            case Expr.Ref r -> out.add(r.name());
            case Expr.Binary b -> {
                refs(b.left(), out);
                refs(b.right(), out);
            }
            case Expr.Call c -> c.args().forEach(a -> {
                if (a instanceof Expr.Arg.Tensor(var x)) refs(x, out);
            });
            case Expr.Terminal t -> t.rows().values().forEach(ds -> ds.forEach(d -> {
                if (d instanceof Dim.Var(var n, _)) out.add("dim:" + n);
            }));
            case Expr.Scalar s -> {}
        }
    }

    static Stmt rename(Stmt s, UnaryOperator<String> f) {
        return switch (s) {
            case Stmt.Assign a -> new Stmt.Assign(f.apply(a.name()), rename(a.expr(), f), a.captures(), a.span(), a.text());
            case Stmt.Update u -> new Stmt.Update(f.apply(u.name()), rename(u.expr(), f), u.span(), u.text());
            default -> s;
        };
    }

    static Expr rename(Expr e, UnaryOperator<String> f) {
        return switch (e) {
            case Expr.Ref r -> new Expr.Ref(f.apply(r.name()), r.span());
            case Expr.Binary b -> new Expr.Binary(b.op(), rename(b.left(), f), rename(b.right(), f), b.span());
            case Expr.Call c -> new Expr.Call(c.fn(), c.args().stream().map(a -> a instanceof Expr.Arg.Tensor(var x)
                    ? (Expr.Arg) new Expr.Arg.Tensor(rename(x, f)) : a).toList(), c.span());
            default -> e;
        };
    }
}
