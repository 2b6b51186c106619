// More seeded memcheck bugs (see memcheck_bugs.cu), one known bug a kernel.
// Built with: nvcc -arch=sm_80 -ptx -lineinfo memcheck_bugs2.cu
struct Point {
  float x, y, z;
};

// Writes p[n].z: the 12-byte struct one past the end of the array.
extern "C" __global__ void struct_past_end(Point *p, int n) {
  int i = threadIdx.x;
  if (i <= n) // BUG: <= instead of <.
    p[i].z = 1.0f;
}

// A double2 load at an 8-byte offset: 16-byte alignment is required.
extern "C" __global__ void misaligned_double2(const double *in, double *out) {
  const double2 *v = reinterpret_cast<const double2 *>(in + 1); // BUG
  double2 d = v[threadIdx.x];
  out[threadIdx.x] = d.x + d.y;
}

// in[i - 1] with an unsigned index: thread 0 reads in[0xffffffff].
extern "C" __global__ void unsigned_wraparound(const float *in, float *out) {
  unsigned i = threadIdx.x;
  out[i] = in[i - 1]; // BUG for i == 0.
}

// tile[t - 1] for thread 0: 4 bytes before the CTA's shared memory.
extern "C" __global__ void shared_negative_index(const int *in, int *out) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[t - 1]; // BUG for t == 0.
}
