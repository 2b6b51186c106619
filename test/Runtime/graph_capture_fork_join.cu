// CUDA graphs: stream capture across three streams. The origin stream records
// an event that two other streams wait on (fork); each forked stream launches
// a kernel on its own half of a buffer and records an event the origin stream
// waits on (join); the origin then copies the result back to the host. The
// captured graph has 3 nodes (2 kernels, 1 memcpy; event record/wait create
// edges, not nodes), 2 roots, and the memcpy depends on both kernels. It is
// instantiated and launched 3 times with the input changed by cudaMemcpy
// before each launch. A second capture that ends without joining a forked
// stream fails with cudaErrorStreamCaptureUnjoined.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: fork/join capture: 3 nodes, 2 roots, memcpy has 2 dependencies
// CHECK-NEXT: captured work not run
// CHECK-NEXT: graph launch 1: 16384 elements match
// CHECK-NEXT: graph launch 2: 16384 elements match
// CHECK-NEXT: graph launch 3: 16384 elements match
// CHECK-NEXT: unjoined capture: cudaErrorStreamCaptureUnjoined, no graph
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// out[i] = in[i] * mul + add + i, for i in [0, n).
__global__ void affineIndex(const int *in, int *out, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * mul + add + i;
}

int main() {
  const int n = 16384, half = n / 2;
  int *in, *out, *host;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  CHECK(cudaMallocHost(&host, n * sizeof(int)));
  std::vector<int> input(n);
  for (int i = 0; i < n; ++i)
    input[i] = i % 101 - 50;
  CHECK(cudaMemcpy(in, input.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(out, 0, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    host[i] = -777;

  cudaStream_t origin, s1, s2;
  CHECK(cudaStreamCreateWithFlags(&origin, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t forkEv, join1, join2;
  CHECK(cudaEventCreateWithFlags(&forkEv, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&join1, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&join2, cudaEventDisableTiming));

  CHECK(cudaStreamBeginCapture(origin, cudaStreamCaptureModeGlobal));
  CHECK(cudaEventRecord(forkEv, origin));
  CHECK(cudaStreamWaitEvent(s1, forkEv, 0));
  CHECK(cudaStreamWaitEvent(s2, forkEv, 0));
  // First half: x * 3 + 1 + i; second half: x * -2 + 5 + i (offset pointers).
  affineIndex<<<half / 256, 256, 0, s1>>>(in, out, half, 3, 1);
  CHECK(cudaGetLastError());
  affineIndex<<<half / 256, 256, 0, s2>>>(in + half, out + half, half, -2, 5);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(join1, s1));
  CHECK(cudaEventRecord(join2, s2));
  CHECK(cudaStreamWaitEvent(origin, join1, 0));
  CHECK(cudaStreamWaitEvent(origin, join2, 0));
  CHECK(cudaMemcpyAsync(host, out, n * sizeof(int), cudaMemcpyDeviceToHost,
                        origin));
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(origin, &graph));

  size_t numNodes = 0, numRoots = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  CHECK(cudaGraphGetRootNodes(graph, nullptr, &numRoots));
  if (numNodes != 3) {
    std::printf("fork/join capture: %zu nodes, expected 3\n", numNodes);
    return 1;
  }
  cudaGraphNode_t nodes[3];
  CHECK(cudaGraphGetNodes(graph, nodes, &numNodes));
  int kernels = 0, memcpys = 0;
  size_t memcpyDeps = 0;
  for (size_t k = 0; k < numNodes; ++k) {
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(nodes[k], &t));
    if (t == cudaGraphNodeTypeKernel)
      ++kernels;
    if (t == cudaGraphNodeTypeMemcpy) {
      ++memcpys;
      CHECK(cudaGraphNodeGetDependencies(nodes[k], nullptr, nullptr,
                                         &memcpyDeps));
    }
  }
  std::printf("fork/join capture: %zu nodes, %zu roots, memcpy has %zu "
              "dependencies\n",
              numNodes, numRoots, memcpyDeps);
  if (kernels != 2 || memcpys != 1 || numRoots != 2 || memcpyDeps != 2)
    return 1;

  // Capturing ran nothing.
  std::vector<int> now(n);
  CHECK(cudaMemcpy(now.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool untouched = true;
  for (int i = 0; i < n; ++i)
    untouched &= now[i] == 0 && host[i] == -777;
  std::printf("captured work %s\n", untouched ? "not run" : "ran");
  if (!untouched)
    return 1;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int launch = 1; launch <= 3; ++launch) {
    for (int i = 0; i < n; ++i)
      input[i] = (i * 7 + launch * 13) % 211 - 100;
    CHECK(cudaMemcpy(in, input.data(), n * sizeof(int),
                     cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(exec, origin));
    CHECK(cudaStreamSynchronize(origin));
    int bad = 0;
    for (int i = 0; i < n; ++i) {
      int want = i < half ? input[i] * 3 + 1 + i
                          : input[i] * -2 + 5 + (i - half);
      bad += host[i] != want;
    }
    if (bad) {
      std::printf("graph launch %d: %d mismatches\n", launch, bad);
      return 1;
    }
    std::printf("graph launch %d: %d elements match\n", launch, n);
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));

  // --- A fork that is never joined ----------------------------------------
  CHECK(cudaStreamBeginCapture(origin, cudaStreamCaptureModeGlobal));
  CHECK(cudaEventRecord(forkEv, origin));
  CHECK(cudaStreamWaitEvent(s1, forkEv, 0));
  affineIndex<<<half / 256, 256, 0, s1>>>(in, out, half, 1, 0);
  CHECK(cudaGetLastError());
  cudaGraph_t unjoined = reinterpret_cast<cudaGraph_t>(&origin);
  cudaError_t err = cudaStreamEndCapture(origin, &unjoined);
  std::printf("unjoined capture: %s, %s\n", cudaGetErrorName(err),
              unjoined == nullptr ? "no graph" : "graph returned");
  if (err != cudaErrorStreamCaptureUnjoined || unjoined != nullptr)
    return 1;
  cudaGetLastError(); // consume the (non-sticky) error just checked

  CHECK(cudaEventDestroy(forkEv));
  CHECK(cudaEventDestroy(join1));
  CHECK(cudaEventDestroy(join2));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFreeHost(host));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
