package org.shapeforge.cli;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import onnx.Onnx.ModelProto;

/**
 * Issue 27's hostile-input campaign: case {@code i} is drawn from its own seeded RNG (so a case is
 * the same whatever other cases run, and whatever order) in stratum {@code i mod} {@link #STRATA}:
 * every prefix of 11·k cases holds k of each stratum — the default sample is the first 198, the full
 * campaign the first 2,000 ({@link HostileCampaignTest}). Each case is one CLI command line with
 * {@code --json}, over a file it writes under the campaign's folder.
 */
final class HostileCases {
    private HostileCases() {}

    /** One hostile command line: its stratum, what was done to the input, and the arguments. */
    record Case(int index, String stratum, String what, List<String> args) {
        Case {
            args = List.copyOf(args);
        }
    }

    static final List<String> STRATA = List.of("shc-constants", "shc-nesting", "shc-bytes", "shp-constants", "shp-nesting",
            "shp-bytes", "onnx-mutants", "onnx-bytes", "onnx-run", "special-files", "options");

    static final long SEED = 27;

    /** The seed programs: every {@code .shc} and {@code .shp} the repository tracks under these folders, sorted by path. */
    static List<Path> seeds(String ext) {
        List<Path> out = new ArrayList<>();
        for (String root : List.of("../examples", "../oracle/src/test/resources", "../constraints/src/test/resources"))
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                s.filter(p -> p.toString().endsWith(ext) && Files.isRegularFile(p)).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + root, e);
            }
        if (out.isEmpty()) throw new IllegalStateException("no " + ext + " seeds under ../examples");
        return out;
    }

    private static final List<Path> SHC = seeds(".shc"), SHP = seeds(".shp");

    /** Case {@code i}, its files written under {@code dir}. */
    static Case make(int i, Path dir) throws IOException {
        Random rng = new Random(SEED * 1_000_003L + i);
        String stratum = STRATA.get(i % STRATA.size());
        List<String> what = new ArrayList<>();
        List<String> args = switch (stratum) {
            case "shc-constants", "shc-nesting", "shc-bytes" -> {
                Path seed = SHC.get(rng.nextInt(SHC.size()));
                what.add(seed.getFileName().toString());
                String text = Files.readString(seed);
                String mutated = switch (stratum) {
                    case "shc-constants" -> TextMutations.constants(text, rng, what);
                    case "shc-nesting" -> text + "\n" + switch (rng.nextInt(4)) {
                        case 0 -> "size(a) == " + TextMutations.nest("(", "1", ")", rng, what);
                        case 1 -> "<y> ~ [" + TextMutations.nest("(", "a", ")", rng, what) + "]";
                        case 2 -> "<y> ~ [" + TextMutations.nest("a ^ ", "a", "", rng, what) + "]";
                        default -> "size(a) == " + TextMutations.nest("1 + ", "1", "", rng, what);
                    } + "\n";
                    default -> TextMutations.bytes(text, rng, what);
                };
                Path f = write(dir, i, ".shc", mutated);
                yield switch (rng.nextInt(4)) {
                    case 0, 1 -> List.of("solve", f.toString(), "--json", "--timeout-ms", "1000");
                    case 2 -> List.of("smt", f.toString(), "--json", "--timeout-ms", "1000");
                    default -> List.of("check", f.toString(), "--json", "--timeout-ms", "1000");
                };
            }
            case "shp-constants", "shp-nesting", "shp-bytes" -> {
                Path seed = SHP.get(rng.nextInt(SHP.size()));
                what.add(seed.getFileName().toString());
                String text = Files.readString(seed);
                String mutated = switch (stratum) {
                    case "shp-constants" -> TextMutations.constants(text, rng, what);
                    case "shp-nesting" -> "x = data(o=[3])\n" + switch (rng.nextInt(3)) {
                        case 0 -> "y = " + TextMutations.nest("relu(", "x", ")", rng, what);
                        case 1 -> "y = " + TextMutations.nest("(", "x", ")", rng, what);
                        default -> "y = " + TextMutations.nest("x + ", "x", "", rng, what);
                    } + "\n";
                    default -> TextMutations.bytes(text, rng, what);
                };
                Path f = write(dir, i, ".shp", mutated);
                yield stratum.equals("shp-constants") && rng.nextInt(3) == 0
                        ? List.of("run", f.toString(), "--json", "--timeout-ms", "3000")
                        : List.of("infer", f.toString(), "--json", "--timeout-ms", "1000");
            }
            case "onnx-mutants" -> {
                ModelProto.Builder m = ImportMutationTest.SEEDS.get(rng.nextInt(ImportMutationTest.SEEDS.size())).toBuilder();
                what.add(m.getGraph().getName());
                for (int e = 0, n = 1 + rng.nextInt(3); e < n; e++) what.add(Mutations.apply(m.getGraphBuilder(), rng));
                Path f = dir.resolve("c" + i + ".onnx");
                Files.write(f, m.build().toByteArray());
                yield List.of("import", f.toString(), "--json", "--timeout-ms", "1000");
            }
            case "onnx-bytes" -> {
                ModelProto seed = ImportMutationTest.SEEDS.get(rng.nextInt(ImportMutationTest.SEEDS.size()));
                what.add(seed.getGraph().getName());
                Path f = dir.resolve("c" + i + ".onnx");
                Files.write(f, ProtoBytes.mutate(seed.toByteArray(), rng, what));
                yield List.of("import", f.toString(), "--json", "--timeout-ms", "1000");
            }
            case "onnx-run" -> OnnxRunCases.make(i, dir, rng, what);
            case "special-files" -> SpecialFiles.make(i, dir, rng, what);
            default -> HostileOptions.make(i, dir, rng, what);
        };
        return new Case(i, stratum, String.join("; ", what), args);
    }

    static Path write(Path dir, int i, String ext, String text) throws IOException {
        return Files.write(dir.resolve("c" + i + ext), text.getBytes(StandardCharsets.UTF_8));
    }
}
