package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Option values past their ranges, for {@link HostileCases}: rank bounds, timeouts, dynamic-size
 * bindings, seeds and memory bounds that overflow, are negative or are not numbers; an invalid
 * regex; an unknown option — on small valid inputs, so only the option is hostile.
 */
final class HostileOptions {
    private HostileOptions() {}

    static final String[] NUMBERS = {"-1", "0", "1025", "2147483647", "2147483648", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "abc", "1e3", "", "0x10"};
    static final String[] BINDS = {"n=-1", "n=0", "n=1", "n=9223372036854775808", "n=9223372036854775807", "n=2147483647", "=3", "n",
            "x=1", "n=1=2", "n=46341", "n=3037000500"};
    static final String[] MEMORY = {"0", "-5", "1", "1P", "garbage", "9999999999999G", "8E", "9223372036854775807", "1K"};

    static List<String> make(int i, Path dir, Random rng, List<String> what) throws IOException {
        String shc = HostileCases.write(dir, i, ".shc", "<x> ~ [a]\nsize(a) in 1..8\n").toString();
        String shp = HostileCases.write(dir, i, ".shp", "dynamic n\nx = data(b=[n], o=[4])\nw = param(i=[4], o=[4])\ny = w * x\n").toString();
        List<String> args = new ArrayList<>();
        String num = NUMBERS[rng.nextInt(NUMBERS.length)];
        switch (rng.nextInt(7)) {
            case 0 -> args.addAll(List.of(new String[] {"solve", "smt", "oracle"}[rng.nextInt(3)], shc, "--rank-bound", num));
            case 1 -> args.addAll(List.of(new String[] {"solve", "smt", "infer", "run", "import", "check"}[rng.nextInt(6)], shc,
                    "--timeout-ms", num));
            case 2 -> args.addAll(List.of("run", shp, "--bind", BINDS[rng.nextInt(BINDS.length)]));
            case 3 -> args.addAll(List.of("run", shp, "--seed", num, "--bind", "n=2"));
            case 4 -> {
                Path model = dir.resolve("c" + i + ".onnx");
                java.nio.file.Files.write(model, ImportMutationTest.cnn().toByteArray());
                args.addAll(List.of("run", model.toString(), "--inputs", dir.toString(), "--max-memory", MEMORY[rng.nextInt(MEMORY.length)]));
            }
            case 5 -> args.addAll(List.of("conformance", "--match", new String[] {"[", "(", "*", "a{99999999999}", "\\"}[rng.nextInt(5)]));
            default -> args.addAll(List.of(new String[] {"solve", "infer", "import"}[rng.nextInt(3)], shc,
                    new String[] {"--frobnicate", "--rank-bound", "--timeout-ms="}[rng.nextInt(3)]));
        }
        if (args.getFirst().equals("infer") || args.getFirst().equals("run")) args.set(1, args.get(1).equals(shc) ? shp : args.get(1));
        if (args.getFirst().equals("import")) args.set(1, shc); // not a model: the option or the file is what is refused
        what.add(String.join(" ", args.subList(2, args.size())));
        args.add("--json");
        return args;
    }
}
