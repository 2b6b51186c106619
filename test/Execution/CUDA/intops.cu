// intops.cu - integer arithmetic, bit manipulation and conversions.
//
// Source of Inputs/intops.sm_{75,80,90}.ptx (see regen_ptx.sh). Each kernel
// reads element i of its inputs and writes K results to out[K*i .. K*i+K-1].
// Signed overflow is avoided by doing wrapping arithmetic in unsigned types;
// shift amounts are masked into range; divisors are nonzero in the tests and
// INT_MIN / -1 never occurs.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

#define I32_K 24
__global__ void int32_ops(int n, const int *a, const int *b, int *out) {
  int i = GID;
  if (i >= n)
    return;
  int x = a[i], y = b[i];
  unsigned ux = x, uy = y;
  int *o = out + I32_K * i;
  o[0] = (int)(ux + uy);
  o[1] = (int)(ux - uy);
  o[2] = (int)(ux * uy);
  o[3] = __mulhi(x, y);
  o[4] = x / y;
  o[5] = x % y;
  o[6] = min(x, y);
  o[7] = max(x, y);
  o[8] = abs(y); // y != INT_MIN in the tests
  o[9] = (int)(ux << (uy & 31));
  o[10] = x >> (y & 31); // arithmetic shift
  o[11] = x & y;
  o[12] = x | y;
  o[13] = x ^ y;
  o[14] = ~x;
  o[15] = (int)(0u - ux);
  o[16] = x < y ? x : (int)(uy * 3u);
  o[17] = (x == y) + 2 * (x != y) + 4 * (x <= y) + 8 * (x > y);
  o[18] = x / 7;      // magic-number division
  o[19] = x % 7;
  o[20] = x / -3;
  o[21] = x / 16;     // power of two, rounds toward zero
  o[22] = x % 16;
  o[23] = (int)((long long)x * y >> 32) ^ (int)((unsigned long long)(long long)x * (unsigned long long)(long long)y);
}

#define U32_K 16
__global__ void uint32_ops(int n, const unsigned *a, const unsigned *b,
                           unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i];
  unsigned *o = out + U32_K * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __umulhi(x, y);
  o[4] = x / y;
  o[5] = x % y;
  o[6] = min(x, y);
  o[7] = max(x, y);
  o[8] = x << (y & 31);
  o[9] = x >> (y & 31); // logical shift
  o[10] = x / 10;
  o[11] = x % 10;
  o[12] = x < y ? x - y : y - x;
  o[13] = (x >= y) + 2 * (x < y);
  unsigned s = (y & 30) + 1; // rotate by 1..31
  o[14] = (x << s) | (x >> (32 - s));
  o[15] = x * 2654435761u + (y >> 3);
}

#define I64_K 20
__global__ void int64_ops(int n, const long long *a, const long long *b,
                          long long *out) {
  int i = GID;
  if (i >= n)
    return;
  long long x = a[i], y = b[i];
  unsigned long long ux = x, uy = y;
  long long *o = out + I64_K * i;
  o[0] = (long long)(ux + uy);
  o[1] = (long long)(ux - uy);
  o[2] = (long long)(ux * uy);
  o[3] = __mul64hi(x, y);
  o[4] = x / y;
  o[5] = x % y;
  o[6] = min(x, y);
  o[7] = max(x, y);
  o[8] = llabs(y); // y != LLONG_MIN in the tests
  o[9] = (long long)(ux << (uy & 63));
  o[10] = x >> (y & 63);
  o[11] = x & y;
  o[12] = x | y;
  o[13] = x ^ ~y;
  o[14] = x < y ? x : (long long)(uy * 5u);
  o[15] = x / 1000;
  o[16] = x % 1000;
  o[17] = (x == y) + 2 * (x != y) + 4 * (x <= y) + 8 * (x > y);
  o[18] = (long long)((int)x) * (long long)((int)y); // mul.wide.s32
  o[19] = (long long)(0ull - ux);
}

#define U64_K 14
__global__ void uint64_ops(int n, const unsigned long long *a,
                           const unsigned long long *b,
                           unsigned long long *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned long long x = a[i], y = b[i];
  unsigned long long *o = out + U64_K * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __umul64hi(x, y);
  o[4] = x / y;
  o[5] = x % y;
  o[6] = min(x, y);
  o[7] = max(x, y);
  o[8] = x << (y & 63);
  o[9] = x >> (y & 63);
  o[10] = x / 10;
  o[11] = x % 10;
  o[12] = (x >= y) + 2 * (x < y);
  o[13] = (unsigned long long)(unsigned)x * (unsigned)y; // mul.wide.u32
}

