//===- Graph.cpp - CUDA graphs and stream capture -------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A graph is a set of nodes (kernels, copies, memsets, host functions, child
// graphs, event records and waits, allocations) with dependency edges. An
// executable graph is a snapshot of one: its nodes in a topological order,
// child graphs expanded in place. Work runs when it is submitted, so
// launching an executable graph runs its nodes one after the other on the
// stream, which respects every edge.
//
// Stream capture records instead of running: while a stream captures, each
// piece of work submitted to it becomes a node that depends on the
// stream's last nodes. An event recorded in a capturing stream carries the
// capture's position, and a stream that waits on it joins the capture
// (fork and join across streams). Capture ends on the stream that began it.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

using namespace ptxjit::capi;

//===----------------------------------------------------------------------===//
// Graph objects
//===----------------------------------------------------------------------===//

/// Memory a graph allocated (an allocation node): it lives as long as any
/// graph or executable graph that holds it.
struct GraphAllocation {
  CUdeviceptr address = 0;
  size_t bytes = 0;
  ~GraphAllocation() {
    std::lock_guard<DriverMutex> lock(driver().mutex);
    auto it = driver().allocations.find(uintptr_t(address));
    if (it != driver().allocations.end())
      freeAllocation(it);
  }
};

struct CUgraphNode_st {
  CUgraph_st *graph = nullptr;
  CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
  std::vector<CUgraphNode_st *> dependencies, dependents;

  // Kernel nodes: the argument values are copied when the node is made.
  CUfunction function = nullptr;
  ptxjit::Dim3 grid, block;
  unsigned sharedBytes = 0;
  bool cooperative = false;
  ptxjit::Dim3 cluster = {0, 0, 0};
  std::vector<std::vector<uint8_t>> argValues;
  std::vector<void *> argPointers;
  std::map<int, CUlaunchAttributeValue> attributes;

  CUDA_MEMCPY3D copy = {};
  CUDA_MEMSET_NODE_PARAMS memset = {};
  CUDA_HOST_NODE_PARAMS host = {};
  std::unique_ptr<CUgraph_st> child;
  CUevent event = nullptr;
  std::shared_ptr<GraphAllocation> allocation;
  CUdeviceptr freeAddress = 0;
  /// Batch memory-operation nodes: the operations and their flags.
  std::vector<CUstreamBatchMemOpParams> memOps;
  unsigned memOpFlags = 0;
  CUcontext memOpContext = nullptr;
  /// In an executable graph: whether the node runs (cuGraphNodeSetEnabled).
  bool enabled = true;
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
  /// The clone this graph was made from (cuGraphNodeFindInClone): for each
  /// node, the node of the original it copies.
  std::map<CUgraphNode_st *, CUgraphNode_st *> originals;
  std::map<CUuserObject, unsigned> userObjects;
};

struct CUgraphExec_st {
  std::unique_ptr<CUgraph_st> graph;
  CUctx_st *context = nullptr;
  cuuint64_t flags = 0;
  /// The nodes to run, child graphs expanded, in a topological order.
  std::vector<CUgraphNode_st *> order;
};

struct CUuserObject_st {
  void *pointer = nullptr;
  CUhostFn destroy = nullptr;
  unsigned references = 0;
};

/// A stream capture in progress.
struct StreamCapture {
  unsigned long long id = 0;
  CUgraph_st *graph = nullptr;
  CUstream origin = nullptr;
  CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_GLOBAL;
  bool invalidated = false;
  /// Every stream taking part, and each one's last nodes.
  std::map<CUstream, std::vector<CUgraphNode_st *>> frontier;
};

namespace {
/// The live handles (guarded by the driver lock).
struct GraphRegistry {
  std::set<CUgraph_st *> graphs;
  std::set<CUgraphNode_st *> nodes;
  std::set<CUgraphExec_st *> execs;
  std::set<CUuserObject_st *> userObjects;
  std::map<unsigned long long, StreamCapture *> captures;
  unsigned long long nextCaptureId = 1;
};
} // namespace

static GraphRegistry &registry() {
  static GraphRegistry *instance = new GraphRegistry();
  return *instance;
}

static bool isGraph(CUgraph graph) {
  return graph && registry().graphs.count(graph);
}
static bool isNode(CUgraphNode node) {
  return node && registry().nodes.count(node);
}
static bool isExec(CUgraphExec exec) {
  return exec && registry().execs.count(exec);
}

static CUgraph_st *newGraph() {
  auto *graph = new CUgraph_st();
  registry().graphs.insert(graph);
  return graph;
}

static void forgetNodes(CUgraph_st *graph) {
  for (auto &node : graph->nodes) {
    registry().nodes.erase(node.get());
    if (node->child)
      forgetNodes(node->child.get());
  }
}

static void releaseUserObject(CUuserObject object, unsigned count);

static void destroyGraph(CUgraph_st *graph) {
  forgetNodes(graph);
  registry().graphs.erase(graph);
  for (auto &[object, count] : graph->userObjects)
    releaseUserObject(object, count);
  delete graph;
}

/// A child graph is owned by its node but is a graph handle too.
static void registerGraphTree(CUgraph_st *graph) {
  registry().graphs.insert(graph);
  for (auto &node : graph->nodes) {
    registry().nodes.insert(node.get());
    if (node->child)
      registerGraphTree(node->child.get());
  }
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

/// Adds a node of \p type after \p dependencies (which must be nodes of
/// \p graph, without repeats).
static CUresult addNode(CUgraph_st *graph, CUgraphNodeType type,
                        const CUgraphNode *dependencies, size_t count,
                        CUgraphNode_st *&out) {
  if (count && !dependencies)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < count; ++i) {
    if (!isNode(dependencies[i]) || dependencies[i]->graph != graph)
      return CUDA_ERROR_INVALID_VALUE;
    for (size_t j = 0; j < i; ++j)
      if (dependencies[j] == dependencies[i])
        return CUDA_ERROR_INVALID_VALUE;
  }
  auto node = std::make_unique<CUgraphNode_st>();
  node->graph = graph;
  node->type = type;
  for (size_t i = 0; i < count; ++i) {
    node->dependencies.push_back(dependencies[i]);
    dependencies[i]->dependents.push_back(node.get());
  }
  out = node.get();
  registry().nodes.insert(out);
  graph->nodes.push_back(std::move(node));
  return CUDA_SUCCESS;
}

/// Adds a node and fills it; a failed fill removes it again.
static CUresult addFilledNode(CUgraphNode *out, CUgraph graph,
                              CUgraphNodeType type,
                              const CUgraphNode *dependencies, size_t count,
                              const std::function<CUresult(CUgraphNode_st *)>
                                  &fill) {
  CUgraphNode_st *node;
  if (CUresult err = addNode(graph, type, dependencies, count, node))
    return err;
  if (CUresult err = fill(node)) {
    for (CUgraphNode_st *dependency : node->dependencies) {
      auto &outEdges = dependency->dependents;
      outEdges.erase(std::remove(outEdges.begin(), outEdges.end(), node),
                     outEdges.end());
    }
    registry().nodes.erase(node);
    graph->nodes.pop_back();
    return err;
  }
  *out = node;
  return CUDA_SUCCESS;
}

/// Copies a kernel's arguments into \p node (their sizes are the kernel's
/// parameter sizes).
static CUresult setKernel(CUgraphNode_st *node, CUfunction function,
                          ptxjit::Dim3 grid, ptxjit::Dim3 block,
                          unsigned shared, void **kernelParams, void **extra) {
  if (!function || !driver().functions.count(function))
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<const void *> args;
  if (CUresult err =
          collectArguments(*function->kernel, kernelParams, extra, args))
    return err;
  const auto &params = function->kernel->params;
  node->function = function;
  node->grid = grid;
  node->block = block;
  node->sharedBytes = shared;
  node->argValues.assign(params.size(), {});
  node->argPointers.assign(params.size(), nullptr);
  for (size_t i = 0; i < params.size(); ++i) {
    const auto *bytes = static_cast<const uint8_t *>(args[i]);
    node->argValues[i].assign(bytes, bytes + params[i].size);
    node->argPointers[i] = node->argValues[i].data();
  }
  return CUDA_SUCCESS;
}

template <typename Params>
static CUresult setKernelParams(CUgraphNode_st *node, const Params *params,
                                CUfunction function) {
  if (!params)
    return CUDA_ERROR_INVALID_VALUE;
  return setKernel(node, function,
                   {params->gridDimX, params->gridDimY, params->gridDimZ},
                   {params->blockDimX, params->blockDimY, params->blockDimZ},
                   params->sharedMemBytes, params->kernelParams,
                   params->extra);
}

/// The kernel a v2 parameter block names: `func`, else `kern` (a library
/// kernel is its function here).
static CUfunction kernelOf(const CUDA_KERNEL_NODE_PARAMS_v2 *params) {
  if (!params)
    return nullptr;
  return params->func ? params->func
                      : reinterpret_cast<CUfunction>(params->kern);
}

template <typename Params>
static void getKernelParams(const CUgraphNode_st *node, Params *params) {
  std::memset(params, 0, sizeof *params);
  params->func = node->function;
  params->gridDimX = node->grid.x;
  params->gridDimY = node->grid.y;
  params->gridDimZ = node->grid.z;
  params->blockDimX = node->block.x;
  params->blockDimY = node->block.y;
  params->blockDimZ = node->block.z;
  params->sharedMemBytes = node->sharedBytes;
  params->kernelParams = const_cast<void **>(node->argPointers.data());
}

