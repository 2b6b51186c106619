// CUB segmented sorts, partitions, float histograms, Unique and run-length
// encoding with the two-phase temporary storage pattern (a first call with no
// storage returns the bytes it needs): DeviceSegmentedSort::StableSortPairs
// (float keys with duplicates, signed zeros and infinities), SortPairs and
// SortKeysDescending (unsigned) over 1000 segments of mixed sizes, so that the
// segments are partitioned into small, medium and large groups and large ones
// take both the one-pass and the iterative radix sort; DevicePartition::Flagged
// and the three-way DevicePartition::If; DeviceHistogram::HistogramEven and
// HistogramRange on float samples; DeviceSelect::Unique and
// DeviceRunLengthEncode::Encode, each against a plain C++ reference on the
// host.
// REQUIRES: nvcc
// The static build only: the other lib_* programs run both builds, and
// this one's nvcc build and first JIT compile take a minute each.
// RUN: %cuda_build_static
// RUN: %cuda_run %t.static | FileCheck %s
// CHECK: DeviceSegmentedSort::StableSortPairs: match
// CHECK-NEXT: DeviceSegmentedSort::SortPairs: match
// CHECK-NEXT: DeviceSegmentedSort::SortKeysDescending: match
// CHECK-NEXT: DeviceSegmentedSort::SortKeysDescending few segments: match
// CHECK-NEXT: DevicePartition::Flagged: match
// CHECK-NEXT: DevicePartition::If three-way: match
// CHECK-NEXT: DeviceHistogram::HistogramEven float: match
// CHECK-NEXT: DeviceHistogram::HistogramRange float: match
// CHECK-NEXT: DeviceSelect::Unique: match
// CHECK-NEXT: DeviceRunLengthEncode::Encode: match
// CHECK-NEXT: lib_cub_segmented_partition: ok

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorString(err_));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

struct less_than {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x < bound; }
};
struct greater_than {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x > bound; }
};

static uint32_t state = 2024;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 4;
}

