//===- Module.h - Load PTX, compile it and launch kernels -------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The C++ library API of ptxjit: load a PTX module from text or a file,
// compile it to native code for the host, find its kernels and launch them on
// a grid of CTAs. `ptx-jit` is a thin command-line layer over this API.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_JIT_MODULE_H
#define PTXJIT_JIT_MODULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ptxjit {
namespace rt {
struct DeviceLaunch;
} // namespace rt


/// A 3-D extent, as used for grid and block sizes.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
};

/// How one kernel parameter is laid out in the parameter buffer.
struct KernelParam {
  std::string name;
  /// Size in bytes (an array parameter counts all of its elements).
  uint32_t size = 0;
  /// Byte offset inside the parameter buffer (respects `.align`).
  uint32_t offset = 0;
  uint32_t align = 1;
  /// Whether the parameter is a scalar of a floating-point type.
  bool isFloat = false;
  /// Whether the parameter is a 64-bit integer that is plausibly a pointer
  /// (`.u64`/`.b64`/`.s64`, or declared with `.ptr`).
  bool isPointerSized = false;
};

/// A kernel (`.entry`) of a loaded module.
struct KernelInfo {
  std::string name;
  std::vector<KernelParam> params;
  /// Total size of the parameter buffer in bytes.
  uint32_t paramBufferSize = 0;
  /// Static `.shared` memory the kernel uses, in bytes.
  uint32_t staticSharedBytes = 0;
  /// `.const` memory of the module, in bytes: every kernel may read all of
  /// it (CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES).
  uint64_t constBytes = 0;
  /// `.local` memory of the kernel itself per thread, in bytes (device
  /// functions' frames come on top, on the thread's local stack).
  uint64_t localBytes = 0;
  /// `.reqntid` / `.maxntid` when present (0 otherwise).
  Dim3 reqntid{0, 0, 0}, maxntid{0, 0, 0};
  /// Registers a thread of the kernel would take on a GPU
  /// (CU_FUNC_ATTRIBUTE_NUM_REGS), a model: its `.reg` declarations in
  /// 32-bit registers, at least 16, at most 255, `.maxnreg`, and what lets
  /// its largest block fit in the 65536 registers of a multiprocessor (64
  /// for 1024 threads), rounded down to a multiple of 8.
  uint32_t registers = 0;
  /// `.reqnctapercluster` when present (0 otherwise): the cluster shape
  /// every launch of the kernel has.
  Dim3 reqnctapercluster{0, 0, 0};
  /// `.explicitcluster` (or `.reqnctapercluster`): the kernel must be
  /// launched with a cluster shape.
  bool explicitCluster = false;
  /// How the kernel's threads run on the CPU (docs/simt.md): "thread loops"
  /// (no synchronization), "region loops" (loops between `bar.sync`
  /// barriers), or "coroutines" followed by the reason in parentheses.
  std::string execution;
};

/// How kernels whose threads synchronize run (docs/simt.md).
enum class SimtMode {
  /// Region loops where the kernel allows them, else coroutines.
  Auto,
  /// Region loops where the kernel allows them (the others still need the
  /// coroutine scheduler).
  Regions,
  /// Every synchronizing kernel as coroutines under the CTA scheduler: the
  /// general path, forced to test it.
  Coroutines,
};

/// Parses "auto", "regions" or "coroutines".
std::optional<SimtMode> parseSimtMode(llvm::StringRef text);

/// Options for compiling a module.
struct CompileOptions {
  /// LLVM optimisation level for the generated code (0-3).
  unsigned optLevel = 2;
  /// Name used for diagnostics when loading from a string.
  std::string bufferName = "<ptx>";
  /// When not empty, only these kernels are compiled (the whole module is
  /// still parsed and verified); saves compile time for tools that launch
  /// one kernel of a large module.
  std::vector<std::string> onlyKernels;
  /// How `.rz/.rm/.rp` floating-point instructions are lowered. Auto:
  /// AVX-512 embedded rounding when the host has AVX-512F, else the exact
  /// soft-float runtime; the environment variable PTXJIT_FP_PATH
  /// (auto|avx512|portable) overrides Auto.
  enum class FloatPath { Auto, AVX512, Portable };
  FloatPath floatPath = FloatPath::Auto;
  /// Allow add/sub/mul without a rounding modifier to be contracted into
  /// fma (the ISA permits it; off by default so results match the unfused
  /// instructions).
  bool fpContract = false;
  /// Checked mode (docs/checked-mode.md): rt::check::Check bits, e.g.
  /// rt::check::Memcheck. Unset means the environment variable
  /// PTXJIT_CHECK ("memcheck", "none"), else no checks. Checked code is a
  /// separate compilation; code compiled without checks pays nothing.
  std::optional<unsigned> checks;
  /// How synchronizing kernels run. Auto can be overridden by the
  /// environment variable PTXJIT_SIMT (auto|regions|coroutines).
  SimtMode simt = SimtMode::Auto;
};