static CUresult checkMemset(const CUDA_MEMSET_NODE_PARAMS *params) {
  if (!params || (params->elementSize != 1 && params->elementSize != 2 &&
                  params->elementSize != 4) ||
      params->width == 0 || params->height == 0)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

/// Copies \p from's payload (not its edges) into \p to.
static void copyPayload(const CUgraphNode_st *from, CUgraphNode_st *to);

/// A deep copy of \p graph; \p map receives each node's copy.
static std::unique_ptr<CUgraph_st>
cloneGraph(const CUgraph_st *graph,
           std::map<const CUgraphNode_st *, CUgraphNode_st *> &map) {
  auto clone = std::make_unique<CUgraph_st>();
  for (const auto &node : graph->nodes) {
    auto copy = std::make_unique<CUgraphNode_st>();
    copy->graph = clone.get();
    copy->type = node->type;
    copyPayload(node.get(), copy.get());
    map[node.get()] = copy.get();
    clone->originals[copy.get()] = const_cast<CUgraphNode_st *>(node.get());
    clone->nodes.push_back(std::move(copy));
  }
  for (const auto &node : graph->nodes) {
    CUgraphNode_st *copy = map[node.get()];
    for (CUgraphNode_st *dependency : node->dependencies)
      copy->dependencies.push_back(map[dependency]);
    for (CUgraphNode_st *dependent : node->dependents)
      copy->dependents.push_back(map[dependent]);
  }
  return clone;
}

static void copyPayload(const CUgraphNode_st *from, CUgraphNode_st *to) {
  to->function = from->function;
  to->grid = from->grid;
  to->block = from->block;
  to->sharedBytes = from->sharedBytes;
  to->cooperative = from->cooperative;
  to->cluster = from->cluster;
  to->argValues = from->argValues;
  to->argPointers.clear();
  for (auto &value : to->argValues)
    to->argPointers.push_back(value.data());
  to->attributes = from->attributes;
  to->copy = from->copy;
  to->memset = from->memset;
  to->host = from->host;
  if (from->child) {
    std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
    to->child = cloneGraph(from->child.get(), map);
  } else {
    to->child.reset();
  }
  to->event = from->event;
  to->allocation = from->allocation;
  to->freeAddress = from->freeAddress;
  to->memOps = from->memOps;
  to->memOpFlags = from->memOpFlags;
  to->memOpContext = from->memOpContext;
  to->enabled = from->enabled;
}

/// Appends \p graph's nodes to \p order in a topological order, child
/// graphs expanded in place. False when the edges form a cycle.
static bool topologicalOrder(CUgraph_st *graph,
                             std::vector<CUgraphNode_st *> &order) {
  std::map<CUgraphNode_st *, size_t> waiting;
  std::vector<CUgraphNode_st *> ready;
  for (auto &node : graph->nodes) {
    waiting[node.get()] = node->dependencies.size();
    if (node->dependencies.empty())
      ready.push_back(node.get());
  }
  // Ready nodes in creation order: the order a program submitted them.
  std::reverse(ready.begin(), ready.end());
  size_t done = 0;
  while (!ready.empty()) {
    CUgraphNode_st *node = ready.back();
    ready.pop_back();
    ++done;
    if (node->type == CU_GRAPH_NODE_TYPE_GRAPH) {
      if (!topologicalOrder(node->child.get(), order))
        return false;
    } else {
      order.push_back(node);
    }
    std::vector<CUgraphNode_st *> released;
    for (CUgraphNode_st *dependent : node->dependents)
      if (--waiting[dependent] == 0)
        released.push_back(dependent);
    ready.insert(ready.end(), released.rbegin(), released.rend());
  }
  return done == graph->nodes.size();
}

//===----------------------------------------------------------------------===//
// Running nodes
//===----------------------------------------------------------------------===//

/// Runs one node on \p stream, through the driver's own entry points (each
/// takes the driver lock).
static CUresult runNode(const CUgraphNode_st *node, CUstream stream) {
  switch (node->type) {
  case CU_GRAPH_NODE_TYPE_KERNEL:
    return launchKernel(node->function, node->grid, node->block,
                        node->sharedBytes, stream,
                        const_cast<void **>(node->argPointers.data()), nullptr,
                        node->cooperative, node->cluster);
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return cuMemcpy3DAsync_v2(&node->copy, stream);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    const CUDA_MEMSET_NODE_PARAMS &m = node->memset;
    switch (m.elementSize) {
    case 1:
      return cuMemsetD2D8Async(m.dst, m.pitch, (unsigned char)m.value,
                               m.width, m.height, stream);
    case 2:
      return cuMemsetD2D16Async(m.dst, m.pitch, (unsigned short)m.value,
                                m.width, m.height, stream);
    default:
      return cuMemsetD2D32Async(m.dst, m.pitch, m.value, m.width, m.height,
                                stream);
    }
  }
  case CU_GRAPH_NODE_TYPE_HOST:
    return cuLaunchHostFunc(stream, node->host.fn, node->host.userData);
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    return cuEventRecord(node->event, stream);
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    return cuStreamWaitEvent(stream, node->event, 0);
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
    return cuStreamBatchMemOp_v2(
        stream, unsigned(node->memOps.size()),
        const_cast<CUstreamBatchMemOpParams *>(node->memOps.data()),
        node->memOpFlags);
  default:
    // Empty nodes, and allocations (made when the node was), and frees
    // (done when the last graph holding the memory goes).
    return CUDA_SUCCESS;
  }
}

//===----------------------------------------------------------------------===//
// Stream capture
//===----------------------------------------------------------------------===//

static thread_local CUstreamCaptureMode threadCaptureMode =
    CU_STREAM_CAPTURE_MODE_GLOBAL;

bool ptxjit::capi::isCapturing(CUstream stream) {
  return stream && stream != CU_STREAM_LEGACY &&
         stream != CU_STREAM_PER_THREAD && stream->capture;
}

/// Adds a node for work submitted to capturing \p stream; \p fill sets its
/// payload and may fail, leaving no node.
static CUresult captureNode(CUstream stream, CUgraphNodeType type,
                            const std::function<CUresult(CUgraphNode_st *)>
                                &fill) {
  StreamCapture *capture = stream->capture;
  if (capture->invalidated)
    return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
  std::vector<CUgraphNode_st *> &last = capture->frontier[stream];
  CUgraphNode node;
  if (CUresult err = addFilledNode(&node, capture->graph, type, last.data(),
                                   last.size(), fill))
    return err;
  last.assign(1, node);
  return CUDA_SUCCESS;
}

CUresult ptxjit::capi::captureKernel(CUstream stream, CUfunction function,
                                     ptxjit::Dim3 grid, ptxjit::Dim3 block,
                                     unsigned shared, void **kernelParams,
                                     void **extra, bool cooperative,
                                     ptxjit::Dim3 cluster) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_KERNEL, [&](auto *node) {
    node->cooperative = cooperative;
    node->cluster = cluster;
    return setKernel(node, function, grid, block, shared, kernelParams,
                     extra);
  });
}

CUresult ptxjit::capi::captureCopy(CUstream stream, const CUDA_MEMCPY3D &copy) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_MEMCPY, [&](auto *node) {
    node->copy = copy;
    return CUDA_SUCCESS;
  });
}

CUresult ptxjit::capi::captureMemset(CUstream stream,
                                     const CUDA_MEMSET_NODE_PARAMS &memset) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_MEMSET, [&](auto *node) {
    node->memset = memset;
    return checkMemset(&memset);
  });
}

CUresult ptxjit::capi::captureHostFunction(CUstream stream, CUhostFn fn,
                                           void *userData) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_HOST, [&](auto *node) {
    node->host = {fn, userData};
    return CUDA_SUCCESS;
  });
}

CUresult ptxjit::capi::captureAllocation(CUstream stream, CUdeviceptr address,
                                         size_t bytes) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_MEM_ALLOC, [&](auto *node) {
    node->allocation = std::make_shared<GraphAllocation>();
    node->allocation->address = address;
    node->allocation->bytes = bytes;
    return CUDA_SUCCESS;
  });
}

CUresult ptxjit::capi::captureFree(CUstream stream, CUdeviceptr address) {
  return captureNode(stream, CU_GRAPH_NODE_TYPE_MEM_FREE, [&](auto *node) {
    node->freeAddress = address;
    return CUDA_SUCCESS;
  });
}

void ptxjit::capi::captureEventRecord(CUstream stream, CUevent event) {
  StreamCapture *capture = stream->capture;
  event->captureId = capture->id;
  auto &last = capture->frontier[stream];
  event->captureNodes.assign(last.begin(), last.end());
}

CUresult ptxjit::capi::captureEventWait(CUstream stream, CUevent event,
                                        bool &handled) {
  handled = false;
  auto it = registry().captures.find(event->captureId);
  if (event->captureId == 0 || it == registry().captures.end()) {
    // An event recorded outside any capture has completed: there is
    // nothing to wait for.
    return CUDA_SUCCESS;
  }
  StreamCapture *capture = it->second;
  if (isCapturing(stream) && stream->capture != capture)
    return CUDA_ERROR_STREAM_CAPTURE_MERGE;
  handled = true;
  std::vector<CUgraphNode_st *> nodes;
  for (void *node : event->captureNodes)
    nodes.push_back(static_cast<CUgraphNode_st *>(node));
  if (!isCapturing(stream)) {
    // The stream joins the capture (a fork).
    stream->capture = capture;
    capture->frontier[stream] = nodes;
    return CUDA_SUCCESS;
  }
  auto &last = capture->frontier[stream];
  for (CUgraphNode_st *node : nodes)
    if (std::find(last.begin(), last.end(), node) == last.end())
      last.push_back(node);
  return CUDA_SUCCESS;
}

CUresult ptxjit::capi::captureSynchronization(CUstream stream) {
  // Waiting for a capturing stream would wait for work that never runs:
  // the capture fails, as on a GPU.
  stream->capture->invalidated = true;
  return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

static CUresult beginCapture(CUstream stream, CUstreamCaptureMode mode,
                             CUgraph_st *graph,
                             const CUgraphNode *dependencies, size_t count) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  // The legacy default stream synchronizes with all others: it cannot be
  // captured.
  if (stream == nullptr || stream == CU_STREAM_LEGACY ||
      stream == CU_STREAM_PER_THREAD)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  if (mode != CU_STREAM_CAPTURE_MODE_GLOBAL &&
      mode != CU_STREAM_CAPTURE_MODE_THREAD_LOCAL &&
      mode != CU_STREAM_CAPTURE_MODE_RELAXED)
    return CUDA_ERROR_INVALID_VALUE;
  if (stream->capture)
    return CUDA_ERROR_ILLEGAL_STATE;
  auto *capture = new StreamCapture();
  capture->id = registry().nextCaptureId++;
  capture->graph = graph ? graph : newGraph();
  capture->origin = stream;
  capture->mode = mode;
  auto &last = capture->frontier[stream];
  for (size_t i = 0; i < count; ++i) {
    if (!isNode(dependencies[i]) || dependencies[i]->graph != graph) {
      delete capture;
      return CUDA_ERROR_INVALID_VALUE;
    }
    last.push_back(dependencies[i]);
  }
  registry().captures[capture->id] = capture;
  stream->capture = capture;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamBeginCapture(CUstream hStream) {
  PTXJIT_API_ENTRY();
  return beginCapture(hStream, CU_STREAM_CAPTURE_MODE_GLOBAL, nullptr, nullptr,
                      0);
}

PTXJIT_EXPORT CUresult cuStreamBeginCapture_v2(CUstream hStream,
                                               CUstreamCaptureMode mode) {
  PTXJIT_API_ENTRY();
  return beginCapture(hStream, mode, nullptr, nullptr, 0);
}

PTXJIT_EXPORT CUresult cuStreamBeginCaptureToGraph(
    CUstream hStream, CUgraph hGraph, const CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    CUstreamCaptureMode mode) {
  PTXJIT_API_ENTRY();
  if (!isGraph(hGraph) || (numDependencies && !dependencies))
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type || dependencyData[i].from_port ||
        dependencyData[i].to_port)
      return CUDA_ERROR_NOT_SUPPORTED;
  return beginCapture(hStream, mode, hGraph, dependencies, numDependencies);
}

