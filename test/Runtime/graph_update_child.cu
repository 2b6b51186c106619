// CUDA graphs, explicit construction and updates: a child graph node
// (cudaGraphAddChildGraphNode, cudaGraphChildGraphNodeGetGraph), a host node
// (cudaGraphAddHostNode) that runs after a device-to-host copy and counts its
// runs, cudaGraphExecKernelNodeSetParams changing a kernel argument of the
// executable graph only, cudaGraphExecUpdate from a graph of identical
// topology with different kernel arguments (cudaGraphExecUpdateSuccess in
// cudaGraphExecUpdateResultInfo), and cudaGraphClone with
// cudaGraphNodeFindInClone.
// Graph: kernel fill(x[i] = i * mul) -> child{ kernel addConst(x[i] += add) }
//        -> memcpy x -> host -> host node (counter++, sum of host buffer).
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: graph: 4 nodes, 1 root, child graph has 1 node
// CHECK-NEXT: launch mul=3 add=10: 4096 elements match, host node runs 1
// CHECK-NEXT: exec kernel node set: launch mul=5 add=10: 4096 elements match, host node runs 2
// CHECK-NEXT: graph node still has mul=3
// CHECK-NEXT: exec update: success
// CHECK-NEXT: updated launch mul=7 add=-4: 4096 elements match, host node runs 3
// CHECK-NEXT: clone: 4 nodes, found node is a kernel with mul=3
// CHECK-NEXT: clone launch mul=9 add=10: 4096 elements match, host node runs 4
// CHECK-NEXT: original launch mul=7 add=-4: 4096 elements match, host node runs 5
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

__global__ void fill(int *x, int n, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = i * mul;
}

__global__ void addConst(int *x, int n, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += add;
}

const int n = 4096;

struct HostState {
  int runs = 0;
  long long lastSum = 0;
  const int *buf = nullptr;
};

static void CUDART_CB hostFn(void *p) {
  HostState *st = static_cast<HostState *>(p);
  ++st->runs;
  long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += st->buf[i];
  st->lastSum = sum;
}

// Kernel argument storage must outlive the cudaGraphAdd*Node calls only
// (the node copies the values), but keep it simple and static per graph.
struct Built {
  cudaGraph_t graph;
  cudaGraphNode_t fillNode, childNode, copyNode, hostNode;
};

static Built build(int *x, int *host, HostState *st, int mul, int add) {
  Built b;
  int nn = n;
  CHECK(cudaGraphCreate(&b.graph, 0));
  void *fillArgs[] = {&x, &nn, &mul};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)fill;
  kp.gridDim = dim3(n / 128);
  kp.blockDim = dim3(128);
  kp.kernelParams = fillArgs;
  CHECK(cudaGraphAddKernelNode(&b.fillNode, b.graph, nullptr, 0, &kp));

  cudaGraph_t child;
  CHECK(cudaGraphCreate(&child, 0));
  void *addArgs[] = {&x, &nn, &add};
  cudaKernelNodeParams ka = kp;
  ka.func = (void *)addConst;
  ka.kernelParams = addArgs;
  cudaGraphNode_t addNode;
  CHECK(cudaGraphAddKernelNode(&addNode, child, nullptr, 0, &ka));
  CHECK(cudaGraphAddChildGraphNode(&b.childNode, b.graph, &b.fillNode, 1,
                                   child));
  // The child graph was cloned into the node.
  CHECK(cudaGraphDestroy(child));

  CHECK(cudaGraphAddMemcpyNode1D(&b.copyNode, b.graph, &b.childNode, 1, host,
                                 x, n * sizeof(int), cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {};
  hp.fn = hostFn;
  hp.userData = st;
  CHECK(cudaGraphAddHostNode(&b.hostNode, b.graph, &b.copyNode, 1, &hp));
  return b;
}

static bool verify(const char *what, const int *host, const HostState &st,
                   int mul, int add, int runs) {
  int bad = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int want = i * mul + add;
    bad += host[i] != want;
    sum += want;
  }
  if (bad || st.runs != runs || st.lastSum != sum) {
    std::printf("%s mul=%d add=%d: %d mismatches, host node runs %d (want "
                "%d), host sum %lld (want %lld)\n",
                what, mul, add, bad, st.runs, runs, st.lastSum, sum);
    return false;
  }
  std::printf("%s mul=%d add=%d: %d elements match, host node runs %d\n", what,
              mul, add, n, st.runs);
  return true;
}

