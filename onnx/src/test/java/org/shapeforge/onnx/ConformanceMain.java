package org.shapeforge.onnx;

import java.nio.file.Path;
import org.shapeforge.solve.NativeSolver;

/** Ad-hoc: prints the conformance report (development aid). */
public final class ConformanceMain {
    public static void main(String[] a) throws Exception {
        var r = Conformance.run(Path.of(a.length > 0 ? a[0] : "/usr/share/libonnx-testdata/data"), new NativeSolver());
        for (var c : r.cases()) if (c.status() != Conformance.Status.PASSED && c.status() != Conformance.Status.UNSUPPORTED)
            System.out.println(c.status() + " " + c.name() + " " + c.ops() + ": " + c.reason());
        System.out.println("supported " + r.supported() + " passed " + r.passed() + " of " + r.cases().size());
        r.byFolder().forEach((f, x) -> System.out.println(f + " " + x[0] + " " + x[1] + " " + x[2]));
    }
}