/// Every node \p from depends on, directly or not, and \p from itself.
static void ancestors(const std::vector<CUgraphNode_st *> &from,
                      std::set<CUgraphNode_st *> &seen) {
  std::vector<CUgraphNode_st *> stack(from.begin(), from.end());
  while (!stack.empty()) {
    CUgraphNode_st *node = stack.back();
    stack.pop_back();
    if (!seen.insert(node).second)
      continue;
    stack.insert(stack.end(), node->dependencies.begin(),
                 node->dependencies.end());
  }
}

PTXJIT_EXPORT CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!phGraph)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (!isCapturing(hStream))
    return CUDA_ERROR_ILLEGAL_STATE;
  StreamCapture *capture = hStream->capture;
  if (capture->origin != hStream)
    return CUDA_ERROR_STREAM_CAPTURE_UNMATCHED;
  // Every stream that joined must have been joined back into this one.
  std::set<CUgraphNode_st *> joined;
  ancestors(capture->frontier[hStream], joined);
  bool unjoined = false;
  for (auto &[stream, last] : capture->frontier)
    for (CUgraphNode_st *node : last)
      unjoined |= !joined.count(node);
  for (auto &[stream, last] : capture->frontier)
    if (driver().streams.count(stream))
      stream->capture = nullptr;
  registry().captures.erase(capture->id);
  CUgraph_st *graph = capture->graph;
  bool invalidated = capture->invalidated;
  delete capture;
  if (invalidated || unjoined) {
    destroyGraph(graph);
    *phGraph = nullptr;
    return invalidated ? CUDA_ERROR_STREAM_CAPTURE_INVALIDATED
                       : CUDA_ERROR_STREAM_CAPTURE_UNJOINED;
  }
  *phGraph = graph;
  return CUDA_SUCCESS;
}

static CUresult captureInfo(CUstream stream, CUstreamCaptureStatus *status,
                            cuuint64_t *id, CUgraph *graph,
                            const CUgraphNode **dependencies,
                            const CUgraphEdgeData **edgeData, size_t *count) {
  PTXJIT_REQUIRE_INIT();
  if (!status)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (!isCapturing(stream)) {
    *status = CU_STREAM_CAPTURE_STATUS_NONE;
    if (count)
      *count = 0;
    return CUDA_SUCCESS;
  }
  StreamCapture *capture = stream->capture;
  *status = capture->invalidated ? CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                 : CU_STREAM_CAPTURE_STATUS_ACTIVE;
  if (id)
    *id = capture->id;
  if (graph)
    *graph = capture->graph;
  auto &last = capture->frontier[stream];
  if (dependencies)
    *dependencies = last.data();
  if (edgeData) {
    // All edges are default edges.
    static thread_local std::vector<CUgraphEdgeData> zeros;
    zeros.assign(last.size(), CUgraphEdgeData{});
    *edgeData = zeros.data();
  }
  if (count)
    *count = last.size();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamIsCapturing(CUstream hStream,
                                           CUstreamCaptureStatus *status) {
  PTXJIT_API_ENTRY();
  return captureInfo(hStream, status, nullptr, nullptr, nullptr, nullptr,
                     nullptr);
}

PTXJIT_EXPORT CUresult cuStreamGetCaptureInfo(CUstream hStream,
                                              CUstreamCaptureStatus *status,
                                              cuuint64_t *id) {
  PTXJIT_API_ENTRY();
  return captureInfo(hStream, status, id, nullptr, nullptr, nullptr, nullptr);
}

PTXJIT_EXPORT CUresult cuStreamGetCaptureInfo_v2(
    CUstream hStream, CUstreamCaptureStatus *status, cuuint64_t *id,
    CUgraph *graph, const CUgraphNode **dependencies, size_t *count) {
  PTXJIT_API_ENTRY();
  return captureInfo(hStream, status, id, graph, dependencies, nullptr, count);
}

PTXJIT_EXPORT CUresult cuStreamGetCaptureInfo_v3(
    CUstream hStream, CUstreamCaptureStatus *status, cuuint64_t *id,
    CUgraph *graph, const CUgraphNode **dependencies,
    const CUgraphEdgeData **edgeData, size_t *count) {
  PTXJIT_API_ENTRY();
  return captureInfo(hStream, status, id, graph, dependencies, edgeData,
                     count);
}

static CUresult updateCaptureDependencies(CUstream stream,
                                          CUgraphNode *dependencies,
                                          size_t count, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (!isCapturing(stream))
    return CUDA_ERROR_ILLEGAL_STATE;
  if ((count && !dependencies) || flags > CU_STREAM_SET_CAPTURE_DEPENDENCIES)
    return CUDA_ERROR_INVALID_VALUE;
  StreamCapture *capture = stream->capture;
  for (size_t i = 0; i < count; ++i)
    if (!isNode(dependencies[i]) || dependencies[i]->graph != capture->graph)
      return CUDA_ERROR_INVALID_VALUE;
  auto &last = capture->frontier[stream];
  if (flags == CU_STREAM_SET_CAPTURE_DEPENDENCIES)
    last.clear();
  for (size_t i = 0; i < count; ++i)
    if (std::find(last.begin(), last.end(), dependencies[i]) == last.end())
      last.push_back(dependencies[i]);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamUpdateCaptureDependencies(
    CUstream hStream, CUgraphNode *dependencies, size_t numDependencies,
    unsigned int flags) {
  PTXJIT_API_ENTRY();
  return updateCaptureDependencies(hStream, dependencies, numDependencies,
                                   flags);
}

PTXJIT_EXPORT CUresult cuStreamUpdateCaptureDependencies_v2(
    CUstream hStream, CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    unsigned int flags) {
  PTXJIT_API_ENTRY();
  for (size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type || dependencyData[i].from_port ||
        dependencyData[i].to_port)
      return CUDA_ERROR_NOT_SUPPORTED;
  return updateCaptureDependencies(hStream, dependencies, numDependencies,
                                   flags);
}

PTXJIT_EXPORT CUresult cuThreadExchangeStreamCaptureMode(
    CUstreamCaptureMode *mode) {
  trace(__func__);
  if (!mode || *mode > CU_STREAM_CAPTURE_MODE_RELAXED)
    return CUDA_ERROR_INVALID_VALUE;
  std::swap(*mode, threadCaptureMode);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Graph construction
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuGraphCreate(CUgraph *phGraph, unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!phGraph || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *phGraph = newGraph();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphDestroy(CUgraph hGraph) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  if (!isGraph(hGraph))
    return CUDA_ERROR_INVALID_VALUE;
  for (auto &[id, capture] : registry().captures)
    if (capture->graph == hGraph)
      return CUDA_ERROR_ILLEGAL_STATE;
  destroyGraph(hGraph);
  return CUDA_SUCCESS;
}

/// The prologue of cuGraphAdd*Node: a valid graph and output.
#define GRAPH_ADD_PROLOGUE()                                                   \
  PTXJIT_API_ENTRY();                                                          \
  PTXJIT_REQUIRE_INIT();                                                       \
  if (!phGraphNode || !isGraph(hGraph))                                        \
  return CUDA_ERROR_INVALID_VALUE


PTXJIT_EXPORT CUresult cuGraphAddKernelNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams) {
  GRAPH_ADD_PROLOGUE();
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_KERNEL,
                       dependencies, numDependencies, [&](auto *node) {
                         return setKernelParams(
                             node, nodeParams,
                             nodeParams ? nodeParams->func : nullptr);
                       });
}

PTXJIT_EXPORT CUresult cuGraphAddKernelNode_v2(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS_v2 *nodeParams) {
  GRAPH_ADD_PROLOGUE();
  return addFilledNode(
      phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_KERNEL, dependencies,
      numDependencies, [&](auto *node) {
        return setKernelParams(node, nodeParams, kernelOf(nodeParams));
      });
}

/// A node of \p type, or null.
static CUgraphNode_st *nodeOf(CUgraphNode node, CUgraphNodeType type) {
  return isNode(node) && node->type == type ? node : nullptr;
}

/// Copies the payload \p field of a node of \p type out (the
/// cuGraph*NodeGetParams functions).
template <typename T>
static CUresult getPayload(CUgraphNode hNode, CUgraphNodeType type,
                           T CUgraphNode_st::*field, T *out) {
  CUgraphNode_st *node = nodeOf(hNode, type);
  if (!node || !out)
    return CUDA_ERROR_INVALID_VALUE;
  *out = node->*field;
  return CUDA_SUCCESS;
}

/// Sets the payload \p field of a node of \p type (the
/// cuGraph*NodeSetParams functions), after \p check accepts the value.
template <typename T>
static CUresult setPayload(CUgraphNode_st *node, CUgraphNodeType type,
                           T CUgraphNode_st::*field, const T *value,
                           CUresult (*check)(const T *) = nullptr) {
  if (!node || node->type != type || !value)
    return CUDA_ERROR_INVALID_VALUE;
  if (check)
    if (CUresult err = check(value))
      return err;
  node->*field = *value;
  return CUDA_SUCCESS;
}

static CUresult checkHost(const CUDA_HOST_NODE_PARAMS *params) {
  return params->fn ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeGetParams(
    CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node || !nodeParams)
    return CUDA_ERROR_INVALID_VALUE;
  getKernelParams(node, nodeParams);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeGetParams_v2(
    CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS_v2 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node || !nodeParams)
    return CUDA_ERROR_INVALID_VALUE;
  getKernelParams(node, nodeParams);
  // A library's kernel is named by its CUkernel too: NVIDIA's runtime maps
  // `kern` back to the host function.
  if (node->function->module->library)
    nodeParams->kern = reinterpret_cast<CUkernel>(node->function);
  nodeParams->ctx = node->function->module->context
                        ? node->function->module->context
                        : currentContext();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeSetParams(
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node)
    return CUDA_ERROR_INVALID_VALUE;
  return setKernelParams(node, nodeParams,
                         nodeParams ? nodeParams->func : nullptr);
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeSetParams_v2(
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v2 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node)
    return CUDA_ERROR_INVALID_VALUE;
  return setKernelParams(node, nodeParams, kernelOf(nodeParams));
}

static bool isKernelNodeAttribute(CUkernelNodeAttrID attr) {
  return attr == CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW ||
         attr == CU_LAUNCH_ATTRIBUTE_COOPERATIVE ||
         attr == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION ||
         attr == CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE ||
         attr == CU_LAUNCH_ATTRIBUTE_PRIORITY ||
         attr == CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP ||
         attr == CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN ||
         attr == CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeGetAttribute(
    CUgraphNode hNode, CUkernelNodeAttrID attr,
    CUkernelNodeAttrValue *value_out) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node || !value_out || !isKernelNodeAttribute(attr))
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(value_out, 0, sizeof *value_out);
  auto it = node->attributes.find(attr);
  if (it != node->attributes.end())
    *value_out = it->second;
  else if (attr == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
    value_out->cooperative = node->cooperative;
  else if (attr == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
    value_out->clusterDim = {node->cluster.x, node->cluster.y,
                             node->cluster.z};
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeSetAttribute(
    CUgraphNode hNode, CUkernelNodeAttrID attr,
    const CUkernelNodeAttrValue *value) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!node || !value || !isKernelNodeAttribute(attr))
    return CUDA_ERROR_INVALID_VALUE;
  node->attributes[attr] = *value;
  if (attr == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
    node->cooperative = value->cooperative != 0;
  if (attr == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
    node->cluster = {value->clusterDim.x, value->clusterDim.y,
                     value->clusterDim.z};
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode dst,
                                                       CUgraphNode src) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *to = nodeOf(dst, CU_GRAPH_NODE_TYPE_KERNEL);
  CUgraphNode_st *from = nodeOf(src, CU_GRAPH_NODE_TYPE_KERNEL);
  if (!to || !from)
    return CUDA_ERROR_INVALID_VALUE;
  to->attributes = from->attributes;
  to->cooperative = from->cooperative;
  to->cluster = from->cluster;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode,
                                            CUgraph hGraph,
                                            const CUgraphNode *dependencies,
                                            size_t numDependencies,
                                            const CUDA_MEMCPY3D *copyParams,
                                            CUcontext ctx) {
  GRAPH_ADD_PROLOGUE();
  if (!copyParams)
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_MEMCPY,
                       dependencies, numDependencies, [&](auto *node) {
                         node->copy = *copyParams;
                         return CUDA_SUCCESS;
                       });
}

PTXJIT_EXPORT CUresult cuGraphMemcpyNodeGetParams(CUgraphNode hNode,
                                                  CUDA_MEMCPY3D *nodeParams) {
  PTXJIT_API_ENTRY();
  return getPayload(hNode, CU_GRAPH_NODE_TYPE_MEMCPY, &CUgraphNode_st::copy,
                    nodeParams);
}

PTXJIT_EXPORT CUresult cuGraphMemcpyNodeSetParams(
    CUgraphNode hNode, const CUDA_MEMCPY3D *nodeParams) {
  PTXJIT_API_ENTRY();
  return setPayload(isNode(hNode) ? hNode : nullptr,
                    CU_GRAPH_NODE_TYPE_MEMCPY, &CUgraphNode_st::copy,
                    nodeParams);
}

PTXJIT_EXPORT CUresult cuGraphAddMemsetNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_MEMSET_NODE_PARAMS *memsetParams,
    CUcontext ctx) {
  GRAPH_ADD_PROLOGUE();
  if (CUresult err = checkMemset(memsetParams))
    return err;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_MEMSET,
                       dependencies, numDependencies, [&](auto *node) {
                         node->memset = *memsetParams;
                         return CUDA_SUCCESS;
                       });
}

