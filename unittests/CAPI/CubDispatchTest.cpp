//===- CubDispatchTest.cpp - CUB device algorithms through the driver API -===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Runs nvcc's PTX of cub::DeviceReduce, DeviceScan, DeviceSelect,
// DeviceRadixSort, DeviceMergeSort, DeviceHistogram, DeviceSegmentedSort
// and Thrust's reduce and scan
// (test/Execution/CUB/Inputs, CUDA 13,
// CUB 3.0) through our driver API, with the host-side dispatch CUB's
// DispatchReduce performs written out here (cub/device/dispatch/
// dispatch_reduce.cuh): inputs up to one tile (256 threads x 16 items) run
// DeviceReduceSingleTileKernel alone; larger ones DeviceReduceKernel over a
// GridEvenShare of at most occupancy x multiprocessors x 5 CTAs, then the
// single-tile kernel over the partial results. Every result is compared
// with std::accumulate / std::max_element.
//
//===----------------------------------------------------------------------===//

#include "ptxjit-c/ptxjit_cuda.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string readPTX(const std::string &name) {
  std::ifstream in(std::string(PTXJIT_CUB_INPUTS) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The first `.entry` of \p ptx whose name contains every one of \p parts.
std::string findKernel(const std::string &ptx,
                       std::initializer_list<const char *> parts) {
  size_t pos = 0;
  while ((pos = ptx.find(".entry ", pos)) != std::string::npos) {
    pos += 7;
    std::string name = ptx.substr(pos, ptx.find('(', pos) - pos);
    if (std::all_of(parts.begin(), parts.end(), [&](const char *part) {
          return name.find(part) != std::string::npos;
        }))
      return name;
  }
  return "";
}

/// cub::GridEvenShare<unsigned> (cub/grid/grid_even_share.cuh), as the
/// kernel receives it (`.param .align 4 .b8 [40]`).
struct GridEvenShare {
  int totalTiles = 0, bigShares = 0;
  uint32_t bigShareItems = 0, normalShareItems = 0, normalBaseOffset = 0;
  uint32_t numItems = 0;
  int gridSize = 0;
  uint32_t blockOffset = 0, blockEnd = 0, blockStride = 0;

  /// GridEvenShare::DispatchInit.
  void dispatchInit(uint32_t items, int maxGridSize, int tileItems) {
    blockOffset = blockEnd = numItems = items;
    totalTiles = int((items + tileItems - 1) / tileItems);
    gridSize = std::min(totalTiles, maxGridSize);
    int avgTilesPerBlock = totalTiles / gridSize;
    bigShares = totalTiles - avgTilesPerBlock * gridSize;
    normalShareItems = uint32_t(avgTilesPerBlock) * tileItems;
    normalBaseOffset = uint32_t(bigShares) * tileItems;
    bigShareItems = normalShareItems + tileItems;
  }
};
static_assert(sizeof(GridEvenShare) == 40);

/// CUB's reduce policy for sm_80 and sm_90 (Policy600 of
/// tuning_reduce.cuh for 4-byte items) and its subscription factor.
constexpr int kBlockThreads = 256, kItemsPerThread = 16;
constexpr int kTileItems = kBlockThreads * kItemsPerThread;
constexpr int kSubscriptionFactor = 5;

/// The test name suffix of a PTX file parameter: its `sm_XX`.
std::string archOfParam(const ::testing::TestParamInfo<const char *> &info) {
  std::string name = info.param;
  return name.substr(name.find("sm_"), 5);
}

class CubReduceTest : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
    ASSERT_EQ(cuDevicePrimaryCtxRetain(&context, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
    ptx = readPTX(GetParam());
    ASSERT_FALSE(ptx.empty()) << "cannot read " << GetParam();
    ASSERT_EQ(cuModuleLoadData(&module, ptx.c_str()), CUDA_SUCCESS);
  }
  void TearDown() override {
    if (module)
      cuModuleUnload(module);
    cuDevicePrimaryCtxRelease(0);
  }

  /// Whether the PTX is nvcc's sm_90 output (some tunings differ).
  bool sm90() const {
    return std::string(GetParam()).find("sm_90") != std::string::npos;
  }

  CUfunction kernel(std::initializer_list<const char *> parts) {
    std::string name = findKernel(ptx, parts);
    EXPECT_FALSE(name.empty());
    CUfunction f = nullptr;
    EXPECT_EQ(cuModuleGetFunction(&f, module, name.c_str()), CUDA_SUCCESS)
        << name;
    return f;
  }

  /// DispatchReduce for one instantiation: \p single reduces d_in to d_out
  /// in one CTA, \p reduce makes the per-CTA partials, \p second reduces
  /// the partials. Returns the result.
  template <typename T>
  T reduce(const std::vector<T> &input, T init, CUfunction single,
           CUfunction reducePass, CUfunction second) {
    uint32_t n = uint32_t(input.size());
    CUdeviceptr in = 0, out = 0;
    EXPECT_EQ(cuMemAlloc(&in, std::max<size_t>(n, 1) * sizeof(T)),
              CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&out, sizeof(T)), CUDA_SUCCESS);
    if (n)
      EXPECT_EQ(cuMemcpyHtoD(in, input.data(), n * sizeof(T)), CUDA_SUCCESS);
    uint8_t op = 0, transform = 0;
    if (n <= uint32_t(kTileItems)) {
      void *args[] = {&in, &out, &n, &op, &init, &transform};
      EXPECT_EQ(cuLaunchKernel(single, 1, 1, 1, kBlockThreads, 1, 1, 0,
                               nullptr, args, nullptr),
                CUDA_SUCCESS);
    } else {
      int sms = 0, occupancy = 0;
      EXPECT_EQ(cuDeviceGetAttribute(
                    &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0),
                CUDA_SUCCESS);
      EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                    &occupancy, reducePass, kBlockThreads, 0),
                CUDA_SUCCESS);
      int maxBlocks = occupancy * sms * kSubscriptionFactor;
      GridEvenShare share;
      share.dispatchInit(n, maxBlocks, kTileItems);
      CUdeviceptr partials = 0;
      EXPECT_EQ(cuMemAlloc(&partials, size_t(maxBlocks) * sizeof(T)),
                CUDA_SUCCESS);
      void *args[] = {&in, &partials, &n, &share, &op, &transform};
      EXPECT_EQ(cuLaunchKernel(reducePass, share.gridSize, 1, 1,
                               kBlockThreads, 1, 1, 0, nullptr, args,
                               nullptr),
                CUDA_SUCCESS);
      int count = share.gridSize;
      void *args2[] = {&partials, &out, &count, &op, &init, &transform};
      EXPECT_EQ(cuLaunchKernel(second, 1, 1, 1, kBlockThreads, 1, 1, 0,
                               nullptr, args2, nullptr),
                CUDA_SUCCESS);
      cuMemFree(partials);
    }
    T result{};
    EXPECT_EQ(cuMemcpyDtoH(&result, out, sizeof(T)), CUDA_SUCCESS);
    cuMemFree(in);
    cuMemFree(out);
    return result;
  }

  CUcontext context = nullptr;
  CUmodule module = nullptr;
  std::string ptx;
};

