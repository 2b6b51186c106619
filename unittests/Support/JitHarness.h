//===- JitHarness.h - Run small PTX kernels through the JIT -----*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The harness of the unit tests that run PTX instructions through the JIT.
//
// A Form is one instruction form under test: a few lines of PTX that read
// input registers %x0, %x1, ... and write output registers %y0, %y1, ...,
// and the register types of those operands. The harness wraps each form into
// a kernel
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
// Three ways to run forms:
//  - runForms(): the forms carry input generators and a reference; the
//    harness makes the inputs (every combination of the operands' edge
//    values, sampled when there are too many, plus random values from a
//    fixed-seed std::mt19937_64, filtered by the form's `valid` predicate),
//    runs all forms as one module and compares every result;
//  - run(): one form over input columns the test gives; the test compares
//    the results it gets back;
//  - FormModule: several forms compiled as one module (one compile instead
//    of one per form), each run over input columns.
//
// A module of several forms that fails to load is compiled again one form at
// a time, so that the failures name the forms that do not compile.
//
// Set PTXJIT_TEST_DUMP_DIR=<dir> to write every generated module (and, for
// runForms, a list of forms with their numbers of cases) to <dir>, e.g. to
// check them with `ptxas -arch=sm_90`.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_SUPPORT_JITHARNESS_H
#define PTXJIT_UNITTESTS_SUPPORT_JITHARNESS_H

#include "ptxjit/JIT/Module.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace ptxtest {

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

/// The values of one operand over a launch: element i is the operand's raw
/// bits, zero-extended (predicates as 0/1).
using Column = std::vector<uint64_t>;

/// How to generate values of one input operand (runForms).
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
  /// Generator of input values (inputs of runForms only).
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
  /// Reference and input filter (runForms only).
  RefFn ref;
  ValidFn valid;
  /// PTX ISA version times ten (80 = ".version 8.0").
  unsigned ptxVersion = 80;
  /// Number of random inputs on top of the edge combinations (runForms).
  unsigned randomCases = 10000;
};

/// Input operand of register type \p regType drawn from \p gen.
Operand in(const std::string &regType, const ValueGen &gen);

/// Input operand of register type \p regType whose values the test gives.
Operand in(const std::string &regType);

/// Output operand of register type \p regType.
Operand out(const std::string &regType);

/// Output operand whose value the ISA leaves unspecified: it is stored, so
/// the instruction must run, but not compared.
Operand uncheckedOut(const std::string &regType);

/// The form of one instruction with inputs of \p inTypes and one output of
/// \p outType, named \p instr: its body is `instr %y0, %x0, ..., %x<n-1>;`,
/// or \p instr itself when it names its registers (contains a '%').
Form instrForm(const std::string &instr,
               const std::vector<std::string> &inTypes,
               const std::string &outType);

/// Width in bits of the memory slot used for a register type (predicates are
/// passed as 32-bit integers).
unsigned memBits(const std::string &regType);

inline uint64_t bitMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

/// PTX literal for \p value as an operand of \p bits bits: negative signed
/// values in decimal, everything else in hex.
std::string literal(uint64_t value, unsigned bits, bool isSigned);

/// Replaces input register %x<index> of \p form by the literal \p text whose
/// value (for the reference) is \p value.
Form withImmediate(Form form, unsigned index, uint64_t value,
                   const std::string &text);

//===----------------------------------------------------------------------===//
// Running forms
//===----------------------------------------------------------------------===//

/// How the module of some forms is compiled.
struct ModuleOptions {
  /// How `.rz/.rm/.rp` floating-point instructions are lowered.
  ptxjit::CompileOptions::FloatPath floatPath =
      ptxjit::CompileOptions::FloatPath::Auto;
  /// The module's `.target`.
  std::string target = "sm_90";
  /// Lowest PTX ISA version times ten (80 = ".version 8.0"); a form may ask
  /// for a higher one.
  unsigned ptxVersion = 80;
  /// Appended to form names in failure messages, e.g. " [portable]".
  std::string tag;
};

/// Forms compiled as one module, kernel k<i> running forms[i].
class FormModule {
public:
  /// Compiles \p forms. A module that does not load is a test failure; if
  /// it has several forms, each is compiled alone so that the failures name
  /// the forms that do not compile (the others still run), and a module
  /// that fails although every form compiles alone is a failure too.
  explicit FormModule(std::vector<Form> forms, ModuleOptions options = {});
  ~FormModule();

  size_t size() const { return forms.size(); }
  const Form &form(size_t i) const { return forms[i]; }
  /// The name of the module in diagnostics and dumps: the current test's
  /// name, numbered from the second module of a test on.
  const std::string &name() const { return moduleName; }

  /// Runs form \p i over \p n elements: \p ins holds, for every input, a
  /// pointer to its \p n values. \p outs receives one column of \p n slots
  /// per output: the value in the operand's low bits, above them the bytes
  /// of the output's sentinel (slotSentinel). False, with a failure
  /// reported, when the form did not compile or the launch failed.
  bool launch(size_t i, size_t n, const std::vector<const uint64_t *> &ins,
              std::vector<Column> &outs);

  /// Runs form \p i over the input columns (all of the same length); its
  /// outputs, zero-extended. A kernel that writes beyond an output's width
  /// is a test failure. Empty when the form did not run.
  std::vector<Column> run(size_t i, const std::vector<Column> &ins);

private:
  std::vector<Form> forms;
  ModuleOptions options;
  std::string moduleName;
  /// The module of all forms; when it does not load, each form's own module
  /// (null for a form that does not compile).
  std::unique_ptr<ptxjit::Module> all;
  std::vector<std::unique_ptr<ptxjit::Module>> alone;
};

/// What the upper bytes of output \p outIndex's slots hold before a launch.
inline uint64_t slotSentinel(unsigned outIndex) {
  return 0xA5C3A5C3A5C3A5C3ull ^ (uint64_t(outIndex) * 0x0101010101010101ull);
}

/// Runs the one-output \p form over the input columns; its results,
/// zero-extended (empty, with a failure reported, when it did not run).
std::vector<uint64_t> run(const Form &form, const std::vector<Column> &inputs,
                          const ModuleOptions &options = {});

/// run(instrForm(instr, inTypes, outType), inputs, options).
std::vector<uint64_t> run(const std::string &instr,
                          const std::vector<std::string> &inTypes,
                          const std::string &outType,
                          const std::vector<Column> &inputs,
                          const ModuleOptions &options = {});

/// Makes the inputs of every form from its generators, compiles all
/// \p forms as one module, runs each over its inputs and reports every
/// result that differs from the form's reference as a test failure.
void runForms(const std::vector<Form> &forms);

} // namespace ptxtest

#endif // PTXJIT_UNITTESTS_SUPPORT_JITHARNESS_H
