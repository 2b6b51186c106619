// local_arrays.cu - per-thread arrays indexed with data-dependent indices,
// which nvcc keeps in local memory (.local, __local_depot).
//
// Source of Inputs/local_arrays.sm_{75,80,90}.ptx (see regen_ptx.sh).

// Each thread g sorts its 16 values in[g*16 .. g*16+15] in a local int a[32]
// (bubble sort, not unrolled), and also counts them into a local histogram
// cnt[32] indexed by value & 31. out[g*18 + k]:
//  0..15  the sorted values (ascending, signed)
//  16     sum over i of cnt[i] * i (the histogram read back in order)
//  17     a[(in[g*16] & 15) + 16] after a[16 + i] = a[i] ^ i for i < 16, i.e.
//         a data-dependent read of the upper half of the array
extern "C" __global__ void local_sort(const int *in, int *out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n)
    return;
  int a[32];
  int cnt[32];
#pragma unroll 1
  for (int i = 0; i < 32; ++i)
    cnt[i] = 0;
#pragma unroll 1
  for (int i = 0; i < 16; ++i) {
    a[i] = in[g * 16 + i];
    cnt[a[i] & 31]++;
  }
#pragma unroll 1
  for (int i = 0; i < 15; ++i) {
#pragma unroll 1
    for (int j = 0; j < 15 - i; ++j) {
      if (a[j] > a[j + 1]) {
        int tmp = a[j];
        a[j] = a[j + 1];
        a[j + 1] = tmp;
      }
    }
  }
  int *o = out + g * 18;
#pragma unroll 1
  for (int i = 0; i < 16; ++i)
    o[i] = a[i];
  int s = 0;
#pragma unroll 1
  for (int i = 0; i < 32; ++i)
    s += cnt[i] * i;
  o[16] = s;
#pragma unroll 1
  for (int i = 0; i < 16; ++i)
    a[16 + i] = a[i] ^ i;
  o[17] = a[(in[g * 16] & 15) + 16];
}

// A per-thread stack machine in local memory: a program of opcodes (shared
// by all threads) runs on a local unsigned stack[24] (arithmetic wraps
// modulo 2^32); the stack pointer depends on the data. Opcodes (prog[pc]): 0 push in[g] + pc, 1 add, 2 mul, 3 dup,
// 4 swap, 5 push stack[sp - 1 - (top & 3)] (pick; 0xffffffff when that is
// below the bottom), 6 sub. Stack underflow is
// avoided by the program. out[g] = the top of the stack at the end, and
// out[n + g] = the final depth.
extern "C" __global__ void local_stack(const unsigned *in,
                                       const unsigned char *prog, int plen,
                                       unsigned *out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n)
    return;
  unsigned stack[24];
  int sp = 0;
  unsigned x = in[g];
  for (int pc = 0; pc < plen; ++pc) {
    switch (prog[pc]) {
    case 0:
      stack[sp++] = x + pc;
      break;
    case 1:
      --sp;
      stack[sp - 1] += stack[sp];
      break;
    case 2:
      --sp;
      stack[sp - 1] *= stack[sp];
      break;
    case 3:
      stack[sp] = stack[sp - 1];
      ++sp;
      break;
    case 4: {
      unsigned t = stack[sp - 1];
      stack[sp - 1] = stack[sp - 2];
      stack[sp - 2] = t;
      break;
    }
    case 5: {
      int k = stack[sp - 1] & 3;
      unsigned v = sp - 1 - k >= 0 ? stack[sp - 1 - k] : 0xffffffffu;
      stack[sp++] = v;
      break;
    }
    default:
      --sp;
      stack[sp - 1] -= stack[sp];
      break;
    }
  }
  out[g] = stack[sp - 1];
  out[n + g] = sp;
}