// Bit manipulation intrinsics. a, b, c are 32-bit inputs; d is a 64-bit input.
#define BIT_K 24
__global__ void bit_ops(int n, const unsigned *a, const unsigned *b,
                        const unsigned *c, const unsigned long long *d,
                        unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i], s = c[i];
  unsigned long long w = d[i];
  unsigned *o = out + BIT_K * i;
  o[0] = __popc(x);
  o[1] = __clz(x);
  o[2] = __brev(x);
  o[3] = __ffs(x);
  o[4] = __byte_perm(x, y, s & 0x7777); // selector nibbles 0..7
  o[5] = __funnelshift_l(x, y, s);      // shift amount taken mod 32
  o[6] = __funnelshift_r(x, y, s);
  o[7] = __funnelshift_lc(x, y, s);     // shift amount clamped to 32
  o[8] = __funnelshift_rc(x, y, s);
  o[9] = __sad((int)x >> 2, (int)y >> 2, s); // |x-y| + s, no overflow
  o[10] = __usad(x, y, s);
#if __CUDA_ARCH__ >= 610
  o[11] = (unsigned)__dp4a((int)x, (int)y, (int)s);
  o[12] = __dp4a(x, y, s);
#else
  int acc = (int)s;
  unsigned uacc = s;
  for (int k = 0; k < 32; k += 8) {
    acc += (int)(signed char)(x >> k) * (int)(signed char)(y >> k);
    uacc += ((x >> k) & 0xff) * ((y >> k) & 0xff);
  }
  o[11] = (unsigned)acc;
  o[12] = uacc;
#endif
  o[13] = __popcll(w);
  o[14] = __clzll(w);
  o[15] = __ffsll(w);
  o[16] = (unsigned)(__brevll(w) >> 32);
  o[17] = (unsigned)__brevll(w);
  o[18] = (x >> (s & 31)) & ((1u << (y & 15)) - 1u); // bit-field extract
  o[19] = (x & ~(0xffu << 8)) | ((y & 0xffu) << 8);  // bit-field insert
  o[20] = (x & y) | (~x & s);                        // 3-input logic
  o[21] = __popc(x ^ y) + __clz(x | 1);
  o[22] = (unsigned)(w >> 32) ^ (unsigned)w;
  unsigned k = s & 63; // 64-bit rotate right by k
  o[23] = (unsigned)(k ? (w >> k) | (w << (64 - k)) : w);
}

// Conversions between integer widths, all results widened to 64 bits.
#define CONV_K 16
__global__ void int_conv(int n, const long long *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  long long x = a[i];
  long long *o = out + CONV_K * i;
  o[0] = (signed char)x;
  o[1] = (unsigned char)x;
  o[2] = (short)x;
  o[3] = (unsigned short)x;
  o[4] = (int)x;
  o[5] = (unsigned)x;
  o[6] = (long long)(signed char)(x >> 8) * 3;
  o[7] = (short)((unsigned short)x + (unsigned short)(x >> 16));
  o[8] = (int)(unsigned char)x - (int)(signed char)x;
  o[9] = (unsigned short)(short)(signed char)x;
  o[10] = (long long)(int)(x >> 32);
  o[11] = (unsigned long long)(unsigned)(x >> 16);
  o[12] = (signed char)x < (unsigned char)x;
  o[13] = (short)x >= 0 ? 1 : -1;
  o[14] = (long long)((unsigned)x >> 31) + (long long)((int)x >> 31) * 16;
  o[15] = (unsigned char)((unsigned char)x * (unsigned char)(x >> 8));
}

// Loads and stores of 8- and 16-bit data: out[4*i + k] from the four inputs,
// and narrow stores into o8 / o16.
__global__ void small_mem(int n, const signed char *s8, const unsigned char *u8,
                          const short *s16, const unsigned short *u16,
                          int *out, signed char *o8, unsigned short *o16) {
  int i = GID;
  if (i >= n)
    return;
  out[4 * i + 0] = s8[i];
  out[4 * i + 1] = u8[i];
  out[4 * i + 2] = s16[i];
  out[4 * i + 3] = u16[i] * s8[i];
  o8[i] = (signed char)(s8[i] * 3 + u8[i]);
  o16[i] = (unsigned short)(s16[i] - u16[i]);
}