/// Sizes around the single-tile limit and the grid's even share, up to
/// 2^20 and past it.
const uint32_t kSizes[] = {1,     1000,   kTileItems - 1, kTileItems,
                           kTileItems + 1, 100003, 1u << 20, (1u << 20) + 777};

TEST_P(CubReduceTest, SumOfInts) {
  CUfunction single = kernel({"DeviceReduceSingleTileKernel", "IijN4cuda3std3__44plus", "EPKiPij"});
  CUfunction pass = kernel({"DeviceReduceKernel", "IijN4cuda3std3__44plus"});
  CUfunction second = kernel({"DeviceReduceSingleTileKernel", "IijN4cuda3std3__44plus", "EPiSC_i"});
  std::mt19937 random(1);
  for (uint32_t n : kSizes) {
    std::vector<int> input(n);
    for (int &v : input)
      v = int(random() % 2001) - 1000;
    int expected = std::accumulate(input.begin(), input.end(), 0);
    EXPECT_EQ(reduce<int>(input, 0, single, pass, second), expected)
        << n << " items";
  }
}

TEST_P(CubReduceTest, SumOfUnsignedWraps) {
  CUfunction single = kernel({"DeviceReduceSingleTileKernel", "IjjN4cuda3std3__44plus", "EPKjPjj"});
  CUfunction pass = kernel({"DeviceReduceKernel", "IjjN4cuda3std3__44plus"});
  CUfunction second = kernel({"DeviceReduceSingleTileKernel", "IjjN4cuda3std3__44plus", "EPjSC_i"});
  std::mt19937 random(2);
  for (uint32_t n : kSizes) {
    std::vector<uint32_t> input(n);
    for (uint32_t &v : input)
      v = uint32_t(random());
    uint32_t expected = std::accumulate(input.begin(), input.end(), 0u);
    EXPECT_EQ(reduce<uint32_t>(input, 0u, single, pass, second), expected)
        << n << " items";
  }
}

TEST_P(CubReduceTest, MaxOfInts) {
  CUfunction single = kernel({"DeviceReduceSingleTileKernel", "IijN4cuda3__47maximum", "EPKiPij"});
  CUfunction pass = kernel({"DeviceReduceKernel", "IijN4cuda3__47maximum"});
  CUfunction second = kernel({"DeviceReduceSingleTileKernel", "IijN4cuda3__47maximum", "EPiSB_i"});
  std::mt19937 random(3);
  for (uint32_t n : kSizes) {
    std::vector<int> input(n);
    for (int &v : input)
      v = int(random());
    int init = std::numeric_limits<int>::lowest();
    int expected = *std::max_element(input.begin(), input.end());
    EXPECT_EQ(reduce<int>(input, init, single, pass, second), expected)
        << n << " items";
  }
}

TEST_P(CubReduceTest, MaxOfFloats) {
  CUfunction single = kernel({"DeviceReduceSingleTileKernel", "IfjN4cuda3__47maximum", "EPKfPfj"});
  CUfunction pass = kernel({"DeviceReduceKernel", "IfjN4cuda3__47maximum"});
  CUfunction second = kernel({"DeviceReduceSingleTileKernel", "IfjN4cuda3__47maximum", "EPfSB_i"});
  std::mt19937 random(4);
  std::normal_distribution<float> normal(0.0f, 1000.0f);
  for (uint32_t n : kSizes) {
    std::vector<float> input(n);
    for (float &v : input)
      v = normal(random);
    float init = std::numeric_limits<float>::lowest();
    float expected = *std::max_element(input.begin(), input.end());
    EXPECT_EQ(reduce<float>(input, init, single, pass, second), expected)
        << n << " items";
  }
}

//===----------------------------------------------------------------------===//
// cub::DeviceScan: decoupled look-back across CTAs
//===----------------------------------------------------------------------===//
//
// DispatchScan (cub/device/dispatch/dispatch_scan.cuh): DeviceScanInitKernel
// (128 threads a CTA) clears one tile descriptor per tile, after 32 of
// padding; DeviceScanKernel scans a tile per CTA, and each CTA waits for the
// inclusive prefix of its predecessors (spinning on their descriptors).

/// cub::InputValue<T> holding an immediate value (util_type.cuh).
template <typename T> struct InputValue {
  bool isFuture = false;
  alignas(8) T value;
};

/// The tile shape of the scan policy nvcc picked (tuning_scan.cuh):
/// sm80_tuning for 4-byte sums (320 x 12, float 288 x 8) and sm90_tuning
/// (128 x 24); `.maxntid` of the kernels agrees.
struct ScanShape {
  int threads, items;
};

ScanShape scanShape(bool sm90, bool isFloat) {
  if (sm90)
    return {128, 24};
  return isFloat ? ScanShape{288, 8} : ScanShape{320, 12};
}

