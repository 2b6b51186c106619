//===- KernelHarness.h - Run one-instruction PTX kernels over inputs -*- C++
//-*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A data-driven harness for execution tests of single PTX instructions.
//
// A Form describes one instruction form: a few lines of PTX that read input
// registers %x0, %x1, ... and write output registers %y0, %y1, ..., the
// register types, how to generate input values and a reference function. The
// harness wraps each form into a kernel
//
//   .visible .entry kN(.param .u64 p_x0, ..., .param .u64 p_y0, ...,
//                      .param .u32 p_n)
//
// in which thread i = %ctaid.x * %ntid.x + %tid.x (i < n) loads element i of
// every input array, runs the form's body and stores element i of every output
// array. Every element occupies an 8-byte slot; narrower values are loaded and
// stored with ld/st of their own width, and the untouched upper bytes of an
// output slot must keep their sentinel. Predicates travel as 32-bit 0/1 values
// (setp.ne on the way in, selp on the way out).
//
// The inputs of a form are every combination of its operands' edge values
// (sampled when there are too many) plus random values from a fixed-seed
// std::mt19937_64, filtered by the form's `valid` predicate (inputs for which
// the ISA leaves the result unspecified).
//
// All forms of one test are compiled as one module; if that fails, each form
// is compiled alone so that the failure names the forms that do not compile.
//
// Set PTXJIT_TEST_DUMP_DIR=<dir> to write every generated module (and a list
// of forms with their numbers of cases) to <dir>, e.g. to check them with
// `ptxas -arch=sm_90`.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_EXECUTION_KERNELHARNESS_H
#define PTXJIT_UNITTESTS_EXECUTION_KERNELHARNESS_H

#include "ptxjit/JIT/Module.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace ptxtest {

/// How to generate values of one input operand.
struct ValueGen {
  /// Values whose every combination (with the other operands' edges) is run.
  std::vector<uint64_t> edges;
  /// More edge values, used when this is the form's only varying operand
  /// (e.g. every power of two for a unary operation).
  std::vector<uint64_t> unaryEdges;
  /// One random value.
  std::function<uint64_t(std::mt19937_64 &)> random;
};

/// One input or output register of a form.
struct Operand {
  /// PTX register type, e.g. ".u32", ".s16", ".b8", ".f32", ".pred".
  std::string regType;
  /// Generator of input values (inputs only).
  const ValueGen *gen = nullptr;
  /// Set by withImmediate(): the operand is a literal in the body.
  bool isImmediate = false;
  uint64_t immValue = 0;
  /// Outputs only: the value is unspecified and not compared (the bytes
  /// beyond the operand's width still are).
  bool unchecked = false;
};

/// Computes the expected outputs from the inputs. Inputs are the operands'
/// raw bits, zero-extended (predicates as 0/1); outputs are compared on the
/// operands' width.
using RefFn = std::function<void(const uint64_t *in, uint64_t *out)>;
/// Whether the ISA specifies the result for these inputs.
using ValidFn = std::function<bool(const uint64_t *in)>;

/// One instruction form under test.
struct Form {
  /// What is tested, e.g. "add.sat.s32"; used in failure messages.
  std::string name;
  /// PTX statements reading %x0.. and writing %y0..; may use registers
  /// declared in `decls`.
  std::string body;
  /// Extra register declarations for the body.
  std::string decls;
  std::vector<Operand> ins, outs;
  RefFn ref;
  ValidFn valid;
  /// PTX ISA version times ten (80 = ".version 8.0").
  unsigned ptxVersion = 80;
  /// Number of random inputs on top of the edge combinations.
  unsigned randomCases = 10000;
};

/// Input operand of register type \p regType drawn from \p gen.
inline Operand in(const std::string &regType, const ValueGen &gen) {
  Operand op;
  op.regType = regType;
  op.gen = &gen;
  return op;
}

/// Output operand of register type \p regType.
inline Operand out(const std::string &regType) {
  Operand op;
  op.regType = regType;
  return op;
}

/// Output operand whose value the ISA leaves unspecified: it is stored, so
/// the instruction must run, but not compared.
inline Operand uncheckedOut(const std::string &regType) {
  Operand op = out(regType);
  op.unchecked = true;
  return op;
}

