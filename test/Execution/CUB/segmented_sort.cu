// cub::DeviceSegmentedSort: SortPairs (float keys, int values, int offsets)
// and SortKeys (int keys). The host functions are never run; they make nvcc
// emit the kernels.
#include <cub/device/device_segmented_sort.cuh>

template <typename K>
void segSortPairs(const K *kin, K *kout, const int *vin, int *vout, int n,
                  int nseg, const int *begin, const int *end) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceSegmentedSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n,
                                      nseg, begin, end);
  cub::DeviceSegmentedSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n,
                                      nseg, begin, end);
}

template <typename K>
void segSortKeys(const K *kin, K *kout, int n, int nseg, const int *begin,
                 const int *end) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceSegmentedSort::SortKeys(tmp, bytes, kin, kout, n, nseg, begin,
                                     end);
  cub::DeviceSegmentedSort::SortKeys(tmp, bytes, kin, kout, n, nseg, begin,
                                     end);
}

template void segSortPairs<float>(const float *, float *, const int *, int *,
                                  int, int, const int *, const int *);
