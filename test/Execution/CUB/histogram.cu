// cub::DeviceHistogram::HistogramEven for int and float samples (int
// counters). The host functions are never run; they make nvcc emit the
// kernels.
#include <cub/device/device_histogram.cuh>

template <typename T>
void histogramEven(const T *samples, int *hist, int levels, T lo, T hi,
                   int n) {
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceHistogram::HistogramEven(tmp, bytes, samples, hist, levels, lo,
                                      hi, n);
  cub::DeviceHistogram::HistogramEven(tmp, bytes, samples, hist, levels, lo,
                                      hi, n);
}

template void histogramEven<int>(const int *, int *, int, int, int, int);
template void histogramEven<float>(const float *, int *, int, float, float,
                                   int);
