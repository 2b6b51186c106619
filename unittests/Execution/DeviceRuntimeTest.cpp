//===- DeviceRuntimeTest.cpp - device printf, its FIFO, the device heap ---===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Device printf against the host's snprintf, the reference CUDA itself uses
// ("the final formatting of printf() output takes place on the host
// system"): random conversion specifications, their arguments packed as nvcc
// packs them (each at an offset aligned to its size; float as double, char
// and short as int). Then the FIFO's circular overwrite and the heap.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/DeviceRuntime.h"
#include "ptxjit/Runtime/ThreadState.h"

#include "gtest/gtest.h"

#include <cstdarg>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace ptxjit::rt;

namespace {

/// An argument buffer packed as nvcc packs printf arguments.
struct PackedArguments {
  std::vector<uint8_t> bytes;
  template <typename T> void push(T value) {
    size_t offset = (bytes.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    bytes.resize(offset + sizeof(T));
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
  }
};

std::string hostFormat(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
std::string hostFormat(const char *format, ...) {
  char text[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof(text), format, args);
  va_end(args);
  return text;
}

/// One random conversion: appends its specification to \p format, its
/// argument to \p packed, and the host's formatting of it to \p expected.
void randomConversion(std::mt19937_64 &rng, std::string &format,
                      PackedArguments &packed, std::string &expected) {
  auto pick = [&](const char *choices) {
    return choices[rng() % std::strlen(choices)];
  };
  std::string spec = "%";
  for (int i = rng() % 3; i > 0; --i)
    spec += pick("-+ #0");
  if (rng() % 2)
    spec += std::to_string(rng() % 20);
  if (rng() % 2)
    spec += "." + std::to_string(rng() % 12);
  char conversion = pick("diouxXcseEfgGaAp");
  int64_t bits = int64_t(rng());
  switch (conversion) {
  case 'd':
  case 'i':
  case 'o':
  case 'u':
  case 'x':
  case 'X': {
    switch (rng() % 4) {
    case 0: {
      std::string full = spec + "ll" + conversion;
      format += full;
      packed.push<int64_t>(bits);
      expected += hostFormat(full.c_str(), (long long)bits);
      return;
    }
    case 1: {
      std::string full = spec + "h" + conversion;
      format += full;
      packed.push<int32_t>(int32_t(bits));
      expected += hostFormat(full.c_str(), int(int32_t(bits)));
      return;
    }
    case 2: {
      std::string full = spec + "hh" + conversion;
      format += full;
      packed.push<int32_t>(int32_t(bits));
      expected += hostFormat(full.c_str(), int(int32_t(bits)));
      return;
    }
    default: {
      std::string full = spec + conversion;
      format += full;
      packed.push<int32_t>(int32_t(bits));
      expected += hostFormat(full.c_str(), int(int32_t(bits)));
      return;
    }
    }
  }
  case 'c': {
    // Flags and precision mean nothing to %c; keep the width.
    std::string full = "%" + std::to_string(rng() % 5) + "c";
    int32_t value = int32_t(' ' + rng() % 90);
    format += full;
    packed.push<int32_t>(value);
    expected += hostFormat(full.c_str(), int(value));
    return;
  }
  case 's': {
    static const char *const words[] = {"", "a", "word", "longer words"};
    const char *word = words[rng() % 4];
    std::string full = "%" + std::to_string(rng() % 14) + "." +
                       std::to_string(rng() % 14) + "s";
    format += full;
    packed.push<uint64_t>(reinterpret_cast<uint64_t>(word));
    expected += hostFormat(full.c_str(), word);
    return;
  }
  case 'p': {
    std::string full = "%p";
    uint64_t value = uint64_t(bits) >> (rng() % 64);
    format += full;
    packed.push<uint64_t>(value);
    expected += hostFormat(full.c_str(), reinterpret_cast<void *>(value));
    return;
  }
  default: {
    // Doubles of every kind: normal, subnormal, huge, zero, inf and NaN.
    double value;
    switch (rng() % 4) {
    case 0:
      value = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
      break;
    case 1: {
      uint64_t raw = rng();
      std::memcpy(&value, &raw, sizeof(value));
      break;
    }
    case 2:
      value = float(std::uniform_real_distribution<double>(-10, 10)(rng));
      break;
    default: {
      static const double specials[] = {0.0, -0.0, 1e300, 5e-324, 2.5, 0.125};
      value = specials[rng() % 6];
    }
    }
    std::string full = spec + conversion;
    format += full;
    packed.push<double>(value);
    expected += hostFormat(full.c_str(), value);
    return;
  }
  }
}

TEST(DevicePrintf, MatchesTheHostPrintf) {
  std::mt19937_64 rng(20261129);
  for (int trial = 0; trial < 20000; ++trial) {
    std::string format = "<";
    std::string expected = "<";
    PackedArguments packed;
    int conversions = 1 + int(rng() % 5);
    for (int k = 0; k < conversions; ++k) {
      randomConversion(rng, format, packed, expected);
      format += "|";
      expected += "|";
    }
    auto [text, count] = formatDevicePrintf(format.c_str(),
                                            packed.bytes.data());
    ASSERT_EQ(text, expected) << "format " << format;
    ASSERT_EQ(count, conversions) << "format " << format;
  }
}

TEST(DevicePrintf, StarWidthAndPrecisionAreArguments) {
  PackedArguments packed;
  packed.push<int32_t>(-7); // width: a negative width means '-'
  packed.push<int32_t>(42);
  packed.push<int32_t>(3); // precision
  packed.push<double>(3.14159);
  auto [text, count] = formatDevicePrintf("[%*d][%.*f]", packed.bytes.data());
  EXPECT_EQ(text, hostFormat("[%*d][%.*f]", -7, 42, 3, 3.14159));
  EXPECT_EQ(count, 4);
}

TEST(DevicePrintf, PercentAndNoArguments) {
  auto [text, count] = formatDevicePrintf("100%% sure\n", nullptr);
  EXPECT_EQ(text, "100% sure\n");
  EXPECT_EQ(count, 0);
}

TEST(DevicePrintf, NullFormatReturnsMinusOne) {
  EXPECT_EQ(formatDevicePrintf(nullptr, nullptr).second, -1);
}

TEST(DevicePrintf, AtMostThirtyTwoArguments) {
  // "Additional arguments beyond this will be ignored, and the format
  // specifier output as-is."
  PackedArguments packed;
  std::string format, expected;
  for (int k = 0; k < 34; ++k) {
    packed.push<int32_t>(k);
    format += "%d ";
    expected += k < 32 ? std::to_string(k) + " " : std::string("%d ");
  }
  auto [text, count] = formatDevicePrintf(format.c_str(), packed.bytes.data());
  EXPECT_EQ(text, expected);
  EXPECT_EQ(count, 32);
}

TEST(DevicePrintf, UnknownConversionIsPrintedAsItIs) {
  PackedArguments packed;
  packed.push<int32_t>(5);
  auto [text, count] = formatDevicePrintf("%y %d", packed.bytes.data());
  EXPECT_EQ(text, "%y 5");
  EXPECT_EQ(count, 1);
}

/// Prints \p text through the runtime entry point the kernels call.
int32_t devicePrint(const char *text) {
  ThreadState state{};
  uint64_t format = reinterpret_cast<uint64_t>(text), args = 0;
  int32_t result = -3;
  ptxrt_device_vprintf(&state, &format, &args, &result);
  return result;
}

std::string flushToString() {
  std::FILE *file = std::tmpfile();
  flushDeviceOutput(file);
  std::rewind(file);
  std::string text;
  char buffer[256];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), file)) > 0)
    text.append(buffer, n);
  std::fclose(file);
  return text;
}

