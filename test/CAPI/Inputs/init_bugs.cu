// Seeded initcheck bugs: each kernel reads device memory that the host
// program (initcheck_client.c) leaves unwritten in one known place; the
// client describes which. fill/accumulate also run correctly.
// Built with: nvcc -arch=sm_80 -ptx -lineinfo init_bugs.cu
extern "C" __global__ void accumulate(float *out, const float *in) {
  int i = threadIdx.x;
  out[i] += in[i]; // BUG when out was never written.
}

extern "C" __global__ void sum_halves(const int *in, int *out, int n) {
  int i = threadIdx.x;
  out[i] = in[i] + in[i + n]; // BUG when only in[0..n) was copied.
}

extern "C" __global__ void count(unsigned *counter) {
  atomicAdd(counter, 1u); // BUG when the counter was never zeroed.
}

extern "C" __global__ void stencil(const float *in, float *out, int n) {
  int i = threadIdx.x + 1;
  if (i < n - 1)
    out[i] = in[i - 1] + in[i] + in[i + 1]; // BUG when in[0] is unset.
}

extern "C" __global__ void gather(const int *index, const float *table,
                                  float *out) {
  int i = threadIdx.x;
  out[i] = table[index[i]]; // BUG when table is only half written.
}

extern "C" __global__ void fill(float *out, float value) {
  out[threadIdx.x] = value;
}
