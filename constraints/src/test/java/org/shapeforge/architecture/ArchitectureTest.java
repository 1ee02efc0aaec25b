package org.shapeforge.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module DAG and the heavy-dependency rules of {@code docs/architecture.md} (and
 * {@code spec/architecture.md}: "A build test keeps these rules: it fails on a planted violation"),
 * checked over the checkout: each module's main-scope dependencies (its {@code pom.xml}), each main
 * source file's {@code org.shapeforge} imports (only packages of the module itself or of a module
 * it may depend on, directly or not), and who imports ANTLR, Z3 and protobuf. A new module must be
 * placed in {@link #MAY_DEPEND_ON} (or {@link #TOP}) and in the docs' diagram.
 */
class ArchitectureTest {
    /** Module → the sibling modules its main code may depend on (test scope is free). */
    static final Map<String, Set<String>> MAY_DEPEND_ON = new LinkedHashMap<>();

    static {
        MAY_DEPEND_ON.put("constraints", Set.of());
        MAY_DEPEND_ON.put("solver-native", Set.of("constraints")); // never on solver-smt: two independent opinions
        MAY_DEPEND_ON.put("solver-smt", Set.of("constraints"));
        MAY_DEPEND_ON.put("projections", Set.of("constraints")); // no solver: §7 reads solved shapes
        MAY_DEPEND_ON.put("codegen", Set.of("constraints", "projections"));
        MAY_DEPEND_ON.put("oracle", Set.of("constraints", "solver-native", "solver-smt"));
        MAY_DEPEND_ON.put("onnx", Set.of("constraints", "projections", "codegen"));
        MAY_DEPEND_ON.put("pipeline", Set.of("constraints", "projections", "codegen")); // the solver is passed in
    }

    /** Modules at the top of the DAG: they may depend on any other. */
    static final Set<String> TOP = Set.of("cli", "proofs-tests");

    /** Third-party packages that only the named modules may import. */
    static final Map<String, Set<String>> ONLY_IN = Map.of(
            "org.antlr", Set.of("constraints"), // the .shc and .shp AST builders
            "com.microsoft.z3", Set.of("solver-smt"),
            "com.google.protobuf", Set.of("onnx"));

    static final Repository REPO = Repository.find();

    @Test
    void everyModuleHasAPlaceInTheDag() {
        for (String m : REPO.moduleDependencies().keySet())
            assertTrue(MAY_DEPEND_ON.containsKey(m) || TOP.contains(m),
                    "module " + m + " is in no rule: place it in ArchitectureTest.MAY_DEPEND_ON and docs/architecture.md");
    }

    @Test
    void moduleDependenciesFollowTheDag() {
        List<String> bad = new ArrayList<>();
        REPO.moduleDependencies().forEach((m, deps) -> {
            if (TOP.contains(m) || !MAY_DEPEND_ON.containsKey(m)) return;
            for (String d : deps)
                if (!MAY_DEPEND_ON.get(m).contains(d)) bad.add(m + "/pom.xml: depends on " + d);
        });
        assertEquals(List.of(), bad, "main-scope module dependencies outside docs/architecture.md's DAG");
    }

    @Test
    void sourcesImportOnlyWhatTheirModuleMayDependOn() throws Exception {
        Map<String, String> owner = packageOwners();
        List<String> bad = new ArrayList<>();
        for (Repository.Import i : REPO.mainImports()) {
            if (TOP.contains(i.module()) || !i.imported().startsWith("org.shapeforge.")) continue;
            String owning = owner.get(packageOf(i.imported()));
            if (owning != null && !owning.equals(i.module()) && !reachable(i.module()).contains(owning))
                bad.add(i.file() + ": imports " + i.imported() + " (module " + owning + ")");
        }
        assertEquals(List.of(), bad, "imports across the module DAG");
    }

    @Test
    void heavyDependenciesStayInTheirModule() {
        List<String> bad = new ArrayList<>();
        for (Repository.Import i : REPO.mainImports())
            ONLY_IN.forEach((prefix, modules) -> {
                if (i.imported().startsWith(prefix + ".") && !modules.contains(i.module()))
                    bad.add(i.file() + ": imports " + i.imported() + " (only " + modules + " may)");
            });
        assertEquals(List.of(), bad, "ANTLR, Z3 and protobuf outside their modules");
    }

    /** The modules {@code m} may reach through the DAG (every module, for one at the top). */
    static Set<String> reachable(String m) {
        Set<String> seen = new TreeSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(MAY_DEPEND_ON.getOrDefault(m, Set.of()));
        while (!todo.isEmpty()) {
            String d = todo.pop();
            if (seen.add(d)) todo.addAll(MAY_DEPEND_ON.getOrDefault(d, Set.of()));
        }
        return seen;
    }

    /** Package → the module whose main sources define it. */
    static Map<String, String> packageOwners() throws Exception {
        Map<String, String> owner = new LinkedHashMap<>();
        for (String m : REPO.moduleDependencies().keySet()) {
            Path src = REPO.root().resolve(m).resolve("src/main/java");
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList())
                    owner.putIfAbsent(src.relativize(f.getParent()).toString().replace('/', '.'), m);
            }
        }
        return owner;
    }

    /** The package of an imported name: its segments up to the first capitalised one (a class). */
    static String packageOf(String imported) {
        StringBuilder sb = new StringBuilder();
        for (String seg : imported.split("\\.")) {
            if (seg.isEmpty() || Character.isUpperCase(seg.charAt(0)) || seg.equals("*")) break;
            if (!sb.isEmpty()) sb.append('.');
            sb.append(seg);
        }
        return sb.toString();
    }
}
