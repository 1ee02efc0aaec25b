package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.program.ProgramRun;

/**
 * One line on how a dynamic program's kernels were built ({@code run}, {@code infer --emit c}):
 * how many take the dynamic dims as parameters (compiled once for every binding), and each
 * operation that was specialised at the bound sizes with its reason.
 */
final class KernelSummary {
    private KernelSummary() {}

    static String line(List<ProgramRun.KernelUse> kernels) {
        long symbolic = kernels.stream().filter(ProgramRun.KernelUse::symbolic).count();
        Map<String, List<String>> byReason = new LinkedHashMap<>(); // operations grouped by the reason, in program order
        for (ProgramRun.KernelUse k : kernels)
            if (!k.symbolic()) byReason.computeIfAbsent(k.note(), r -> new ArrayList<>()).add(k.operation());
        List<String> specialised = new ArrayList<>();
        byReason.forEach((why, ops) -> specialised.add(String.join(", ", ops) + " (" + why + ")"));
        return "kernels: " + symbolic + "/" + kernels.size() + " with the dynamic sizes as parameters (compiled once for every binding)"
                + (specialised.isEmpty() ? "" : "; specialised at these sizes: " + String.join("; ", specialised));
    }
}
