//===- GraphTest.cpp - CUDA graphs and stream capture in the driver -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The driver's graph API on the kernels of test/CAPI/Inputs/kernels.ptx:
// explicit graphs (nodes, edges, queries, instantiation, launches, updates
// of an executable graph), stream capture (nothing runs while capturing,
// the capture's information, invalidation), and the errors CUDA documents.
// test/Runtime runs graphs through NVIDIA's runtime too.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

class GraphTest : public DriverFixture {
protected:
  void SetUp() override {
    DriverFixture::SetUp();
    std::ifstream in(std::string(PTXJIT_CAPI_INPUTS) + "/kernels.ptx");
    std::stringstream text;
    text << in.rdbuf();
    ptx = text.str();
    ASSERT_EQ(cuModuleLoadData(&module, ptx.c_str()), CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&saxpy, module, "saxpy"), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&x, n * sizeof(float)), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&y, n * sizeof(float)), CUDA_SUCCESS);
    std::vector<float> ones(n, 1.0f), iota(n);
    for (int i = 0; i < n; ++i)
      iota[i] = float(i);
    ASSERT_EQ(cuMemcpyHtoD(x, iota.data(), n * sizeof(float)), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(y, ones.data(), n * sizeof(float)), CUDA_SUCCESS);
  }

  /// y[i] as a host vector.
  std::vector<float> readY() {
    std::vector<float> out(n);
    EXPECT_EQ(cuMemcpyDtoH(out.data(), y, n * sizeof(float)), CUDA_SUCCESS);
    return out;
  }

  /// A saxpy kernel node's parameters (a * x + y over n elements).
  CUDA_KERNEL_NODE_PARAMS saxpyParams() {
    CUDA_KERNEL_NODE_PARAMS params = {};
    params.func = saxpy;
    params.gridDimX = n / 64;
    params.gridDimY = params.gridDimZ = 1;
    params.blockDimX = 64;
    params.blockDimY = params.blockDimZ = 1;
    params.kernelParams = args;
    return params;
  }

  static constexpr int n = 256;
  std::string ptx;
  CUmodule module = nullptr;
  CUfunction saxpy = nullptr;
  CUdeviceptr x = 0, y = 0;
  int count = n;
  float a = 2.0f;
  void *args[4] = {&count, &a, &x, &y};
};