/// Options for one launch.
struct LaunchOptions {
  /// Host worker threads; 0 means one per hardware thread.
  unsigned numThreads = 0;
  /// A cooperative launch (cuLaunchCooperativeKernel): every CTA of the grid
  /// is resident at once, interleaved with the others at its spin loops, and
  /// the grid workspace of cooperative groups' grid.sync() is provided.
  bool cooperative = false;
  /// The cluster shape in CTAs (cuLaunchKernelEx's cluster dimension); 0
  /// means the kernel's `.reqnctapercluster`, or clusters of one CTA.
  Dim3 cluster{0, 0, 0};
  /// Stop the launch with an error once it has run this many seconds (0:
  /// $PTXJIT_LAUNCH_TIMEOUT, else no limit): a kernel that hangs fails
  /// instead of hanging its test suite.
  double timeoutSeconds = 0;
  /// The grid's priority (rt::GridLaunch::priority): 0, the lowest, to
  /// rt::kMaxGridPriority. The driver gives its stream's.
  unsigned priority = 0;
};

/// Makes [base, base + size) host memory that kernels may access under
/// checked mode (memcheck reports accesses outside the registered memory,
/// module variables and the kernel's own windows). The driver API registers
/// its allocations itself; a program that launches through Module::launch
/// with memory of its own registers it here.
void registerDeviceMemory(const void *base, uint64_t size);
/// Ends a registration; later accesses are reported as use-after-free.
void unregisterDeviceMemory(const void *base);

class ModuleImpl;

/// A PTX module compiled to native code.
class Module {
public:
  ~Module();

  /// Parses, verifies and compiles \p ptxText. Errors (including PTX syntax
  /// errors, rendered as "file:line:col: error: ...") come back as llvm::Error.
  static llvm::Expected<std::unique_ptr<Module>>
  loadFromString(llvm::StringRef ptxText, const CompileOptions &options = {});

  /// Reads \p path and loads it as loadFromString does (diagnostics name the
  /// file).
  static llvm::Expected<std::unique_ptr<Module>>
  loadFromFile(llvm::StringRef path, CompileOptions options = {});

  /// The module's kernels, in declaration order.
  llvm::ArrayRef<KernelInfo> getKernels() const;

  /// Looks up a kernel by name.
  llvm::Expected<const KernelInfo *> getKernel(llvm::StringRef name) const;

  /// Host address and size of a module-scope `.global`/`.const` variable.
  llvm::Expected<std::pair<void *, uint64_t>>
  getGlobal(llvm::StringRef name) const;

  /// Launches \p kernel and waits for it. \p args holds one pointer per kernel
  /// parameter, pointing at that parameter's value (the cuLaunchKernel
  /// convention). Returns an error for a bad configuration or a kernel fault
  /// (`trap`, barrier deadlock, ...).
  llvm::Error launch(const KernelInfo &kernel, Dim3 grid, Dim3 block,
                     uint32_t dynamicSharedBytes,
                     llvm::ArrayRef<const void *> args,
                     const LaunchOptions &options = {});

  /// Milliseconds spent parsing and compiling this module.
  double getCompileMillis() const;

  /// Where those milliseconds went, in order: "parse" (and verify),
  /// "lower" (the MLIR pipeline), "optimize" (LLVM IR and its O2),
  /// "codegen", "store" (into the compile cache), "link" (into a JIT of the
  /// module's own); or "cached" (the compile cache had the module) and
  /// "link".
  llvm::ArrayRef<std::pair<std::string, double>> getCompileStages() const;

private:
  /// Runs the grids a finished grid launched from device code.
  llvm::Error launchChildren(llvm::ArrayRef<rt::DeviceLaunch> children,
                             const LaunchOptions &options);

  explicit Module(std::unique_ptr<ModuleImpl> impl);
  std::unique_ptr<ModuleImpl> impl;
};

} // namespace ptxjit

#endif // PTXJIT_JIT_MODULE_H
