//===- compile_bench.cpp - Compile time against the size of the PTX -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Compiles generated kernels of 10^2 .. 10^5 instructions (the compile cache
// off) and reports the time of each compile stage and the time per
// instruction: compile time must grow linearly with the PTX.
//
//   build/bench/ptxjit-compile-bench [--max=100000]
//
// The shapes:
// - uniform-chain: setp.lt.f32 + selp.f32 links over values every thread
//   loads alike (a max-reduction; LLVM's loop vectorizer once made these
//   exponential);
// - thread-chain: the same, each thread over its own values;
// - straight-int: a straight line of dependent integer add/xor/shl;
// - straight-fma: a straight line of fma.rn.f32 over loaded values.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Module.h"

#include "llvm/Support/Error.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

/// A kernel of about \p instructions instructions of \p shape.
std::string generate(const std::string &shape, unsigned instructions) {
  std::string ptx = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k(.param .u64 out, .param .u64 in) {\n"
                    "  .reg .f32 %f<4>;\n  .reg .pred %p;\n"
                    "  .reg .u32 %r<4>;\n  .reg .u64 %rd<5>;\n"
                    "  ld.param.u64 %rd1, [out];\n"
                    "  ld.param.u64 %rd2, [in];\n";
  bool perThread = shape == "thread-chain" || shape == "straight-fma";
  if (perThread)
    ptx += "  mov.u32 %r3, %tid.x;\n  mul.wide.u32 %rd3, %r3, 4;\n"
           "  add.u64 %rd2, %rd2, %rd3;\n  add.u64 %rd1, %rd1, %rd3;\n";
  ptx += "  ld.global.f32 %f0, [%rd2];\n  ld.global.u32 %r0, [%rd2];\n";
  char line[160];
  if (shape == "uniform-chain" || shape == "thread-chain") {
    // Registers are reused: the SSA the frontend builds is the same.
    for (unsigned i = 0; i < instructions / 3; ++i) {
      std::snprintf(line, sizeof(line),
                    "  ld.global.f32 %%f1, [%%rd2+%u];\n"
                    "  setp.lt.f32 %%p, %%f0, %%f1;\n"
                    "  selp.f32 %%f0, %%f1, %%f0, %%p;\n",
                    4 * (i % 1024));
      ptx += line;
    }
  } else if (shape == "straight-int") {
    for (unsigned i = 0; i < instructions / 3; ++i) {
      std::snprintf(line, sizeof(line),
                    "  add.u32 %%r1, %%r0, %u;\n  shl.b32 %%r2, %%r1, 3;\n"
                    "  xor.b32 %%r0, %%r2, %%r1;\n",
                    i * 2654435761u);
      ptx += line;
    }
    ptx += "  cvt.rn.f32.u32 %f0, %r0;\n";
  } else {
    for (unsigned i = 0; i < instructions / 2; ++i) {
      std::snprintf(line, sizeof(line),
                    "  ld.global.f32 %%f1, [%%rd2+%u];\n"
                    "  fma.rn.f32 %%f0, %%f0, %%f1, %%f1;\n",
                    4 * (i % 1024));
      ptx += line;
    }
  }
  ptx += "  st.global.f32 [%rd1], %f0;\n  ret;\n}\n";
  return ptx;
}

} // namespace

int main(int argc, char **argv) {
  unsigned maxInstructions = 100000;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--max=", 6) == 0) {
      maxInstructions = unsigned(std::strtoul(argv[i] + 6, nullptr, 10));
    } else {
      std::fprintf(stderr, "usage: ptxjit-compile-bench [--max=N]\n");
      return 1;
    }
  }
  setenv("PTXJIT_DISABLE_CACHE", "1", 1);
  std::printf("%-14s %8s %10s %8s  %s\n", "shape", "instrs", "compile ms",
              "us/instr", "stages (ms)");
  for (const char *shape :
       {"uniform-chain", "thread-chain", "straight-int", "straight-fma"}) {
    for (unsigned n = 100; n <= maxInstructions; n *= 10) {
      auto module = ptxjit::Module::loadFromString(generate(shape, n));
      if (!module) {
        std::fprintf(stderr, "%s\n",
                     llvm::toString(module.takeError()).c_str());
        return 1;
      }
      double ms = (*module)->getCompileMillis();
      std::string stages;
      for (const auto &[stage, stageMs] : (*module)->getCompileStages()) {
        char text[64];
        std::snprintf(text, sizeof(text), "%s%s %.1f",
                      stages.empty() ? "" : ", ", stage.c_str(), stageMs);
        stages += text;
      }
      std::printf("%-14s %8u %10.1f %8.2f  %s\n", shape, n, ms,
                  1000.0 * ms / n, stages.c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}