/// Width in bits of the memory slot used for a register type (predicates are
/// passed as 32-bit integers).
inline unsigned memBits(const std::string &regType) {
  if (regType == ".pred")
    return 32;
  // ".u8", ".s16", ".b32", ".f64", ...: the width follows the type letter.
  unsigned bits = 0;
  for (size_t i = 2; i < regType.size() &&
                     std::isdigit(static_cast<unsigned char>(regType[i]));
       ++i)
    bits = bits * 10 + unsigned(regType[i] - '0');
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
    ADD_FAILURE() << "unsupported I/O register type " << regType;
    return 64;
  }
  return bits;
}

inline uint64_t bitMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

/// PTX literal for \p value as an operand of \p bits bits: negative signed
/// values in decimal, everything else in hex.
inline std::string literal(uint64_t value, unsigned bits, bool isSigned) {
  char buf[40];
  value &= bitMask(bits);
  uint64_t signBit = uint64_t(1) << (bits - 1);
  if (isSigned && (value & signBit) && value != signBit) {
    uint64_t magnitude = (~value + 1) & bitMask(bits);
    std::snprintf(buf, sizeof buf, "-%llu", (unsigned long long)magnitude);
  } else {
    std::snprintf(buf, sizeof buf, "0x%llX", (unsigned long long)value);
  }
  return buf;
}

/// Replaces input register %x<index> of \p form by the literal \p text whose
/// value (for the reference) is \p value.
inline Form withImmediate(Form form, unsigned index, uint64_t value,
                          const std::string &text) {
  std::string reg = "%x" + std::to_string(index);
  std::string body;
  for (size_t pos = 0; pos < form.body.size();) {
    if (form.body.compare(pos, reg.size(), reg) == 0 &&
        (pos + reg.size() >= form.body.size() ||
         !std::isdigit(
             static_cast<unsigned char>(form.body[pos + reg.size()])))) {
      body += text;
      pos += reg.size();
    } else {
      body += form.body[pos++];
    }
  }
  form.body = body;
  form.name += " [" + reg + "=" + text + "]";
  form.ins[index].isImmediate = true;
  form.ins[index].immValue = value & bitMask(memBits(form.ins[index].regType));
  return form;
}

