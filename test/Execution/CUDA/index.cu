// index.cu - 2-D and 3-D grid / block index arithmetic.
//
// Source of Inputs/index.sm_{75,80,90}.ptx (see regen_ptx.sh).

// C = A + B on a rows x cols matrix stored with a row pitch (in elements);
// 2-D grid of 2-D blocks. Elements in the padding are not touched.
__global__ void matadd(int rows, int cols, int pitch, const float *A,
                       const float *B, float *C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols)
    C[r * pitch + c] = A[r * pitch + c] + B[r * pitch + c];
}

// out (cols x rows, pitch outPitch) = transpose of in (rows x cols, pitch
// inPitch), one thread per input element.
__global__ void transpose(int rows, int cols, int inPitch, int outPitch,
                          const int *in, int *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols)
    out[c * outPitch + r] = in[r * inPitch + c];
}

// Every thread of a 3-D grid of 3-D blocks writes four decimal-coded words
// at its linear global id: its %tid, %ctaid, %ntid and %nctaid, each as
// x + 100 * y + 10000 * z.
__global__ void ids3d(unsigned *out) {
  unsigned gx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned gy = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned gz = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned nx = gridDim.x * blockDim.x;
  unsigned ny = gridDim.y * blockDim.y;
  unsigned lin = (gz * ny + gy) * nx + gx;
  unsigned *o = out + 4 * lin;
  o[0] = threadIdx.x + 100 * threadIdx.y + 10000 * threadIdx.z;
  o[1] = blockIdx.x + 100 * blockIdx.y + 10000 * blockIdx.z;
  o[2] = blockDim.x + 100 * blockDim.y + 10000 * blockDim.z;
  o[3] = gridDim.x + 100 * gridDim.y + 10000 * gridDim.z;
}

// Linear thread id within the block and block id within the grid, the usual
// CUDA row-major formulas, combined into one 64-bit value per thread.
__global__ void linear3d(unsigned long long *out) {
  unsigned tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
                 threadIdx.x;
  unsigned bid = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x +
                 blockIdx.x;
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned long long g = (unsigned long long)bid * nthreads + tid;
  out[g] = (g << 32) | ((unsigned long long)bid << 16) | tid;
}
