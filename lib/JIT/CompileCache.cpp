//===- CompileCache.cpp - Compiled modules kept across loads --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// An entry on disk is "PTXJITC" and a format byte, the payload's length
// (u64), its BLAKE3 hash (32 bytes), then the payload: integers as little-
// endian u64, strings as their length and bytes.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/CompileCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace ptxjit;

namespace {

constexpr llvm::StringLiteral kMagic("PTXJITC\x01");
constexpr size_t kHashBytes = 32;
/// Entries the process keeps; beyond that the oldest go (a test suite that
/// loads thousands of modules should not keep all of their code).
constexpr size_t kProcessEntries = 64;

/// Identifies the ptxjit build running: the file holding this code (the
/// library or a statically linked tool), its size and modification time. A
/// rebuilt ptxjit never reads what an older one wrote. Empty when the file
/// cannot be found: the disk cache is then off.
const std::string &buildIdentity() {
  static const std::string identity = []() -> std::string {
    Dl_info info;
    llvm::sys::fs::file_status status;
    if (!dladdr(reinterpret_cast<void *>(&buildIdentity), &info) ||
        !info.dli_fname || llvm::sys::fs::status(info.dli_fname, status))
      return {};
    return (llvm::Twine("ptxjit " LLVM_VERSION_STRING " ") + info.dli_fname +
            " " + llvm::Twine(status.getSize()) + " " +
            llvm::Twine(
                status.getLastModificationTime().time_since_epoch().count()))
        .str();
  }();
  return identity;
}

std::string hostIdentity() {
  static const std::string identity = [] {
    std::string text = llvm::sys::getHostCPUName().str();
    std::vector<std::string> features;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      if (feature.getValue())
        features.push_back(feature.getKey().str());
    std::sort(features.begin(), features.end());
    for (const std::string &feature : features)
      text += "," + feature;
    return text;
  }();
  return identity;
}

class Writer {
public:
  void u64(uint64_t value) {
    char bytes[8];
    llvm::support::endian::write64le(bytes, value);
    out.append(bytes, 8);
  }
  void str(llvm::StringRef text) {
    u64(text.size());
    out.append(text.data(), text.size());
  }
  std::string out;
};

class Reader {
public:
  explicit Reader(llvm::StringRef bytes) : rest(bytes) {}
  uint64_t u64() {
    if (rest.size() < 8) {
      failed = true;
      return 0;
    }
    uint64_t value = llvm::support::endian::read64le(rest.data());
    rest = rest.drop_front(8);
    return value;
  }
  std::string str() {
    uint64_t size = u64();
    if (size > rest.size()) {
      failed = true;
      return {};
    }
    std::string text = rest.take_front(size).str();
    rest = rest.drop_front(size);
    return text;
  }
  /// A count of items of at least \p minBytes each that the rest can hold.
  uint64_t count(uint64_t minBytes) {
    uint64_t n = u64();
    if (n > rest.size() / minBytes)
      failed = true;
    return failed ? 0 : n;
  }
  bool ok() const { return !failed && rest.empty(); }

private:
  llvm::StringRef rest;
  bool failed = false;
};

std::array<uint8_t, kHashBytes> hashOf(llvm::StringRef bytes) {
  return llvm::BLAKE3::hash<kHashBytes>(llvm::arrayRefFromStringRef(bytes));
}

std::mutex processMutex;
/// The process's entries, oldest first.
std::vector<std::pair<std::string, std::shared_ptr<const CompiledModule>>> &
processEntries() {
  static std::vector<
      std::pair<std::string, std::shared_ptr<const CompiledModule>>>
      entries;
  return entries;
}

/// Keeps \p module under \p key in the process, the oldest entry going
/// once there are kProcessEntries.
void rememberInProcess(llvm::StringRef key, const CompiledModule &module) {
  std::lock_guard<std::mutex> lock(processMutex);
  auto &entries = processEntries();
  if (entries.size() >= kProcessEntries)
    entries.erase(entries.begin());
  entries.emplace_back(key.str(),
                       std::make_shared<const CompiledModule>(module));
}

std::string entryPath(llvm::StringRef key) {
  std::string dir = compileCacheDirectory();
  if (dir.empty() || buildIdentity().empty())
    return {};
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key + ".ptxjit");
  return path.str().str();
}