PTXJIT_EXPORT CUresult cuGraphMemsetNodeGetParams(
    CUgraphNode hNode, CUDA_MEMSET_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return getPayload(hNode, CU_GRAPH_NODE_TYPE_MEMSET, &CUgraphNode_st::memset,
                    nodeParams);
}

PTXJIT_EXPORT CUresult cuGraphMemsetNodeSetParams(
    CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return setPayload(isNode(hNode) ? hNode : nullptr,
                    CU_GRAPH_NODE_TYPE_MEMSET, &CUgraphNode_st::memset,
                    nodeParams, &checkMemset);
}

PTXJIT_EXPORT CUresult cuGraphAddHostNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_HOST_NODE_PARAMS *nodeParams) {
  GRAPH_ADD_PROLOGUE();
  if (!nodeParams || !nodeParams->fn)
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_HOST,
                       dependencies, numDependencies, [&](auto *node) {
                         node->host = *nodeParams;
                         return CUDA_SUCCESS;
                       });
}

PTXJIT_EXPORT CUresult cuGraphHostNodeGetParams(
    CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return getPayload(hNode, CU_GRAPH_NODE_TYPE_HOST, &CUgraphNode_st::host,
                    nodeParams);
}

PTXJIT_EXPORT CUresult cuGraphHostNodeSetParams(
    CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return setPayload(isNode(hNode) ? hNode : nullptr, CU_GRAPH_NODE_TYPE_HOST,
                    &CUgraphNode_st::host, nodeParams, &checkHost);
}

PTXJIT_EXPORT CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode,
                                                CUgraph hGraph,
                                                const CUgraphNode *dependencies,
                                                size_t numDependencies,
                                                CUgraph childGraph) {
  GRAPH_ADD_PROLOGUE();
  if (!isGraph(childGraph) || childGraph == hGraph)
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(
      phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_GRAPH, dependencies,
      numDependencies, [&](auto *node) {
        // The child is a copy: later changes to childGraph do not affect it.
        std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
        node->child = cloneGraph(childGraph, map);
        registerGraphTree(node->child.get());
        return CUDA_SUCCESS;
      });
}

PTXJIT_EXPORT CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode hNode,
                                                     CUgraph *phGraph) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_GRAPH);
  if (!node || !phGraph)
    return CUDA_ERROR_INVALID_VALUE;
  *phGraph = node->child.get();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode,
                                           CUgraph hGraph,
                                           const CUgraphNode *dependencies,
                                           size_t numDependencies) {
  GRAPH_ADD_PROLOGUE();
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_EMPTY,
                       dependencies, numDependencies,
                       [](auto *) { return CUDA_SUCCESS; });
}

PTXJIT_EXPORT CUresult cuGraphAddEventRecordNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, CUevent event) {
  GRAPH_ADD_PROLOGUE();
  if (!isEvent(event))
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_EVENT_RECORD,
                       dependencies, numDependencies, [&](auto *node) {
                         node->event = event;
                         return CUDA_SUCCESS;
                       });
}

PTXJIT_EXPORT CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode,
                                               CUgraph hGraph,
                                               const CUgraphNode *dependencies,
                                               size_t numDependencies,
                                               CUevent event) {
  GRAPH_ADD_PROLOGUE();
  if (!isEvent(event))
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_WAIT_EVENT,
                       dependencies, numDependencies, [&](auto *node) {
                         node->event = event;
                         return CUDA_SUCCESS;
                       });
}

static CUresult getEvent(CUgraphNode hNode, CUgraphNodeType type,
                         CUevent *out) {
  CUgraphNode_st *node = nodeOf(hNode, type);
  if (!node || !out)
    return CUDA_ERROR_INVALID_VALUE;
  *out = node->event;
  return CUDA_SUCCESS;
}

static CUresult setEvent(CUgraphNode hNode, CUgraphNodeType type,
                         CUevent event) {
  CUgraphNode_st *node = nodeOf(hNode, type);
  if (!node || !isEvent(event))
    return CUDA_ERROR_INVALID_VALUE;
  node->event = event;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode hNode,
                                                      CUevent *event_out) {
  PTXJIT_API_ENTRY();
  return getEvent(hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD, event_out);
}

PTXJIT_EXPORT CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode hNode,
                                                      CUevent event) {
  PTXJIT_API_ENTRY();
  return setEvent(hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD, event);
}

PTXJIT_EXPORT CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode hNode,
                                                    CUevent *event_out) {
  PTXJIT_API_ENTRY();
  return getEvent(hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT, event_out);
}

PTXJIT_EXPORT CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode hNode,
                                                    CUevent event) {
  PTXJIT_API_ENTRY();
  return setEvent(hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT, event);
}

PTXJIT_EXPORT CUresult cuGraphAddMemAllocNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams) {
  GRAPH_ADD_PROLOGUE();
  if (!nodeParams || nodeParams->bytesize == 0 ||
      nodeParams->poolProps.allocType != CU_MEM_ALLOCATION_TYPE_PINNED ||
      nodeParams->poolProps.location.type != CU_MEM_LOCATION_TYPE_DEVICE)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(nodeParams->poolProps.location.id))
    return CUDA_ERROR_INVALID_DEVICE;
  // The address is fixed when the node is made, as CUDA's is: the memory
  // is allocated now and kept while a graph holds the node.
  void *memory = nullptr;
  if (CUresult err =
          allocate(nodeParams->bytesize, MemoryKind::Device, 0, &memory))
    return err;
  auto allocation = std::make_shared<GraphAllocation>();
  allocation->address = reinterpret_cast<CUdeviceptr>(memory);
  allocation->bytes = nodeParams->bytesize;
  CUresult result =
      addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_MEM_ALLOC,
                    dependencies, numDependencies, [&](auto *node) {
                      node->allocation = allocation;
                      return CUDA_SUCCESS;
                    });
  if (result == CUDA_SUCCESS)
    nodeParams->dptr = allocation->address;
  return result;
}

