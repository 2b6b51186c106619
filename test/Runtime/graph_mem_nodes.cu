// CUDA graphs with memory nodes: stream capture of cudaMallocAsync, a kernel
// writing the allocation, cudaMemcpyAsync back to the host and cudaFreeAsync
// gives a graph of 4 nodes: a memory allocation node, a kernel node, a
// memcpy node and a memory free node (cudaGraphNodeGetType), in that order
// along the edges; cudaGraphMemAllocNodeGetParams reports the size and
// cudaGraphMemFreeNodeGetParams the same address. The graph is launched twice
// with a different input each time.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: captured: 4 nodes: 1 mem alloc, 1 kernel, 1 memcpy, 1 mem free
// CHECK-NEXT: chain: alloc -> kernel -> memcpy -> free
// CHECK-NEXT: alloc node: 40000 bytes, free node frees the same address
// CHECK-NEXT: graph launch 1: 10000 elements match
// CHECK-NEXT: graph launch 2: 10000 elements match
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

__global__ void square(const int *in, int *tmp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    tmp[i] = in[i] * in[i] - i;
}

static cudaGraphNode_t onlySuccessor(cudaGraph_t g, cudaGraphNode_t from) {
  size_t edges = 0;
  CHECK(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges));
  std::vector<cudaGraphNode_t> f(edges), t(edges);
  CHECK(cudaGraphGetEdges(g, f.data(), t.data(), nullptr, &edges));
  cudaGraphNode_t succ = nullptr;
  int count = 0;
  for (size_t e = 0; e < edges; ++e)
    if (f[e] == from) {
      succ = t[e];
      ++count;
    }
  return count == 1 ? succ : nullptr;
}

static cudaGraphNodeType typeOf(cudaGraphNode_t node) {
  cudaGraphNodeType t = cudaGraphNodeTypeEmpty;
  if (node)
    CHECK(cudaGraphNodeGetType(node, &t));
  return t;
}

int main() {
  const int n = 10000;
  const size_t bytes = n * sizeof(int);
  int *in, *host;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMallocHost(&host, bytes));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int *tmp = nullptr;
  CHECK(cudaMallocAsync(reinterpret_cast<void **>(&tmp), bytes, s));
  square<<<(n + 255) / 256, 256, 0, s>>>(in, tmp, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(host, tmp, bytes, cudaMemcpyDeviceToHost, s));
  CHECK(cudaFreeAsync(tmp, s));
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(s, &graph));

  size_t numNodes = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  std::vector<cudaGraphNode_t> nodes(numNodes);
  CHECK(cudaGraphGetNodes(graph, nodes.data(), &numNodes));
  int allocs = 0, kernels = 0, memcpys = 0, frees = 0;
  cudaGraphNode_t allocNode = nullptr, freeNode = nullptr;
  for (cudaGraphNode_t node : nodes) {
    switch (typeOf(node)) {
    case cudaGraphNodeTypeMemAlloc:
      ++allocs;
      allocNode = node;
      break;
    case cudaGraphNodeTypeKernel:
      ++kernels;
      break;
    case cudaGraphNodeTypeMemcpy:
      ++memcpys;
      break;
    case cudaGraphNodeTypeMemFree:
      ++frees;
      freeNode = node;
      break;
    default:
      break;
    }
  }
  std::printf("captured: %zu nodes: %d mem alloc, %d kernel, %d memcpy, %d mem "
              "free\n",
              numNodes, allocs, kernels, memcpys, frees);
  if (numNodes != 4 || allocs != 1 || kernels != 1 || memcpys != 1 ||
      frees != 1)
    return 1;

  // The capture was a single stream: the nodes form a chain.
  size_t roots = 0;
  CHECK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  cudaGraphNode_t root = nullptr;
  size_t one = 1;
  CHECK(cudaGraphGetRootNodes(graph, &root, &one));
  cudaGraphNode_t k = onlySuccessor(graph, root);
  cudaGraphNode_t m = onlySuccessor(graph, k);
  cudaGraphNode_t f = onlySuccessor(graph, m);
  bool chain = roots == 1 && root == allocNode &&
               typeOf(k) == cudaGraphNodeTypeKernel &&
               typeOf(m) == cudaGraphNodeTypeMemcpy && f == freeNode;
  std::printf("chain: %s\n",
              chain ? "alloc -> kernel -> memcpy -> free" : "wrong order");
  if (!chain)
    return 1;

  cudaMemAllocNodeParams ap = {};
  CHECK(cudaGraphMemAllocNodeGetParams(allocNode, &ap));
  void *freed = nullptr;
  CHECK(cudaGraphMemFreeNodeGetParams(freeNode, &freed));
  std::printf("alloc node: %zu bytes, free node frees %s\n", ap.bytesize,
              freed == ap.dptr && ap.dptr == tmp ? "the same address"
                                                 : "another address");
  if (ap.bytesize != bytes || freed != ap.dptr || ap.dptr != tmp)
    return 1;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  std::vector<int> input(n);
  for (int launch = 1; launch <= 2; ++launch) {
    for (int i = 0; i < n; ++i)
      input[i] = (i * 31 + launch * 7) % 1001 - 500;
    CHECK(cudaMemcpy(in, input.data(), bytes, cudaMemcpyHostToDevice));
    for (int i = 0; i < n; ++i)
      host[i] = -1;
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaStreamSynchronize(s));
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += host[i] != input[i] * input[i] - i;
    if (bad) {
      std::printf("graph launch %d: %d mismatches\n", launch, bad);
      return 1;
    }
    std::printf("graph launch %d: %d elements match\n", launch, n);
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(in));
  CHECK(cudaFreeHost(host));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
