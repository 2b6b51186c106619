//===- CompileCacheTest.cpp - The compile cache ---------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The compile cache (JIT/CompileCache.h): a second load of a module links
// the cached object and behaves as the first (its own module variables
// included); checked code has its own entries; corrupt entries are rebuilt;
// PTXJIT_DISABLE_CACHE turns it off; the disk cache stays under its limit.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/CompileCache.h"
#include "ptxjit/JIT/Module.h"
#include "ptxjit/Runtime/Checks.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>
#include <vector>

using namespace ptxjit;

namespace {

/// Adds its argument to a module variable and stores the sum in out[0]:
/// the variable must be the module's own, whichever load made it.
constexpr const char *kCounterPtx = R"(
.version 8.0
.target sm_80
.address_size 64
.global .align 4 .u32 counter = 5;
.visible .entry bump(.param .u64 out, .param .u32 amount) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<3>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [amount];
  ld.global.u32 %r2, [counter];
  add.u32 %r3, %r2, %r1;
  st.global.u32 [counter], %r3;
  cvta.to.global.u64 %rd2, %rd1;
  st.global.u32 [%rd2], %r3;
  ret;
}
)";

/// Runs `bump` of \p module once with \p amount; returns out[0].
uint32_t bump(Module &module, uint32_t amount) {
  auto kernel = module.getKernel("bump");
  EXPECT_TRUE(bool(kernel));
  if (!kernel)
    return 0;
  uint32_t out = 0;
  uint32_t *outPtr = &out;
  registerDeviceMemory(&out, sizeof(out));
  const void *args[] = {&outPtr, &amount};
  llvm::Error err = module.launch(**kernel, {1, 1, 1}, {1, 1, 1}, 0, args);
  EXPECT_FALSE(bool(err)) << llvm::toString(std::move(err));
  unregisterDeviceMemory(&out);
  return out;
}

std::vector<std::string> entries(llvm::StringRef dir) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".ptxjit"))
      paths.push_back(it->path());
  return paths;
}

class CompileCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ptxjit-cache", path));
    dir = path.str().str();
    setenv("PTXJIT_CACHE_DIR", dir.c_str(), 1);
    unsetenv("PTXJIT_DISABLE_CACHE");
    unsetenv("PTXJIT_CACHE_MAXSIZE");
    unsetenv("PTXJIT_CHECK");
  }
  void TearDown() override {
    llvm::sys::fs::remove_directories(dir);
    unsetenv("PTXJIT_CACHE_DIR");
    unsetenv("PTXJIT_DISABLE_CACHE");
    unsetenv("PTXJIT_CACHE_MAXSIZE");
  }
  /// A module text no other test loads (the process keeps entries too).
  std::string uniquePtx() {
    static int serial = 0;
    return std::string(kCounterPtx) + "// " +
           ::testing::UnitTest::GetInstance()->current_test_info()->name() +
           " " + std::to_string(serial++) + "\n";
  }
  std::string dir;
};

TEST_F(CompileCacheTest, SecondLoadLinksTheCachedObjectWithItsOwnVariables) {
  std::string ptx = uniquePtx();
  auto first = Module::loadFromString(ptx);
  ASSERT_TRUE(bool(first)) << llvm::toString(first.takeError());
  ASSERT_EQ(entries(dir).size(), 1u);
  auto second = Module::loadFromString(ptx);
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(entries(dir).size(), 1u);
  // Each load has its own `counter`, initialized to 5.
  EXPECT_EQ(bump(**first, 1), 6u);
  EXPECT_EQ(bump(**first, 1), 7u);
  EXPECT_EQ(bump(**second, 10), 15u);
  auto firstCounter = (*first)->getGlobal("counter");
  auto secondCounter = (*second)->getGlobal("counter");
  ASSERT_TRUE(bool(firstCounter) && bool(secondCounter));
  EXPECT_NE(firstCounter->first, secondCounter->first);
  ASSERT_EQ((*second)->getKernels().size(), 1u);
  const KernelInfo &kernel = (*second)->getKernels()[0];
  EXPECT_EQ(kernel.name, "bump");
  EXPECT_EQ(kernel.execution, "thread loops");
  ASSERT_EQ(kernel.params.size(), 2u);
  EXPECT_EQ(kernel.params[1].offset, 8u);
  EXPECT_EQ(kernel.paramBufferSize, 12u);
}

