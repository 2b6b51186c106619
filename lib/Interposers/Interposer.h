//===- Interposer.h - Libraries that wrap NVIDIA's compilers ----*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// What the interposer libraries (libnvrtc, libnvJitLink of ptxjit) share:
// finding and opening NVIDIA's library of the same name, and turning
// options for a real architecture into the matching virtual one.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_INTERPOSERS_INTERPOSER_H
#define PTXJIT_LIB_INTERPOSERS_INTERPOSER_H

#include <string>
#include <vector>

/// Marks an entry point the interposer exports.
#define PTXJIT_INTERPOSER_EXPORT __attribute__((visibility("default")))

namespace ptxjit::interposer {

/// NVIDIA's library behind an interposer, opened on first use.
class RealLibrary {
public:
  /// \p soname is the file to find; \p envVariable names a path that wins
  /// over the search (then: next to NVIDIA libraries of Python wheels the
  /// process has loaded, LD_LIBRARY_PATH, $CUDA_HOME/lib64, $CUDA_PATH/lib64,
  /// /usr/local/cuda/lib64); \p self is an address inside the interposer,
  /// which must not find itself.
  RealLibrary(const char *soname, const char *envVariable, void *self);

  /// The function \p name of NVIDIA's library, or null (reported once).
  template <typename F> F get(const char *name) {
    return reinterpret_cast<F>(lookup(name));
  }

private:
  void *lookup(const char *name);
  void open();

  std::string soname, envVariable, ownPath;
  void *handle = nullptr;
  bool opened = false;
};

/// Copies \p options, replacing a real architecture (`-arch=sm_80`,
/// `--gpu-architecture sm_90a`, ...) by the virtual one of the same number
/// (`compute_80`). Returns whether one was replaced.
bool rewriteArchitectureOptions(const char *const *options, int count,
                                std::vector<std::string> &out);

} // namespace ptxjit::interposer

#endif // PTXJIT_LIB_INTERPOSERS_INTERPOSER_H
