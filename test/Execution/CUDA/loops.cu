// loops.cu - per-thread loops with data-dependent trip counts.
//
// Source of Inputs/loops.sm_{75,80,90}.ptx (see regen_ptx.sh).

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// Number of Collatz steps from a[i] (>= 1) down to 1; intermediate values
// are 64-bit.
__global__ void collatz(int n, const unsigned *a, unsigned *steps) {
  int i = GID;
  if (i >= n)
    return;
  unsigned long long x = a[i];
  unsigned s = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    ++s;
  }
  steps[i] = s;
}

// sum_{j=1..a[i]} j, and a hash loop the compiler cannot turn into a closed
// form: h = h * 33 ^ j for j = 1..a[i].
__global__ void sum_to(int n, const int *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  long long s = 0;
  unsigned h = 5381;
  for (int j = 1; j <= a[i]; ++j) {
    s += j;
    h = (h * 33u) ^ (unsigned)j;
  }
  out[2 * i] = s;
  out[2 * i + 1] = h;
}

// Nested loops: outer trip count a[i], inner trip count depends on the outer
// index and b[i], with a continue.
__global__ void nested(int n, const int *a, const int *b, unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned acc = 0;
  for (int p = 0; p < a[i]; ++p) {
    for (int q = 0; q <= p + b[i]; ++q) {
      if ((p ^ q) & 1)
        continue;
      acc = acc * 31u + (unsigned)(p * 7 + q);
    }
    acc ^= (unsigned)p << 3;
  }
  out[i] = acc;
}

// Loop with an early break: the smallest j in [1, 1000] with
// (j * j * a[i]) % 97 == 1, or -1.
__global__ void search(int n, const int *a, int *out) {
  int i = GID;
  if (i >= n)
    return;
  int r = -1;
  for (int j = 1; j <= 1000; ++j) {
    if ((j * j % 97) * (a[i] % 97) % 97 == 1) {
      r = j;
      break;
    }
  }
  out[i] = r;
}

// Triple loop nest over a small 3-D range whose bounds come from the data;
// counts lattice points with x*x + y*y + z*z <= a[i].
__global__ void lattice(int n, const int *a, int *out) {
  int i = GID;
  if (i >= n)
    return;
  int r2 = a[i], cnt = 0;
  int r = 0;
  while ((r + 1) * (r + 1) <= r2)
    ++r;
  for (int x = -r; x <= r; ++x)
    for (int y = -r; y <= r; ++y)
      for (int z = -r; z <= r; ++z)
        cnt += (x * x + y * y + z * z <= r2);
  out[i] = cnt;
}