TEST_F(CompileCacheTest, CheckedCodeHasItsOwnEntry) {
  std::string ptx = uniquePtx();
  CompileOptions unchecked, checked;
  unchecked.checks = 0;
  checked.checks = rt::check::Memcheck;
  EXPECT_NE(compileCacheKey(ptx, unchecked, "", 0, SimtMode::Auto),
            compileCacheKey(ptx, checked, "", rt::check::Memcheck,
                            SimtMode::Auto));
  // So is code whose synchronizing kernels are forced onto coroutines.
  EXPECT_NE(compileCacheKey(ptx, unchecked, "", 0, SimtMode::Auto),
            compileCacheKey(ptx, unchecked, "", 0, SimtMode::Coroutines));
  ASSERT_TRUE(bool(Module::loadFromString(ptx, unchecked)));
  ASSERT_TRUE(bool(Module::loadFromString(ptx, checked)));
  EXPECT_EQ(entries(dir).size(), 2u);
  // The name of the buffer is in checked code's reports: a key of its own.
  CompileOptions renamed = unchecked;
  renamed.bufferName = "other.ptx";
  EXPECT_NE(compileCacheKey(ptx, unchecked, "", 0, SimtMode::Auto),
            compileCacheKey(ptx, renamed, "", 0, SimtMode::Auto));
}

TEST_F(CompileCacheTest, CorruptEntriesAreRebuilt) {
  std::string ptx = uniquePtx();
  CompileOptions options;
  options.bufferName = "corrupt.ptx";
  ASSERT_TRUE(bool(Module::loadFromString(ptx, options)));
  std::vector<std::string> paths = entries(dir);
  ASSERT_EQ(paths.size(), 1u);
  auto bytes = llvm::MemoryBuffer::getFile(paths[0]);
  ASSERT_TRUE(bool(bytes));
  std::string good = (*bytes)->getBuffer().str();
  ASSERT_TRUE(deserializeCompiledModule(good).has_value());
  // Truncated, one byte changed, another format: none reads back.
  EXPECT_FALSE(deserializeCompiledModule(good.substr(0, good.size() - 1)));
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x40;
  EXPECT_FALSE(deserializeCompiledModule(flipped));
  EXPECT_FALSE(deserializeCompiledModule("PTXJITC\x02" + good.substr(8)));
  EXPECT_FALSE(deserializeCompiledModule(""));

  // A corrupt file where a module's entry goes (as another process might
  // leave it): the module is compiled again, runs, and its entry is whole
  // again.
  std::string another = ptx + "// and again\n";
  std::string anotherKey = compileCacheKey(another, options, "auto", 0, SimtMode::Auto);
  std::string anotherPath =
      (llvm::Twine(dir) + "/" + anotherKey + ".ptxjit").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(anotherPath, ec);
    ASSERT_FALSE(ec);
    out << flipped;
  }
  auto rebuilt = Module::loadFromString(another, options);
  ASSERT_TRUE(bool(rebuilt)) << llvm::toString(rebuilt.takeError());
  EXPECT_EQ(bump(**rebuilt, 2), 7u);
  auto rewritten = llvm::MemoryBuffer::getFile(anotherPath);
  ASSERT_TRUE(bool(rewritten));
  EXPECT_TRUE(deserializeCompiledModule((*rewritten)->getBuffer()));
}

TEST_F(CompileCacheTest, DisabledCacheWritesNothing) {
  setenv("PTXJIT_DISABLE_CACHE", "1", 1);
  EXPECT_FALSE(compileCacheEnabled());
  auto module = Module::loadFromString(uniquePtx());
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  EXPECT_EQ(bump(**module, 1), 6u);
  EXPECT_TRUE(entries(dir).empty());
}

TEST_F(CompileCacheTest, DiskCacheStaysUnderItsLimit) {
  // Each entry is a few KiB; a limit of one entry's size keeps at most
  // one (three quarters of the limit after an eviction).
  ASSERT_TRUE(bool(Module::loadFromString(uniquePtx())));
  ASSERT_EQ(entries(dir).size(), 1u);
  uint64_t size = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(entries(dir)[0], size));
  setenv("PTXJIT_CACHE_MAXSIZE", std::to_string(size + size / 2).c_str(), 1);
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(bool(Module::loadFromString(uniquePtx())));
  EXPECT_LE(entries(dir).size(), 1u);
}

TEST_F(CompileCacheTest, ErrorsAreNotCached) {
  std::string bad = ".version 8.0\n.target sm_80\n"
                    ".address_size 64\n.visible .entry k() { frob; }\n";
  for (int i = 0; i < 2; ++i) {
    auto module = Module::loadFromString(bad);
    ASSERT_FALSE(bool(module));
    EXPECT_NE(llvm::toString(module.takeError()).find("frob"),
              std::string::npos);
  }
  EXPECT_TRUE(entries(dir).empty());
}

} // namespace
