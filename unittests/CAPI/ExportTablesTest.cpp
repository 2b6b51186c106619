//===- ExportTablesTest.cpp - The CUDA runtime's private tables -----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// MD2 against RFC 1319's test suite, and the tables NVIDIA's runtime asks
// for through cuGetExportTable: their size slots, the context-local
// storage the runtime keeps its per-context state in, and the fixed
// answers of the driver check. Running real nvcc-built programs on the
// tables is test/Runtime's work.
//
//===----------------------------------------------------------------------===//

#include "../../lib/CAPI/MD2.h"
#include "DriverFixture.h"

#include <cstring>
#include <string>

namespace {

std::string md2Hex(const std::string &message) {
  ptxjit::capi::MD2 hash;
  hash.update(message.data(), message.size());
  uint8_t digest[16];
  hash.finish(digest);
  static const char *hex = "0123456789abcdef";
  std::string out;
  for (uint8_t byte : digest) {
    out += hex[byte >> 4];
    out += hex[byte & 15];
  }
  return out;
}

TEST(MD2, RFC1319TestSuite) {
  EXPECT_EQ(md2Hex(""), "8350e5a3e24c153df2275c9f80692773");
  EXPECT_EQ(md2Hex("a"), "32ec01ec4a6dac72c0ab96fb34c0b5d1");
  EXPECT_EQ(md2Hex("abc"), "da853b0d3f88d99b30283a69e6ded6bb");
  EXPECT_EQ(md2Hex("message digest"), "ab4f496bfb2a530b219ff33031fe06b0");
  EXPECT_EQ(md2Hex("abcdefghijklmnopqrstuvwxyz"),
            "4e8ddff3650292ab5a4108c3aa47940b");
  EXPECT_EQ(md2Hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                   "0123456789"),
            "da33def2a42df13975352846c30338cd");
  std::string digits;
  for (int i = 0; i < 8; ++i)
    digits += "1234567890";
  EXPECT_EQ(md2Hex(digits), "d5976f79d83d3a0dc9806c3c66f3efd8");
}

TEST(MD2, IncrementalUpdatesMatchOneUpdate) {
  // Blocks split at every position give the same digest.
  std::string message = "the quick brown fox jumps over the lazy dog, twice";
  std::string whole = md2Hex(message);
  for (size_t split = 0; split <= message.size(); ++split) {
    ptxjit::capi::MD2 hash;
    hash.update(message.data(), split);
    hash.update(message.data() + split, message.size() - split);
    uint8_t a[16], b[16];
    hash.finish(a);
    ptxjit::capi::MD2 again;
    again.update(message.data(), message.size());
    again.finish(b);
    EXPECT_EQ(std::memcmp(a, b, 16), 0) << split;
  }
  EXPECT_EQ(whole.size(), 32u);
}

/// The 16 bytes of a table id written as hexadecimal.
CUuuid tableId(const char *hex) {
  CUuuid id;
  for (int i = 0; i < 16; ++i)
    id.bytes[i] = char(std::stoi(std::string(hex + 2 * i, 2), nullptr, 16));
  return id;
}

const void *const *table(const char *hex) {
  CUuuid id = tableId(hex);
  const void *table = nullptr;
  EXPECT_EQ(cuGetExportTable(&table, &id), CUDA_SUCCESS) << hex;
  return static_cast<const void *const *>(table);
}

size_t sizeSlot(const void *const *table) {
  return reinterpret_cast<size_t>(table[0]);
}

TEST(ExportTables, SizesAndUnknownTables) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  // The CUDA runtime checks slot 0 against the size it needs.
  EXPECT_EQ(sizeSlot(table("6bd5fb6c5bf4e74a8987d93912fd9df9")),
            10 * sizeof(void *));
  EXPECT_EQ(sizeSlot(table("a094798c2e742e7493f20800200c0a66")),
            7 * sizeof(void *));
  EXPECT_EQ(sizeSlot(table("d4082055bde6704b8d34ba123c66e1f2")),
            3 * sizeof(void *));
  // A table ptxjit does not provide (CUDA 13's runtime asks for this one
  // first and goes on without it).
  CUuuid unknown = tableId("f8cff95121468b4eb9e2fb469e7c0dd9");
  const void *result = &unknown;
  EXPECT_EQ(cuGetExportTable(&result, &unknown), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(result, nullptr);
  EXPECT_EQ(cuGetExportTable(nullptr, &unknown), CUDA_ERROR_INVALID_VALUE);
}

using StoragePut = CUresult (*)(CUcontext, void *, void *,
                                void (*)(CUcontext, void *, void *));
