package org.shapeforge.oracle.contract;

import org.shapeforge.oracle.Backend;

/** The {@link ShapeSolverContract} for the native solver. */
class NativeContractTest extends ShapeSolverContract {
    @Override
    Backend backend() {
        return Backend.NATIVE;
    }

    @Override
    boolean exports() {
        return false;
    }
}