int main() {
  int *x, *host;
  CHECK(cudaMalloc(&x, n * sizeof(int)));
  CHECK(cudaMallocHost(&host, n * sizeof(int)));
  HostState st;
  st.buf = host;
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  Built g = build(x, host, &st, 3, 10);
  size_t total = 0, roots = 0, childNodes = 0;
  CHECK(cudaGraphGetNodes(g.graph, nullptr, &total));
  CHECK(cudaGraphGetRootNodes(g.graph, nullptr, &roots));
  cudaGraph_t embedded;
  CHECK(cudaGraphChildGraphNodeGetGraph(g.childNode, &embedded));
  CHECK(cudaGraphGetNodes(embedded, nullptr, &childNodes));
  std::printf("graph: %zu nodes, %zu root, child graph has %zu node\n", total,
              roots, childNodes);
  if (total != 4 || roots != 1 || childNodes != 1)
    return 1;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g.graph, 0));
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  if (!verify("launch", host, st, 3, 10, 1))
    return 1;

  // Change the fill kernel's multiplier in the executable graph only.
  int nn = n, mul5 = 5;
  void *args5[] = {&x, &nn, &mul5};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)fill;
  kp.gridDim = dim3(n / 128);
  kp.blockDim = dim3(128);
  kp.kernelParams = args5;
  CHECK(cudaGraphExecKernelNodeSetParams(exec, g.fillNode, &kp));
  mul5 = -1000; // the node holds its own copy of the argument values
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  if (!verify("exec kernel node set: launch", host, st, 5, 10, 2))
    return 1;
  cudaKernelNodeParams got = {};
  CHECK(cudaGraphKernelNodeGetParams(g.fillNode, &got));
  int graphMul = *static_cast<int *>(got.kernelParams[2]);
  std::printf("graph node still has mul=%d\n", graphMul);
  if (graphMul != 3 || got.func != (void *)fill)
    return 1;

  // Same topology, different arguments for both kernels.
  Built g2 = build(x, host, &st, 7, -4);
  cudaGraphExecUpdateResultInfo info = {};
  cudaError_t uerr = cudaGraphExecUpdate(exec, g2.graph, &info);
  std::printf("exec update: %s\n",
              uerr == cudaSuccess && info.result == cudaGraphExecUpdateSuccess
                  ? "success"
                  : "failed");
  if (uerr != cudaSuccess || info.result != cudaGraphExecUpdateSuccess) {
    std::printf("cudaGraphExecUpdate: %s, result %d\n", cudaGetErrorName(uerr),
                (int)info.result);
    return 1;
  }
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  if (!verify("updated launch", host, st, 7, -4, 3))
    return 1;

  // Clone the original graph, find the fill node in it, change it there.
  cudaGraph_t clone;
  CHECK(cudaGraphClone(&clone, g.graph));
  cudaGraphNode_t cloneFill;
  CHECK(cudaGraphNodeFindInClone(&cloneFill, g.fillNode, clone));
  size_t cloneNodes = 0;
  CHECK(cudaGraphGetNodes(clone, nullptr, &cloneNodes));
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(cloneFill, &type));
  cudaKernelNodeParams cgot = {};
  CHECK(cudaGraphKernelNodeGetParams(cloneFill, &cgot));
  int cloneMul = *static_cast<int *>(cgot.kernelParams[2]);
  std::printf("clone: %zu nodes, found node is a %s with mul=%d\n", cloneNodes,
              type == cudaGraphNodeTypeKernel ? "kernel" : "non-kernel",
              cloneMul);
  if (cloneNodes != 4 || type != cudaGraphNodeTypeKernel || cloneMul != 3 ||
      cloneFill == g.fillNode)
    return 1;
  int mul9 = 9;
  void *args9[] = {&x, &nn, &mul9};
  kp.kernelParams = args9;
  CHECK(cudaGraphKernelNodeSetParams(cloneFill, &kp));
  cudaGraphExec_t cexec;
  CHECK(cudaGraphInstantiate(&cexec, clone, 0));
  CHECK(cudaGraphLaunch(cexec, s));
  CHECK(cudaStreamSynchronize(s));
  if (!verify("clone launch", host, st, 9, 10, 4))
    return 1;
  // The updated executable graph is unaffected by the clone.
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  if (!verify("original launch", host, st, 7, -4, 5))
    return 1;

  CHECK(cudaGraphExecDestroy(cexec));
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(clone));
  CHECK(cudaGraphDestroy(g2.graph));
  CHECK(cudaGraphDestroy(g.graph));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(x));
  CHECK(cudaFreeHost(host));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