class CubScanTest : public CubReduceTest {
protected:
  /// DispatchScan: inclusive when \p init is null, else exclusive from *init.
  template <typename T>
  std::vector<T> scan(const std::vector<T> &input, const T *init,
                      CUfunction initKernel, CUfunction scanKernel,
                      ScanShape shape) {
    uint32_t n = uint32_t(input.size());
    int tileItems = shape.threads * shape.items;
    int numTiles = int((n + tileItems - 1) / tileItems);
    CUdeviceptr in = 0, out = 0, descriptors = 0;
    EXPECT_EQ(cuMemAlloc(&in, n * sizeof(T)), CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&out, n * sizeof(T)), CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&descriptors, size_t(numTiles + 32) * 8),
              CUDA_SUCCESS);
    EXPECT_EQ(cuMemcpyHtoD(in, input.data(), n * sizeof(T)), CUDA_SUCCESS);
    void *initArgs[] = {&descriptors, &numTiles};
    EXPECT_EQ(cuLaunchKernel(initKernel, (numTiles + 127) / 128, 1, 1, 128, 1,
                             1, 0, nullptr, initArgs, nullptr),
              CUDA_SUCCESS);
    int startTile = 0;
    uint8_t op = 0, nullType = 0;
    InputValue<T> initValue;
    if (init)
      initValue.value = *init;
    void *initArg = init ? static_cast<void *>(&initValue)
                         : static_cast<void *>(&nullType);
    void *args[] = {&in, &out, &descriptors, &startTile, &op, initArg, &n};
    EXPECT_EQ(cuLaunchKernel(scanKernel, numTiles, 1, 1, shape.threads, 1, 1,
                             0, nullptr, args, nullptr),
              CUDA_SUCCESS);
    std::vector<T> result(n);
    EXPECT_EQ(cuMemcpyDtoH(result.data(), out, n * sizeof(T)), CUDA_SUCCESS);
    cuMemFree(in);
    cuMemFree(out);
    cuMemFree(descriptors);
    return result;
  }

  /// Runs the inclusive and exclusive scans of one type on every size and
  /// compares them with std::inclusive_scan / std::exclusive_scan.
  template <typename T>
  void check(const char *scanType, const char *hub, const char *value,
             bool isFloat, T (*make)(std::mt19937 &)) {
    CUfunction initKernel = kernel({"DeviceScanInitKernel", scanType});
    CUfunction inclusive = kernel({"DeviceScanKernel", hub, "NS0_8NullType"});
    CUfunction exclusive = kernel({"DeviceScanKernel", hub, value});
    ScanShape shape = scanShape(sm90(), isFloat);
    std::mt19937 random(5);
    for (uint32_t n : kSizes) {
      std::vector<T> input(n);
      for (T &v : input)
        v = make(random);
      std::vector<T> expected(n);
      std::inclusive_scan(input.begin(), input.end(), expected.begin());
      EXPECT_EQ(scan<T>(input, nullptr, initKernel, inclusive, shape),
                expected)
          << "inclusive, " << n << " items";
      T init = T(3);
      std::exclusive_scan(input.begin(), input.end(), expected.begin(), init);
      EXPECT_EQ(scan<T>(input, &init, initKernel, exclusive, shape), expected)
          << "exclusive, " << n << " items";
    }
  }
};

TEST_P(CubScanTest, Ints) {
  check<int>("ScanTileStateIiLb1", "policy_hubIiiij", "InputValueIi", false,
             [](std::mt19937 &r) { return int(r() % 2001) - 1000; });
}

TEST_P(CubScanTest, UnsignedWraps) {
  check<uint32_t>("ScanTileStateIjLb1", "policy_hubIjjjj", "InputValueIj",
                  false, [](std::mt19937 &r) { return uint32_t(r()); });
}

TEST_P(CubScanTest, FloatsWithExactSums) {
  // Small integers: every partial sum is exact, so the order in which the
  // scan associates them cannot change a bit.
  check<float>("ScanTileStateIfLb1", "policy_hubIfffj", "InputValueIf", true,
               [](std::mt19937 &r) { return float(r() % 8); });
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubScanTest,
                         ::testing::Values("scan.sm_80.ptx", "scan.sm_90.ptx"),
                         archOfParam);

//===----------------------------------------------------------------------===//
// cub::DeviceSelect::If: compaction with decoupled look-back
//===----------------------------------------------------------------------===//
//
// DispatchSelectIf (cub/device/dispatch/dispatch_select_if.cuh) for
// inputs below its streaming partition size: DeviceCompactInitKernel clears
// the tile descriptors and the count, DeviceSelectSweepKernel selects one
// tile per CTA and writes the total count.

/// cub::detail::select::streaming_context_t<int64_t, true> for a launch
/// that is its own (first and last) partition.
struct StreamingContext {
  bool firstPartition = true, lastPartition = true;
  int64_t totalNumItems = 0, totalPreviousNumItems = 0;
  int64_t *numSelectedIn = nullptr, *numSelectedOut = nullptr;
};
static_assert(sizeof(StreamingContext) == 40);

class CubSelectTest : public CubReduceTest {};

