// scan.cu - block-level inclusive prefix sums in shared memory.
//
// Source of Inputs/scan.sm_{75,80,90}.ptx (see regen_ptx.sh).

// Hillis-Steele scan with double buffering: every CTA scans its own
// blockDim.x-element segment of in (elements at g >= n count as 0; only
// g < n is written): out[g] = in[seg_start] + ... + in[g]. log2 steps, one
// barrier each; blockDim.x may be any size up to 1024.
extern "C" __global__ void scan_hs(const int *in, int *out, int n) {
  __shared__ int buf[2][1024];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int pout = 0;
  buf[0][t] = g < n ? in[g] : 0;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int pin = pout;
    pout = 1 - pout;
    int v = buf[pin][t];
    if (t >= off)
      v += buf[pin][t - off];
    buf[pout][t] = v;
    __syncthreads();
  }
  if (g < n)
    out[g] = buf[pout][t];
}

// Blelloch (work-efficient) scan: every CTA scans a segment of
// 2 * blockDim.x elements (blockDim.x a power of two, at most 1024), each
// thread loading and storing two of them. Up-sweep, clear the last element,
// down-sweep (an exclusive scan), then out = exclusive + in, an inclusive scan
// of the segment. Elements at i >= n count as 0 and are not written.
extern "C" __global__ void scan_blelloch(const int *in, int *out, int n) {
  __shared__ int s[2048];
  int t = threadIdx.x;
  int m = 2 * blockDim.x;
  int base = blockIdx.x * m;
  int i0 = base + 2 * t, i1 = base + 2 * t + 1;
  int a0 = i0 < n ? in[i0] : 0;
  int a1 = i1 < n ? in[i1] : 0;
  s[2 * t] = a0;
  s[2 * t + 1] = a1;
  int off = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = off * (2 * t + 1) - 1;
      int bi = off * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    off <<= 1;
  }
  if (t == 0)
    s[m - 1] = 0;
  for (int d = 1; d < m; d <<= 1) {
    off >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = off * (2 * t + 1) - 1;
      int bi = off * (2 * t + 2) - 1;
      int x = s[ai];
      s[ai] = s[bi];
      s[bi] += x;
    }
  }
  __syncthreads();
  if (i0 < n)
    out[i0] = s[2 * t] + a0;
  if (i1 < n)
    out[i1] = s[2 * t + 1] + a1;
}
