package org.shapeforge.onnx.values.plan;

/**
 * Why part of a model (or all of it) cannot be replayed from one recorded run, so
 * {@link CompiledModel#run} interprets it at every run: a value computed in Java from
 * input-dependent data, or not a function of the inputs at all (the nodes from there on are
 * interpreted, {@link Mode.Partial}); or the whole model, when the segments cannot be cut or the
 * replay did not reproduce the recorded run.
 */
public sealed interface Unplannable {

    /** The reason in words, for people. */
    String render();

    /** Why an op is declared dependent on its data ({@link DataDependence}). */
    enum Dependence {
        /** The shape of an output depends on the input values (NonZero, NonMaxSuppression, Compress, Unique). */
        SHAPE_FROM_DATA,
        /** The outputs are random draws, not a function of the inputs. */
        RANDOM
    }

    /** Node {@code node} runs op {@code op}, declared data-dependent for {@code why}, on input-dependent data. */
    record DataDependentOp(String node, String op, Dependence why) implements Unplannable {
        @Override
        public String render() {
            return "node '" + node + "' (" + op + "): " + switch (why) {
                case SHAPE_FROM_DATA -> "the shape of its output depends on its input data";
                case RANDOM -> "its outputs are random draws";
            };
        }
    }

    /** The lowering of node {@code node} read input-dependent numbers in Java (to steer a shape, an index, a branch). */
    record ReadsData(String node, String op) implements Unplannable {
        @Override
        public String render() {
            return "node '" + node + "' (" + op + "): its lowering reads input-dependent values in Java";
        }
    }

    /** A kernel of node {@code node} writes a result with margins, which a replay does not lay out. */
    record PaddedResult(String node, String op) implements Unplannable {
        @Override
        public String render() {
            return "node '" + node + "' (" + op + "): a kernel result with margins";
        }
    }

    /** The interpreted nodes read {@code value}, which a node outside them computes inside a fusion group, so no replay hands it over. */
    record Unrecorded(String value) implements Unplannable {
        @Override
        public String render() {
            return "the interpreted nodes read '" + value + "', which no replayed node hands over";
        }
    }

    /** Replaying the recorded kernels on the recorded inputs gave {@code replayed} where the run gave {@code recorded}. */
    record NotReproduced(String output, int index, double recorded, double replayed) implements Unplannable {
        @Override
        public String render() {
            return "the replay differs from the interpreted run at output '" + output + "'[" + index + "]: " + replayed
                    + " instead of " + recorded;
        }
    }
}