TEST_P(CubSelectTest, IfPositiveInts) {
  CUfunction initKernel =
      kernel({"DeviceCompactInitKernel", "ScanTileStateIiLb1"});
  CUfunction sweep = kernel({"DeviceSelectSweepKernel",
                             "policy_hubIiNS0_8NullTypeEiLb0ELNS0_10SelectImplE0",
                             "8Positive"});
  // sm80_tuning / sm90_tuning of tuning_select_if.cuh for 4-byte items
  // without flags (`.maxntid` agrees).
  int threads = sm90() ? 384 : 256, items = sm90() ? 17 : 18;
  int tileItems = threads * items;
  std::mt19937 random(6);
  for (uint32_t n : kSizes) {
    std::vector<int> input(n);
    for (int &v : input)
      v = int(random() % 2001) - 1000;
    std::vector<int> expected;
    std::copy_if(input.begin(), input.end(), std::back_inserter(expected),
                 [](int x) { return x > 0; });
    int numTiles = int((n + tileItems - 1) / tileItems);
    CUdeviceptr in = 0, out = 0, count = 0, descriptors = 0;
    ASSERT_EQ(cuMemAlloc(&in, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&out, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&count, 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&descriptors, size_t(numTiles + 32) * 8),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(in, input.data(), n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemsetD32(count, 0xdead, 1), CUDA_SUCCESS);
    void *initArgs[] = {&descriptors, &numTiles, &count};
    ASSERT_EQ(cuLaunchKernel(initKernel, std::max(1, (numTiles + 127) / 128),
                             1, 1, 128, 1, 1, 0, nullptr, initArgs, nullptr),
              CUDA_SUCCESS);
    CUdeviceptr noFlags = 0;
    uint8_t selectOp = 0, equalityOp = 0;
    int numItems = int(n);
    StreamingContext streaming;
    streaming.totalNumItems = n;
    void *vsmem = nullptr;
    void *args[] = {&in,        &noFlags,    &out,      &count,
                    &descriptors, &selectOp, &equalityOp, &numItems,
                    &numTiles,  &streaming,  &vsmem};
    ASSERT_EQ(cuLaunchKernel(sweep, numTiles, 1, 1, threads, 1, 1, 0, nullptr,
                             args, nullptr),
              CUDA_SUCCESS);
    int selected = -1;
    ASSERT_EQ(cuMemcpyDtoH(&selected, count, 4), CUDA_SUCCESS);
    ASSERT_EQ(selected, int(expected.size())) << n << " items";
    std::vector<int> result(expected.size());
    if (!result.empty())
      ASSERT_EQ(cuMemcpyDtoH(result.data(), out, result.size() * 4),
                CUDA_SUCCESS);
    EXPECT_EQ(result, expected) << n << " items";
    cuMemFree(in);
    cuMemFree(out);
    cuMemFree(count);
    cuMemFree(descriptors);
  }
}

TEST_P(CubSelectTest, PartitionIfPositiveFloats) {
  CUfunction initKernel =
      kernel({"DeviceCompactInitKernel", "ScanTileStateIiLb1"});
  CUfunction sweep = kernel({"DeviceSelectSweepKernel",
                             "policy_hubIfNS0_8NullTypeEiLb0ELNS0_10SelectImplE2",
                             "8Positive"});
  // tuning_select_if.cuh, 4-byte items kept on both sides (keep_rejects).
  int threads = sm90() ? 256 : 192, items = sm90() ? 14 : 15;
  int tileItems = threads * items;
  std::mt19937 random(13);
  std::normal_distribution<float> normal(0.0f, 100.0f);
  for (uint32_t n : kSizes) {
    std::vector<float> input(n);
    for (float &v : input)
      v = normal(random);
    // DevicePartition::If: the selected items in order at the front, the
    // rejected ones in reverse order at the back.
    std::vector<float> expected;
    std::copy_if(input.begin(), input.end(), std::back_inserter(expected),
                 [](float x) { return x > 0; });
    size_t numSelected = expected.size();
    std::copy_if(input.rbegin(), input.rend(), std::back_inserter(expected),
                 [](float x) { return !(x > 0); });
    int numTiles = int((n + tileItems - 1) / tileItems);
    CUdeviceptr in = 0, out = 0, count = 0, descriptors = 0;
    ASSERT_EQ(cuMemAlloc(&in, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&out, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&count, 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&descriptors, size_t(numTiles + 32) * 8),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(in, input.data(), n * 4), CUDA_SUCCESS);
    void *initArgs[] = {&descriptors, &numTiles, &count};
    ASSERT_EQ(cuLaunchKernel(initKernel, std::max(1, (numTiles + 127) / 128),
                             1, 1, 128, 1, 1, 0, nullptr, initArgs, nullptr),
              CUDA_SUCCESS);
    CUdeviceptr noFlags = 0;
    uint8_t selectOp = 0, equalityOp = 0, streaming = 0;
    int numItems = int(n);
    void *vsmem = nullptr;
    void *args[] = {&in,          &noFlags,  &out,        &count,
                    &descriptors, &selectOp, &equalityOp, &numItems,
                    &numTiles,    &streaming, &vsmem};
    ASSERT_EQ(cuLaunchKernel(sweep, numTiles, 1, 1, threads, 1, 1, 0, nullptr,
                             args, nullptr),
              CUDA_SUCCESS);
    int selected = -1;
    ASSERT_EQ(cuMemcpyDtoH(&selected, count, 4), CUDA_SUCCESS);
    ASSERT_EQ(selected, int(numSelected)) << n << " items";
    std::vector<float> result(n);
    ASSERT_EQ(cuMemcpyDtoH(result.data(), out, n * 4), CUDA_SUCCESS);
    EXPECT_EQ(result, expected) << n << " items";
    for (CUdeviceptr p : {in, out, count, descriptors})
      cuMemFree(p);
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubSelectTest,
                         ::testing::Values("select.sm_80.ptx",
                                           "select.sm_90.ptx"),
                         archOfParam);

//===----------------------------------------------------------------------===//
// cub::DeviceRadixSort: onesweep, with a look-back across CTAs per pass
//===----------------------------------------------------------------------===//
//
// DispatchRadixSort (cub/device/dispatch/dispatch_radix_sort.cuh), 32-bit
// keys, all 32 bits: up to one tile (256 x 19) DeviceRadixSortSingleTileKernel
// sorts in one CTA; beyond, InvokeOnesweep: DeviceRadixSortHistogramKernel
// counts the digits of all four 8-bit passes, DeviceRadixSortExclusiveSumKernel
// scans them, and each pass runs DeviceRadixSortOnesweepKernel, whose CTAs
// take tiles from a counter and wait for their predecessors' digit counts.

class CubRadixSortTest : public CubReduceTest {
protected:
  /// Sorts \p keys (and \p values when not null) as DeviceRadixSort::SortPairs
  /// / SortKeys with the given kernels; \p onesweepItems is the onesweep
  /// policy's items per thread (tuning_radix_sort.cuh).
  /// The four kernels of one DeviceRadixSort instantiation.
  struct Kernels {
    CUfunction single, histogram, exclusiveSum, onesweep;
  };
  /// The kernels whose names contain \p hub (the policy hub's mangling).
  Kernels radixKernels(const char *hub) {
    return {kernel({"DeviceRadixSortSingleTileKernel", hub}),
            kernel({"DeviceRadixSortHistogramKernel", hub}),
            kernel({"DeviceRadixSortExclusiveSumKernel", hub}),
            kernel({"DeviceRadixSortOnesweepKernel", hub})};
  }

  template <typename K>
  void sort(std::vector<K> &keys, std::vector<int> *values,
            const Kernels &k, int onesweepItems) {
    CUfunction single = k.single, histogram = k.histogram,
               exclusiveSum = k.exclusiveSum, onesweep = k.onesweep;
    constexpr int kRadixBits = 8, kRadixDigits = 1 << kRadixBits;
    constexpr int kNumPasses = 32 / kRadixBits;
    uint32_t n = uint32_t(keys.size());
    size_t bytes = size_t(n) * 4;
    CUdeviceptr keysIn = 0, keysOut = 0, valuesIn = 0, valuesOut = 0;
    EXPECT_EQ(cuMemAlloc(&keysIn, bytes), CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&keysOut, bytes), CUDA_SUCCESS);
    EXPECT_EQ(cuMemcpyHtoD(keysIn, keys.data(), bytes), CUDA_SUCCESS);
    if (values) {
      EXPECT_EQ(cuMemAlloc(&valuesIn, bytes), CUDA_SUCCESS);
      EXPECT_EQ(cuMemAlloc(&valuesOut, bytes), CUDA_SUCCESS);
      EXPECT_EQ(cuMemcpyHtoD(valuesIn, values->data(), bytes), CUDA_SUCCESS);
    }
    uint8_t decomposer = 0;
    int beginBit = 0, endBit = 32;
    CUdeviceptr result = keysOut, resultValues = valuesOut;
    if (n <= 256 * 19) {
      void *args[] = {&keysIn, &keysOut, &valuesIn, &valuesOut,
                      &n,      &beginBit, &endBit,  &decomposer};
      EXPECT_EQ(cuLaunchKernel(single, 1, 1, 1, 256, 1, 1, 0, nullptr, args,
                               nullptr),
                CUDA_SUCCESS);
    } else {
      int tileItems = 384 * onesweepItems;
      int numBlocks = int((n + tileItems - 1) / tileItems);
      CUdeviceptr bins = 0, lookback = 0, counters = 0;
      EXPECT_EQ(cuMemAlloc(&bins, kNumPasses * kRadixDigits * 4), CUDA_SUCCESS);
      EXPECT_EQ(cuMemAlloc(&lookback, size_t(numBlocks) * kRadixDigits * 4),
                CUDA_SUCCESS);
      EXPECT_EQ(cuMemAlloc(&counters, kNumPasses * 4), CUDA_SUCCESS);
      EXPECT_EQ(cuMemsetD32(counters, 0, kNumPasses), CUDA_SUCCESS);
      EXPECT_EQ(cuMemsetD32(bins, 0, kNumPasses * kRadixDigits), CUDA_SUCCESS);
      int sms = 0, histogramBlocksPerSm = 0;
      EXPECT_EQ(cuDeviceGetAttribute(
                    &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0),
                CUDA_SUCCESS);
      EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                    &histogramBlocksPerSm, histogram, 128, 0),
                CUDA_SUCCESS);
      void *histogramArgs[] = {&bins,     &keysIn, &n,
                               &beginBit, &endBit, &decomposer};
      EXPECT_EQ(cuLaunchKernel(histogram, histogramBlocksPerSm * sms, 1, 1, 128,
                               1, 1, 0, nullptr, histogramArgs, nullptr),
                CUDA_SUCCESS);
      void *sumArgs[] = {&bins};
      EXPECT_EQ(cuLaunchKernel(exclusiveSum, kNumPasses, 1, 1, 256, 1, 1, 0,
                               nullptr, sumArgs, nullptr),
                CUDA_SUCCESS);
      // Ping-pong between the buffers; four passes end in the input's.
      CUdeviceptr keysFrom = keysIn, keysTo = keysOut;
      CUdeviceptr valuesFrom = valuesIn, valuesTo = valuesOut;
      for (int pass = 0; pass < kNumPasses; ++pass) {
        EXPECT_EQ(cuMemsetD32(lookback, 0, size_t(numBlocks) * kRadixDigits),
                  CUDA_SUCCESS);
        CUdeviceptr counter = counters + pass * 4;
        CUdeviceptr noNextBins = 0;
        CUdeviceptr passBins = bins + pass * kRadixDigits * 4;
        int items = int(n), currentBit = pass * kRadixBits,
            numBits = kRadixBits;
        void *args[] = {&lookback,   &counter,  &noNextBins, &passBins,
                        &keysTo,     &keysFrom, &valuesTo,   &valuesFrom,
                        &items,      &currentBit, &numBits,  &decomposer};
        EXPECT_EQ(cuLaunchKernel(onesweep, numBlocks, 1, 1, 384, 1, 1, 0,
                                 nullptr, args, nullptr),
                  CUDA_SUCCESS);
        std::swap(keysFrom, keysTo);
        std::swap(valuesFrom, valuesTo);
      }
      result = keysFrom;
      resultValues = valuesFrom;
      cuMemFree(bins);
      cuMemFree(lookback);
      cuMemFree(counters);
    }
    EXPECT_EQ(cuMemcpyDtoH(keys.data(), result, bytes), CUDA_SUCCESS);
    if (values)
      EXPECT_EQ(cuMemcpyDtoH(values->data(), resultValues, bytes),
                CUDA_SUCCESS);
    cuMemFree(keysIn);
    cuMemFree(keysOut);
    if (values) {
      cuMemFree(valuesIn);
      cuMemFree(valuesOut);
    }
  }
};