/// The disk cache's limit in bytes: PTXJIT_CACHE_MAXSIZE, else 256 MiB
/// (CUDA's ComputeCache default).
uint64_t maxCacheBytes() {
  if (const char *env = std::getenv("PTXJIT_CACHE_MAXSIZE")) {
    uint64_t bytes;
    if (!llvm::StringRef(env).getAsInteger(0, bytes))
      return bytes;
  }
  return uint64_t(256) << 20;
}

/// Once the entries of \p dir pass the limit, removes the least recently
/// used (hits refresh an entry's modification time) down to three quarters
/// of it.
void evictOldEntries(llvm::StringRef dir) {
  struct Entry {
    std::string path;
    uint64_t bytes;
    llvm::sys::TimePoint<> used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (!llvm::StringRef(it->path()).ends_with(".ptxjit"))
      continue;
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(it->path(), status))
      continue;
    entries.push_back(
        {it->path(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  uint64_t limit = maxCacheBytes();
  if (total <= limit)
    return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.used < b.used; });
  for (const Entry &entry : entries) {
    if (total <= limit / 4 * 3)
      break;
    if (!llvm::sys::fs::remove(entry.path))
      total -= entry.bytes;
  }
}

} // namespace

std::string ptxjit::compileCacheKey(llvm::StringRef ptxText,
                                    const CompileOptions &options,
                                    llvm::StringRef floatPath,
                                    unsigned checks, SimtMode simt) {
  Writer key;
  key.str(buildIdentity());
  key.str(hostIdentity());
  key.str(ptxText);
  key.str(options.bufferName);
  key.u64(options.optLevel);
  key.u64(options.onlyKernels.size());
  for (const std::string &name : options.onlyKernels)
    key.str(name);
  key.str(floatPath);
  key.u64(options.fpContract);
  key.u64(checks);
  key.u64(uint64_t(simt));
  const char *stack = std::getenv("PTXJIT_STACK_SIZE");
  key.str(stack ? stack : "");
  return llvm::toHex(hashOf(key.out), /*LowerCase=*/true);
}

bool ptxjit::compileCacheEnabled() {
  const char *disable = std::getenv("PTXJIT_DISABLE_CACHE");
  return !disable || llvm::StringRef(disable) == "0" || !*disable;
}

std::string ptxjit::compileCacheDirectory() {
  if (const char *dir = std::getenv("PTXJIT_CACHE_DIR"))
    return dir;
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    path = home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return {};
  }
  llvm::sys::path::append(path, "ptxjit");
  return path.str().str();
}

std::string ptxjit::serializeCompiledModule(const CompiledModule &module) {
  Writer payload;
  payload.str(module.object);
  payload.u64(module.checks);
  payload.u64(module.kernels.size());
  for (size_t i = 0; i < module.kernels.size(); ++i) {
    const KernelInfo &kernel = module.kernels[i];
    payload.str(kernel.name);
    payload.u64(kernel.params.size());
    for (const KernelParam &param : kernel.params) {
      payload.str(param.name);
      payload.u64(param.size);
      payload.u64(param.offset);
      payload.u64(param.align);
      payload.u64(param.isFloat | param.isPointerSized << 1);
    }
    payload.u64(kernel.paramBufferSize);
    payload.u64(kernel.staticSharedBytes);
    payload.u64(kernel.constBytes);
    payload.u64(kernel.localBytes);
    for (const Dim3 &dim :
         {kernel.reqntid, kernel.maxntid, kernel.reqnctapercluster}) {
      payload.u64(dim.x);
      payload.u64(dim.y);
      payload.u64(dim.z);
    }
    payload.u64(kernel.explicitCluster);
    payload.u64(kernel.registers);
    payload.str(kernel.execution);
    payload.u64(module.coroutine[i]);
    payload.u64(module.localBytes[i]);
  }
  payload.u64(module.globals.size());
  for (const auto &[name, size] : module.globals) {
    payload.str(name);
    payload.u64(size);
  }
  payload.u64(module.relocations.size());
  for (const auto &[var, offset, symbol] : module.relocations) {
    payload.str(var);
    payload.u64(offset);
    payload.str(symbol);
  }
  std::string entry = kMagic.str();
  Writer length;
  length.u64(payload.out.size());
  entry += length.out;
  auto hash = hashOf(payload.out);
  entry.append(reinterpret_cast<const char *>(hash.data()), hash.size());
  entry += payload.out;
  return entry;
}

