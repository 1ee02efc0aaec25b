package org.shapeforge.codegen.cuda;

/** One kernel launch of a generated CUDA program: entry name, grid and block dimensions. */
public record CudaLaunch(String kernel, long gridX, long gridY, long gridZ, int blockX, int blockY, int blockZ) {
    public CudaLaunch {
        if (gridX < 1 || gridX > Integer.MAX_VALUE || gridY < 1 || gridY > 65535 || gridZ < 1 || gridZ > 65535)
            throw new IllegalArgumentException("grid " + gridX + "x" + gridY + "x" + gridZ + " exceeds CUDA's limits");
    }
}
