// recursion_calls.cu - real calls: recursive __noinline__ functions,
// structs and arrays passed and returned by value, indirect calls through a
// table of function pointers.
//
// Source of Inputs/recursion_calls.sm_{75,80,90}.ptx (see regen_ptx.sh).

// The empty asm keeps LLVM from turning the recursion into a loop
// (accumulator tail-recursion elimination).
__device__ __noinline__ unsigned long long fact(unsigned n) {
  if (n <= 1)
    return 1ull;
  unsigned long long r = fact(n - 1);
  asm volatile("" : "+l"(r));
  return r * n;
}

__device__ __noinline__ int fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

// Sum of a[lo..hi) by halving (recursion depth log2(hi - lo)); mixes in the
// depth so that a wrong split shows: each element is weighted by
// (depth % 3 + 1), where depth is the recursion depth at which the single
// element is reached.
__device__ __noinline__ int tree_sum(const int *a, int lo, int hi, int depth) {
  if (hi - lo <= 0)
    return 0;
  if (hi - lo == 1)
    return a[lo] * (depth % 3 + 1);
  int mid = lo + (hi - lo) / 2;
  return tree_sum(a, lo, mid, depth + 1) + tree_sum(a, mid, hi, depth + 1);
}

// Mutual recursion: is_even / is_odd by decrement (depth up to n).
__device__ __noinline__ bool is_odd(unsigned n);
__device__ __noinline__ bool is_even(unsigned n) {
  return n == 0 ? true : is_odd(n - 1);
}
__device__ __noinline__ bool is_odd(unsigned n) {
  return n == 0 ? false : is_even(n - 1);
}

// Ackermann-Peter with small arguments (deep, irregular recursion).
__device__ __noinline__ int ack(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

// Returned by value: mixed field sizes and padding.
struct Mixed {
  char c;
  long long ll;
  float f;
  short s;
  double d;
};

__device__ __noinline__ Mixed make_mixed(int x) {
  Mixed m;
  m.c = (char)(x * 3);
  m.ll = (long long)x * 1000000007ll;
  m.f = x * 0.25f;
  m.s = (short)(x * -7);
  m.d = x * 1.5;
  return m;
}

// Passed by value: a struct holding an array, modified in the callee (the
// caller's copy must not change).
struct Arr {
  int v[8];
};

__device__ __noinline__ int weigh(Arr a, int k) {
  int s = 0;
  for (int i = 0; i < 8; ++i) {
    a.v[i] *= (i + k);
    s += a.v[i];
  }
  return s;
}

// Passed by value and returned: a small struct in registers.
struct Pair {
  int lo, hi;
};

__device__ __noinline__ Pair minmax3(Pair p, int x) {
  Pair r;
  r.lo = min(p.lo, x);
  r.hi = max(p.hi, x);
  return r;
}

typedef int (*binop)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_xor(int a, int b) { return (a ^ b) + fib(a & 7); }

__device__ binop table[4] = {op_add, op_sub, op_mul, op_xor};

// Applies f n times, indirectly.
__device__ __noinline__ int fold(binop f, int n, int x) {
  int acc = x;
  for (int i = 1; i <= n; ++i)
    acc = f(acc, i);
  return acc;
}

// One thread per element, g < n; x = in[g] (0..20). out[g*12 + k] (s64):
//  0  fact(x) (u64 arithmetic)
//  1  fib(x % 16)
//  2  tree_sum(in, 0, g + 1, 0)
//  3  is_even(x + g % 16) (recursion depth up to 35)
//  4  ack(x % 3, x % 5)
//  5  m.c + m.ll + m.s       with m = make_mixed(x - 5) (char wraps)
//  6  (long long)(m.f * 4) * 1000 + (long long)(m.d * 2)
//  7  weigh(a, x) with a.v[i] = in[(g + i) % n]
//  8  a.v[0] + a.v[7] after the call (the callee changed its own copy only)
//  9  lo * 1000 + hi of minmax3 folded over in[(g*3 + i) % n], i < 4, from
//     (x, x)
//  10 table[threadIdx.x % 4](x, g) (indirect call)
//  11 fold(table[(threadIdx.x + g / 4) % 4], x % 6, g) (function pointer
//     passed to a function that calls it in a loop)
extern "C" __global__ void calls(const int *in, long long *out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n)
    return;
  int x = in[g];
  long long *o = out + g * 12;
  o[0] = (long long)fact(x);
  o[1] = fib(x % 16);
  o[2] = tree_sum(in, 0, g + 1, 0);
  o[3] = is_even(x + g % 16) ? 1 : 0;
  o[4] = ack(x % 3, x % 5);
  Mixed m = make_mixed(x - 5);
  o[5] = m.c + m.ll + m.s;
  o[6] = (long long)(m.f * 4.0f) * 1000 + (long long)(m.d * 2.0);
  Arr a;
  for (int i = 0; i < 8; ++i)
    a.v[i] = in[(g + i) % n];
  o[7] = weigh(a, x);
  o[8] = a.v[0] + a.v[7];  // unchanged by weigh
  Pair p = {x, x};
  for (int i = 0; i < 4; ++i)
    p = minmax3(p, in[(g * 3 + i) % n]);
  o[9] = p.lo * 1000 + p.hi;
  binop f = table[threadIdx.x % 4];
  o[10] = f(x, g);
  o[11] = fold(table[(threadIdx.x + g / 4) % 4], x % 6, g);
}
