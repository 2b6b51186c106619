// CUDA graphs. Stream capture: cudaStreamBeginCapture, cudaStreamIsCapturing,
// cudaStreamEndCapture (captured work does not run), cudaGraphGetNodes,
// cudaGraphInstantiate and cudaGraphLaunch of one graph several times. The
// explicit API: cudaGraphCreate, cudaGraphAddMemsetNode, cudaGraphAddKernelNode
// and cudaGraphAddMemcpyNode1D with dependencies forming a diamond,
// cudaGraphGetRootNodes, cudaGraphNodeGetType; launched twice.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: capturing: active
// CHECK-NEXT: after capture: none, 3 nodes, captured work not run
// CHECK-NEXT: graph launch 1: 8192 elements match
// CHECK-NEXT: graph launch 2: 8192 elements match
// CHECK-NEXT: graph launch 3: 8192 elements match
// CHECK-NEXT: explicit graph: 6 nodes, 1 root (memset)
// CHECK-NEXT: explicit graph launch 1: 8192 elements match
// CHECK-NEXT: explicit graph launch 2: 8192 elements match
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

__global__ void scaleAdd(int *x, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * mul + add;
}

__global__ void addIndex(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += i;
}

__global__ void combine(const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] * 3 - b[i];
}

static int mismatches(const int *got, const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    bad += got[i] != want[i];
  return bad;
}

int main() {
  const int n = 8192;
  int *x, *host;
  CHECK(cudaMalloc(&x, n * sizeof(int)));
  CHECK(cudaMallocHost(&host, n * sizeof(int)));
  std::vector<int> ref(n);
  for (int i = 0; i < n; ++i)
    ref[i] = i % 97 - 40;
  CHECK(cudaMemcpy(x, ref.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  for (int i = 0; i < n; ++i)
    host[i] = -12345;

  // --- Stream capture -----------------------------------------------------
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusInvalidated;
  CHECK(cudaStreamIsCapturing(s, &status));
  std::printf("capturing: %s\n",
              status == cudaStreamCaptureStatusActive ? "active" : "not active");
  if (status != cudaStreamCaptureStatusActive)
    return 1;
  scaleAdd<<<n / 256, 256, 0, s>>>(x, n, 2, 1);
  addIndex<<<n / 256, 256, 0, s>>>(x, n);
  CHECK(cudaMemcpyAsync(host, x, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(s, &graph));
  CHECK(cudaStreamIsCapturing(s, &status));
  size_t numNodes = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  // Nothing captured ran: x and host are as they were.
  std::vector<int> now(n);
  CHECK(cudaMemcpy(now.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool untouched = mismatches(now.data(), ref) == 0;
  for (int i = 0; i < n; ++i)
    untouched &= host[i] == -12345;
  std::printf("after capture: %s, %zu nodes, captured work %s\n",
              status == cudaStreamCaptureStatusNone ? "none" : "still capturing",
              numNodes, untouched ? "not run" : "ran");
  if (status != cudaStreamCaptureStatusNone || numNodes != 3 || !untouched)
    return 1;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int launch = 1; launch <= 3; ++launch) {
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      ref[i] = ref[i] * 2 + 1 + i;
    int bad = mismatches(host, ref);
    if (bad) {
      std::printf("graph launch %d: %d mismatches\n", launch, bad);
      return 1;
    }
    std::printf("graph launch %d: %d elements match\n", launch, n);
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));

  // --- Explicit construction ----------------------------------------------
  //   memset(a = 7) -> copy(b = a) -> kernel addIndex(a += i)  -> combine
  //                                 -> kernel scaleAdd(b = 5b - 2) ->
  //   combine(out = 3a - b) -> copy(host = out)
  int *a, *b, *out;
  CHECK(cudaMalloc(&a, n * sizeof(int)));
  CHECK(cudaMalloc(&b, n * sizeof(int)));
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    host[i] = -1;
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));

  cudaMemsetParams ms = {};
  ms.dst = a;
  ms.value = 7;
  ms.elementSize = sizeof(int);
  ms.width = n;
  ms.height = 1;
  ms.pitch = 0;
  cudaGraphNode_t memsetNode;
  CHECK(cudaGraphAddMemsetNode(&memsetNode, g, nullptr, 0, &ms));

  // copy a -> b after the memset.
  cudaGraphNode_t copyNode;
  CHECK(cudaGraphAddMemcpyNode1D(&copyNode, g, &memsetNode, 1, b, a,
                                 n * sizeof(int), cudaMemcpyDeviceToDevice));

  // a += i and b = 5b - 2, both after the copy (they may run concurrently).
  int nn = n;
  int mul = 5, add = -2;
  void *argsA[] = {&a, &nn};
  void *argsB[] = {&b, &nn, &mul, &add};
  cudaKernelNodeParams kpA = {};
  kpA.func = (void *)addIndex;
  kpA.gridDim = dim3(n / 256);
  kpA.blockDim = dim3(256);
  kpA.sharedMemBytes = 0;
  kpA.kernelParams = argsA;
  kpA.extra = nullptr;
  cudaKernelNodeParams kpB = kpA;
  kpB.func = (void *)scaleAdd;
  kpB.kernelParams = argsB;
  cudaGraphNode_t nodeA, nodeB;
  CHECK(cudaGraphAddKernelNode(&nodeA, g, &copyNode, 1, &kpA));
  CHECK(cudaGraphAddKernelNode(&nodeB, g, &copyNode, 1, &kpB));

  // out = 3a - b after both, then out -> host.
  void *argsC[] = {&a, &b, &out, &nn};
  cudaKernelNodeParams kpC = kpA;
  kpC.func = (void *)combine;
  kpC.kernelParams = argsC;
  cudaGraphNode_t nodeC, deps[2] = {nodeA, nodeB};
  CHECK(cudaGraphAddKernelNode(&nodeC, g, deps, 2, &kpC));
  cudaGraphNode_t d2h;
  CHECK(cudaGraphAddMemcpyNode1D(&d2h, g, &nodeC, 1, host, out,
                                 n * sizeof(int), cudaMemcpyDeviceToHost));

  size_t total = 0, roots = 0;
  CHECK(cudaGraphGetNodes(g, nullptr, &total));
  CHECK(cudaGraphGetRootNodes(g, nullptr, &roots));
  cudaGraphNode_t root;
  size_t one = 1;
  CHECK(cudaGraphGetRootNodes(g, &root, &one));
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(root, &type));
  std::printf("explicit graph: %zu nodes, %zu root (%s)\n", total, roots,
              type == cudaGraphNodeTypeMemset ? "memset" : "other");
  if (total != 6 || roots != 1 || type != cudaGraphNodeTypeMemset)
    return 1;

  cudaGraphExec_t gexec;
  CHECK(cudaGraphInstantiate(&gexec, g, 0));
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = 3 * (7 + i) - (5 * 7 - 2);
  for (int launch = 1; launch <= 2; ++launch) {
    CHECK(cudaGraphLaunch(gexec, s));
    CHECK(cudaStreamSynchronize(s));
    int bad = mismatches(host, want);
    if (bad) {
      std::printf("explicit graph launch %d: %d mismatches\n", launch, bad);
      return 1;
    }
    std::printf("explicit graph launch %d: %d elements match\n", launch, n);
    for (int i = 0; i < n; ++i)
      host[i] = -1;
  }
  CHECK(cudaGraphExecDestroy(gexec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(out));
  CHECK(cudaFree(x));
  CHECK(cudaFreeHost(host));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
