//===- JitHarness.cpp - Run small PTX kernels through the JIT -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>

using namespace ptxtest;

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

Operand ptxtest::in(const std::string &regType, const ValueGen &gen) {
  Operand op = in(regType);
  op.gen = &gen;
  return op;
}

Operand ptxtest::in(const std::string &regType) {
  Operand op;
  op.regType = regType;
  return op;
}

Operand ptxtest::out(const std::string &regType) {
  Operand op;
  op.regType = regType;
  return op;
}

Operand ptxtest::uncheckedOut(const std::string &regType) {
  Operand op = out(regType);
  op.unchecked = true;
  return op;
}

Form ptxtest::instrForm(const std::string &instr,
                        const std::vector<std::string> &inTypes,
                        const std::string &outType) {
  Form form;
  form.name = instr;
  form.body = instr;
  if (instr.find('%') == std::string::npos) {
    form.body += " %y0";
    for (size_t k = 0; k < inTypes.size(); ++k)
      form.body += ", %x" + std::to_string(k);
    form.body += ";";
  }
  for (const std::string &type : inTypes)
    form.ins.push_back(in(type));
  form.outs.push_back(out(outType));
  return form;
}

unsigned ptxtest::memBits(const std::string &regType) {
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

std::string ptxtest::literal(uint64_t value, unsigned bits, bool isSigned) {
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

Form ptxtest::withImmediate(Form form, unsigned index, uint64_t value,
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

//===----------------------------------------------------------------------===//
// Module text
//===----------------------------------------------------------------------===//

namespace {

/// Threads per block of every launch.
constexpr uint32_t kBlockSize = 128;

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

std::string moduleHeader(unsigned version, const std::string &target) {
  return ".version " + std::to_string(version / 10) + "." +
         std::to_string(version % 10) + "\n.target " + target +
         "\n.address_size 64\n\n";
}

/// The kernel that runs \p form over n elements.
std::string kernelText(const Form &form, const std::string &name) {
  std::string s;
  // The name on the comment line (a name may be several statements).
  std::string comment = form.name;
  std::replace(comment.begin(), comment.end(), '\n', ' ');
  s += "// " + comment + "\n";
  s += ".visible .entry " + name + "(";
  for (size_t k = 0; k < form.ins.size(); ++k)
    s += "\n\t.param .u64 p_x" + std::to_string(k) + ",";
  for (size_t k = 0; k < form.outs.size(); ++k)
    s += "\n\t.param .u64 p_y" + std::to_string(k) + ",";
  s += "\n\t.param .u32 p_n)\n{\n";
  s += "\t.reg .pred %h_done;\n";
  s += "\t.reg .u32 %h_tid, %h_ntid, %h_ctaid, %h_i, %h_n;\n";
  s += "\t.reg .u64 %h_off, %h_ptr;\n";
  // Register %x<k> / %y<k>, and the u32 a predicate travels in.
  auto declare = [&](const Operand &op, const std::string &reg) {
    s += "\t.reg " + op.regType + " %" + reg + ";\n";
    if (op.regType == ".pred")
      s += "\t.reg .u32 %h_" + reg + ";\n";
  };
  for (size_t k = 0; k < form.ins.size(); ++k)
    if (!form.ins[k].isImmediate)
      declare(form.ins[k], "x" + std::to_string(k));
  for (size_t k = 0; k < form.outs.size(); ++k)
    declare(form.outs[k], "y" + std::to_string(k));
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

std::string currentTestName() {
  const ::testing::TestInfo *info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  if (!info)
    return "unknown";
  return std::string(info->test_suite_name()) + "." + info->name();
}

/// The current test's name for its first module, then numbered: "T.2", ...
std::string nextModuleName() {
  static std::map<std::string, unsigned> modulesOfTest;
  std::string test = currentTestName();
  unsigned count = ++modulesOfTest[test];
  return count == 1 ? test : test + "." + std::to_string(count);
}

void dump(const std::string &fileName, const std::string &text) {
  const char *dir = std::getenv("PTXJIT_TEST_DUMP_DIR");
  if (!dir || !*dir)
    return;
  std::string path = std::string(dir) + "/" + fileName;
  if (FILE *f = std::fopen(path.c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// FormModule
//===----------------------------------------------------------------------===//

FormModule::FormModule(std::vector<Form> formsIn, ModuleOptions optionsIn)
    : forms(std::move(formsIn)), options(std::move(optionsIn)),
      moduleName(nextModuleName()) {
  unsigned version = options.ptxVersion;
  for (const Form &form : forms)
    version = std::max(version, form.ptxVersion);
  std::string text = moduleHeader(version, options.target);
  for (size_t i = 0; i < forms.size(); ++i)
    text += kernelText(forms[i], "k" + std::to_string(i));
  dump(moduleName + ".ptx", text);

  ptxjit::CompileOptions compileOptions;
  compileOptions.floatPath = options.floatPath;
  compileOptions.bufferName = moduleName + ".ptx";
  llvm::Expected<std::unique_ptr<ptxjit::Module>> module =
      ptxjit::Module::loadFromString(text, compileOptions);
  if (module) {
    all = std::move(*module);
    return;
  }

  std::string moduleError = llvm::toString(module.takeError());
  if (forms.size() == 1) {
    ADD_FAILURE() << forms[0].name << options.tag
                  << ": module failed to load: " << moduleError << "\n"
                  << text;
    alone.push_back(nullptr);
    return;
  }

  // Find out which forms do not compile; keep the others' modules.
  std::printf("[ %s ] the module of all forms failed to load; compiling each "
              "form alone\n",
              moduleName.c_str());
  unsigned failedForms = 0;
  for (size_t i = 0; i < forms.size(); ++i) {
    std::string single =
        moduleHeader(std::max(options.ptxVersion, forms[i].ptxVersion),
                     options.target) +
        kernelText(forms[i], "k0");
    compileOptions.bufferName = moduleName + "." + std::to_string(i) + ".ptx";
    llvm::Expected<std::unique_ptr<ptxjit::Module>> one =
        ptxjit::Module::loadFromString(single, compileOptions);
    if (one) {
      alone.push_back(std::move(*one));
      continue;
    }
    // The module text is shown for the first few failures only.
    ADD_FAILURE() << forms[i].name << options.tag << ": module failed to load: "
                  << llvm::toString(one.takeError())
                  << (++failedForms <= 3 ? "\n" + single : std::string());
    alone.push_back(nullptr);
  }
  if (failedForms == 0)
    ADD_FAILURE() << "every form loads alone, but the module of all of them "
                     "does not"
                  << options.tag << ": " << moduleError;
}

FormModule::~FormModule() = default;

bool FormModule::launch(size_t i, size_t n,
                        const std::vector<const uint64_t *> &ins,
                        std::vector<Column> &outs) {
  const Form &form = forms[i];
  ptxjit::Module *module = all ? all.get() : alone[i].get();
  if (!module)
    return false; // reported when it failed to compile
  std::string kernelName = all ? "k" + std::to_string(i) : "k0";
  llvm::Expected<const ptxjit::KernelInfo *> kernel =
      module->getKernel(kernelName);
  if (!kernel) {
    ADD_FAILURE() << form.name << options.tag << ": getKernel(" << kernelName
                  << ") failed: " << llvm::toString(kernel.takeError());
    return false;
  }
  if (ins.size() != form.ins.size()) {
    ADD_FAILURE() << form.name << options.tag << ": " << ins.size()
                  << " input arrays for " << form.ins.size() << " inputs";
    return false;
  }
  outs.assign(form.outs.size(), Column());
  if (n == 0)
    return true;
  for (size_t k = 0; k < outs.size(); ++k)
    outs[k].assign(n, slotSentinel(unsigned(k)));

  // cuLaunchKernel convention: one pointer per parameter, to its value.
  std::vector<const void *> pointers(ins.begin(), ins.end());
  for (Column &column : outs)
    pointers.push_back(column.data());
  uint32_t count = uint32_t(n);
  std::vector<const void *> args;
  for (const void *&p : pointers)
    args.push_back(&p);
  args.push_back(&count);

  ptxjit::Dim3 grid, block;
  grid.x = uint32_t((n + kBlockSize - 1) / kBlockSize);
  block.x = kBlockSize;
  if (llvm::Error err = module->launch(**kernel, grid, block, 0, args)) {
    ADD_FAILURE() << form.name << options.tag
                  << ": launch failed: " << llvm::toString(std::move(err));
    return false;
  }
  return true;
}

std::vector<Column> FormModule::run(size_t i, const std::vector<Column> &ins) {
  const Form &form = forms[i];
  size_t n = ins.empty() ? 0 : ins[0].size();
  std::vector<const uint64_t *> pointers;
  for (const Column &column : ins) {
    if (column.size() != n) {
      ADD_FAILURE() << form.name << options.tag
                    << ": input arrays of different lengths";
      return {};
    }
    pointers.push_back(column.data());
  }
  std::vector<Column> outs;
  if (!launch(i, n, pointers, outs))
    return {};
  for (size_t k = 0; k < outs.size(); ++k) {
    uint64_t mask = bitMask(memBits(form.outs[k].regType));
    uint64_t above = slotSentinel(unsigned(k)) & ~mask;
    size_t overwritten = 0;
    for (size_t j = 0; j < n; ++j) {
      if ((outs[k][j] & ~mask) != above && ++overwritten <= 5)
        ADD_FAILURE() << form.name << options.tag << ": %y" << k
                      << " of element " << j
                      << ": bytes beyond the operand's width were "
                         "overwritten: "
                      << hex(outs[k][j]);
      outs[k][j] &= mask;
    }
  }
  return outs;
}

std::vector<uint64_t> ptxtest::run(const Form &form,
                                   const std::vector<Column> &inputs,
                                   const ModuleOptions &options) {
  FormModule module({form}, options);
  std::vector<Column> outs = module.run(0, inputs);
  if (outs.empty())
    return {};
  return std::move(outs[0]);
}

std::vector<uint64_t> ptxtest::run(const std::string &instr,
                                   const std::vector<std::string> &inTypes,
                                   const std::string &outType,
                                   const std::vector<Column> &inputs,
                                   const ModuleOptions &options) {
  return run(instrForm(instr, inTypes, outType), inputs, options);
}

//===----------------------------------------------------------------------===//
// runForms: generated inputs, compared with the forms' references
//===----------------------------------------------------------------------===//

namespace {

uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

/// Most edge combinations run for one form; beyond this, a sample.
constexpr uint64_t kMaxEdgeCases = 200000;

/// The inputs of one form, flattened: case j operand k is at j * nIn + k.
struct Cases {
  std::vector<uint64_t> values;
  size_t count = 0;
};

Cases makeCases(const Form &form) {
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

/// Runs form \p i of \p module over \p cases and reports mismatches with
/// its reference as test failures.
void checkForm(FormModule &module, size_t i, const Cases &cases) {
  const Form &form = module.form(i);
  size_t nIn = form.ins.size(), nOut = form.outs.size(), n = cases.count;
  if (n == 0)
    return; // already reported by runForms
  std::vector<Column> inBufs(nIn, Column(n));
  for (size_t j = 0; j < n; ++j)
    for (size_t k = 0; k < nIn; ++k)
      inBufs[k][j] = cases.values[j * nIn + k];
  std::vector<const uint64_t *> pointers;
  for (const Column &buf : inBufs)
    pointers.push_back(buf.data());
  std::vector<Column> outBufs;
  if (!module.launch(i, n, pointers, outBufs))
    return;

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
      uint64_t want = (slotSentinel(unsigned(k)) & ~m) | (expected[k] & m);
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
      if ((outBufs[k][j] & ~m) != (slotSentinel(unsigned(k)) & ~m))
        report += " (bytes beyond the operand's width were overwritten: " +
                  hex(outBufs[k][j]) + ")";
    }
  }
  if (mismatches)
    ADD_FAILURE() << form.name << ": " << mismatches << " of " << n
                  << " results differ from the reference\n  body: " << form.body
                  << "\n  first mismatches:" << report;
}

} // namespace

void ptxtest::runForms(const std::vector<Form> &forms) {
  std::string testName = currentTestName();
  std::vector<Cases> cases;
  size_t total = 0;
  std::string summary;
  for (const Form &form : forms) {
    cases.push_back(makeCases(form));
    if (cases.back().count == 0)
      ADD_FAILURE() << form.name << ": no valid input was generated";
    total += cases.back().count;
    summary += form.name + "\t" + std::to_string(cases.back().count) + "\n";
  }
  std::printf("[ %s ] %zu forms, %zu cases\n", testName.c_str(), forms.size(),
              total);
  FormModule module(forms);
  dump(module.name() + ".cases", summary);
  for (size_t i = 0; i < forms.size(); ++i)
    checkForm(module, i, cases[i]);
}
