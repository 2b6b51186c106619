// cub::DeviceRadixSort: SortPairs (int keys, int values) and SortKeys
// (unsigned and float keys). The host functions are never run; they make nvcc
// instantiate and emit the kernels. One instantiation per key type keeps the
// PTX small (the key types differ only in how the keys' bits are twiddled).
#include <cub/device/device_radix_sort.cuh>

template <typename K>
void sortPairs(const K *kin, K *kout, const int *vin, int *vout, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceRadixSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n);
  cub::DeviceRadixSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n);
}

template <typename K>
void sortKeys(const K *kin, K *kout, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceRadixSort::SortKeys(tmp, bytes, kin, kout, n);
  cub::DeviceRadixSort::SortKeys(tmp, bytes, kin, kout, n);
}

// One instantiation per key type keeps the PTX small: the three key types
// differ only in the bit twiddling of the keys.
template void sortPairs<int>(const int *, int *, const int *, int *, int);
template void sortKeys<unsigned>(const unsigned *, unsigned *, int);
template void sortKeys<float>(const float *, float *, int);
