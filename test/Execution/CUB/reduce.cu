// cub::DeviceReduce: Sum (int, unsigned), Max (int, float) and ReduceByKey
// (int keys, float values, sum); the 32-bit integer reductions use
// redux.sync. The host functions are never run; they make nvcc emit the
// kernels.
#include <cub/device/device_reduce.cuh>

template <typename T>
void sum(const T *in, T *out, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
  cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
}

template <typename T>
void max(const T *in, T *out, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Max(tmp, bytes, in, out, n);
  cub::DeviceReduce::Max(tmp, bytes, in, out, n);
}

template <typename V>
void reduceByKey(const int *kin, int *kout, const V *vin, V *vout, int *runs,
                 int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::ReduceByKey(tmp, bytes, kin, kout, vin, vout, runs,
                                 cuda::std::plus<V>(), n);
  cub::DeviceReduce::ReduceByKey(tmp, bytes, kin, kout, vin, vout, runs,
                                 cuda::std::plus<V>(), n);
}

template void sum<int>(const int *, int *, int);
template void sum<unsigned>(const unsigned *, unsigned *, int);
template void max<int>(const int *, int *, int);
template void max<float>(const float *, float *, int);
template void reduceByKey<float>(const int *, int *, const float *, float *,
                                 int *, int);
