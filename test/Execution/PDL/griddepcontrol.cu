// A kernel that uses programmatic dependent launch (sm_90): it waits for its
// prerequisite grid, then lets its dependents start.
extern "C" __global__ void scale(const float *x, float *y, int n, float a) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i];
  cudaTriggerProgrammaticLaunchCompletion();
}