TEST_P(CubRadixSortTest, SortKeysUnsigned) {
  Kernels kernels = radixKernels("policy_hubIjNS0_8NullTypeEjE");
  std::mt19937 random(7);
  for (uint32_t n : kSizes) {
    std::vector<uint32_t> keys(n);
    for (uint32_t &k : keys)
      k = uint32_t(random());
    std::vector<uint32_t> expected = keys;
    std::sort(expected.begin(), expected.end());
    sort(keys, nullptr, kernels, sm90() ? 20 : 21);
    EXPECT_EQ(keys, expected) << n << " keys";
  }
}

TEST_P(CubRadixSortTest, SortKeysFloat) {
  Kernels kernels = radixKernels("policy_hubIfNS0_8NullTypeEjE");
  std::mt19937 random(8);
  std::normal_distribution<float> normal(0.0f, 1e6f);
  for (uint32_t n : kSizes) {
    std::vector<float> keys(n);
    for (float &k : keys)
      k = normal(random);
    std::vector<float> expected = keys;
    std::sort(expected.begin(), expected.end());
    sort(keys, nullptr, kernels, sm90() ? 19 : 21);
    EXPECT_EQ(keys, expected) << n << " keys";
  }
}

TEST_P(CubRadixSortTest, SortPairsIsStable) {
  Kernels kernels = radixKernels("policy_hubIiijE");
  std::mt19937 random(9);
  for (uint32_t n : kSizes) {
    // Few distinct keys, values numbering the input: a stable sort keeps
    // equal keys in input order, as std::stable_sort does.
    std::vector<int> keys(n), values(n);
    for (uint32_t i = 0; i < n; ++i) {
      keys[i] = int(random() % 1000) - 500;
      values[i] = int(i);
    }
    std::vector<std::pair<int, int>> expected(n);
    for (uint32_t i = 0; i < n; ++i)
      expected[i] = {keys[i], values[i]};
    std::stable_sort(expected.begin(), expected.end(),
                     [](auto &a, auto &b) { return a.first < b.first; });
    sort(keys, &values, kernels, 23 - 2 * !sm90());
    std::vector<std::pair<int, int>> result(n);
    for (uint32_t i = 0; i < n; ++i)
      result[i] = {keys[i], values[i]};
    EXPECT_EQ(result, expected) << n << " pairs";
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubRadixSortTest,
                         ::testing::Values("radix_sort.sm_80.ptx",
                                           "radix_sort.sm_90.ptx"),
                         archOfParam);

//===----------------------------------------------------------------------===//
// cub::DeviceMergeSort: block sort, then merge passes
//===----------------------------------------------------------------------===//
//
// DispatchMergeSort (cub/device/dispatch/dispatch_merge_sort.cuh), sorting in
// place: DeviceMergeSortBlockSortKernel sorts tiles of 256 x 17 items
// (Policy600 of tuning_merge_sort.cuh), then each pass merges pairs of
// sorted runs: DeviceMergeSortPartitionKernel finds the merge paths,
// DeviceMergeSortMergeKernel merges. `ping` says which of the caller's
// buffers and the temporary ones holds the input of a pass.

class CubMergeSortTest : public CubReduceTest {
protected:
  template <typename K>
  void sort(std::vector<K> &keys, std::vector<int> *values,
            CUfunction blockSort, CUfunction partition, CUfunction merge) {
    constexpr uint32_t kTileItems = 256 * 17;
    uint32_t n = uint32_t(keys.size());
    uint32_t numTiles = (n + kTileItems - 1) / kTileItems;
    int numPasses = 0;
    while ((1u << numPasses) < numTiles)
      ++numPasses;
    size_t bytes = size_t(n) * 4;
    CUdeviceptr keysData = 0, valuesData = 0, keysBuffer = 0,
                valuesBuffer = 0, partitions = 0;
    EXPECT_EQ(cuMemAlloc(&keysData, bytes), CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&keysBuffer, bytes), CUDA_SUCCESS);
    EXPECT_EQ(cuMemAlloc(&partitions, (numTiles + 1) * 4), CUDA_SUCCESS);
    EXPECT_EQ(cuMemcpyHtoD(keysData, keys.data(), bytes), CUDA_SUCCESS);
    if (values) {
      EXPECT_EQ(cuMemAlloc(&valuesData, bytes), CUDA_SUCCESS);
      EXPECT_EQ(cuMemAlloc(&valuesBuffer, bytes), CUDA_SUCCESS);
      EXPECT_EQ(cuMemcpyHtoD(valuesData, values->data(), bytes), CUDA_SUCCESS);
    }
    bool ping = numPasses % 2 == 0;
    uint8_t less = 0;
    void *vsmem = nullptr;
    void *sortArgs[] = {&ping,       &keysData,     &valuesData,
                        &keysData,   &valuesData,   &n,
                        &keysBuffer, &valuesBuffer, &less,
                        &vsmem};
    EXPECT_EQ(cuLaunchKernel(blockSort, numTiles, 1, 1, 256, 1, 1, 0, nullptr,
                             sortArgs, nullptr),
              CUDA_SUCCESS);
    uint32_t numPartitions = numTiles + 1;
    int itemsPerTile = int(kTileItems);
    for (int pass = 0; pass < numPasses; ++pass, ping = !ping) {
      uint32_t target = 2u << pass;
      void *partitionArgs[] = {&ping,          &keysData,   &keysBuffer,
                               &n,             &numPartitions, &partitions,
                               &less,          &target,     &itemsPerTile};
      EXPECT_EQ(cuLaunchKernel(partition, (numPartitions + 255) / 256, 1, 1,
                               256, 1, 1, 0, nullptr, partitionArgs, nullptr),
                CUDA_SUCCESS);
      void *mergeArgs[] = {&ping,       &keysData,     &valuesData,
                           &n,          &keysBuffer,   &valuesBuffer,
                           &less,       &partitions,   &target,
                           &vsmem};
      EXPECT_EQ(cuLaunchKernel(merge, numTiles, 1, 1, 256, 1, 1, 0, nullptr,
                               mergeArgs, nullptr),
                CUDA_SUCCESS);
    }
    EXPECT_EQ(cuMemcpyDtoH(keys.data(), keysData, bytes), CUDA_SUCCESS);
    if (values)
      EXPECT_EQ(cuMemcpyDtoH(values->data(), valuesData, bytes),
                CUDA_SUCCESS);
    for (CUdeviceptr p : {keysData, valuesData, keysBuffer, valuesBuffer,
                          partitions})
      if (p)
        cuMemFree(p);
  }
};