PTXJIT_EXPORT CUresult cuGraphMemAllocNodeGetParams(
    CUgraphNode hNode, CUDA_MEM_ALLOC_NODE_PARAMS *params_out) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_MEM_ALLOC);
  if (!node || !params_out)
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(params_out, 0, sizeof *params_out);
  params_out->poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  params_out->poolProps.location = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  params_out->bytesize = node->allocation->bytes;
  params_out->dptr = node->allocation->address;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphAddMemFreeNode(CUgraphNode *phGraphNode,
                                             CUgraph hGraph,
                                             const CUgraphNode *dependencies,
                                             size_t numDependencies,
                                             CUdeviceptr dptr) {
  GRAPH_ADD_PROLOGUE();
  if (!dptr)
    return CUDA_ERROR_INVALID_VALUE;
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_MEM_FREE,
                       dependencies, numDependencies, [&](auto *node) {
                         node->freeAddress = dptr;
                         return CUDA_SUCCESS;
                       });
}

PTXJIT_EXPORT CUresult cuGraphMemFreeNodeGetParams(CUgraphNode hNode,
                                                   CUdeviceptr *dptr_out) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_MEM_FREE);
  if (!node || !dptr_out)
    return CUDA_ERROR_INVALID_VALUE;
  *dptr_out = node->freeAddress;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGraphMemTrim(CUdevice device) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  return isDevice(device) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

/// Bytes held by allocation nodes of live graphs and executable graphs.
static cuuint64_t graphMemoryInUse() {
  std::set<const GraphAllocation *> seen;
  cuuint64_t bytes = 0;
  std::function<void(const CUgraph_st *)> visit = [&](const CUgraph_st *g) {
    for (const auto &node : g->nodes) {
      if (node->allocation && seen.insert(node->allocation.get()).second)
        bytes += node->allocation->bytes;
      if (node->child)
        visit(node->child.get());
    }
  };
  for (CUgraph_st *graph : registry().graphs)
    visit(graph);
  for (CUgraphExec_st *exec : registry().execs)
    visit(exec->graph.get());
  return bytes;
}

static cuuint64_t graphMemoryHigh = 0;

PTXJIT_EXPORT CUresult cuDeviceGetGraphMemAttribute(CUdevice device,
                                                    CUgraphMem_attribute attr,
                                                    void *value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  if (!value || attr > CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH)
    return CUDA_ERROR_INVALID_VALUE;
  cuuint64_t current = graphMemoryInUse();
  graphMemoryHigh = std::max(graphMemoryHigh, current);
  bool high = attr == CU_GRAPH_MEM_ATTR_USED_MEM_HIGH ||
              attr == CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH;
  *static_cast<cuuint64_t *>(value) = high ? graphMemoryHigh : current;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceSetGraphMemAttribute(CUdevice device,
                                                    CUgraphMem_attribute attr,
                                                    void *value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  // Only the high-water marks can be set, and only to zero (a reset).
  if (!value || (attr != CU_GRAPH_MEM_ATTR_USED_MEM_HIGH &&
                 attr != CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH) ||
      *static_cast<cuuint64_t *>(value) != 0)
    return CUDA_ERROR_INVALID_VALUE;
  graphMemoryHigh = graphMemoryInUse();
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Graph queries and edges
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuGraphClone(CUgraph *phGraphClone,
                                    CUgraph originalGraph) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!phGraphClone || !isGraph(originalGraph))
    return CUDA_ERROR_INVALID_VALUE;
  std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
  CUgraph_st *clone = cloneGraph(originalGraph, map).release();
  registerGraphTree(clone);
  *phGraphClone = clone;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphNodeFindInClone(CUgraphNode *phNode,
                                              CUgraphNode hOriginalNode,
                                              CUgraph hClonedGraph) {
  PTXJIT_API_ENTRY();
  if (!phNode || !isNode(hOriginalNode) || !isGraph(hClonedGraph))
    return CUDA_ERROR_INVALID_VALUE;
  for (auto &[copy, original] : hClonedGraph->originals)
    if (original == hOriginalNode) {
      *phNode = copy;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuGraphNodeGetType(CUgraphNode hNode,
                                          CUgraphNodeType *type) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode) || !type)
    return CUDA_ERROR_INVALID_VALUE;
  *type = hNode->type;
  return CUDA_SUCCESS;
}

/// The count/fill protocol of the graph queries: with a null array, the
/// count; else up to *count entries, and the count of those written.
template <typename Range>
static CUresult listNodes(const Range &range, CUgraphNode *out,
                          CUgraphEdgeData *edgeData, size_t *count) {
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  size_t total = 0;
  for (CUgraphNode_st *node : range) {
    (void)node;
    ++total;
  }
  if (!out) {
    *count = total;
    return CUDA_SUCCESS;
  }
  size_t i = 0;
  for (CUgraphNode_st *node : range) {
    if (i == *count)
      break;
    out[i] = node;
    if (edgeData)
      edgeData[i] = CUgraphEdgeData{};
    ++i;
  }
  // Entries past the nodes are null.
  for (size_t j = i; j < *count; ++j)
    out[j] = nullptr;
  *count = i;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes,
                                       size_t *numNodes) {
  PTXJIT_API_ENTRY();
  if (!isGraph(hGraph))
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<CUgraphNode_st *> all;
  for (auto &node : hGraph->nodes)
    all.push_back(node.get());
  return listNodes(all, nodes, nullptr, numNodes);
}

PTXJIT_EXPORT CUresult cuGraphGetRootNodes(CUgraph hGraph,
                                           CUgraphNode *rootNodes,
                                           size_t *numRootNodes) {
  PTXJIT_API_ENTRY();
  if (!isGraph(hGraph))
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<CUgraphNode_st *> roots;
  for (auto &node : hGraph->nodes)
    if (node->dependencies.empty())
      roots.push_back(node.get());
  return listNodes(roots, rootNodes, nullptr, numRootNodes);
}

static CUresult getEdges(CUgraph graph, CUgraphNode *from, CUgraphNode *to,
                         CUgraphEdgeData *edgeData, size_t *numEdges) {
  if (!isGraph(graph) || !numEdges || (!from != !to))
    return CUDA_ERROR_INVALID_VALUE;
  size_t total = 0, written = 0;
  for (auto &node : graph->nodes)
    for (CUgraphNode_st *dependent : node->dependents) {
      if (from && written < *numEdges) {
        from[written] = node.get();
        to[written] = dependent;
        if (edgeData)
          edgeData[written] = CUgraphEdgeData{};
        ++written;
      }
      ++total;
    }
  if (!from) {
    *numEdges = total;
    return CUDA_SUCCESS;
  }
  for (size_t i = written; i < *numEdges; ++i)
    from[i] = to[i] = nullptr;
  *numEdges = written;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from,
                                       CUgraphNode *to, size_t *numEdges) {
  PTXJIT_API_ENTRY();
  return getEdges(hGraph, from, to, nullptr, numEdges);
}

PTXJIT_EXPORT CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from,
                                          CUgraphNode *to,
                                          CUgraphEdgeData *edgeData,
                                          size_t *numEdges) {
  PTXJIT_API_ENTRY();
  return getEdges(hGraph, from, to, edgeData, numEdges);
}

PTXJIT_EXPORT CUresult cuGraphNodeGetDependencies(CUgraphNode hNode,
                                                  CUgraphNode *dependencies,
                                                  size_t *numDependencies) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode))
    return CUDA_ERROR_INVALID_VALUE;
  return listNodes(hNode->dependencies, dependencies, nullptr,
                   numDependencies);
}

PTXJIT_EXPORT CUresult cuGraphNodeGetDependencies_v2(
    CUgraphNode hNode, CUgraphNode *dependencies, CUgraphEdgeData *edgeData,
    size_t *numDependencies) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode))
    return CUDA_ERROR_INVALID_VALUE;
  return listNodes(hNode->dependencies, dependencies, edgeData,
                   numDependencies);
}

PTXJIT_EXPORT CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode,
                                                    CUgraphNode *dependentNodes,
                                                    size_t *numDependentNodes) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode))
    return CUDA_ERROR_INVALID_VALUE;
  return listNodes(hNode->dependents, dependentNodes, nullptr,
                   numDependentNodes);
}

PTXJIT_EXPORT CUresult cuGraphNodeGetDependentNodes_v2(
    CUgraphNode hNode, CUgraphNode *dependentNodes, CUgraphEdgeData *edgeData,
    size_t *numDependentNodes) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode))
    return CUDA_ERROR_INVALID_VALUE;
  return listNodes(hNode->dependents, dependentNodes, edgeData,
                   numDependentNodes);
}