template <class T> static T *toDevice(const std::vector<T> &v) {
  T *d;
  CHECK(cudaMalloc(&d, std::max<size_t>(v.size(), 1) * sizeof(T)));
  CHECK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> v(n);
  CHECK(cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}

static uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

static int failures = 0;
template <class T>
static void report(const char *what, const T &a, const T &b) {
  bool same = a == b;
  std::printf("%s: %s\n", what, same ? "match" : "MISMATCH");
  std::fflush(stdout);
  failures += !same;
}
// Vectors also say where they first differ.
template <class T>
static void report(const char *what, const std::vector<T> &a,
                   const std::vector<T> &b) {
  report<std::vector<T>>(what, a, b);
  if (a != b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
      ++i;
    std::printf("  sizes %zu and %zu, first difference at index %zu\n",
                a.size(), b.size(), i);
  }
}

int main() {
  // Segments for the segmented sorts. CUB's policy for this PTX version
  // (Policy700 in tuning_segmented_sort.cuh) partitions the segments into
  // size groups when there are more than PARTITIONING_THRESHOLD = 500. For
  // float/int pairs a segment of up to 8 threads * 7 items = 56 is small, up
  // to 32 * 7 = 224 medium, larger ones are radix sorted by a CTA, in one
  // pass below 256 * 19 = 4864 items and iteratively from there. For
  // unsigned keys alone, small is up to 4 * 7 = 28 and medium up to
  // 32 * 11 = 352. Random sizes of each kind, and each limit and its
  // successor at fixed places.
  const int segments = 1000;
  std::vector<int> sizes(segments);
  for (int &s : sizes) {
    uint32_t r = next() % 100;
    s = r < 8    ? 0
        : r < 16 ? 1
        : r < 56 ? 2 + int(next() % 55)
        : r < 86 ? 57 + int(next() % 296)
                 : 353 + int(next() % 3000);
  }
  const int fixed[] = {0,   0,   1,   1,   2,    28,   29,    56,   57,
                       224, 225, 352, 353, 4863, 4864, 20000, 65543};
  for (size_t j = 0; j < sizeof fixed / sizeof fixed[0]; ++j)
    sizes[13 * j + 5] = fixed[j];
  std::vector<int> offsets(segments + 1, 0);
  for (int i = 0; i < segments; ++i)
    offsets[i + 1] = offsets[i] + sizes[i];
  const int items = offsets[segments];
  int *doffsets = toDevice(offsets);

  // Float keys with many duplicates, -0.0 and +0.0 (equal for CUB's sorts,
  // so they keep their input order), infinities, the extremes and
  // denormals; the values are the items' positions.
  const float special[] = {std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(),
                           FLT_MAX,
                           -FLT_MAX,
                           1e-40f,
                           -1e-40f};
  std::vector<float> keys(items);
  std::vector<int> vals(items);
  for (int i = 0; i < items; ++i) {
    uint32_t r = next() % 64;
    keys[i] = r == 0   ? -0.0f
              : r == 1 ? 0.0f
              : r == 2 ? special[next() % 6]
                       : float(int(next() % 513) - 256) * 0.125f;
    vals[i] = i;
  }
  float *dkeys = toDevice(keys), *dkeysOut;
  int *dvals = toDevice(vals), *dvalsOut;
  CHECK(cudaMalloc(&dkeysOut, items * sizeof(float)));
  CHECK(cudaMalloc(&dvalsOut, items * sizeof(int)));
  void *temp = nullptr;
  size_t bytes = 0;
  CHECK(cub::DeviceSegmentedSort::StableSortPairs(
      temp, bytes, dkeys, dkeysOut, dvals, dvalsOut, items, segments, doffsets,
      doffsets + 1));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSegmentedSort::StableSortPairs(
      temp, bytes, dkeys, dkeysOut, dvals, dvalsOut, items, segments, doffsets,
      doffsets + 1));
  CHECK(cudaFree(temp));
  std::vector<std::pair<float, int>> pairs(items);
  for (int i = 0; i < items; ++i)
    pairs[i] = {keys[i], vals[i]};
  for (int s = 0; s < segments; ++s)
    std::stable_sort(
        pairs.begin() + offsets[s], pairs.begin() + offsets[s + 1],
        [](const std::pair<float, int> &a, const std::pair<float, int> &b) {
          return a.first < b.first;
        });
  std::vector<uint32_t> keyBitsRef(items), keyBitsGot(items);
  std::vector<int> valsRef(items);
  std::vector<float> keysGot = toHost(dkeysOut, items);
  std::vector<int> valsGot = toHost(dvalsOut, items);
  for (int i = 0; i < items; ++i) {
    keyBitsRef[i] = bits(pairs[i].first);
    valsRef[i] = pairs[i].second;
    keyBitsGot[i] = bits(keysGot[i]);
  }
  std::vector<uint32_t> both(keyBitsGot), bothRef(keyBitsRef);
  both.insert(both.end(), valsGot.begin(), valsGot.end());
  bothRef.insert(bothRef.end(), valsRef.begin(), valsRef.end());
  report("DeviceSegmentedSort::StableSortPairs", both, bothRef);

  // SortPairs need not be stable: within each segment the keys must come out
  // in order, each value must still carry its own key, and the values must
  // be the segment's positions.
  CHECK(cudaMemset(dkeysOut, 0, items * sizeof(float)));
  CHECK(cudaMemset(dvalsOut, 0, items * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceSegmentedSort::SortPairs(temp, bytes, dkeys, dkeysOut, dvals,
                                            dvalsOut, items, segments, doffsets,
                                            doffsets + 1));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSegmentedSort::SortPairs(temp, bytes, dkeys, dkeysOut, dvals,
                                            dvalsOut, items, segments, doffsets,
                                            doffsets + 1));
  CHECK(cudaFree(temp));
  keysGot = toHost(dkeysOut, items);
  valsGot = toHost(dvalsOut, items);
  // -1: fine; otherwise the first position that breaks a rule.
  long long bad = -1;
  for (int s = 0; s < segments && bad < 0; ++s) {
    std::vector<int> seen;
    for (int i = offsets[s]; i < offsets[s + 1] && bad < 0; ++i) {
      int v = valsGot[i];
      if (v < offsets[s] || v >= offsets[s + 1] ||
          bits(keys[v]) != bits(keysGot[i]) ||
          (i > offsets[s] && keysGot[i] < keysGot[i - 1]))
        bad = i;
      seen.push_back(v);
    }
    std::sort(seen.begin(), seen.end());
    if (bad < 0 && std::adjacent_find(seen.begin(), seen.end()) != seen.end())
      bad = offsets[s];
  }
  report("DeviceSegmentedSort::SortPairs", bad, -1LL);

  // Unsigned keys over all 32 bits, a quarter of them from a few values,
  // sorted in descending order.
  std::vector<unsigned> ukeys(items);
  for (auto &k : ukeys)
    k = next() % 4 == 0 ? next() % 16 : next() ^ (next() << 16);
  unsigned *dukeys = toDevice(ukeys), *dukeysOut;
  CHECK(cudaMalloc(&dukeysOut, items * sizeof(unsigned)));
  temp = nullptr;
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(
      temp, bytes, dukeys, dukeysOut, items, segments, doffsets, doffsets + 1));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(
      temp, bytes, dukeys, dukeysOut, items, segments, doffsets, doffsets + 1));
  CHECK(cudaFree(temp));
  std::vector<unsigned> ukeysRef(ukeys);
  for (int s = 0; s < segments; ++s)
    std::stable_sort(ukeysRef.begin() + offsets[s],
                     ukeysRef.begin() + offsets[s + 1],
                     std::greater<unsigned>());
  report("DeviceSegmentedSort::SortKeysDescending", toHost(dukeysOut, items),
         ukeysRef);

  // With at most 500 segments CUB does not partition them: one kernel sorts
  // each segment, by a warp up to the medium size and otherwise by the CTA's
  // radix sort, in one pass or iteratively. The first 250 segments hold all
  // the fixed sizes.
  const int few = 250, fewItems = offsets[few];
  CHECK(cudaMemset(dukeysOut, 0, items * sizeof(unsigned)));
  temp = nullptr;
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(
      temp, bytes, dukeys, dukeysOut, fewItems, few, doffsets, doffsets + 1));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(
      temp, bytes, dukeys, dukeysOut, fewItems, few, doffsets, doffsets + 1));
  CHECK(cudaFree(temp));
  ukeysRef.resize(fewItems);
  report("DeviceSegmentedSort::SortKeysDescending few segments",
         toHost(dukeysOut, fewItems), ukeysRef);

  // Partition::Flagged puts the flagged items first in their order and the
  // others at the rear in reverse order.
  const int n = 1 << 20;
  std::vector<int> x(n);
  for (auto &v : x)
    v = int(next() % 2001) - 1000;
  std::vector<char> flags(n);
  for (auto &f : flags)
    f = next() % 3 == 0;
  int *dx = toDevice(x), *dout, *dcount;
  char *dflags = toDevice(flags);
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMalloc(&dcount, 2 * sizeof(int)));
  temp = nullptr;
  CHECK(
      cub::DevicePartition::Flagged(temp, bytes, dx, dflags, dout, dcount, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(
      cub::DevicePartition::Flagged(temp, bytes, dx, dflags, dout, dcount, n));
  CHECK(cudaFree(temp));
  std::vector<int> partRef(n);
  int selected = 0, rejected = 0;
  for (int i = 0; i < n; ++i)
    if (flags[i])
      partRef[selected++] = x[i];
    else
      partRef[n - 1 - rejected++] = x[i];
  std::vector<int> got = toHost(dout, n);
  got.push_back(toHost(dcount, 1)[0]);
  partRef.push_back(selected);
  report("DevicePartition::Flagged", got, partRef);

  // Three-way Partition::If: items below -300, items above 500 (each in
  // their order) and the rest, in their order too, and the two counts.
  int *dfirst, *dsecond, *drest;
  CHECK(cudaMalloc(&dfirst, n * sizeof(int)));
  CHECK(cudaMalloc(&dsecond, n * sizeof(int)));
  CHECK(cudaMalloc(&drest, n * sizeof(int)));
  const less_than small{-300};
  const greater_than large{500};
  temp = nullptr;
  CHECK(cub::DevicePartition::If(temp, bytes, dx, dfirst, dsecond, drest,
                                 dcount, n, small, large));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DevicePartition::If(temp, bytes, dx, dfirst, dsecond, drest,
                                 dcount, n, small, large));
  CHECK(cudaFree(temp));
  std::vector<int> firstRef, secondRef, restRef;
  for (int v : x)
    (small(v) ? firstRef : large(v) ? secondRef : restRef).push_back(v);
  std::vector<int> counts = toHost(dcount, 2);
  std::vector<int> threeRef(firstRef);
  threeRef.insert(threeRef.end(), secondRef.begin(), secondRef.end());
  threeRef.insert(threeRef.end(), restRef.begin(), restRef.end());
  threeRef.push_back(int(firstRef.size()));
  threeRef.push_back(int(secondRef.size()));
  got.clear();
  if (counts[0] >= 0 && counts[1] >= 0 && counts[0] + counts[1] <= n) {
    got = toHost(dfirst, counts[0]);
    std::vector<int> part = toHost(dsecond, counts[1]);
    got.insert(got.end(), part.begin(), part.end());
    part = toHost(drest, n - counts[0] - counts[1]);
    got.insert(got.end(), part.begin(), part.end());
  }
  got.push_back(counts[0]);
  got.push_back(counts[1]);
  report("DevicePartition::If three-way", got, threeRef);

  // HistogramEven on floats: 256 bins over [-1, 1), which CUB counts in
  // shared memory. A sample is counted when lower <= s < upper, in bin
  // int((s - lower) * scale) with scale = float(bins) / (upper - lower)
  // computed in float (ScaleTransform in dispatch_histogram.cuh); NaNs,
  // infinities and samples outside the range are not counted. A sample just
  // below upper whose bin would round up to 256 is not drawn.
  std::vector<float> samples(n);
  const int evenBins = 256;
  const float lower = -1.0f, upper = 1.0f;
  const float scale = float(evenBins) / (upper - lower);
  std::vector<int> evenRef(evenBins, 0);
  const float inf = std::numeric_limits<float>::infinity();
  for (auto &s : samples) {
    uint32_t r = next() % 256;
    s = r == 0   ? std::numeric_limits<float>::quiet_NaN()
        : r == 1 ? (next() % 2 ? inf : -inf)
        : r == 2 ? lower
        : r == 3 ? upper
        : r == 4 ? lower + float(next() % evenBins) / scale
                 : -1.25f + 2.5f * (float(next() % (1 << 24)) / float(1 << 24));
    if (s >= lower && s < upper && int((s - lower) * scale) >= evenBins)
      s = 0.5f;
    if (s >= lower && s < upper)
      ++evenRef[int((s - lower) * scale)];
  }
  float *dsamples = toDevice(samples);
  int *dhist;
  CHECK(cudaMalloc(&dhist, 1024 * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, dsamples, dhist,
                                            evenBins + 1, lower, upper, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, dsamples, dhist,
                                            evenBins + 1, lower, upper, n));
  CHECK(cudaFree(temp));
  report("DeviceHistogram::HistogramEven float", toHost(dhist, evenBins),
         evenRef);

  // HistogramRange on the same samples: 300 bins (more than CUB keeps in
  // shared memory) whose widths grow quadratically over [-1.1, 1.2]. Bin b
  // holds levels[b] <= s < levels[b + 1]; CUB finds it with an upper-bound
  // search, as std::upper_bound does, which also leaves NaNs out.
  const int rangeBins = 300;
  std::vector<float> levels(rangeBins + 1);
  for (int i = 0; i <= rangeBins; ++i) {
    float t = float(i) / rangeBins;
    levels[i] = -1.1f + 2.3f * t * t;
  }
  std::vector<int> rangeRef(rangeBins, 0);
  for (float s : samples) {
    auto above = std::upper_bound(levels.begin(), levels.end(), s);
    int b = int(above - levels.begin()) - 1;
    if (b >= 0 && b < rangeBins)
      ++rangeRef[b];
  }
  float *dlevels = toDevice(levels);
  temp = nullptr;
  CHECK(cub::DeviceHistogram::HistogramRange(temp, bytes, dsamples, dhist,
                                             rangeBins + 1, dlevels, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceHistogram::HistogramRange(temp, bytes, dsamples, dhist,
                                             rangeBins + 1, dlevels, n));
  CHECK(cudaFree(temp));
  report("DeviceHistogram::HistogramRange float", toHost(dhist, rangeBins),
         rangeRef);

  // Runs of 1 to 20 equal values, some of them next to a run of the same
  // value; Unique keeps the first of each run of equal items, Encode also
  // counts them.
  std::vector<int> runs;
  runs.reserve(n + 20);
  while (int(runs.size()) < n) {
    int v = int(next() % 50), len = 1 + int(next() % 20);
    runs.insert(runs.end(), len, v);
  }
  runs.resize(n);
  int *druns = toDevice(runs), *dlengths;
  CHECK(cudaMalloc(&dlengths, n * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceSelect::Unique(temp, bytes, druns, dout, dcount, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSelect::Unique(temp, bytes, druns, dout, dcount, n));
  CHECK(cudaFree(temp));
  std::vector<int> uniqueRef, lengthsRef;
  for (int i = 0; i < n; ++i)
    if (i == 0 || runs[i] != runs[i - 1]) {
      uniqueRef.push_back(runs[i]);
      lengthsRef.push_back(1);
    } else {
      ++lengthsRef.back();
    }
  int count = toHost(dcount, 1)[0];
  got.clear();
  if (count >= 0 && count <= n)
    got = toHost(dout, count);
  report("DeviceSelect::Unique", got, uniqueRef);

  CHECK(cudaMemset(dout, 0, n * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceRunLengthEncode::Encode(temp, bytes, druns, dout, dlengths,
                                           dcount, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRunLengthEncode::Encode(temp, bytes, druns, dout, dlengths,
                                           dcount, n));
  CHECK(cudaFree(temp));
  count = toHost(dcount, 1)[0];
  got.clear();
  if (count >= 0 && count <= n) {
    got = toHost(dout, count);
    std::vector<int> lengths = toHost(dlengths, count);
    got.insert(got.end(), lengths.begin(), lengths.end());
  }
  std::vector<int> encodeRef(uniqueRef);
  encodeRef.insert(encodeRef.end(), lengthsRef.begin(), lengthsRef.end());
  report("DeviceRunLengthEncode::Encode", got, encodeRef);

  CHECK(cudaDeviceSynchronize());
  if (failures) {
    std::printf("lib_cub_segmented_partition: %d failures\n", failures);
    return 1;
  }
  std::printf("lib_cub_segmented_partition: ok\n");
  return 0;
}
