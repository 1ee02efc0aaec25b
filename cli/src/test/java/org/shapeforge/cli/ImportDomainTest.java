package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.onnx.AnnotatedModel;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.onnx.Importer;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;
import org.shapeforge.testenv.Requires;

/**
 * {@code import} prints the domain of the dim_params where its symbolic shapes hold ({@code
 * requires …}, the {@code --json} {@code requires} array, the annotated model's metadata), and the
 * printed domain is the true one, checked by Z3 (Debian's {@code z3} binary): bindings Z3 picks
 * inside it import at those numbers with every shape the symbolic one evaluated there, and bindings
 * Z3 picks outside it fail at a named node.
 */
class ImportDomainTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return new Run(cl.execute(args), out.toString() + err);
    }

    private static ImportResult imported(ModelProto m) {
        return Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
    }

    private Path write(ModelProto m, String name) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, m.toByteArray());
        return f;
    }

    @Test
    void theDomainIsPrintedAsTextJsonAndMetadata() throws Exception {
        Path f = write(DomainModels.longSignal(), "audio.onnx");
        Run text = run("import", f.toString());
        assertEquals(0, text.code(), text.out());
        assertTrue(text.out().contains("y  [batch, 8]\nrequires samples >= 436\n"), text.out());
        Run json = run("import", f.toString(), "--json");
        JsonNode doc = Cli.JSON.readTree(json.out());
        assertEquals("[\"samples >= 436\"]", doc.get("requires").toString());
        Path out = dir.resolve("annotated.onnx");
        assertEquals(0, run("import", f.toString(), "-o", out.toString()).code());
        var meta = ModelProto.parseFrom(Files.readAllBytes(out)).getMetadataPropsList().stream()
                .filter(p -> p.getKey().equals(AnnotatedModel.REQUIRES_KEY)).toList();
        assertEquals(1, meta.size());
        assertEquals("samples >= 436", meta.getFirst().getValue());
        Run windows = run("import", write(DomainModels.windows(), "w.onnx").toString(), "--json");
        assertEquals("[\"h % 8 == 0\",\"h >= 8\"]", Cli.JSON.readTree(windows.out()).get("requires").toString());
    }

    @Test
    void bindingsInsideThePrintedDomainImportAndOutsideFail() throws Exception {
        Requires.that(z3("(check-sat)").contains("sat"), "Debian's z3 binary is not on PATH");
        check(DomainModels.windows(), List.of("batch", "h"));
        check(DomainModels.longSignal(), List.of("batch", "samples"));
    }

    private void check(ModelProto m, List<String> names) throws Exception {
        ImportResult sym = imported(m);
        assertTrue(sym.succeeded(), () -> sym.failure().message());
        assertFalse(sym.requires().isEmpty(), "a model with a domain");
        String domain = "(and " + String.join(" ", sym.requires().stream().map(ImportDomainTest::smt).toList()) + ")";
        for (Map<String, Long> b : models(names, domain, 4)) {
            ImportResult r = imported(DomainModels.at(m, b));
            assertTrue(r.succeeded(), () -> b + " is inside " + sym.requires() + " but fails: " + r.failure().message());
            sym.values().forEach((v, dims) -> {
                List<String> want = new ArrayList<>();
                for (InferredDim d : dims) want.add(evaluated(d, b));
                assertEquals(want, r.shapes().get(v), () -> v + " at " + b);
            });
        }
        for (Map<String, Long> b : models(names, "(not " + domain + ")", 3)) {
            ImportResult r = imported(DomainModels.at(m, b));
            assertFalse(r.succeeded(), () -> b + " is outside " + sym.requires() + " but imports: " + r.shapes());
            assertTrue(r.failure().message().contains("node '"), () -> "names its node: " + r.failure().message());
        }
    }

    /** An axis at the binding: a number stays, a symbolic size is evaluated by Z3 (not by our own evaluator). */
    private static String evaluated(InferredDim d, Map<String, Long> b) {
        return switch (d) {
            case InferredDim.Known(long n) -> Long.toString(n);
            case InferredDim.Symbolic(SymSize size) -> z3(decls(b) + "(simplify " + smt(size) + ")").strip();
            case InferredDim.Residual r -> "residual " + r.printed();
            case InferredDim.Undetermined u -> "undetermined";
        };
    }

    private static String decls(Map<String, Long> b) {
        StringBuilder s = new StringBuilder();
        b.forEach((n, v) -> s.append("(define-fun ").append(n).append(" () Int ").append(v).append(")\n"));
        return s.toString();
    }

    /** Up to {@code count} distinct models of {@code formula} over {@code names} (each in 1..4096), Z3's choice. */
    private static List<Map<String, Long>> models(List<String> names, String formula, int count) {
        List<Map<String, Long>> out = new ArrayList<>();
        StringBuilder script = new StringBuilder();
        for (String n : names) script.append("(declare-const ").append(n).append(" Int)(assert (<= 1 ").append(n).append(" 4096))\n");
        script.append("(assert ").append(formula).append(")\n");
        for (int i = 0; i < count; i++) {
            String answer = z3(script + "(check-sat)(get-value (" + String.join(" ", names) + "))");
            if (!answer.startsWith("sat")) break;
            Map<String, Long> b = new TreeMap<>();
            Matcher v = Pattern.compile("\\((\\w+) (\\d+)\\)").matcher(answer);
            while (v.find()) b.put(v.group(1), Long.parseLong(v.group(2)));
            assertEquals(names.size(), b.size(), answer);
            out.add(b);
            StringBuilder same = new StringBuilder("(assert (not (and");
            b.forEach((n, x) -> same.append(" (= ").append(n).append(' ').append(x).append(')'));
            script.append(same).append(")))\n");
        }
        assertFalse(out.isEmpty(), "Z3 found no binding of " + formula);
        return out;
    }

    /** A condition as SMT-LIB ({@code //} and {@code %} by a positive constant are SMT-LIB's div and mod). */
    static String smt(SymCondition c) {
        String l = smt(c.left()), r = smt(c.right());
        return switch (c.rel()) {
            case EQ -> "(= " + l + " " + r + ")";
            case NE -> "(not (= " + l + " " + r + "))";
            case LT -> "(< " + l + " " + r + ")";
            case LE -> "(<= " + l + " " + r + ")";
            case GT -> "(> " + l + " " + r + ")";
            case GE -> "(>= " + l + " " + r + ")";
        };
    }

    private static String smt(SymSize s) {
        StringBuilder b = new StringBuilder("(+ 0");
        s.terms().forEach((m, k) -> {
            String coeff = k < 0 ? "(- " + -k + ")" : Long.toString(k);
            if (m.atoms().isEmpty()) {
                b.append(' ').append(coeff);
                return;
            }
            b.append(" (* ").append(coeff);
            for (SymAtom a : m.atoms())
                b.append(' ').append(switch (a) {
                    case SymAtom.Name(String n) -> n;
                    case SymAtom.Div(SymSize num, long d) -> "(div " + smt(num) + " " + d + ")";
                    case SymAtom.Mod(SymSize num, long d) -> "(mod " + smt(num) + " " + d + ")";
                });
            b.append(')');
        });
        return b.append(')').toString();
    }

    private static String z3(String script) {
        try {
            Process p = new ProcessBuilder("z3", "-in").redirectErrorStream(true).start();
            p.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
