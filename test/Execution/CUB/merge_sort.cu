// cub::DeviceMergeSort: SortPairs (int keys, int values) and SortKeys (float
// keys), less-than. The host functions are never run; they make nvcc emit the
// kernels.
#include <cub/device/device_merge_sort.cuh>

struct Less {
  template <typename T>
  __host__ __device__ bool operator()(const T &a, const T &b) const {
    return a < b;
  }
};

template <typename K>
void mergeSortPairs(K *keys, int *vals, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceMergeSort::SortPairs(tmp, bytes, keys, vals, n, Less());
  cub::DeviceMergeSort::SortPairs(tmp, bytes, keys, vals, n, Less());
}

template <typename K>
void mergeSortKeys(K *keys, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceMergeSort::SortKeys(tmp, bytes, keys, n, Less());
  cub::DeviceMergeSort::SortKeys(tmp, bytes, keys, n, Less());
}

template void mergeSortPairs<int>(int *, int *, int);
template void mergeSortKeys<float>(float *, int);