std::optional<CompiledModule>
ptxjit::deserializeCompiledModule(llvm::StringRef bytes) {
  if (!bytes.consume_front(kMagic) || bytes.size() < 8 + kHashBytes)
    return std::nullopt;
  uint64_t length = llvm::support::endian::read64le(bytes.data());
  llvm::StringRef hash = bytes.substr(8, kHashBytes);
  llvm::StringRef payload = bytes.drop_front(8 + kHashBytes);
  if (payload.size() != length)
    return std::nullopt;
  auto expected = hashOf(payload);
  if (hash != llvm::StringRef(reinterpret_cast<const char *>(expected.data()),
                              expected.size()))
    return std::nullopt;
  Reader in(payload);
  CompiledModule module;
  module.object = in.str();
  module.checks = unsigned(in.u64());
  uint64_t kernels = in.count(8);
  for (uint64_t i = 0; i < kernels; ++i) {
    KernelInfo kernel;
    kernel.name = in.str();
    uint64_t params = in.count(8);
    for (uint64_t p = 0; p < params; ++p) {
      KernelParam param;
      param.name = in.str();
      param.size = uint32_t(in.u64());
      param.offset = uint32_t(in.u64());
      param.align = uint32_t(in.u64());
      uint64_t flags = in.u64();
      param.isFloat = flags & 1;
      param.isPointerSized = flags & 2;
      kernel.params.push_back(std::move(param));
    }
    kernel.paramBufferSize = uint32_t(in.u64());
    kernel.staticSharedBytes = uint32_t(in.u64());
    kernel.constBytes = in.u64();
    kernel.localBytes = in.u64();
    for (Dim3 *dim :
         {&kernel.reqntid, &kernel.maxntid, &kernel.reqnctapercluster}) {
      dim->x = uint32_t(in.u64());
      dim->y = uint32_t(in.u64());
      dim->z = uint32_t(in.u64());
    }
    kernel.explicitCluster = in.u64();
    kernel.registers = uint32_t(in.u64());
    kernel.execution = in.str();
    module.coroutine.push_back(in.u64());
    module.localBytes.push_back(in.u64());
    module.kernels.push_back(std::move(kernel));
  }
  uint64_t globals = in.count(8);
  for (uint64_t i = 0; i < globals; ++i) {
    std::string name = in.str();
    module.globals.emplace_back(std::move(name), in.u64());
  }
  uint64_t relocations = in.count(8);
  for (uint64_t i = 0; i < relocations; ++i) {
    std::string var = in.str();
    uint64_t offset = in.u64();
    module.relocations.emplace_back(std::move(var), offset, in.str());
  }
  if (!in.ok())
    return std::nullopt;
  return module;
}

std::optional<CompiledModule>
ptxjit::lookupCompiledModule(llvm::StringRef key) {
  if (!compileCacheEnabled())
    return std::nullopt;
  {
    std::lock_guard<std::mutex> lock(processMutex);
    for (const auto &[entryKey, module] : processEntries())
      if (entryKey == key)
        return *module;
  }
  std::string path = entryPath(key);
  if (path.empty())
    return std::nullopt;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  std::optional<CompiledModule> module =
      deserializeCompiledModule((*buffer)->getBuffer());
  if (module) {
    // Recently used: the last to be evicted.
    int fd;
    if (!llvm::sys::fs::openFileForWrite(path, fd,
                                         llvm::sys::fs::CD_OpenExisting,
                                         llvm::sys::fs::OF_Append)) {
      (void)llvm::sys::fs::setLastAccessAndModificationTime(
          fd, std::chrono::system_clock::now());
      llvm::sys::Process::SafelyCloseFileDescriptor(fd);
    }
    rememberInProcess(key, *module);
  }
  return module;
}

void ptxjit::storeCompiledModule(llvm::StringRef key,
                                 const CompiledModule &module) {
  if (!compileCacheEnabled())
    return;
  rememberInProcess(key, module);
  std::string path = entryPath(key);
  if (path.empty() ||
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return;
  std::string bytes = serializeCompiledModule(module);
  // A temporary file renamed into place: readers see the whole entry or
  // none. Failing to write only loses the entry.
  if (llvm::Error err =
          llvm::writeToOutput(path, [&](llvm::raw_ostream &out) {
            out << bytes;
            return llvm::Error::success();
          })) {
    llvm::consumeError(std::move(err));
    return;
  }
  evictOldEntries(llvm::sys::path::parent_path(path));
}