static CUresult changeDependencies(CUgraph graph, const CUgraphNode *from,
                                   const CUgraphNode *to,
                                   const CUgraphEdgeData *edgeData,
                                   size_t count, bool add) {
  if (!isGraph(graph) || (count && (!from || !to)))
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < count; ++i) {
    if (!isNode(from[i]) || !isNode(to[i]) || from[i]->graph != graph ||
        to[i]->graph != graph || from[i] == to[i])
      return CUDA_ERROR_INVALID_VALUE;
    if (edgeData && (edgeData[i].type || edgeData[i].from_port ||
                     edgeData[i].to_port))
      return CUDA_ERROR_NOT_SUPPORTED;
    auto &out = from[i]->dependents;
    bool exists = std::find(out.begin(), out.end(), to[i]) != out.end();
    if (exists == add)
      return CUDA_ERROR_INVALID_VALUE;
  }
  for (size_t i = 0; i < count; ++i) {
    auto &out = from[i]->dependents;
    auto &in = to[i]->dependencies;
    if (add) {
      out.push_back(to[i]);
      in.push_back(from[i]);
    } else {
      out.erase(std::find(out.begin(), out.end(), to[i]));
      in.erase(std::find(in.begin(), in.end(), from[i]));
    }
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphAddDependencies(CUgraph hGraph,
                                              const CUgraphNode *from,
                                              const CUgraphNode *to,
                                              size_t numDependencies) {
  PTXJIT_API_ENTRY();
  return changeDependencies(hGraph, from, to, nullptr, numDependencies, true);
}

PTXJIT_EXPORT CUresult cuGraphAddDependencies_v2(
    CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
    const CUgraphEdgeData *edgeData, size_t numDependencies) {
  PTXJIT_API_ENTRY();
  return changeDependencies(hGraph, from, to, edgeData, numDependencies, true);
}

PTXJIT_EXPORT CUresult cuGraphRemoveDependencies(CUgraph hGraph,
                                                 const CUgraphNode *from,
                                                 const CUgraphNode *to,
                                                 size_t numDependencies) {
  PTXJIT_API_ENTRY();
  return changeDependencies(hGraph, from, to, nullptr, numDependencies, false);
}

PTXJIT_EXPORT CUresult cuGraphRemoveDependencies_v2(
    CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
    const CUgraphEdgeData *edgeData, size_t numDependencies) {
  PTXJIT_API_ENTRY();
  return changeDependencies(hGraph, from, to, edgeData, numDependencies,
                            false);
}

PTXJIT_EXPORT CUresult cuGraphDestroyNode(CUgraphNode hNode) {
  PTXJIT_API_ENTRY();
  if (!isNode(hNode))
    return CUDA_ERROR_INVALID_VALUE;
  CUgraph_st *graph = hNode->graph;
  for (CUgraphNode_st *dependency : hNode->dependencies) {
    auto &out = dependency->dependents;
    out.erase(std::remove(out.begin(), out.end(), hNode), out.end());
  }
  for (CUgraphNode_st *dependent : hNode->dependents) {
    auto &in = dependent->dependencies;
    in.erase(std::remove(in.begin(), in.end(), hNode), in.end());
  }
  if (hNode->child)
    forgetNodes(hNode->child.get());
  registry().nodes.erase(hNode);
  graph->originals.erase(hNode);
  graph->nodes.erase(std::find_if(
      graph->nodes.begin(), graph->nodes.end(),
      [&](const std::unique_ptr<CUgraphNode_st> &n) { return n.get() == hNode; }));
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Executable graphs
//===----------------------------------------------------------------------===//

static CUresult instantiate(CUgraphExec *out, CUgraph graph, cuuint64_t flags,
                            CUgraphNode *errorNode,
                            CUgraphInstantiateResult *result) {
  PTXJIT_REQUIRE_INIT();
  if (result)
    *result = CUDA_GRAPH_INSTANTIATE_ERROR;
  if (!out || !isGraph(graph))
    return CUDA_ERROR_INVALID_VALUE;
  if (flags & CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH) {
    if (result)
      *result = CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED;
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  auto exec = std::make_unique<CUgraphExec_st>();
  std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
  exec->graph = cloneGraph(graph, map);
  exec->context = ctx;
  exec->flags = flags;
  if (!topologicalOrder(exec->graph.get(), exec->order)) {
    if (result)
      *result = CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE;
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (errorNode)
    *errorNode = nullptr;
  if (result)
    *result = CUDA_GRAPH_INSTANTIATE_SUCCESS;
  registry().execs.insert(exec.get());
  *out = exec.release();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphInstantiate(CUgraphExec *phGraphExec,
                                          CUgraph hGraph,
                                          CUgraphNode *phErrorNode,
                                          char *logBuffer, size_t bufferSize) {
  PTXJIT_API_ENTRY();
  if (logBuffer && bufferSize)
    logBuffer[0] = '\0';
  return instantiate(phGraphExec, hGraph, 0, phErrorNode, nullptr);
}

PTXJIT_EXPORT CUresult cuGraphInstantiate_v2(CUgraphExec *phGraphExec,
                                             CUgraph hGraph,
                                             CUgraphNode *phErrorNode,
                                             char *logBuffer,
                                             size_t bufferSize) {
  PTXJIT_API_ENTRY();
  if (logBuffer && bufferSize)
    logBuffer[0] = '\0';
  return instantiate(phGraphExec, hGraph, 0, phErrorNode, nullptr);
}

PTXJIT_EXPORT CUresult cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec,
                                                   CUgraph hGraph,
                                                   unsigned long long flags) {
  PTXJIT_API_ENTRY();
  if (flags & ~cuuint64_t(CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH |
                          CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH |
                          CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY))
    return CUDA_ERROR_INVALID_VALUE;
  return instantiate(phGraphExec, hGraph, flags, nullptr, nullptr);
}

PTXJIT_EXPORT CUresult cuGraphInstantiateWithParams(
    CUgraphExec *phGraphExec, CUgraph hGraph,
    CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams) {
  PTXJIT_API_ENTRY();
  if (!instantiateParams)
    return CUDA_ERROR_INVALID_VALUE;
  instantiateParams->hErrNode_out = nullptr;
  return instantiate(phGraphExec, hGraph, instantiateParams->flags,
                     &instantiateParams->hErrNode_out,
                     &instantiateParams->result_out);
}

PTXJIT_EXPORT CUresult cuGraphExecGetFlags(CUgraphExec hGraphExec,
                                           cuuint64_t *flags) {
  PTXJIT_API_ENTRY();
  if (!isExec(hGraphExec) || !flags)
    return CUDA_ERROR_INVALID_VALUE;
  *flags = hGraphExec->flags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphExecDestroy(CUgraphExec hGraphExec) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  if (!isExec(hGraphExec))
    return CUDA_ERROR_INVALID_VALUE;
  registry().execs.erase(hGraphExec);
  delete hGraphExec;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphUpload(CUgraphExec hGraphExec,
                                     CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isExec(hGraphExec))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  // Nothing to upload: the device is the host.
  return resolveStream(hStream, ctx);
}

PTXJIT_EXPORT CUresult cuGraphLaunch(CUgraphExec hGraphExec,
                                     CUstream hStream) {
  std::vector<const CUgraphNode_st *> order;
  {
    PTXJIT_API_ENTRY();
    PTXJIT_REQUIRE_INIT();
    if (!isExec(hGraphExec))
      return CUDA_ERROR_INVALID_VALUE;
    CUctx_st *ctx;
    if (CUresult err = resolveStream(hStream, ctx))
      return err;
    if (ctx != hGraphExec->context)
      return CUDA_ERROR_INVALID_CONTEXT;
    if (ctx->stickyError)
      return ctx->stickyError;
    if (isCapturing(hStream)) {
      // Launched into a capture: the graph becomes a child graph node.
      return captureNode(hStream, CU_GRAPH_NODE_TYPE_GRAPH, [&](auto *node) {
        std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
        node->child = cloneGraph(hGraphExec->graph.get(), map);
        registerGraphTree(node->child.get());
        return CUDA_SUCCESS;
      });
    }
    for (const CUgraphNode_st *node : hGraphExec->order)
      if (node->enabled)
        order.push_back(node);
  }
  // Outside the lock: kernels and host nodes run as if submitted one by one.
  for (const CUgraphNode_st *node : order)
    if (CUresult err = runNode(node, hStream))
      return err;
  return CUDA_SUCCESS;
}

/// The executable graph's copy of \p node (a node of the graph it was
/// instantiated from), or null.
static CUgraphNode_st *execNode(CUgraphExec exec, CUgraphNode node) {
  if (!isExec(exec) || !isNode(node))
    return nullptr;
  for (auto &[copy, original] : exec->graph->originals)
    if (original == node)
      return copy;
  return nullptr;
}

PTXJIT_EXPORT CUresult cuGraphExecKernelNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = execNode(hGraphExec, hNode);
  if (!node || node->type != CU_GRAPH_NODE_TYPE_KERNEL || !nodeParams)
    return CUDA_ERROR_INVALID_VALUE;
  return setKernelParams(node, nodeParams, nodeParams->func);
}

PTXJIT_EXPORT CUresult cuGraphExecKernelNodeSetParams_v2(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v2 *nodeParams) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = execNode(hGraphExec, hNode);
  if (!node || node->type != CU_GRAPH_NODE_TYPE_KERNEL || !nodeParams)
    return CUDA_ERROR_INVALID_VALUE;
  return setKernelParams(node, nodeParams, kernelOf(nodeParams));
}

PTXJIT_EXPORT CUresult cuGraphExecMemcpyNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_MEMCPY3D *copyParams,
    CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return setPayload(execNode(hGraphExec, hNode), CU_GRAPH_NODE_TYPE_MEMCPY,
                    &CUgraphNode_st::copy, copyParams);
}

PTXJIT_EXPORT CUresult cuGraphExecMemsetNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return setPayload(execNode(hGraphExec, hNode), CU_GRAPH_NODE_TYPE_MEMSET,
                    &CUgraphNode_st::memset, memsetParams, &checkMemset);
}

PTXJIT_EXPORT CUresult cuGraphExecHostNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_HOST_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return setPayload(execNode(hGraphExec, hNode), CU_GRAPH_NODE_TYPE_HOST,
                    &CUgraphNode_st::host, nodeParams, &checkHost);
}

/// Rebuilds an executable graph's run order after a change to its nodes.
static CUresult reorder(CUgraphExec exec) {
  std::vector<CUgraphNode_st *> order;
  if (!topologicalOrder(exec->graph.get(), order))
    return CUDA_ERROR_INVALID_VALUE;
  exec->order = std::move(order);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphExecChildGraphNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode, CUgraph childGraph) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = execNode(hGraphExec, hNode);
  if (!node || node->type != CU_GRAPH_NODE_TYPE_GRAPH || !isGraph(childGraph))
    return CUDA_ERROR_INVALID_VALUE;
  std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
  node->child = cloneGraph(childGraph, map);
  return reorder(hGraphExec);
}

