package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rules {@code docs/architecture.md} and {@code docs/oracle.md} state, kept by the build: a
 * scan of every module's main sources (the repository root is the parent of this module), each
 * rule a list of the files that break it, which must be empty. Comments are not code: javadoc and
 * {@code //} lines are skipped.
 */
class ArchitectureTest {
    static final Path ROOT = Path.of("..");

    /** A main source file: its path from the root ({@code cli/src/main/java/...}) and its code lines. */
    record Source(String path, List<String> code) {
        String module() {
            return path.substring(0, path.indexOf('/'));
        }

        boolean is(String suffix) {
            return path.endsWith(suffix);
        }

        boolean mentions(Pattern p) {
            return code.stream().anyMatch(l -> p.matcher(l).find());
        }
    }

    static List<Source> sources() throws IOException {
        try (Stream<Path> modules = Files.list(ROOT)) {
            List<Source> out = new java.util.ArrayList<>();
            for (Path m : modules.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).toList())
                try (Stream<Path> files = Files.walk(m.resolve("src/main/java"))) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList())
                        out.add(new Source(ROOT.relativize(f).toString().replace('\\', '/'), Files.readAllLines(f).stream()
                                .filter(l -> !l.strip().startsWith("*") && !l.strip().startsWith("/*") && !l.strip().startsWith("//"))
                                .toList()));
                }
            assertTrue(out.size() > 300, "the scan found only " + out.size() + " sources: is the working directory cli/?");
            return out;
        }
    }

    static Set<String> breaking(Pattern p, Predicate<Source> allowed) throws IOException {
        Set<String> out = new TreeSet<>();
        for (Source s : sources()) if (s.mentions(p) && !allowed.test(s)) out.add(s.path());
        return out;
    }

    @Test
    void onlyTheParsersFrontEndsImportAntlr() throws IOException {
        Set<String> front = Set.of("constraints/src/main/java/org/shapeforge/lang/AstBuilder.java",
                "constraints/src/main/java/org/shapeforge/lang/TermBuilder.java",
                "constraints/src/main/java/org/shapeforge/lang/ConstraintBuilder.java",
                "constraints/src/main/java/org/shapeforge/lang/SyntaxErrors.java",
                "constraints/src/main/java/org/shapeforge/lang/NestingLimit.java",
                "constraints/src/main/java/org/shapeforge/program/ProgramParser.java");
        assertEquals(Set.of(), breaking(Pattern.compile("import org\\.antlr\\.|org\\.shapeforge\\.(lang|program)\\.antlr\\."),
                s -> front.contains(s.path())));
    }

    @Test
    void onlySolverSmtImportsZ3() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("com\\.microsoft\\.z3"), s -> s.module().equals("solver-smt")));
    }

    @Test
    void protobufStaysInOnnxAndTheCommandsThatHandOnItsModel() throws IOException {
        Set<String> handOn = Set.of("cli/src/main/java/org/shapeforge/cli/ImportCommand.java",
                "cli/src/main/java/org/shapeforge/cli/OnnxRun.java", "cli/src/main/java/org/shapeforge/cli/OnnxCudaRun.java", "cli/src/main/java/org/shapeforge/cli/CompiledRunner.java",
                "cli/src/main/java/org/shapeforge/cli/ModelCorpus.java",
                // conformance --models counts each peer's full shapes over the loaded model's values (initializers left out)
                "cli/src/main/java/org/shapeforge/cli/PeerCounts.java",
                // run validates the loaded model as import does (its wiring rules, its inputs bound) before running it
                "cli/src/main/java/org/shapeforge/cli/ModelValidity.java",
                // bench import times the parse apart from the translation; the AOT training writes its sample model
                "cli/src/main/java/org/shapeforge/cli/WarmImport.java", "cli/src/main/java/org/shapeforge/cli/SampleModel.java",
                // bench models hands the loaded model to the runner it times (the seam takes what a compiled plan takes) and reads its ops
                "cli/src/main/java/org/shapeforge/cli/ModelsBench.java", "cli/src/main/java/org/shapeforge/cli/ModelRunner.java",
                "cli/src/main/java/org/shapeforge/cli/GraphRunRunner.java", "cli/src/main/java/org/shapeforge/cli/SteadyRun.java",
                "cli/src/main/java/org/shapeforge/cli/ModelKind.java");
        assertEquals(Set.of(), breaking(Pattern.compile("com\\.google\\.protobuf|import onnx\\.|onnx\\.Onnx\\."),
                s -> s.module().equals("onnx") || handOn.contains(s.path())));
    }

    @Test
    void onlyBackendConstructsASolver() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("new\\s+(\\w+\\.)*(NativeSolver|SmtSolver)\\s*\\("),
                s -> s.module().equals("solver-native") || s.module().equals("solver-smt")
                        || s.is("oracle/src/main/java/org/shapeforge/oracle/Backend.java")));
    }

    @Test
    void theCliWritesOneErrorDocument() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("putObject\\(\"error\"\\)"),
                s -> !s.module().equals("cli") || s.is("cli/ErrorDoc.java")));
    }

    @Test
    void thePipelineSeesNoSolverImplementation() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("import org\\.shapeforge\\.(solve|smt|oracle)\\.|org\\.shapeforge\\.solve\\.NativeSolver"),
                s -> !s.module().equals("pipeline")));
    }

    /**
     * A solver's failure reaches its origins by the indices it carries ({@code Failure.indices()}),
     * never by looking a constraint object up (issue 30): no identity map keyed by constraints and no
     * search of a constraint list outside the native solver's canonical order, which maps its
     * residual constraints back to the user's.
     */
    /** A type written by its package in code ({@code java.util.Optional.empty()}, {@code org.shapeforge.x.Y}) outside imports. */
    static final Pattern INLINE_NAME = Pattern.compile(
            "(?<![\\w.@])(?:java|javax|org\\.shapeforge|onnx|com\\.fasterxml|com\\.google|picocli)(?:\\.[a-z_]\\w*)*\\.[A-Z]\\w*");

    /**
     * Types are imported, never written by their package in code (style: imports, not inline
     * qualified names). The one exception is a genuine homonym: projections' {@code Operation},
     * {@code Index} and {@code Factor} beside codegen's IR types of the same names (one index
     * vocabulary is open work), and the solver's {@code Failure} inside {@code ImportResult}, which
     * declares its own.
     */
    @Test
    void typesAreImportedNotWrittenByTheirPackage() throws IOException {
        Pattern allowed = Pattern.compile("org\\.shapeforge\\.project\\.(Operation|Index|Factor)|org\\.shapeforge\\.solver\\.Failure");
        Set<String> out = new TreeSet<>();
        for (Source s : sources())
            for (String line : s.code()) {
                String l = line.strip();
                if (l.startsWith("import ") || l.startsWith("package ")) continue;
                var m = INLINE_NAME.matcher(l.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\""));
                while (m.find()) if (!allowed.matcher(m.group()).matches()) out.add(s.path() + ": " + m.group());
            }
        assertEquals(Set.of(), out);
    }

    @Test
    void failuresReachTheirOriginsByIndexNeverByIdentity() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("IdentityHashMap<\\s*(\\w+\\.)*Constraint\\b|[cC]onstraints(\\(\\))?\\.indexOf\\(|\\bindicesOf\\("),
                s -> s.is("solver-native/src/main/java/org/shapeforge/solve/CanonicalOrder.java")));
    }

    /**
     * The program front end and the pipeline decide on a failure's typed data, never on its text
     * (issue 30: the hidden-dimension diagnosis searched the solver's message).
     */
    @Test
    void theProgramFrontEndReadsNoMessageBack() throws IOException {
        assertEquals(Set.of(), breaking(Pattern.compile("(message|reason|getMessage)\\(\\)\\s*\\.\\s*(contains|indexOf|startsWith|endsWith|matches|split)\\("),
                s -> !s.path().startsWith("constraints/src/main/java/org/shapeforge/program/") && !s.module().equals("pipeline")));
    }

    @Test
    void everyOptionBlockOfTheMixinsIsDeclaredOnce() throws IOException {
        for (String option : List.of("\"--json\", description = \"print one JSON document\")", "\"--timeout-ms\", paramLabel = \"T\", description = \"bound the whole command",
                "\"--complete\"", "\"--smt-budget-ms\"", "\"--trace\"", "\"--model\", paramLabel = \"MODEL\", description = \"transformer (default)"))
            assertEquals(1, breaking(Pattern.compile("@(picocli\\.)?(CommandLine\\.)?Option\\(names = " + Pattern.quote(option)), s -> !s.module().equals("cli")).size(), option);
    }
}
