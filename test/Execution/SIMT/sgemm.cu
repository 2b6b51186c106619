// sgemm.cu - tiled single-precision matrix multiply with 16x16 shared tiles.
//
// Source of Inputs/sgemm.sm_{75,80,90}.ptx (see regen_ptx.sh).

#define TS 16

// C = alpha * A * B + beta * C with A (M x K), B (K x N), C (M x N), all
// row-major and dense. Launch with --block=16,16 and
// --grid=ceil(N/16),ceil(M/16). Each CTA walks the K dimension in 16-wide
// steps, staging one tile of A and one of B in shared memory (zero-padded
// past the matrix edges) between two barriers.
extern "C" __global__ void sgemm(int M, int N, int K, float alpha,
                                 const float *A, const float *B, float beta,
                                 float *C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty;
  int col = blockIdx.x * TS + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TS; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
