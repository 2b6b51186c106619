//===- CompileCache.h - Compiled modules kept across loads ------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A compiled module is its host object code plus what the runtime needs to
// know about it (kernels, parameter layouts, module variables). The compile
// cache keeps those, in the process and on disk, under a key that hashes
// everything the code depends on: the PTX text and its name (the locations
// of checked mode's reports are part of the code), the compile options
// (checks included: checked code is cached under its own key), the host CPU
// and its features, and the ptxjit build itself.
//
// The disk cache lives in $PTXJIT_CACHE_DIR, else $XDG_CACHE_HOME/ptxjit,
// else ~/.cache/ptxjit; PTXJIT_DISABLE_CACHE=1 turns both off (as CUDA's
// CUDA_CACHE_PATH / CUDA_CACHE_DISABLE do). Entries are written to a
// temporary file and renamed, so a reader never sees half of one; an entry
// that does not read back whole (truncated, corrupt, another format) is
// ignored and rebuilt.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_JIT_COMPILECACHE_H
#define PTXJIT_JIT_COMPILECACHE_H

#include "ptxjit/JIT/Module.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ptxjit {

/// What loading a module needs once its PTX has been compiled.
struct CompiledModule {
  /// The relocatable host object (ELF) of the whole module.
  std::string object;
  /// The kernels, in declaration order, with whether each runs as a
  /// coroutine (its threads synchronize) and its local bytes per thread
  /// (stack for device functions included).
  std::vector<KernelInfo> kernels;
  std::vector<bool> coroutine;
  std::vector<uint64_t> localBytes;
  /// Module-scope variables: symbol and size.
  std::vector<std::pair<std::string, uint64_t>> globals;
  /// Addresses to patch into initializers: variable, byte offset, symbol.
  std::vector<std::tuple<std::string, uint64_t, std::string>> relocations;
  /// The checks the module was compiled with (rt::check::Check bits).
  unsigned checks = 0;
};

/// The cache key of compiling \p ptxText with \p options, whose float path,
/// checks and SIMT mode are already resolved (\p floatPath, \p checks,
/// \p simt) from the environment.
std::string compileCacheKey(llvm::StringRef ptxText,
                            const CompileOptions &options,
                            llvm::StringRef floatPath, unsigned checks,
                            SimtMode simt);

/// Whether the cache is on (PTXJIT_DISABLE_CACHE unset or "0").
bool compileCacheEnabled();

/// The directory of the disk cache ("" when there is none).
std::string compileCacheDirectory();

/// The module compiled under \p key, from the process's cache or the disk.
std::optional<CompiledModule> lookupCompiledModule(llvm::StringRef key);

/// Keeps \p module under \p key, in the process and on disk. A disk that
/// cannot be written only loses the entry.
void storeCompiledModule(llvm::StringRef key, const CompiledModule &module);

/// Entries of the byte format, for tests: \p module serialized, and read
/// back (std::nullopt for bytes that are not a whole entry).
std::string serializeCompiledModule(const CompiledModule &module);
std::optional<CompiledModule> deserializeCompiledModule(llvm::StringRef bytes);

} // namespace ptxjit

#endif // PTXJIT_JIT_COMPILECACHE_H
