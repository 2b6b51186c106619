// cub::DeviceScan: InclusiveSum and ExclusiveSum for int, unsigned and float.
// The host functions are never run; they make nvcc emit the kernels.
#include <cub/device/device_scan.cuh>

template <typename T>
void inclusiveSum(const T *in, T *out, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
}

template <typename T>
void exclusiveSum(const T *in, T *out, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n);
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n);
}

template void inclusiveSum<int>(const int *, int *, int);
template void inclusiveSum<unsigned>(const unsigned *, unsigned *, int);
template void inclusiveSum<float>(const float *, float *, int);
template void exclusiveSum<int>(const int *, int *, int);
template void exclusiveSum<unsigned>(const unsigned *, unsigned *, int);
template void exclusiveSum<float>(const float *, float *, int);