TEST_F(GraphTest, ExplicitGraphRunsInDependencyOrder) {
  CUgraph graph;
  ASSERT_EQ(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
  // y = 3 (memset of the float bits), then y = 2x + y, added in that order
  // of dependencies but created kernel first.
  CUDA_MEMSET_NODE_PARAMS fill = {};
  fill.dst = y;
  fill.value = 0x40400000; // 3.0f
  fill.elementSize = 4;
  fill.width = n;
  fill.height = 1;
  CUgraphNode kernel, memset;
  CUDA_KERNEL_NODE_PARAMS params = saxpyParams();
  ASSERT_EQ(cuGraphAddKernelNode_v2(&kernel, graph, nullptr, 0, &params),
            CUDA_SUCCESS);
  ASSERT_EQ(cuGraphAddMemsetNode(&memset, graph, nullptr, 0, &fill, context),
            CUDA_SUCCESS);
  ASSERT_EQ(cuGraphAddDependencies(graph, &memset, &kernel, 1), CUDA_SUCCESS);
  // The same edge twice is an error.
  EXPECT_EQ(cuGraphAddDependencies(graph, &memset, &kernel, 1),
            CUDA_ERROR_INVALID_VALUE);

  size_t count = 0;
  ASSERT_EQ(cuGraphGetNodes(graph, nullptr, &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 2u);
  CUgraphNode roots[2] = {};
  count = 2;
  ASSERT_EQ(cuGraphGetRootNodes(graph, roots, &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(roots[0], memset);
  CUgraphNode from[1], to[1];
  count = 1;
  ASSERT_EQ(cuGraphGetEdges(graph, from, to, &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(from[0], memset);
  EXPECT_EQ(to[0], kernel);
  CUgraphNodeType type;
  ASSERT_EQ(cuGraphNodeGetType(kernel, &type), CUDA_SUCCESS);
  EXPECT_EQ(type, CU_GRAPH_NODE_TYPE_KERNEL);

  CUgraphExec exec;
  ASSERT_EQ(cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
  // Instantiation copies the arguments: changing `a` now changes nothing.
  a = 100.0f;
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  std::vector<float> got = readY();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], 2.0f * float(i) + 3.0f) << i;

  // A new argument in the executable graph only.
  a = 5.0f;
  params = saxpyParams();
  ASSERT_EQ(cuGraphExecKernelNodeSetParams_v2(exec, kernel, &params),
            CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  got = readY();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], 5.0f * float(i) + 3.0f) << i;

  // A disabled kernel node leaves the memset alone.
  ASSERT_EQ(cuGraphNodeSetEnabled(exec, kernel, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  got = readY();
  EXPECT_EQ(got[7], 3.0f);

  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(GraphTest, CycleFailsToInstantiate) {
  CUgraph graph;
  ASSERT_EQ(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
  CUgraphNode first, second;
  ASSERT_EQ(cuGraphAddEmptyNode(&first, graph, nullptr, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphAddEmptyNode(&second, graph, &first, 1), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphAddDependencies(graph, &second, &first, 1), CUDA_SUCCESS);
  CUgraphExec exec;
  CUDA_GRAPH_INSTANTIATE_PARAMS params = {};
  EXPECT_EQ(cuGraphInstantiateWithParams(&exec, graph, &params),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(params.result_out, CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE);
  ASSERT_EQ(cuGraphRemoveDependencies(graph, &second, &first, 1),
            CUDA_SUCCESS);
  EXPECT_EQ(cuGraphInstantiateWithParams(&exec, graph, &params),
            CUDA_SUCCESS);
  EXPECT_EQ(params.result_out, CUDA_GRAPH_INSTANTIATE_SUCCESS);
  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
}

TEST_F(GraphTest, CaptureRecordsInsteadOfRunning) {
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  // The legacy default stream cannot be captured.
  EXPECT_EQ(cuStreamBeginCapture_v2(nullptr, CU_STREAM_CAPTURE_MODE_GLOBAL),
            CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  ASSERT_EQ(cuStreamBeginCapture_v2(stream, CU_STREAM_CAPTURE_MODE_GLOBAL),
            CUDA_SUCCESS);
  EXPECT_EQ(cuStreamBeginCapture_v2(stream, CU_STREAM_CAPTURE_MODE_GLOBAL),
            CUDA_ERROR_ILLEGAL_STATE);
  ASSERT_EQ(cuMemsetD32Async(y, 0x40400000, n, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuLaunchKernel(saxpy, n / 64, 1, 1, 64, 1, 1, 0, stream, args,
                           nullptr),
            CUDA_SUCCESS);
  CUstreamCaptureStatus status;
  cuuint64_t id = 0;
  CUgraph capturing = nullptr;
  const CUgraphNode *last = nullptr;
  const CUgraphEdgeData *edges = nullptr;
  size_t numLast = 0;
  ASSERT_EQ(cuStreamGetCaptureInfo_v3(stream, &status, &id, &capturing, &last,
                                      &edges, &numLast),
            CUDA_SUCCESS);
  EXPECT_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
  EXPECT_NE(id, 0u);
  EXPECT_NE(capturing, nullptr);
  EXPECT_EQ(numLast, 1u);
  // Nothing ran: y is still all ones.
  EXPECT_EQ(readY()[9], 1.0f);

  CUgraph graph;
  ASSERT_EQ(cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  EXPECT_EQ(graph, capturing);
  ASSERT_EQ(cuStreamIsCapturing(stream, &status), CUDA_SUCCESS);
  EXPECT_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
  size_t count = 0;
  ASSERT_EQ(cuGraphGetNodes(graph, nullptr, &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 2u);
  CUgraphExec exec;
  ASSERT_EQ(cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  std::vector<float> got = readY();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], 2.0f * float(i) + 3.0f) << i;
  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(GraphTest, SynchronizingACaptureInvalidatesIt) {
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamBeginCapture_v2(stream, CU_STREAM_CAPTURE_MODE_RELAXED),
            CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(y, 0, n, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream),
            CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  CUstreamCaptureStatus status;
  ASSERT_EQ(cuStreamIsCapturing(stream, &status), CUDA_SUCCESS);
  EXPECT_EQ(status, CU_STREAM_CAPTURE_STATUS_INVALIDATED);
  CUgraph graph = reinterpret_cast<CUgraph>(1);
  EXPECT_EQ(cuStreamEndCapture(stream, &graph),
            CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
  EXPECT_EQ(graph, nullptr);
  // The stream is usable again, and the memset never ran.
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(readY()[0], 1.0f);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(GraphTest, ForkJoinThroughEvents) {
  CUstream origin, side;
  CUevent fork, join;
  ASSERT_EQ(cuStreamCreate(&origin, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamCreate(&side, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamBeginCapture_v2(origin, CU_STREAM_CAPTURE_MODE_GLOBAL),
            CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(y, 0x40400000, n, origin), CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(fork, origin), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamWaitEvent(side, fork, 0), CUDA_SUCCESS);
  CUstreamCaptureStatus status;
  ASSERT_EQ(cuStreamIsCapturing(side, &status), CUDA_SUCCESS);
  EXPECT_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
  ASSERT_EQ(cuLaunchKernel(saxpy, n / 64, 1, 1, 64, 1, 1, 0, side, args,
                           nullptr),
            CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(join, side), CUDA_SUCCESS);
  // Ending before the side stream is joined back fails.
  CUgraph graph;
  CUstream origin2;
  ASSERT_EQ(cuStreamCreate(&origin2, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamEndCapture(side, &graph),
            CUDA_ERROR_STREAM_CAPTURE_UNMATCHED);
  ASSERT_EQ(cuStreamWaitEvent(origin, join, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamEndCapture(origin, &graph), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamIsCapturing(side, &status), CUDA_SUCCESS);
  EXPECT_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
  CUgraphNode from[2], to[2];
  size_t edges = 2;
  ASSERT_EQ(cuGraphGetEdges(graph, from, to, &edges), CUDA_SUCCESS);
  EXPECT_EQ(edges, 1u); // memset -> kernel
  CUgraphExec exec;
  ASSERT_EQ(cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, origin), CUDA_SUCCESS);
  // A non-blocking stream: the copy on the legacy stream does not wait.
  ASSERT_EQ(cuStreamSynchronize(origin), CUDA_SUCCESS);
  std::vector<float> got = readY();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], 2.0f * float(i) + 3.0f) << i;
  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
  for (CUstream s : {origin, side, origin2})
    EXPECT_EQ(cuStreamDestroy(s), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(fork), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(join), CUDA_SUCCESS);
}

} // namespace
