// cub::DeviceSelect (If, Flagged) and cub::DevicePartition (If, Flagged),
// int and float items, each operation for one of the two. The host functions
// are never run; they make nvcc emit the kernels.
#include <cub/device/device_partition.cuh>
#include <cub/device/device_select.cuh>

struct Positive {
  template <typename T> __host__ __device__ bool operator()(const T &x) const {
    return x > T(0);
  }
};

template <typename T>
void selectIf(const T *in, T *out, int *nsel, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceSelect::If(tmp, bytes, in, out, nsel, n, Positive());
  cub::DeviceSelect::If(tmp, bytes, in, out, nsel, n, Positive());
}

template <typename T>
void selectFlagged(const T *in, const char *flags, T *out, int *nsel, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceSelect::Flagged(tmp, bytes, in, flags, out, nsel, n);
  cub::DeviceSelect::Flagged(tmp, bytes, in, flags, out, nsel, n);
}

template <typename T>
void partitionIf(const T *in, T *out, int *nsel, int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DevicePartition::If(tmp, bytes, in, out, nsel, n, Positive());
  cub::DevicePartition::If(tmp, bytes, in, out, nsel, n, Positive());
}

template <typename T>
void partitionFlagged(const T *in, const char *flags, T *out, int *nsel,
                      int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DevicePartition::Flagged(tmp, bytes, in, flags, out, nsel, n);
  cub::DevicePartition::Flagged(tmp, bytes, in, flags, out, nsel, n);
}

template void selectIf<int>(const int *, int *, int *, int);
template void selectFlagged<float>(const float *, const char *, float *,
                                   int *, int);
template void partitionIf<float>(const float *, float *, int *, int);
template void partitionFlagged<int>(const int *, const char *, int *, int *,
                                    int);
