// narrowhost.cpp - the second reference of the narrow.test expectations:
// the host implementations of CUDA's cuda_fp8.h / cuda_fp6.h / cuda_fp4.h.
//
// Compiles narrow.cu as plain host C++ (no __CUDACC__, so the headers take
// their host code paths, written by NVIDIA independently of the PTX
// instructions) and runs its conversion functions - the very ones the
// kernels call on the GPU - on the inputs gen_expected.py asks for. It never
// sees ptxjit or MPFR; gen_expected.py compares its answers with the MPFR
// expectations of fpref.cpp and aborts on any difference it has not been
// told about.
//
// Protocol: one request per stdin line, one answer per stdout line, the
// results in hex, space separated:
//   f32 X Y       f32ToNarrow(X, Y) (X, Y: f32 bit patterns) -> 14 values
//   f16 X Y       f16ToNarrow(X, Y) (f16 bit patterns)       -> 5 values
//   bf16 X Y      bf16ToNarrow(X, Y) (bf16 bit patterns)     -> 9 values
//   narrow A      narrowToHalf(A) (a 16-bit pattern)         -> 6 values
//
// Build: g++ -std=c++17 -I<cuda>/include narrowhost.cpp

#include "narrow.cu"

#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string op;
    in >> op;
    unsigned long x = 0, y = 0;
    in >> std::hex >> x >> y;
    unsigned short o16[16];
    unsigned o32[8];
    int n = 0;
    bool wide = false;
    if (op == "f32") {
      float fx, fy;
      unsigned ux = (unsigned)x, uy = (unsigned)y;
      std::memcpy(&fx, &ux, 4);
      std::memcpy(&fy, &uy, 4);
      f32ToNarrow(fx, fy, o16);
      n = 14;
    } else if (op == "f16") {
      f16ToNarrow((unsigned short)x, (unsigned short)y, o16);
      n = 5;
    } else if (op == "bf16") {
      bf16ToNarrow((unsigned short)x, (unsigned short)y, o16);
      n = 9;
    } else if (op == "narrow") {
      narrowToHalf((unsigned short)x, o32);
      n = 6;
      wide = true;
    } else {
      std::fprintf(stderr, "narrowhost: unknown request: %s\n", line.c_str());
      return 2;
    }
    for (int i = 0; i < n; ++i)
      std::printf(i ? " %x" : "%x", wide ? o32[i] : (unsigned)o16[i]);
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
