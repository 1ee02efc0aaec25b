package org.shapeforge.onnx.values.plan;

/**
 * Where the numbers of one kernel operand (or graph output) come from in a recorded run, and so
 * where a replay finds them: a graph input, a constant of the plan (an initializer, a Constant,
 * anything computed from constants, shapes and attributes alone, uploaded once), or the result of
 * an earlier replayed kernel.
 */
sealed interface Source {

    /** The graph input {@code name}: uploaded at every run. */
    record Input(String name) implements Source {}

    /** The {@code index}th constant of the plan: uploaded once, when the plan is built. */
    record Constant(int index) implements Source {
        public Constant {
            if (index < 0) throw new IllegalArgumentException("negative constant index " + index);
        }
    }

    /** The result of replayed step {@code step}: computed in place at every run. */
    record Result(int step) implements Source {
        public Result {
            if (step < 0) throw new IllegalArgumentException("negative step " + step);
        }
    }

    /** Whether the numbers change with the graph inputs. */
    default boolean dynamic() {
        return switch (this) {
            case Input i -> true;
            case Result r -> true;
            case Constant c -> false;
        };
    }
}
