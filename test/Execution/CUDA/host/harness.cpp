// harness.cpp - runs one kernel of ../*.cu on the host, for crosscheck.py.
// argv: KERNEL GX GY GZ BX BY BZ PRINT_INDEX PRINT_TYPE REPEAT ARG...
//   ARG = s:TYPE:HEXBITS (scalar, raw bits) | b:TYPE:N:PATH (buffer file,
//   rewritten with the final contents). Prints buffer PRINT_INDEX (if >= 0)
//   one element a line with std::to_chars.
#include "host_shim.h"
#include <charconv>
#include <cstdio>
#include <string>
#include <vector>
#include <functional>
#include <map>

#include "../axpy.cu"
#include "../intops.cu"
#include "../fconv.cu"
#include "../index.cu"
#include "../loops.cu"
#include "../divergence.cu"
#include "../manyctas.cu"
union Arg { int32_t i; uint32_t u; int64_t l; float f; double d; void *p; };
static std::vector<Arg> A;
#define P(T, k) ((T)A[k].p)
static std::map<std::string, std::function<void()>> K = {
  {"saxpy", [] { saxpy(A[0].i, A[1].f, P(const float *, 2), P(float *, 3)); }},
  {"daxpy", [] { daxpy(A[0].i, A[1].d, P(const double *, 2), P(double *, 3)); }},
  {"farith", [] { farith(A[0].i, P(const float *, 1), P(const float *, 2), P(const float *, 3), P(float *, 4)); }},
  {"darith", [] { darith(A[0].i, P(const double *, 1), P(const double *, 2), P(const double *, 3), P(double *, 4)); }},
  {"int32_ops", [] { int32_ops(A[0].i, P(const int *, 1), P(const int *, 2), P(int *, 3)); }},
  {"uint32_ops", [] { uint32_ops(A[0].i, P(const unsigned *, 1), P(const unsigned *, 2), P(unsigned *, 3)); }},
  {"int64_ops", [] { int64_ops(A[0].i, P(const long long *, 1), P(const long long *, 2), P(long long *, 3)); }},
  {"uint64_ops", [] { uint64_ops(A[0].i, P(const unsigned long long *, 1), P(const unsigned long long *, 2), P(unsigned long long *, 3)); }},
  {"bit_ops", [] { bit_ops(A[0].i, P(const unsigned *, 1), P(const unsigned *, 2), P(const unsigned *, 3), P(const unsigned long long *, 4), P(unsigned *, 5)); }},
  {"int_conv", [] { int_conv(A[0].i, P(const long long *, 1), P(long long *, 2)); }},
  {"small_mem", [] { small_mem(A[0].i, P(const signed char *, 1), P(const unsigned char *, 2), P(const short *, 3), P(const unsigned short *, 4), P(int *, 5), P(signed char *, 6), P(unsigned short *, 7)); }},
  {"f32_to_int", [] { f32_to_int(A[0].i, P(const float *, 1), P(long long *, 2)); }},
  {"f64_to_int", [] { f64_to_int(A[0].i, P(const double *, 1), P(long long *, 2)); }},
  {"int_to_f32", [] { int_to_f32(A[0].i, P(const int *, 1), P(const long long *, 2), P(float *, 3)); }},
  {"int_to_f64", [] { int_to_f64(A[0].i, P(const int *, 1), P(const long long *, 2), P(const float *, 3), P(double *, 4)); }},
  {"f64_to_f32", [] { f64_to_f32(A[0].i, P(const double *, 1), P(float *, 2)); }},
  {"matadd", [] { matadd(A[0].i, A[1].i, A[2].i, P(const float *, 3), P(const float *, 4), P(float *, 5)); }},
  {"transpose", [] { transpose(A[0].i, A[1].i, A[2].i, A[3].i, P(const int *, 4), P(int *, 5)); }},
  {"ids3d", [] { ids3d(P(unsigned *, 0)); }},
  {"linear3d", [] { linear3d(P(unsigned long long *, 0)); }},
  {"collatz", [] { collatz(A[0].i, P(const unsigned *, 1), P(unsigned *, 2)); }},
  {"sum_to", [] { sum_to(A[0].i, P(const int *, 1), P(long long *, 2)); }},
  {"nested", [] { nested(A[0].i, P(const int *, 1), P(const int *, 2), P(unsigned *, 3)); }},
  {"search", [] { search(A[0].i, P(const int *, 1), P(int *, 2)); }},
  {"lattice", [] { lattice(A[0].i, P(const int *, 1), P(int *, 2)); }},
  {"branches", [] { branches(P(const int *, 0), P(int *, 1)); }},
  {"loop_diverge", [] { loop_diverge(P(unsigned *, 0)); }},
  {"interp", [] { interp(A[0].i, P(const unsigned char *, 1), P(const unsigned *, 2), P(unsigned *, 3)); }},
  {"stamp", [] { stamp(P(unsigned *, 0)); }},
  {"stamp2d", [] { stamp2d(P(unsigned *, 0)); }},
  {"accumulate", [] { accumulate(P(unsigned *, 0)); }},
};
// argv: kernel gx gy gz bx by bz printidx printtype repeat then args: s:TYPE:HEXBITS | b:TYPE:N:PATH
int main(int argc, char **argv) {
  std::string kname = argv[1];
  unsigned g[3], b[3];
  for (int i = 0; i < 3; ++i) { g[i] = atoi(argv[2 + i]); b[i] = atoi(argv[5 + i]); }
  int pidx = atoi(argv[8]); std::string ptype = argv[9]; int repeat = atoi(argv[10]);
  std::vector<size_t> sizes; std::vector<std::string> paths;
  for (int i = 11; i < argc; ++i) {
    std::string s = argv[i]; Arg a; a.l = 0;
    if (s[0] == 's') { unsigned long long bits = strtoull(s.substr(s.rfind(':') + 1).c_str(), 0, 16); memcpy(&a, &bits, 8); sizes.push_back(0); paths.push_back(""); }
    else {
      size_t p1 = s.find(':', 2), p2 = s.find(':', p1 + 1);
      size_t n = strtoull(s.substr(p1 + 1, p2 - p1 - 1).c_str(), 0, 10);
      std::string path = s.substr(p2 + 1);
      FILE *f = fopen(path.c_str(), "rb"); fseek(f, 0, SEEK_END); size_t sz = ftell(f); fseek(f, 0, SEEK_SET);
      a.p = malloc(sz + 8); fread(a.p, 1, sz, f); fclose(f); sizes.push_back(sz); paths.push_back(path);
    }
    A.push_back(a);
  }
  gridDim.x = g[0]; gridDim.y = g[1]; gridDim.z = g[2]; blockDim.x = b[0]; blockDim.y = b[1]; blockDim.z = b[2];
  auto &fn = K.at(kname);
  for (int r = 0; r < repeat; ++r)
  for (unsigned bz = 0; bz < g[2]; ++bz) for (unsigned by = 0; by < g[1]; ++by) for (unsigned bx = 0; bx < g[0]; ++bx)
  for (unsigned tz = 0; tz < b[2]; ++tz) for (unsigned ty = 0; ty < b[1]; ++ty) for (unsigned tx = 0; tx < b[0]; ++tx) {
    blockIdx.x = bx; blockIdx.y = by; blockIdx.z = bz; threadIdx.x = tx; threadIdx.y = ty; threadIdx.z = tz;
    fn();
  }
  for (size_t i = 0; i < A.size(); ++i) if (sizes[i]) { FILE *f = fopen(paths[i].c_str(), "wb"); fwrite(A[i].p, 1, sizes[i], f); fclose(f); }
  if (pidx < 0) return 0;
  char *p = (char *)A[pidx].p; size_t sz = sizes[pidx]; char buf[64];
  auto pr = [&](auto v) { auto r = std::to_chars(buf, buf + 64, v); *r.ptr = 0; puts(buf); };
  if (ptype == "f32") for (size_t o = 0; o < sz; o += 4) { float v; memcpy(&v, p + o, 4); pr(v); }
  else if (ptype == "f64") for (size_t o = 0; o < sz; o += 8) { double v; memcpy(&v, p + o, 8); pr(v); }
  else if (ptype == "s8") for (size_t o = 0; o < sz; o += 1) { int8_t v; memcpy(&v, p + o, 1); pr((int)v); }
  else if (ptype == "u8") for (size_t o = 0; o < sz; o += 1) { uint8_t v; memcpy(&v, p + o, 1); pr((unsigned)v); }
  else if (ptype == "s16") for (size_t o = 0; o < sz; o += 2) { int16_t v; memcpy(&v, p + o, 2); pr((int)v); }
  else if (ptype == "u16") for (size_t o = 0; o < sz; o += 2) { uint16_t v; memcpy(&v, p + o, 2); pr((unsigned)v); }
  else if (ptype == "s32") for (size_t o = 0; o < sz; o += 4) { int32_t v; memcpy(&v, p + o, 4); pr(v); }
  else if (ptype == "u32") for (size_t o = 0; o < sz; o += 4) { uint32_t v; memcpy(&v, p + o, 4); pr(v); }
  else if (ptype == "s64") for (size_t o = 0; o < sz; o += 8) { int64_t v; memcpy(&v, p + o, 8); pr(v); }
  else if (ptype == "u64") for (size_t o = 0; o < sz; o += 8) { uint64_t v; memcpy(&v, p + o, 8); pr(v); }
}
