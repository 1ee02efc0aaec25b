package org.shapeforge.cli;

import org.shapeforge.solver.ClosingPolicy;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --closing notes|ocannl} of {@code solve}, {@code infer} and {@code run} (issue 28;
 * docs/solver.md, "Closing: notes or OCANNL"): which closing the native solver applies where the
 * formal notes and OCANNL differ. A picocli mixin, declared once here; any other value is a usage
 * error naming both.
 */
final class ClosingOption {
    @Option(names = "--closing", paramLabel = "POLICY", defaultValue = "notes", converter = Converter.class,
            description = "closing policy: notes (Def. 6.1 of the formal notes; the default) or ocannl"
                    + " (OCANNL's stage-3 LUB from the row environment and its Total_elems one-axis closing; docs/solver.md)")
    ClosingPolicy policy;

    /** {@code notes} or {@code ocannl}, through {@link ClosingPolicy#parse}. */
    static final class Converter implements CommandLine.ITypeConverter<ClosingPolicy> {
        @Override
        public ClosingPolicy convert(String value) {
            try {
                return ClosingPolicy.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
