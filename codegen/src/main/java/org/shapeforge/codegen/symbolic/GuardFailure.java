package org.shapeforge.codegen.symbolic;

import java.util.Map;

/**
 * A symbolic kernel refused its sizes at entry ({@link SymbolicKernel.Guard}): {@code operation}
 * was called at {@code binding}, which violates {@code relation} (with its source); no buffer was
 * read or written. Typed, so that a caller reports it without parsing the message.
 */
public final class GuardFailure extends RuntimeException {
    private final String operation, relation;
    private final Map<String, Long> binding;

    public GuardFailure(String operation, String relation, Map<String, Long> binding) {
        super("operation " + operation + ": its kernel refused the sizes " + binding + " at entry: they violate " + relation);
        this.operation = operation;
        this.relation = relation;
        this.binding = Map.copyOf(binding);
    }

    public String operation() {
        return operation;
    }

    /** The violated relation with its source, as the kernel's {@code _guard} function returns it. */
    public String relation() {
        return relation;
    }

    public Map<String, Long> binding() {
        return binding;
    }
}
