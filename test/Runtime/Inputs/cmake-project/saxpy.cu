// saxpy on managed memory, the program of cmake_project.test.
#include <cstdio>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  const int n = 4096;
  float *x, *y;
  cudaError_t err = cudaMallocManaged(&x, n * sizeof(float));
  if (err == cudaSuccess)
    err = cudaMallocManaged(&y, n * sizeof(float));
  if (err != cudaSuccess) {
    printf("saxpy: %s\n", cudaGetErrorString(err));
    return 1;
  }
  for (int i = 0; i < n; ++i) { x[i] = i; y[i] = 1; }
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
  err = cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += y[i] != 2.0f * i + 1;
  printf("saxpy: %s, %d mismatches\n", cudaGetErrorString(err), bad);
  return bad != 0 || err != cudaSuccess;
}
