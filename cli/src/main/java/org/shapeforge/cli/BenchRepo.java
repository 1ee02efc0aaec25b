package org.shapeforge.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository a benchmark runs from, for the files beside the jar it needs (the launcher
 * {@code ./shapeforge}, {@code scripts/}): the directory holding {@code cli/target/shapeforge.jar}
 * when the running code is that jar, else the nearest directory at or above the working directory
 * that has both {@code shapeforge} and {@code scripts/} (the tests run in {@code cli/}); null if none.
 */
final class BenchRepo {
    private BenchRepo() {}

    static Path root() {
        try {
            Path p = Path.of(BenchRepo.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
            if (p.toString().endsWith(".jar") && p.getParent() != null && p.getParent().getParent() != null) {
                Path r = p.getParent().getParent().getParent();
                if (r != null && isRoot(r)) return r;
            }
        } catch (Exception e) {
            // no code source (a custom class loader): fall back to the working directory
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent())
            if (isRoot(d)) return d;
        return null;
    }

    private static boolean isRoot(Path d) {
        return Files.isRegularFile(d.resolve("shapeforge")) && Files.isDirectory(d.resolve("scripts"));
    }
}