static CUresult execSetEvent(CUgraphExec exec, CUgraphNode hNode,
                             CUgraphNodeType type, CUevent event) {
  CUgraphNode_st *node = execNode(exec, hNode);
  if (!node || node->type != type || !isEvent(event))
    return CUDA_ERROR_INVALID_VALUE;
  node->event = event;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphExecEventRecordNodeSetEvent(
    CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event) {
  PTXJIT_API_ENTRY();
  return execSetEvent(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD,
                      event);
}

PTXJIT_EXPORT CUresult cuGraphExecEventWaitNodeSetEvent(
    CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event) {
  PTXJIT_API_ENTRY();
  return execSetEvent(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT, event);
}

PTXJIT_EXPORT CUresult cuGraphNodeSetEnabled(CUgraphExec hGraphExec,
                                             CUgraphNode hNode,
                                             unsigned int isEnabled) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = execNode(hGraphExec, hNode);
  if (!node || (node->type != CU_GRAPH_NODE_TYPE_KERNEL &&
                node->type != CU_GRAPH_NODE_TYPE_MEMCPY &&
                node->type != CU_GRAPH_NODE_TYPE_MEMSET))
    return CUDA_ERROR_INVALID_VALUE;
  node->enabled = isEnabled != 0;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphNodeGetEnabled(CUgraphExec hGraphExec,
                                             CUgraphNode hNode,
                                             unsigned int *isEnabled) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = execNode(hGraphExec, hNode);
  if (!node || !isEnabled)
    return CUDA_ERROR_INVALID_VALUE;
  *isEnabled = node->enabled;
  return CUDA_SUCCESS;
}

/// cuGraphExecUpdate: the new graph must have the same nodes (types and
/// edges, matched in creation order); their parameters replace the
/// executable graph's.
static CUresult execUpdate(CUgraphExec exec, CUgraph graph,
                           CUgraphExecUpdateResult &result,
                           CUgraphNode &errorNode) {
  result = CU_GRAPH_EXEC_UPDATE_ERROR;
  errorNode = nullptr;
  if (!isExec(exec) || !isGraph(graph))
    return CUDA_ERROR_INVALID_VALUE;
  auto &oldNodes = exec->graph->nodes;
  auto &newNodes = graph->nodes;
  if (oldNodes.size() != newNodes.size()) {
    result = CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
    return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
  }
  std::map<const CUgraphNode_st *, size_t> oldIndex, newIndex;
  for (size_t i = 0; i < oldNodes.size(); ++i) {
    oldIndex[oldNodes[i].get()] = i;
    newIndex[newNodes[i].get()] = i;
  }
  for (size_t i = 0; i < oldNodes.size(); ++i) {
    CUgraphNode_st *before = oldNodes[i].get(), *after = newNodes[i].get();
    if (before->type != after->type) {
      result = CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED;
      errorNode = after;
      return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
    }
    std::vector<size_t> a, b;
    for (CUgraphNode_st *d : before->dependencies)
      a.push_back(oldIndex[d]);
    for (CUgraphNode_st *d : after->dependencies)
      b.push_back(newIndex[d]);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) {
      result = CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
      errorNode = after;
      return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
    }
    if (before->type == CU_GRAPH_NODE_TYPE_KERNEL &&
        before->function->module->context !=
            after->function->module->context) {
      result = CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED;
      errorNode = after;
      return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
    }
  }
  for (size_t i = 0; i < oldNodes.size(); ++i) {
    copyPayload(newNodes[i].get(), oldNodes[i].get());
    exec->graph->originals[oldNodes[i].get()] = newNodes[i].get();
  }
  if (CUresult err = reorder(exec))
    return err;
  result = CU_GRAPH_EXEC_UPDATE_SUCCESS;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphExecUpdate(CUgraphExec hGraphExec,
                                         CUgraph hGraph,
                                         CUgraphNode *hErrorNode_out,
                                         CUgraphExecUpdateResult *result_out) {
  PTXJIT_API_ENTRY();
  if (!hErrorNode_out || !result_out)
    return CUDA_ERROR_INVALID_VALUE;
  return execUpdate(hGraphExec, hGraph, *result_out, *hErrorNode_out);
}

PTXJIT_EXPORT CUresult cuGraphExecUpdate_v2(
    CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphExecUpdateResultInfo *resultInfo) {
  PTXJIT_API_ENTRY();
  if (!resultInfo)
    return CUDA_ERROR_INVALID_VALUE;
  resultInfo->errorFromNode = nullptr;
  return execUpdate(hGraphExec, hGraph, resultInfo->result,
                    resultInfo->errorNode);
}

//===----------------------------------------------------------------------===//
// User objects and the DOT dump
//===----------------------------------------------------------------------===//

static void releaseUserObject(CUuserObject object, unsigned count) {
  if (!registry().userObjects.count(object))
    return;
  object->references -= std::min(count, object->references);
  if (object->references)
    return;
  registry().userObjects.erase(object);
  if (object->destroy)
    object->destroy(object->pointer);
  delete object;
}