TEST_P(CubMergeSortTest, SortPairsIsStable) {
  CUfunction blockSort =
      kernel({"DeviceMergeSortBlockSortKernel", "policy_hubIPiE"});
  CUfunction partition = kernel({"DeviceMergeSortPartitionKernelIPij4Less"});
  CUfunction merge = kernel({"DeviceMergeSortMergeKernel", "policy_hubIPiE"});
  std::mt19937 random(10);
  for (uint32_t n : kSizes) {
    std::vector<int> keys(n), values(n);
    for (uint32_t i = 0; i < n; ++i) {
      keys[i] = int(random() % 1000) - 500;
      values[i] = int(i);
    }
    std::vector<std::pair<int, int>> expected(n);
    for (uint32_t i = 0; i < n; ++i)
      expected[i] = {keys[i], values[i]};
    std::stable_sort(expected.begin(), expected.end(),
                     [](auto &a, auto &b) { return a.first < b.first; });
    sort(keys, &values, blockSort, partition, merge);
    std::vector<std::pair<int, int>> result(n);
    for (uint32_t i = 0; i < n; ++i)
      result[i] = {keys[i], values[i]};
    EXPECT_EQ(result, expected) << n << " pairs";
  }
}

TEST_P(CubMergeSortTest, SortKeysFloat) {
  CUfunction blockSort =
      kernel({"DeviceMergeSortBlockSortKernel", "policy_hubIPfE"});
  CUfunction partition = kernel({"DeviceMergeSortPartitionKernelIPfj4Less"});
  CUfunction merge = kernel({"DeviceMergeSortMergeKernel", "policy_hubIPfE"});
  std::mt19937 random(11);
  std::normal_distribution<float> normal(0.0f, 1e6f);
  for (uint32_t n : kSizes) {
    std::vector<float> keys(n);
    for (float &k : keys)
      k = normal(random);
    std::vector<float> expected = keys;
    std::sort(expected.begin(), expected.end());
    sort(keys, nullptr, blockSort, partition, merge);
    EXPECT_EQ(keys, expected) << n << " keys";
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubMergeSortTest,
                         ::testing::Values("merge_sort.sm_80.ptx",
                                           "merge_sort.sm_90.ptx"),
                         archOfParam);

//===----------------------------------------------------------------------===//
// cub::DeviceHistogram::HistogramEven: shared-memory privatized bins
//===----------------------------------------------------------------------===//
//
// DispatchHistogram (cub/device/dispatch/dispatch_histogram.cuh), one
// channel, at most 256 bins: DeviceHistogramInitKernel clears the output
// and the tile queue; DeviceHistogramSweepKernel<256> (384 threads x 16
// pixels a tile, Policy500 of tuning_histogram.cuh) takes tiles from the
// queue, counts in shared memory and adds its counts to the output. A
// ScaleTransform maps a sample to its bin.

/// DispatchHistogram's ScaleTransform for int samples and levels.
struct ScaleTransform {
  int max, min, bins, range;
};

class CubHistogramTest : public CubReduceTest {};

TEST_P(CubHistogramTest, EvenInts) {
  CUfunction initKernel = kernel({"DeviceHistogramInitKernelILi1Eii"});
  CUfunction sweep = kernel({"DeviceHistogramSweepKernel",
                             "policy_hubIiiLi1ELi1ELb1EE", "Li256ELi1ELi1EPKi"});
  constexpr int kBlockThreads = 384, kPixelsPerTile = 384 * 16;
  int sms = 0, perSm = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 0),
            CUDA_SUCCESS);
  ASSERT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, sweep,
                                                        kBlockThreads, 0),
            CUDA_SUCCESS);
  std::mt19937 random(12);
  const int levels = 101, lower = -1000, upper = 1500;
  const int bins = levels - 1;
  for (uint32_t n : kSizes) {
    // Samples a little beyond [lower, upper), which count nowhere.
    std::vector<int> samples(n);
    for (int &v : samples)
      v = int(random() % 2800) - 1100;
    std::vector<int> expected(bins, 0);
    for (int v : samples)
      if (v >= lower && v < upper)
        ++expected[size_t((uint64_t(v - lower) * uint64_t(bins)) /
                          uint64_t(upper - lower))];
    int tilesPerRow = int((n + kPixelsPerTile - 1) / kPixelsPerTile);
    int blocksPerRow = std::min(perSm * sms, tilesPerRow);
    CUdeviceptr in = 0, histogram = 0, privatized = 0, queue = 0;
    ASSERT_EQ(cuMemAlloc(&in, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&histogram, bins * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&privatized, size_t(blocksPerRow) * bins * 4),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&queue, 8), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(in, samples.data(), n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemsetD32(histogram, 0xdead, bins), CUDA_SUCCESS);
    int numBins = bins;
    void *initArgs[] = {&numBins, &histogram, &queue};
    ASSERT_EQ(cuLaunchKernel(initKernel, (bins + 255) / 256, 1, 1, 256, 1, 1,
                             0, nullptr, initArgs, nullptr),
              CUDA_SUCCESS);
    uint8_t passThru = 0;
    ScaleTransform scale{upper, lower, bins, upper - lower};
    int numRowPixels = int(n), numRows = 1, rowStride = int(n);
    void *args[] = {&in,           &numBins,   &numBins,      &histogram,
                    &privatized,   &passThru,  &scale,        &numRowPixels,
                    &numRows,      &rowStride, &tilesPerRow,  &queue};
    ASSERT_EQ(cuLaunchKernel(sweep, blocksPerRow, 1, 1, kBlockThreads, 1, 1, 0,
                             nullptr, args, nullptr),
              CUDA_SUCCESS);
    std::vector<int> result(bins);
    ASSERT_EQ(cuMemcpyDtoH(result.data(), histogram, bins * 4), CUDA_SUCCESS);
    EXPECT_EQ(result, expected) << n << " samples";
    for (CUdeviceptr p : {in, histogram, privatized, queue})
      cuMemFree(p);
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubHistogramTest,
                         ::testing::Values("histogram.sm_80.ptx",
                                           "histogram.sm_90.ptx"),
                         archOfParam);

