// Thrust on device_vector: sort (int keys), inclusive_scan, transform and
// reduce (float). The host function is never run; it makes nvcc emit the
// kernels.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

struct Axpy {
  float a;
  __host__ __device__ float operator()(const float &x, const float &y) const {
    return a * x + y;
  }
};

float run(thrust::device_vector<int> &keys, thrust::device_vector<float> &x,
          thrust::device_vector<float> &y) {
  thrust::sort(keys.begin(), keys.end());
  thrust::inclusive_scan(x.begin(), x.end(), y.begin());
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), Axpy{2.0f});
  return thrust::reduce(y.begin(), y.end(), 0.0f, thrust::plus<float>());
}
