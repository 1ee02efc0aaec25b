package org.shapeforge.solve.close;

/** Stage 4: the {@code leaf}/{@code param} dimensions with a cap to that cap, together ({@link DimCommits#capped}). */
final class LeafDimsStage implements Pass {
    @Override
    public Stage stage() {
        return Stage.LEAF_DIMS;
    }

    @Override
    public void run(Closer cx) {
        if (cx.prov().leaf().isEmpty()) return;
        DimCommits.capped(cx, DimCommits.vars(cx.view().store()), true);
    }
}