using StorageDelete = CUresult (*)(CUcontext, void *);
using StorageGet = CUresult (*)(void **, CUcontext, void *);

class ExportTablesTest : public DriverFixture {};

TEST_F(ExportTablesTest, ContextLocalStorage) {
  const void *const *slots = table("c693336e1121df11a8c368f355d89593");
  auto put = reinterpret_cast<StoragePut>(const_cast<void *>(slots[0]));
  auto remove = reinterpret_cast<StorageDelete>(const_cast<void *>(slots[1]));
  auto get = reinterpret_cast<StorageGet>(const_cast<void *>(slots[2]));
  int key = 0, state = 0, other = 0;
  void *value = nullptr;
  // Nothing stored yet: the runtime then makes its state and stores it.
  EXPECT_EQ(get(&value, nullptr, &key), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(put(nullptr, &key, &state, nullptr), CUDA_SUCCESS);
  EXPECT_EQ(get(&value, nullptr, &key), CUDA_SUCCESS);
  EXPECT_EQ(value, &state);
  // The null context is the current one; storage is per context.
  EXPECT_EQ(get(&value, context, &key), CUDA_SUCCESS);
  EXPECT_EQ(value, &state);
  CUcontext second;
  ASSERT_EQ(cuCtxCreate(&second, 0, device), CUDA_SUCCESS);
  EXPECT_EQ(get(&value, nullptr, &key), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(put(nullptr, &key, &other, nullptr), CUDA_SUCCESS);
  EXPECT_EQ(get(&value, nullptr, &key), CUDA_SUCCESS);
  EXPECT_EQ(value, &other);
  EXPECT_EQ(get(&value, context, &key), CUDA_SUCCESS);
  EXPECT_EQ(value, &state);
  EXPECT_EQ(cuCtxDestroy(second), CUDA_SUCCESS);
  // Deleting forgets; a second delete finds nothing.
  EXPECT_EQ(remove(context, &key), CUDA_SUCCESS);
  EXPECT_EQ(get(&value, context, &key), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(remove(context, &key), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(get(nullptr, context, &key), CUDA_ERROR_INVALID_VALUE);
}

using PrimaryContext = CUresult (*)(CUcontext *, CUdevice);

TEST_F(ExportTablesTest, RuntimePrimaryContext) {
  const void *const *slots = table("6bd5fb6c5bf4e74a8987d93912fd9df9");
  auto primary =
      reinterpret_cast<PrimaryContext>(const_cast<void *>(slots[2]));
  CUcontext viaTable = nullptr, viaDriver = nullptr;
  ASSERT_EQ(primary(&viaTable, 0), CUDA_SUCCESS);
  // Not retained: the runtime retains it itself right after.
  unsigned flags = 0;
  int active = 1;
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 0);
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&viaDriver, 0), CUDA_SUCCESS);
  EXPECT_EQ(viaTable, viaDriver);
  EXPECT_EQ(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  EXPECT_EQ(primary(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(primary(&viaTable, 1), CUDA_ERROR_INVALID_DEVICE);
}

using IntegrityCheck = CUresult (*)(uint32_t, uint64_t, uint64_t *);

TEST(ExportTables, DriverCheckFixedAnswers) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  const void *const *slots = table("d4082055bde6704b8d34ba123c66e1f2");
  auto check = reinterpret_cast<IntegrityCheck>(const_cast<void *>(slots[1]));
  uint64_t result[2] = {};
  // Versions ending in 0 and 1 have fixed answers (ZLUDA's findings).
  ASSERT_EQ(check(12080, 1700000000, result), CUDA_SUCCESS);
  EXPECT_EQ(result[0], 0x3341181C03CB675CULL);
  EXPECT_EQ(result[1], 0x8ED383AA1F4CD1E8ULL);
  ASSERT_EQ(check(12081, 1700000000, result), CUDA_SUCCESS);
  EXPECT_EQ(result[0], 0x1841181C03CB675CULL);
  // Others hash the time among other things: different times, different
  // answers; the same inputs, the same answer.
  uint64_t a[2], b[2], c[2];
  ASSERT_EQ(check(12082, 1700000000, a), CUDA_SUCCESS);
  ASSERT_EQ(check(12082, 1700000000, b), CUDA_SUCCESS);
  ASSERT_EQ(check(12082, 1700000001, c), CUDA_SUCCESS);
  EXPECT_TRUE(a[0] == b[0] && a[1] == b[1]);
  EXPECT_FALSE(a[0] == c[0] && a[1] == c[1]);
  EXPECT_EQ(check(12082, 0, nullptr), CUDA_ERROR_INVALID_VALUE);
}

} // namespace
