//===- JitKernel.h - one-instruction kernels for the FP tests ---*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Builds a PTX kernel around one instruction, JIT-compiles it and runs it
// over arrays of input bit patterns: each thread applies the instruction to
// one element of every input and stores one result.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_FP_JITKERNEL_H
#define PTXJIT_UNITTESTS_FP_JITKERNEL_H

#include "ptxjit/JIT/Module.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace ptxjit::fptest {

/// A register type of the generated kernel and its width in bits.
struct RegType {
  std::string name; // f32, f64, b16, b32, s32, u64, ...
  unsigned bits;
};

/// A kernel that applies `instr d, x0, x1, ...` (or `instr` followed by
/// \p operands, which name the registers %d and %x0, %x1, ...) to element
/// tid of each input array and stores d to element tid of the output.
inline std::string kernelText(const std::vector<RegType> &ins,
                              const RegType &out, const std::string &instr,
                              const std::string &operands = "",
                              const std::string &target = "sm_90") {
  std::ostringstream os;
  os << ".version 9.2\n.target " << target << "\n.address_size 64\n"
     << ".visible .entry k(";
  for (size_t i = 0; i < ins.size(); ++i)
    os << ".param .u64 p" << i << ", ";
  os << ".param .u64 pd, .param .u32 n)\n{\n"
     << "  .reg .pred %p;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n";
  for (size_t i = 0; i < ins.size(); ++i)
    os << "  .reg ." << ins[i].name << " %x" << i << ";\n";
  os << "  .reg ." << out.name << " %d;\n"
     << "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n"
     << "  mov.u32 %r3, %tid.x;\n  mad.lo.u32 %r1, %r1, %r2, %r3;\n"
     << "  ld.param.u32 %r2, [n];\n  setp.ge.u32 %p, %r1, %r2;\n"
     << "  @%p bra DONE;\n";
  for (size_t i = 0; i < ins.size(); ++i)
    os << "  mul.wide.u32 %rd1, %r1, " << ins[i].bits / 8 << ";\n"
       << "  ld.param.u64 %rd2, [p" << i << "];\n"
       << "  add.u64 %rd2, %rd2, %rd1;\n"
       << "  ld.global." << ins[i].name << " %x" << i << ", [%rd2];\n";
  os << "  " << instr << " ";
  if (operands.empty()) {
    os << "%d";
    for (size_t i = 0; i < ins.size(); ++i)
      os << ", %x" << i;
  } else {
    os << operands;
  }
  os << ";\n"
     << "  mul.wide.u32 %rd1, %r1, " << out.bits / 8 << ";\n"
     << "  ld.param.u64 %rd2, [pd];\n  add.u64 %rd2, %rd2, %rd1;\n"
     << "  st.global." << out.name << " [%rd2], %d;\nDONE:\n  ret;\n}\n";
  return os.str();
}

/// Packs 64-bit patterns into a buffer of \p bits-wide elements.
inline std::vector<uint8_t> pack(const std::vector<uint64_t> &v, unsigned bits) {
  std::vector<uint8_t> out(v.size() * bits / 8);
  for (size_t i = 0; i < v.size(); ++i)
    std::memcpy(out.data() + i * bits / 8, &v[i], bits / 8);
  return out;
}

/// Runs \p instr over the inputs on \p path; returns the raw results.
inline std::vector<uint64_t>
run(const std::string &instr, const std::vector<RegType> &inTypes,
    const RegType &outType, const std::vector<std::vector<uint64_t>> &inputs,
    ptxjit::CompileOptions::FloatPath path, const std::string &operands = "",
    const std::string &target = "sm_90") {
  ptxjit::CompileOptions options;
  options.floatPath = path;
  std::string text = kernelText(inTypes, outType, instr, operands, target);
  auto module = ptxjit::Module::loadFromString(text, options);
  if (!module) {
    ADD_FAILURE() << llvm::toString(module.takeError()) << "\n" << text;
    return {};
  }
  const ptxjit::KernelInfo *kernel = *(*module)->getKernel("k");
  size_t n = inputs[0].size();
  std::vector<std::vector<uint8_t>> buffers;
  for (size_t i = 0; i < inputs.size(); ++i)
    buffers.push_back(pack(inputs[i], inTypes[i].bits));
  std::vector<uint8_t> result(n * outType.bits / 8, 0);
  std::vector<const void *> pointers;
  for (auto &buf : buffers)
    pointers.push_back(buf.data());
  pointers.push_back(result.data());
  uint32_t count = uint32_t(n);
  std::vector<const void *> args;
  for (auto &p : pointers)
    args.push_back(&p);
  args.push_back(&count);
  uint32_t blocks = uint32_t((n + 255) / 256);
  if (llvm::Error err = (*module)->launch(*kernel, {blocks, 1, 1},
                                          {256, 1, 1}, 0, args))
    ADD_FAILURE() << llvm::toString(std::move(err));
  std::vector<uint64_t> out(n, 0);
  for (size_t i = 0; i < n; ++i)
    std::memcpy(&out[i], result.data() + i * outType.bits / 8,
                outType.bits / 8);
  return out;
}

} // namespace ptxjit::fptest

#endif // PTXJIT_UNITTESTS_FP_JITKERNEL_H
