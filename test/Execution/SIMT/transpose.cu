// transpose.cu - 32x32 tiled shared-memory matrix transpose.
//
// Source of Inputs/transpose.sm_{75,80,90}.ptx (see regen_ptx.sh).

#define TILE 32
#define ROWS 8

// out (cols x rows) = transpose of in (rows x cols), both row-major and
// dense. Launch with --block=32,8 and --grid=ceil(cols/32),ceil(rows/32):
// each CTA loads a 32x32 tile (each thread 4 elements, 8 rows apart) into a
// padded tile[32][33] (no bank conflicts on the column read), synchronises,
// and writes the tile transposed. Edge tiles are bounds-checked on both
// sides.
extern "C" __global__ void transpose(const int *in, int *out, int rows,
                                     int cols) {
  __shared__ int tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

// The same on doubles, for 8-byte shared loads and stores, with a
// grid-stride loop over tiles in y (gridDim.y may be smaller than the number
// of tile rows): each CTA handles tile rows blockIdx.y, blockIdx.y +
// gridDim.y, ... and synchronises twice per tile.
extern "C" __global__ void transpose_f64(const double *in, double *out,
                                         int rows, int cols) {
  __shared__ double tile[TILE][TILE + 1];
  for (int ty = blockIdx.y; ty * TILE < rows; ty += gridDim.y) {
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = ty * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
      if (x < cols && y + j < rows)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = ty * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
      if (x < rows && y + j < cols)
        out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    __syncthreads();
  }
}