namespace detail {

inline uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

inline uint64_t sentinel(unsigned outIndex) {
  return 0xA5C3A5C3A5C3A5C3ull ^ (uint64_t(outIndex) * 0x0101010101010101ull);
}

/// Most edge combinations run for one form; beyond this, a sample.
constexpr uint64_t kMaxEdgeCases = 200000;

/// The inputs of one form, flattened: case j operand k is at j * nIn + k.
struct Cases {
  std::vector<uint64_t> values;
  size_t count = 0;
};

inline Cases makeCases(const Form &form) {
  Cases cases;
  size_t nIn = form.ins.size();
  std::mt19937_64 rng(0x5eedULL ^ fnv1a(form.name));
  std::vector<uint64_t> tuple(nIn);
  // Inputs are kept as the kernel sees them: truncated to the operand's
  // width, predicates as 0/1.
  std::vector<uint64_t> inMask(nIn);
  std::vector<bool> isPred(nIn);
  for (size_t k = 0; k < nIn; ++k) {
    isPred[k] = form.ins[k].regType == ".pred";
    inMask[k] = bitMask(memBits(form.ins[k].regType));
  }
  auto push = [&]() {
    for (size_t k = 0; k < nIn; ++k)
      tuple[k] = isPred[k] ? uint64_t(tuple[k] != 0) : tuple[k] & inMask[k];
    if (form.valid && !form.valid(tuple.data()))
      return;
    cases.values.insert(cases.values.end(), tuple.begin(), tuple.end());
    ++cases.count;
  };

  // Edge values of every operand, in every combination.
  std::vector<std::vector<uint64_t>> lists(nIn);
  uint64_t product = 1;
  size_t varying = 0;
  for (const Operand &op : form.ins)
    varying += !op.isImmediate;
  for (size_t k = 0; k < nIn; ++k) {
    const Operand &op = form.ins[k];
    if (op.isImmediate) {
      lists[k] = {op.immValue};
    } else {
      lists[k] = op.gen->edges;
      if (varying == 1)
        lists[k].insert(lists[k].end(), op.gen->unaryEdges.begin(),
                        op.gen->unaryEdges.end());
    }
    product *= lists[k].size();
  }
  bool allImmediate = varying == 0;
  if (product <= kMaxEdgeCases) {
    std::vector<size_t> idx(nIn, 0);
    for (uint64_t n = 0; n < product; ++n) {
      for (size_t k = 0; k < nIn; ++k)
        tuple[k] = lists[k][idx[k]];
      push();
      for (size_t k = 0; k < nIn; ++k) {
        if (++idx[k] < lists[k].size())
          break;
        idx[k] = 0;
      }
    }
  } else {
    for (uint64_t n = 0; n < kMaxEdgeCases; ++n) {
      for (size_t k = 0; k < nIn; ++k)
        tuple[k] = lists[k][rng() % lists[k].size()];
      push();
    }
  }
  if (allImmediate)
    return cases;

  // Random values; operands drawn from the same generator as operand 0 are
  // sometimes made equal or adjacent to it (comparisons, min/max, sad, ...).
  for (unsigned n = 0; n < form.randomCases; ++n) {
    for (size_t k = 0; k < nIn; ++k) {
      const Operand &op = form.ins[k];
      if (op.isImmediate) {
        tuple[k] = op.immValue;
        continue;
      }
      tuple[k] = op.gen->random(rng);
      if (k > 0 && !form.ins[0].isImmediate && op.gen == form.ins[0].gen &&
          rng() % 8 == 0)
        tuple[k] = tuple[0] + (rng() % 3) - 1;
    }
    push();
  }
  return cases;
}

inline std::string ptxVersionString(unsigned v) {
  return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

inline std::string moduleHeader(unsigned version) {
  return ".version " + ptxVersionString(version) +
         "\n.target sm_90\n.address_size 64\n\n";
}

/// The kernel that runs \p form over n elements.
inline std::string kernelText(const Form &form, const std::string &name) {
  std::string s;
  s += "// " + form.name + "\n";
  s += ".visible .entry " + name + "(";
  for (size_t k = 0; k < form.ins.size(); ++k)
    s += "\n\t.param .u64 p_x" + std::to_string(k) + ",";
  for (size_t k = 0; k < form.outs.size(); ++k)
    s += "\n\t.param .u64 p_y" + std::to_string(k) + ",";
  s += "\n\t.param .u32 p_n)\n{\n";
  s += "\t.reg .pred %h_done;\n";
  s += "\t.reg .u32 %h_tid, %h_ntid, %h_ctaid, %h_i, %h_n;\n";
  s += "\t.reg .u64 %h_off, %h_ptr;\n";
  for (size_t k = 0; k < form.ins.size(); ++k) {
    const Operand &op = form.ins[k];
    if (op.isImmediate)
      continue;
    s += "\t.reg " + op.regType + " %x" + std::to_string(k) + ";\n";
    if (op.regType == ".pred")
      s += "\t.reg .u32 %h_x" + std::to_string(k) + ";\n";
  }
  for (size_t k = 0; k < form.outs.size(); ++k) {
    const Operand &op = form.outs[k];
    s += "\t.reg " + op.regType + " %y" + std::to_string(k) + ";\n";
    if (op.regType == ".pred")
      s += "\t.reg .u32 %h_y" + std::to_string(k) + ";\n";
  }
  if (!form.decls.empty())
    s += "\t" + form.decls + "\n";
  s += "\tmov.u32 %h_tid, %tid.x;\n"
       "\tmov.u32 %h_ntid, %ntid.x;\n"
       "\tmov.u32 %h_ctaid, %ctaid.x;\n"
       "\tmad.lo.u32 %h_i, %h_ctaid, %h_ntid, %h_tid;\n"
       "\tld.param.u32 %h_n, [p_n];\n"
       "\tsetp.ge.u32 %h_done, %h_i, %h_n;\n"
       "\t@%h_done bra L_done;\n"
       "\tmul.wide.u32 %h_off, %h_i, 8;\n";
  auto address = [&](const std::string &param) {
    s += "\tld.param.u64 %h_ptr, [" + param + "];\n";
    s += "\tcvta.to.global.u64 %h_ptr, %h_ptr;\n";
    s += "\tadd.u64 %h_ptr, %h_ptr, %h_off;\n";
  };
  for (size_t k = 0; k < form.ins.size(); ++k) {
    const Operand &op = form.ins[k];
    if (op.isImmediate)
      continue;
    std::string idx = std::to_string(k);
    address("p_x" + idx);
    if (op.regType == ".pred") {
      s += "\tld.global.b32 %h_x" + idx + ", [%h_ptr];\n";
      s += "\tsetp.ne.u32 %x" + idx + ", %h_x" + idx + ", 0;\n";
    } else {
      s += "\tld.global.b" + std::to_string(memBits(op.regType)) + " %x" + idx +
           ", [%h_ptr];\n";
    }
  }
  // The body, one statement per line.
  std::string line;
  for (char c : form.body) {
    if (c == '\n') {
      if (!line.empty())
        s += "\t" + line + "\n";
      line.clear();
    } else if (!(line.empty() && (c == ' ' || c == '\t'))) {
      line += c;
    }
  }
  if (!line.empty())
    s += "\t" + line + "\n";
  for (size_t k = 0; k < form.outs.size(); ++k) {
    const Operand &op = form.outs[k];
    std::string idx = std::to_string(k);
    address("p_y" + idx);
    if (op.regType == ".pred") {
      s += "\tselp.u32 %h_y" + idx + ", 1, 0, %y" + idx + ";\n";
      s += "\tst.global.b32 [%h_ptr], %h_y" + idx + ";\n";
    } else {
      s += "\tst.global.b" + std::to_string(memBits(op.regType)) +
           " [%h_ptr], %y" + idx + ";\n";
    }
  }
  s += "L_done:\n\tret;\n}\n\n";
  return s;
}

inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

/// Runs \p form as kernel \p kernelName of \p module over \p cases and
/// reports mismatches as test failures.
inline void runForm(ptxjit::Module &module, const std::string &kernelName,
                    const Form &form, const Cases &cases) {
  llvm::Expected<const ptxjit::KernelInfo *> kernel =
      module.getKernel(kernelName);
  if (!kernel) {
    ADD_FAILURE() << form.name << ": getKernel(" << kernelName
                  << ") failed: " << llvm::toString(kernel.takeError());
    return;
  }
  size_t nIn = form.ins.size(), nOut = form.outs.size(), n = cases.count;
  if (n == 0)
    return; // already reported by runForms
  std::vector<std::vector<uint64_t>> inBufs(nIn, std::vector<uint64_t>(n));
  std::vector<std::vector<uint64_t>> outBufs(nOut);
  for (size_t j = 0; j < n; ++j)
    for (size_t k = 0; k < nIn; ++k)
      inBufs[k][j] = cases.values[j * nIn + k];
  for (size_t k = 0; k < nOut; ++k)
    outBufs[k].assign(n, sentinel(unsigned(k)));

  // cuLaunchKernel convention: one pointer per parameter, to its value.
  std::vector<uint64_t> pointers;
  for (auto &buf : inBufs)
    pointers.push_back(uint64_t(reinterpret_cast<uintptr_t>(buf.data())));
  for (auto &buf : outBufs)
    pointers.push_back(uint64_t(reinterpret_cast<uintptr_t>(buf.data())));
  uint32_t count = uint32_t(n);
  std::vector<const void *> args;
  for (const uint64_t &p : pointers)
    args.push_back(&p);
  args.push_back(&count);

  constexpr uint32_t kBlock = 128;
  ptxjit::Dim3 grid, block;
  grid.x = uint32_t((n + kBlock - 1) / kBlock);
  block.x = kBlock;
  if (llvm::Error err = module.launch(**kernel, grid, block, 0, args)) {
    ADD_FAILURE() << form.name
                  << ": launch failed: " << llvm::toString(std::move(err));
    return;
  }

  size_t mismatches = 0;
  std::string report;
  std::vector<uint64_t> expected(nOut), outMask(nOut), cmpMask(nOut);
  for (size_t k = 0; k < nOut; ++k) {
    outMask[k] = bitMask(memBits(form.outs[k].regType));
    cmpMask[k] = form.outs[k].unchecked ? ~outMask[k] : ~uint64_t(0);
  }
  for (size_t j = 0; j < n; ++j) {
    const uint64_t *inputs = cases.values.data() + j * nIn;
    for (size_t k = 0; k < nOut; ++k)
      expected[k] = 0;
    form.ref(inputs, expected.data());
    bool bad = false;
    for (size_t k = 0; k < nOut; ++k) {
      uint64_t m = outMask[k];
      uint64_t want = (sentinel(unsigned(k)) & ~m) | (expected[k] & m);
      if ((outBufs[k][j] ^ want) & cmpMask[k])
        bad = true;
    }
    if (!bad)
      continue;
    if (++mismatches > 8)
      continue;
    report += "\n    inputs:";
    for (size_t k = 0; k < nIn; ++k)
      report += " %x" + std::to_string(k) + "=" + hex(inputs[k]);
    for (size_t k = 0; k < nOut; ++k) {
      uint64_t m = outMask[k];
      report += "\n      %y" + std::to_string(k) + ": expected " +
                (form.outs[k].unchecked ? std::string("unspecified")
                                        : hex(expected[k] & m)) +
                ", got " + hex(outBufs[k][j] & m);
      if ((outBufs[k][j] & ~m) != (sentinel(unsigned(k)) & ~m))
        report += " (bytes beyond the operand's width were overwritten: " +
                  hex(outBufs[k][j]) + ")";
    }
  }
  if (mismatches)
    ADD_FAILURE() << form.name << ": " << mismatches << " of " << n
                  << " results differ from the reference\n  body: " << form.body
                  << "\n  first mismatches:" << report;
}

inline std::string currentTestName() {
  const ::testing::TestInfo *info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  if (!info)
    return "unknown";
  return std::string(info->test_suite_name()) + "." + info->name();
}

inline void dump(const std::string &fileName, const std::string &text) {
  const char *dir = std::getenv("PTXJIT_TEST_DUMP_DIR");
  if (!dir || !*dir)
    return;
  std::string path = std::string(dir) + "/" + fileName;
  if (FILE *f = std::fopen(path.c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
}

} // namespace detail

/// Compiles all \p forms into one module and runs each over its inputs.
inline void runForms(const std::vector<Form> &forms) {
  using namespace detail;
  std::string testName = currentTestName();
  std::vector<Cases> cases;
  unsigned version = 80;
  size_t total = 0;
  std::string summary;
  for (const Form &form : forms) {
    cases.push_back(makeCases(form));
    if (cases.back().count == 0)
      ADD_FAILURE() << form.name << ": no valid input was generated";
    total += cases.back().count;
    summary += form.name + "\t" + std::to_string(cases.back().count) + "\n";
    if (form.ptxVersion > version)
      version = form.ptxVersion;
  }
  std::string text = moduleHeader(version);
  for (size_t i = 0; i < forms.size(); ++i)
    text += kernelText(forms[i], "k" + std::to_string(i));
  dump(testName + ".ptx", text);
  dump(testName + ".cases", summary);
  std::printf("[ %s ] %zu forms, %zu cases\n", testName.c_str(), forms.size(),
              total);

  ptxjit::CompileOptions options;
  options.bufferName = testName + ".ptx";
  llvm::Expected<std::unique_ptr<ptxjit::Module>> module =
      ptxjit::Module::loadFromString(text, options);
  if (module) {
    for (size_t i = 0; i < forms.size(); ++i)
      runForm(**module, "k" + std::to_string(i), forms[i], cases[i]);
    return;
  }

  // Find out which forms do not compile; run the others alone.
  std::string moduleError = llvm::toString(module.takeError());
  std::printf("[ %s ] the module of all forms failed to load; compiling each "
              "form alone\n",
              testName.c_str());
  unsigned failedForms = 0;
  for (size_t i = 0; i < forms.size(); ++i) {
    std::string single =
        moduleHeader(forms[i].ptxVersion) + kernelText(forms[i], "k0");
    options.bufferName = testName + "." + std::to_string(i) + ".ptx";
    llvm::Expected<std::unique_ptr<ptxjit::Module>> one =
        ptxjit::Module::loadFromString(single, options);
    if (!one) {
      // The module text is shown for the first few failures only.
      ADD_FAILURE() << forms[i].name << ": module failed to load: "
                    << llvm::toString(one.takeError())
                    << (++failedForms <= 3 ? "\n" + single : std::string());
      continue;
    }
    runForm(**one, "k0", forms[i], cases[i]);
  }
  if (failedForms == 0)
    ADD_FAILURE() << "every form loads alone, but the module of all of them "
                     "does not: "
                  << moduleError;
}

} // namespace ptxtest

#endif // PTXJIT_UNITTESTS_EXECUTION_KERNELHARNESS_H