PTXJIT_EXPORT CUresult cuUserObjectCreate(CUuserObject *object_out, void *ptr,
                                          CUhostFn destroy,
                                          unsigned int initialRefcount,
                                          unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!object_out || !destroy || initialRefcount == 0 ||
      flags != CU_USER_OBJECT_NO_DESTRUCTOR_SYNC)
    return CUDA_ERROR_INVALID_VALUE;
  auto *object = new CUuserObject_st{ptr, destroy, initialRefcount};
  registry().userObjects.insert(object);
  *object_out = object;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuUserObjectRetain(CUuserObject object,
                                          unsigned int count) {
  PTXJIT_API_ENTRY();
  if (!registry().userObjects.count(object) || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  object->references += count;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuUserObjectRelease(CUuserObject object,
                                           unsigned int count) {
  PTXJIT_API_ENTRY();
  if (!registry().userObjects.count(object) || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  releaseUserObject(object, count);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphRetainUserObject(CUgraph graph,
                                               CUuserObject object,
                                               unsigned int count,
                                               unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (!isGraph(graph) || !registry().userObjects.count(object) ||
      count == 0 || (flags & ~unsigned(CU_GRAPH_USER_OBJECT_MOVE)))
    return CUDA_ERROR_INVALID_VALUE;
  // Moving takes over the caller's references; otherwise new ones.
  if (!(flags & CU_GRAPH_USER_OBJECT_MOVE))
    object->references += count;
  graph->userObjects[object] += count;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphReleaseUserObject(CUgraph graph,
                                                CUuserObject object,
                                                unsigned int count) {
  PTXJIT_API_ENTRY();
  if (!isGraph(graph) || !registry().userObjects.count(object) || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  auto it = graph->userObjects.find(object);
  if (it == graph->userObjects.end() || it->second < count)
    return CUDA_ERROR_INVALID_VALUE;
  if ((it->second -= count) == 0)
    graph->userObjects.erase(it);
  releaseUserObject(object, count);
  return CUDA_SUCCESS;
}

static const char *nodeTypeName(CUgraphNodeType type) {
  switch (type) {
  case CU_GRAPH_NODE_TYPE_KERNEL: return "kernel";
  case CU_GRAPH_NODE_TYPE_MEMCPY: return "memcpy";
  case CU_GRAPH_NODE_TYPE_MEMSET: return "memset";
  case CU_GRAPH_NODE_TYPE_HOST: return "host";
  case CU_GRAPH_NODE_TYPE_GRAPH: return "graph";
  case CU_GRAPH_NODE_TYPE_EMPTY: return "empty";
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT: return "event wait";
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD: return "event record";
  case CU_GRAPH_NODE_TYPE_MEM_ALLOC: return "mem alloc";
  case CU_GRAPH_NODE_TYPE_MEM_FREE: return "mem free";
  default: return "node";
  }
}

static void writeDot(std::FILE *file, const CUgraph_st *graph,
                     const std::string &prefix) {
  std::map<const CUgraphNode_st *, size_t> index;
  for (size_t i = 0; i < graph->nodes.size(); ++i)
    index[graph->nodes[i].get()] = i;
  for (size_t i = 0; i < graph->nodes.size(); ++i) {
    const CUgraphNode_st *node = graph->nodes[i].get();
    std::string label = nodeTypeName(node->type);
    if (node->type == CU_GRAPH_NODE_TYPE_KERNEL)
      label += "\\n" + node->function->kernel->name;
    std::fprintf(file, "  \"%s%zu\" [label=\"%s\"];\n", prefix.c_str(), i,
                 label.c_str());
    if (node->child) {
      std::fprintf(file, "  subgraph \"cluster_%s%zu\" {\n", prefix.c_str(),
                   i);
      writeDot(file, node->child.get(), prefix + std::to_string(i) + "_");
      std::fprintf(file, "  }\n");
    }
  }
  for (size_t i = 0; i < graph->nodes.size(); ++i)
    for (const CUgraphNode_st *dependent : graph->nodes[i]->dependents)
      std::fprintf(file, "  \"%s%zu\" -> \"%s%zu\";\n", prefix.c_str(), i,
                   prefix.c_str(), index[dependent]);
}

PTXJIT_EXPORT CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path,
                                            unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (!isGraph(hGraph) || !path)
    return CUDA_ERROR_INVALID_VALUE;
  std::FILE *file = std::fopen(path, "w");
  if (!file)
    return CUDA_ERROR_OPERATING_SYSTEM;
  std::fprintf(file, "digraph ptxjit_graph {\n");
  writeDot(file, hGraph, "n");
  std::fprintf(file, "}\n");
  std::fclose(file);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Batch memory-operation nodes
//===----------------------------------------------------------------------===//

/// Copies a batch of memory operations into \p node.
static CUresult setMemOps(CUgraphNode_st *node,
                          const CUDA_BATCH_MEM_OP_NODE_PARAMS *params) {
  if (!node || node->type != CU_GRAPH_NODE_TYPE_BATCH_MEM_OP || !params ||
      !params->paramArray || params->count == 0 || params->flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (params->ctx && !isLiveContext(params->ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  node->memOps.assign(params->paramArray,
                      params->paramArray + params->count);
  node->memOpFlags = params->flags;
  // The context the operations belong to: the one given, else the current.
  node->memOpContext = params->ctx ? params->ctx : currentContext();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphAddBatchMemOpNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  GRAPH_ADD_PROLOGUE();
  return addFilledNode(phGraphNode, hGraph, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP,
                       dependencies, numDependencies, [&](auto *node) {
                         return setMemOps(node, nodeParams);
                       });
}

PTXJIT_EXPORT CUresult cuGraphBatchMemOpNodeGetParams(
    CUgraphNode hNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out) {
  PTXJIT_API_ENTRY();
  CUgraphNode_st *node = nodeOf(hNode, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP);
  if (!node || !nodeParams_out)
    return CUDA_ERROR_INVALID_VALUE;
  // As the driver does, the array is the node's own, valid while it is.
  nodeParams_out->ctx = node->memOpContext;
  nodeParams_out->count = unsigned(node->memOps.size());
  nodeParams_out->paramArray = node->memOps.data();
  nodeParams_out->flags = node->memOpFlags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGraphBatchMemOpNodeSetParams(
    CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return setMemOps(isNode(hNode) ? hNode : nullptr, nodeParams);
}

PTXJIT_EXPORT CUresult cuGraphExecBatchMemOpNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  PTXJIT_API_ENTRY();
  return setMemOps(execNode(hGraphExec, hNode), nodeParams);
}

//===----------------------------------------------------------------------===//
// The generic node API (CUgraphNodeParams)
//===----------------------------------------------------------------------===//
//
// Each node type goes to the entry point of its own kind; the parameter
// structures of the generic API carry the same fields.

static CUDA_KERNEL_NODE_PARAMS_v2
kernelParamsOf(const CUDA_KERNEL_NODE_PARAMS_v3 &kernel) {
  CUDA_KERNEL_NODE_PARAMS_v2 params = {};
  params.func = kernel.func;
  params.gridDimX = kernel.gridDimX;
  params.gridDimY = kernel.gridDimY;
  params.gridDimZ = kernel.gridDimZ;
  params.blockDimX = kernel.blockDimX;
  params.blockDimY = kernel.blockDimY;
  params.blockDimZ = kernel.blockDimZ;
  params.sharedMemBytes = kernel.sharedMemBytes;
  params.kernelParams = kernel.kernelParams;
  params.extra = kernel.extra;
  params.kern = kernel.kern;
  params.ctx = kernel.ctx;
  return params;
}

static CUDA_MEMSET_NODE_PARAMS
memsetParamsOf(const CUDA_MEMSET_NODE_PARAMS_v2 &memset) {
  CUDA_MEMSET_NODE_PARAMS params = {};
  params.dst = memset.dst;
  params.pitch = memset.pitch;
  params.value = memset.value;
  params.elementSize = memset.elementSize;
  params.width = memset.width;
  params.height = memset.height;
  return params;
}

static CUDA_HOST_NODE_PARAMS hostParamsOf(const CUDA_HOST_NODE_PARAMS_v2 &host) {
  CUDA_HOST_NODE_PARAMS params = {};
  params.fn = host.fn;
  params.userData = host.userData;
  return params;
}

static CUDA_BATCH_MEM_OP_NODE_PARAMS
memOpParamsOf(const CUDA_BATCH_MEM_OP_NODE_PARAMS_v2 &memOp) {
  CUDA_BATCH_MEM_OP_NODE_PARAMS params = {};
  params.ctx = memOp.ctx;
  params.count = memOp.count;
  params.paramArray = memOp.paramArray;
  params.flags = memOp.flags;
  return params;
}

PTXJIT_EXPORT CUresult cuGraphAddNode_v2(CUgraphNode *phGraphNode,
                                         CUgraph hGraph,
                                         const CUgraphNode *dependencies,
                                         const CUgraphEdgeData *dependencyData,
                                         size_t numDependencies,
                                         CUgraphNodeParams *nodeParams) {
  PTXJIT_API_ENTRY();
  if (!nodeParams)
    return CUDA_ERROR_INVALID_VALUE;
  // Only the default edge (no ports, no type) is supported.
  for (size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type || dependencyData[i].from_port ||
        dependencyData[i].to_port)
      return CUDA_ERROR_NOT_SUPPORTED;
  CUgraphNodeParams &p = *nodeParams;
  switch (rawEnum(p.type)) {
  case CU_GRAPH_NODE_TYPE_KERNEL: {
    CUDA_KERNEL_NODE_PARAMS_v2 params = kernelParamsOf(p.kernel);
    return cuGraphAddKernelNode_v2(phGraphNode, hGraph, dependencies,
                                   numDependencies, &params);
  }
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return cuGraphAddMemcpyNode(phGraphNode, hGraph, dependencies,
                                numDependencies, &p.memcpy.copyParams,
                                p.memcpy.copyCtx);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    CUDA_MEMSET_NODE_PARAMS params = memsetParamsOf(p.memset);
    return cuGraphAddMemsetNode(phGraphNode, hGraph, dependencies,
                                numDependencies, &params, p.memset.ctx);
  }
  case CU_GRAPH_NODE_TYPE_HOST: {
    CUDA_HOST_NODE_PARAMS params = hostParamsOf(p.host);
    return cuGraphAddHostNode(phGraphNode, hGraph, dependencies,
                              numDependencies, &params);
  }
  case CU_GRAPH_NODE_TYPE_GRAPH:
    // Moving the child graph into the node is not supported; cloning is.
    if (rawEnum(p.graph.ownership) != CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE)
      return CUDA_ERROR_NOT_SUPPORTED;
    return cuGraphAddChildGraphNode(phGraphNode, hGraph, dependencies,
                                    numDependencies, p.graph.graph);
  case CU_GRAPH_NODE_TYPE_EMPTY:
    return cuGraphAddEmptyNode(phGraphNode, hGraph, dependencies,
                               numDependencies);
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    return cuGraphAddEventRecordNode(phGraphNode, hGraph, dependencies,
                                     numDependencies, p.eventRecord.event);
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    return cuGraphAddEventWaitNode(phGraphNode, hGraph, dependencies,
                                   numDependencies, p.eventWait.event);
  case CU_GRAPH_NODE_TYPE_MEM_ALLOC: {
    CUDA_MEM_ALLOC_NODE_PARAMS params = {};
    params.poolProps = p.alloc.poolProps;
    params.accessDescs = p.alloc.accessDescs;
    params.accessDescCount = p.alloc.accessDescCount;
    params.bytesize = p.alloc.bytesize;
    CUresult err = cuGraphAddMemAllocNode(phGraphNode, hGraph, dependencies,
                                          numDependencies, &params);
    if (err == CUDA_SUCCESS)
      p.alloc.dptr = params.dptr;
    return err;
  }
  case CU_GRAPH_NODE_TYPE_MEM_FREE:
    return cuGraphAddMemFreeNode(phGraphNode, hGraph, dependencies,
                                 numDependencies, p.free.dptr);
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP: {
    CUDA_BATCH_MEM_OP_NODE_PARAMS params = memOpParamsOf(p.memOp);
    return cuGraphAddBatchMemOpNode(phGraphNode, hGraph, dependencies,
                                    numDependencies, &params);
  }
  default:
    // External semaphores and conditional nodes.
    return CUDA_ERROR_NOT_SUPPORTED;
  }
}

PTXJIT_EXPORT CUresult cuGraphNodeSetParams(CUgraphNode hNode,
                                            CUgraphNodeParams *nodeParams) {
  PTXJIT_API_ENTRY();
  if (!nodeParams || !isNode(hNode) ||
      rawEnum(nodeParams->type) != rawEnum(hNode->type))
    return CUDA_ERROR_INVALID_VALUE;
  CUgraphNodeParams &p = *nodeParams;
  switch (rawEnum(p.type)) {
  case CU_GRAPH_NODE_TYPE_KERNEL: {
    CUDA_KERNEL_NODE_PARAMS_v2 params = kernelParamsOf(p.kernel);
    return cuGraphKernelNodeSetParams_v2(hNode, &params);
  }
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return cuGraphMemcpyNodeSetParams(hNode, &p.memcpy.copyParams);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    CUDA_MEMSET_NODE_PARAMS params = memsetParamsOf(p.memset);
    return cuGraphMemsetNodeSetParams(hNode, &params);
  }
  case CU_GRAPH_NODE_TYPE_HOST: {
    CUDA_HOST_NODE_PARAMS params = hostParamsOf(p.host);
    return cuGraphHostNodeSetParams(hNode, &params);
  }
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    return cuGraphEventRecordNodeSetEvent(hNode, p.eventRecord.event);
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    return cuGraphEventWaitNodeSetEvent(hNode, p.eventWait.event);
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP: {
    CUDA_BATCH_MEM_OP_NODE_PARAMS params = memOpParamsOf(p.memOp);
    return cuGraphBatchMemOpNodeSetParams(hNode, &params);
  }
  default:
    // The parameters of child-graph, allocation and free nodes are fixed
    // once the node is made.
    return CUDA_ERROR_INVALID_VALUE;
  }
}

PTXJIT_EXPORT CUresult cuGraphExecNodeSetParams(CUgraphExec hGraphExec,
                                                CUgraphNode hNode,
                                                CUgraphNodeParams *nodeParams) {
  PTXJIT_API_ENTRY();
  if (!nodeParams || !isNode(hNode) ||
      rawEnum(nodeParams->type) != rawEnum(hNode->type))
    return CUDA_ERROR_INVALID_VALUE;
  CUgraphNodeParams &p = *nodeParams;
  switch (rawEnum(p.type)) {
  case CU_GRAPH_NODE_TYPE_KERNEL: {
    CUDA_KERNEL_NODE_PARAMS_v2 params = kernelParamsOf(p.kernel);
    return cuGraphExecKernelNodeSetParams_v2(hGraphExec, hNode, &params);
  }
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return cuGraphExecMemcpyNodeSetParams(hGraphExec, hNode,
                                          &p.memcpy.copyParams,
                                          p.memcpy.copyCtx);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    CUDA_MEMSET_NODE_PARAMS params = memsetParamsOf(p.memset);
    return cuGraphExecMemsetNodeSetParams(hGraphExec, hNode, &params,
                                          p.memset.ctx);
  }
  case CU_GRAPH_NODE_TYPE_HOST: {
    CUDA_HOST_NODE_PARAMS params = hostParamsOf(p.host);
    return cuGraphExecHostNodeSetParams(hGraphExec, hNode, &params);
  }
  case CU_GRAPH_NODE_TYPE_GRAPH:
    return cuGraphExecChildGraphNodeSetParams(hGraphExec, hNode,
                                              p.graph.graph);
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    return cuGraphExecEventRecordNodeSetEvent(hGraphExec, hNode,
                                              p.eventRecord.event);
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    return cuGraphExecEventWaitNodeSetEvent(hGraphExec, hNode,
                                            p.eventWait.event);
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP: {
    CUDA_BATCH_MEM_OP_NODE_PARAMS params = memOpParamsOf(p.memOp);
    return cuGraphExecBatchMemOpNodeSetParams(hGraphExec, hNode, &params);
  }
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}