/// cub::DeviceReduce::ReduceByKey (int keys, float values, plus):
/// DispatchReduceByKey (dispatch_reduce_by_key.cuh) runs
/// DeviceCompactInitKernel on ReduceByKeyScanTileState<float, unsigned>
/// (16-byte descriptors) and DeviceReduceByKeyKernel, a tile per CTA
/// (sm80_tuning 256 x 15, sm90_tuning 256 x 18 of
/// tuning_reduce_by_key.cuh), with a look-back across CTAs.
TEST_P(CubReduceTest, ReduceByKeyFloats) {
  CUfunction initKernel =
      kernel({"DeviceCompactInitKernel", "ReduceByKeyScanTileStateIfjLb1"});
  CUfunction reduceByKey = kernel({"DeviceReduceByKeyKernel"});
  int threads = 256, tileItems = threads * (sm90() ? 18 : 15);
  std::mt19937 random(14);
  for (uint32_t n : kSizes) {
    // Runs of 1-20 equal keys; values are small integers, so every sum is
    // exact whatever order the reduction takes.
    std::vector<int> keys(n);
    std::vector<float> values(n);
    for (uint32_t i = 0; i < n;) {
      int key = int(random() % 50), length = int(random() % 20) + 1;
      for (int j = 0; j < length && i < n; ++j, ++i)
        keys[i] = key;
    }
    for (float &v : values)
      v = float(random() % 16);
    std::vector<int> expectedKeys;
    std::vector<float> expectedSums;
    for (uint32_t i = 0; i < n; ++i) {
      if (i == 0 || keys[i] != keys[i - 1]) {
        expectedKeys.push_back(keys[i]);
        expectedSums.push_back(0);
      }
      expectedSums.back() += values[i];
    }
    int numTiles = int((n + tileItems - 1) / tileItems);
    CUdeviceptr keysIn = 0, uniqueOut = 0, valuesIn = 0, sumsOut = 0,
                numRuns = 0, descriptors = 0;
    ASSERT_EQ(cuMemAlloc(&keysIn, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&uniqueOut, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&valuesIn, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&sumsOut, n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&numRuns, 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&descriptors, size_t(numTiles + 32) * 16),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(keysIn, keys.data(), n * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(valuesIn, values.data(), n * 4), CUDA_SUCCESS);
    void *initArgs[] = {&descriptors, &numTiles, &numRuns};
    ASSERT_EQ(cuLaunchKernel(initKernel, std::max(1, (numTiles + 127) / 128),
                             1, 1, 128, 1, 1, 0, nullptr, initArgs, nullptr),
              CUDA_SUCCESS);
    int startTile = 0;
    uint8_t equality = 0, plus = 0;
    void *args[] = {&keysIn,  &uniqueOut,   &valuesIn,  &sumsOut,
                    &numRuns, &descriptors, &startTile, &equality,
                    &plus,    &n};
    ASSERT_EQ(cuLaunchKernel(reduceByKey, numTiles, 1, 1, threads, 1, 1, 0,
                             nullptr, args, nullptr),
              CUDA_SUCCESS);
    int runs = -1;
    ASSERT_EQ(cuMemcpyDtoH(&runs, numRuns, 4), CUDA_SUCCESS);
    ASSERT_EQ(runs, int(expectedKeys.size())) << n << " items";
    std::vector<int> resultKeys(runs);
    std::vector<float> resultSums(runs);
    ASSERT_EQ(cuMemcpyDtoH(resultKeys.data(), uniqueOut, runs * 4),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyDtoH(resultSums.data(), sumsOut, runs * 4),
              CUDA_SUCCESS);
    EXPECT_EQ(resultKeys, expectedKeys) << n << " items";
    EXPECT_EQ(resultSums, expectedSums) << n << " items";
    for (CUdeviceptr p :
         {keysIn, uniqueOut, valuesIn, sumsOut, numRuns, descriptors})
      cuMemFree(p);
  }
}

//===----------------------------------------------------------------------===//
// cub::DeviceSegmentedSort::SortPairs, up to its partitioning threshold
//===----------------------------------------------------------------------===//
//
// DispatchSegmentedSort (dispatch_segmented_sort.cuh) with at most
// PARTITIONING_THRESHOLD (300) segments: DeviceSegmentedSortFallbackKernel
// sorts one segment per CTA of 256 threads, in 6-bit radix passes (an even
// number for 32-bit keys, so the ping-pong buffer pair is the temporary
// buffer, then the output), writing the output buffers.

/// cub::detail::device_double_buffer<T>.
struct DeviceDoubleBuffer {
  CUdeviceptr current, alternate;
};

class CubSegmentedSortTest : public CubReduceTest {};

TEST_P(CubSegmentedSortTest, PairsOfFewSegments) {
  CUfunction fallback = kernel({"DeviceSegmentedSortFallbackKernel"});
  std::mt19937 random(15);
  std::normal_distribution<float> normal(0.0f, 1000.0f);
  for (uint32_t n : kSizes) {
    // 200 segments of random lengths (some empty) that cover [0, n).
    const int numSegments = 200;
    std::vector<int> cuts(numSegments - 1);
    for (int &c : cuts)
      c = int(random() % (n + 1));
    std::sort(cuts.begin(), cuts.end());
    std::vector<int> begins(numSegments), ends(numSegments);
    for (int s = 0; s < numSegments; ++s) {
      begins[s] = s == 0 ? 0 : cuts[s - 1];
      ends[s] = s == numSegments - 1 ? int(n) : cuts[s];
    }
    std::vector<float> keys(n);
    std::vector<int> values(n);
    for (uint32_t i = 0; i < n; ++i) {
      // Few distinct keys, so the stable order of equal keys shows.
      keys[i] = std::round(normal(random) / 100.0f);
      values[i] = int(i);
    }
    std::vector<std::pair<float, int>> expected(n);
    for (uint32_t i = 0; i < n; ++i)
      expected[i] = {keys[i], values[i]};
    for (int s = 0; s < numSegments; ++s)
      std::stable_sort(expected.begin() + begins[s], expected.begin() + ends[s],
                       [](auto &a, auto &b) { return a.first < b.first; });
    size_t bytes = size_t(n) * 4;
    CUdeviceptr keysIn = 0, keysOut = 0, keysTmp = 0, valuesIn = 0,
                valuesOut = 0, valuesTmp = 0, beginsDev = 0, endsDev = 0;
    for (CUdeviceptr *p : {&keysIn, &keysOut, &keysTmp, &valuesIn, &valuesOut,
                           &valuesTmp})
      ASSERT_EQ(cuMemAlloc(p, bytes), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&beginsDev, numSegments * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&endsDev, numSegments * 4), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(keysIn, keys.data(), bytes), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(valuesIn, values.data(), bytes), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(beginsDev, begins.data(), numSegments * 4),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(endsDev, ends.data(), numSegments * 4),
              CUDA_SUCCESS);
    DeviceDoubleBuffer keysBuffers{keysTmp, keysOut};
    DeviceDoubleBuffer valuesBuffers{valuesTmp, valuesOut};
    void *args[] = {&keysIn,   &keysOut,   &keysBuffers, &valuesIn,
                    &valuesOut, &valuesBuffers, &beginsDev, &endsDev};
    ASSERT_EQ(cuLaunchKernel(fallback, numSegments, 1, 1, 256, 1, 1, 0,
                             nullptr, args, nullptr),
              CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyDtoH(keys.data(), keysOut, bytes), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyDtoH(values.data(), valuesOut, bytes), CUDA_SUCCESS);
    std::vector<std::pair<float, int>> result(n);
    for (uint32_t i = 0; i < n; ++i)
      result[i] = {keys[i], values[i]};
    EXPECT_EQ(result, expected) << n << " pairs";
    for (CUdeviceptr p : {keysIn, keysOut, keysTmp, valuesIn, valuesOut,
                          valuesTmp, beginsDev, endsDev})
      cuMemFree(p);
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubSegmentedSortTest,
                         ::testing::Values("segmented_sort.sm_80.ptx",
                                           "segmented_sort.sm_90.ptx"),
                         archOfParam);

//===----------------------------------------------------------------------===//
// Thrust: thrust::reduce and thrust::inclusive_scan on device_vector<float>
//===----------------------------------------------------------------------===//
//
// Thrust's CUDA backend runs CUB's reduce and scan kernels with Thrust's
// iterators (a device pointer each), so the dispatch is CUB's, above.

class ThrustTest : public CubScanTest {};

TEST_P(ThrustTest, ReduceAndInclusiveScanFloats) {
  const char *plus = "IfjN4cuda3std3__44plusIfEEE";
  CUfunction single =
      kernel({"DeviceReduceSingleTileKernel", plus, "normal_iterator"});
  CUfunction pass = kernel({"DeviceReduceKernel", plus});
  CUfunction second = kernel({"DeviceReduceSingleTileKernel", plus, "EPfSC_i"});
  CUfunction initKernel = kernel({"DeviceScanInitKernel", "ScanTileStateIfLb1"});
  CUfunction inclusive = kernel(
      {"DeviceScanKernel", "policy_hubIfffjN4cuda3std3__44plusIvEEE",
       "NS0_8NullType"});
  ScanShape shape = scanShape(sm90(), true);
  std::mt19937 random(16);
  for (uint32_t n : kSizes) {
    // Small integers: sums are exact in any order.
    std::vector<float> x(n);
    for (float &v : x)
      v = float(random() % 8);
    float expectedSum = std::accumulate(x.begin(), x.end(), 0.0f);
    EXPECT_EQ(reduce<float>(x, 0.0f, single, pass, second), expectedSum)
        << n << " items";
    std::vector<float> expectedScan(n);
    std::inclusive_scan(x.begin(), x.end(), expectedScan.begin());
    EXPECT_EQ(scan<float>(x, nullptr, initKernel, inclusive, shape),
              expectedScan)
        << n << " items";
  }
}

INSTANTIATE_TEST_SUITE_P(NvccOutputs, ThrustTest,
                         ::testing::Values("thrust.sm_80.ptx",
                                           "thrust.sm_90.ptx"),
                         archOfParam);

INSTANTIATE_TEST_SUITE_P(NvccOutputs, CubReduceTest,
                         ::testing::Values("reduce.sm_80.ptx",
                                           "reduce.sm_90.ptx"),
                         archOfParam);

} // namespace
