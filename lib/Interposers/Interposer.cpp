//===- Interposer.cpp - Finding NVIDIA's libraries, architecture options --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "Interposer.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <mutex>

using namespace ptxjit::interposer;

static std::mutex openMutex;

RealLibrary::RealLibrary(const char *soname, const char *envVariable,
                         void *self)
    : soname(soname), envVariable(envVariable) {
  Dl_info info;
  if (dladdr(self, &info) && info.dli_fname) {
    char resolved[PATH_MAX];
    if (realpath(info.dli_fname, resolved))
      ownPath = resolved;
  }
}

/// Whether \p path names a file other than \p ownPath.
static bool isOtherFile(const std::string &path, const std::string &ownPath) {
  char resolved[PATH_MAX];
  if (!realpath(path.c_str(), resolved))
    return false;
  return ownPath != resolved;
}

void RealLibrary::open() {
  std::vector<std::string> candidates;
  if (const char *explicitPath = std::getenv(envVariable.c_str()))
    if (*explicitPath)
      candidates.push_back(explicitPath);
  // The directories of NVIDIA libraries the process has loaded already
  // (a Python wheel's libnvvm or libcudart): the compiler next to them
  // matches their version, which NVVM's LTO-IR needs.
  std::vector<std::string> loadedDirs;
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        std::string name = info->dlpi_name ? info->dlpi_name : "";
        size_t slash = name.rfind('/');
        if (slash != std::string::npos &&
            name.find("/nvidia/", 0) != std::string::npos)
          static_cast<std::vector<std::string> *>(data)->push_back(
              name.substr(0, slash));
        return 0;
      },
      &loadedDirs);
  for (const std::string &dir : loadedDirs)
    candidates.push_back(dir + "/" + soname);
  if (const char *path = std::getenv("LD_LIBRARY_PATH")) {
    std::string list = path;
    size_t start = 0;
    while (start <= list.size()) {
      size_t end = list.find(':', start);
      if (end == std::string::npos)
        end = list.size();
      if (end > start)
        candidates.push_back(list.substr(start, end - start) + "/" + soname);
      start = end + 1;
    }
  }
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *root = std::getenv(variable))
      if (*root)
        candidates.push_back(std::string(root) + "/lib64/" + soname);
  candidates.push_back("/usr/local/cuda/lib64/" + soname);
  candidates.push_back("/usr/lib/x86_64-linux-gnu/" + soname);
  for (const std::string &candidate : candidates) {
    if (!isOtherFile(candidate, ownPath))
      continue;
    // RTLD_DEEPBIND: NVIDIA's library binds its own symbols, never this
    // interposer's of the same names.
    handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (handle) {
      if (std::getenv("PTXJIT_TRACE"))
        std::fprintf(stderr, "ptxjit: %s is %s\n", soname.c_str(),
                     candidate.c_str());
      return;
    }
  }
  std::fprintf(stderr,
               "ptxjit: NVIDIA's %s was not found (looked in %s, "
               "LD_LIBRARY_PATH, $CUDA_HOME/lib64, /usr/local/cuda/lib64); "
               "set %s to its path\n",
               soname.c_str(), envVariable.c_str(), envVariable.c_str());
}

void *RealLibrary::lookup(const char *name) {
  {
    std::lock_guard<std::mutex> lock(openMutex);
    if (!opened) {
      open();
      opened = true;
    }
  }
  if (!handle)
    return nullptr;
  void *symbol = dlsym(handle, name);
  if (!symbol)
    std::fprintf(stderr, "ptxjit: NVIDIA's %s has no %s\n", soname.c_str(),
                 name);
  return symbol;
}

/// `sm_80` → `compute_80` (and `sm_90a` → `compute_90a`); else unchanged.
static bool virtualArchitecture(std::string &architecture) {
  if (architecture.compare(0, 3, "sm_") != 0)
    return false;
  architecture = "compute_" + architecture.substr(3);
  return true;
}

bool ptxjit::interposer::rewriteArchitectureOptions(
    const char *const *options, int count, std::vector<std::string> &out) {
  bool rewritten = false;
  bool valueNext = false;
  for (int i = 0; i < count; ++i) {
    std::string option = options[i] ? options[i] : "";
    if (valueNext) {
      rewritten |= virtualArchitecture(option);
      valueNext = false;
    } else if (option == "-arch" || option == "--gpu-architecture") {
      valueNext = true;
    } else {
      for (const char *prefix : {"-arch=", "--gpu-architecture="}) {
        size_t length = std::strlen(prefix);
        if (option.compare(0, length, prefix) != 0)
          continue;
        std::string architecture = option.substr(length);
        if (virtualArchitecture(architecture)) {
          option = prefix + architecture;
          rewritten = true;
        }
      }
    }
    out.push_back(option);
  }
  return rewritten;
}
