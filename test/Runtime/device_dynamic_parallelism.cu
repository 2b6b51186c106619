// Dynamic parallelism (-rdc=true, libcudadevrt): kernels launch child grids
// with <<<>>> from device code, a child launches a grandchild, and a parent
// launches a grid into cudaStreamTailLaunch that runs once the parent grid
// has finished (so it sees what the parent wrote after launching it). The
// host's cudaDeviceSynchronize waits for the whole tree.
// ptxjit runs a grid's children when the grid has finished (a CDP2 parent
// is complete only once its children are), tail launches last.
// REQUIRES: nvcc
// RUN: %nvcc -std=c++17 -rdc=true -o %t.dp.static %s -lcudadevrt
// RUN: %nvcc -std=c++17 -rdc=true -cudart shared -o %t.dp.shared %s -lcudadevrt
// RUN: %cuda_run %t.dp.static | FileCheck %s
// RUN: %cuda_run %t.dp.shared | FileCheck %s
// CHECK: device-side launches: 4 of 4 succeeded
// CHECK-NEXT: child grids: 512 values match
// CHECK-NEXT: grandchild grids: 128 values match
// CHECK-NEXT: tail launch saw the parent's last write: 1
// CHECK-NEXT: device_dynamic_parallelism: ok

#include <cstdio>
#include <cstdlib>
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

const int kParents = 4, kChildBlocks = 2, kChildThreads = 64;
const int kChildValues = kChildBlocks * kChildThreads; // per parent block
const int kGrandchildThreads = 32;

struct Tail {
  int parentDone;
  int seenByTail;
};

__global__ void grandchild(int *out, int parent) {
  out[threadIdx.x] = -(parent * 100 + int(threadIdx.x));
}

__global__ void child(int *out, int *grand, int parent) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = parent * 1000 + i;
  if (i == 0)
    grandchild<<<1, kGrandchildThreads>>>(grand, parent);
}

__global__ void tail(Tail *t) { t->seenByTail = t->parentDone; }

__global__ void parent(int *out, int *grand, int *launchErrors, Tail *t) {
  if (threadIdx.x != 0)
    return;
  int p = blockIdx.x;
  child<<<kChildBlocks, kChildThreads>>>(out + p * kChildValues,
                                          grand + p * kGrandchildThreads, p);
  launchErrors[p] = int(cudaGetLastError());
  if (p == 0) {
    tail<<<1, 1, 0, cudaStreamTailLaunch>>>(t);
    // The tail grid starts after this grid ends: it sees this write.
    volatile int *done = &t->parentDone;
    *done = 1;
  }
}

int main() {
  int *dout, *dgrand, *derrors;
  Tail *dtail;
  CHECK(cudaMalloc(&dout, kParents * kChildValues * sizeof(int)));
  CHECK(cudaMalloc(&dgrand, kParents * kGrandchildThreads * sizeof(int)));
  CHECK(cudaMalloc(&derrors, kParents * sizeof(int)));
  CHECK(cudaMalloc(&dtail, sizeof(Tail)));
  CHECK(cudaMemset(dout, 0, kParents * kChildValues * sizeof(int)));
  CHECK(cudaMemset(dgrand, 0, kParents * kGrandchildThreads * sizeof(int)));
  CHECK(cudaMemset(derrors, 0xff, kParents * sizeof(int)));
  CHECK(cudaMemset(dtail, 0, sizeof(Tail)));

  parent<<<kParents, 32>>>(dout, dgrand, derrors, dtail);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  std::vector<int> errors(kParents), out(kParents * kChildValues),
      grand(kParents * kGrandchildThreads);
  Tail t;
  CHECK(cudaMemcpy(errors.data(), derrors, kParents * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(grand.data(), dgrand, grand.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&t, dtail, sizeof(Tail), cudaMemcpyDeviceToHost));

  int launched = 0;
  for (int p = 0; p < kParents; ++p)
    launched += errors[p] == int(cudaSuccess);
  std::printf("device-side launches: %d of %d succeeded\n", launched,
              kParents);
  if (launched != kParents)
    return 1;
  for (int p = 0; p < kParents; ++p) {
    for (int i = 0; i < kChildValues; ++i) {
      int got = out[p * kChildValues + i], expected = p * 1000 + i;
      if (got != expected) {
        std::printf("child grids: parent %d value %d: %d, expected %d\n", p,
                    i, got, expected);
        return 1;
      }
    }
  }
  std::printf("child grids: %d values match\n", kParents * kChildValues);
  for (int p = 0; p < kParents; ++p) {
    for (int i = 0; i < kGrandchildThreads; ++i) {
      int got = grand[p * kGrandchildThreads + i];
      int expected = -(p * 100 + i);
      if (got != expected) {
        std::printf("grandchild grids: parent %d value %d: %d, expected %d\n",
                    p, i, got, expected);
        return 1;
      }
    }
  }
  std::printf("grandchild grids: %d values match\n",
              kParents * kGrandchildThreads);
  std::printf("tail launch saw the parent's last write: %d\n", t.seenByTail);
  if (t.seenByTail != 1)
    return 1;
  CHECK(cudaFree(dout));
  CHECK(cudaFree(dgrand));
  CHECK(cudaFree(derrors));
  CHECK(cudaFree(dtail));
  std::printf("device_dynamic_parallelism: ok\n");
  return 0;
}