TEST(DevicePrintfFifo, KeepsOrderAndOverwritesTheOldest) {
  flushToString();
  // Each 8-character record takes 16 + 8 bytes.
  setPrintfFifoSize(3 * 24);
  for (const char *line : {"line 1\n", "line 2\n", "line 3\n", "line 4\n",
                           "line 5\n"})
    EXPECT_EQ(devicePrint(line), 0);
  EXPECT_EQ(flushToString(), "line 3\nline 4\nline 5\n");
  // A flush empties the FIFO.
  EXPECT_EQ(flushToString(), "");
  setPrintfFifoSize(kDefaultPrintfFifoBytes);
  EXPECT_EQ(devicePrint("again\n"), 0);
  EXPECT_EQ(flushToString(), "again\n");
}

uint64_t deviceMalloc(uint64_t size) {
  ThreadState state{};
  uint64_t result = 1;
  ptxrt_device_malloc(&state, &size, &result);
  return result;
}

void deviceFree(uint64_t ptr) {
  ThreadState state{};
  ptxrt_device_free(&state, &ptr);
}

TEST(DeviceHeap, AllocatesUntilFullAndReusesFreedBlocks) {
  setDeviceHeapSize(4096);
  std::vector<uint64_t> blocks;
  std::set<uint64_t> distinct;
  for (int k = 0; k < 256; ++k) {
    uint64_t p = deviceMalloc(16);
    ASSERT_NE(p, 0u) << "block " << k;
    EXPECT_EQ(p % 16, 0u);
    blocks.push_back(p);
    distinct.insert(p);
  }
  EXPECT_EQ(distinct.size(), 256u);
  EXPECT_EQ(deviceMalloc(1), 0u) << "the heap is full";
  // Two neighbours freed make one block of 32 bytes.
  deviceFree(blocks[10]);
  deviceFree(blocks[11]);
  EXPECT_EQ(deviceMalloc(32), blocks[10]);
  // Everything freed: one block of the whole heap fits again.
  deviceFree(blocks[10]);
  for (size_t k = 0; k < blocks.size(); ++k)
    if (k != 10 && k != 11)
      deviceFree(blocks[k]);
  uint64_t whole = deviceMalloc(4096);
  EXPECT_NE(whole, 0u);
  // Freeing null or a pointer malloc did not return changes nothing.
  deviceFree(0);
  deviceFree(whole + 16);
  EXPECT_EQ(deviceMalloc(16), 0u);
  deviceFree(whole);
  setDeviceHeapSize(kDefaultDeviceHeapBytes);
  EXPECT_NE(deviceMalloc(5 << 20), 0u);
}

} // namespace
