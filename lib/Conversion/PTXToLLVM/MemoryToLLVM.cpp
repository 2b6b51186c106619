//===- MemoryToLLVM.cpp - lower the ptx memory ops to LLVM ----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// State-space windows (window_ptr, cvta, isspacep), loads and stores,
// atomics, and the per-thread local-memory stack (local_init, local_alloc,
// local_free). The `.shared`, `.local` and `.param` windows are host
// buffers whose base pointers the thread state holds (rt::offsets);
// global and const addresses are host addresses already.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/Checks.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;
namespace offsets = ptxjit::rt::offsets;

namespace {

//===----------------------------------------------------------------------===//
// State-space windows
//===----------------------------------------------------------------------===//

/// Offset of the window base pointer of a state space in the thread state.
static std::optional<unsigned> windowOffset(ptx::StateSpace space) {
  switch (space) {
  case ptx::StateSpace::shared: return offsets::shared;
  case ptx::StateSpace::local: return offsets::local;
  case ptx::StateSpace::param: return offsets::params;
  default: return std::nullopt;
  }
}

/// The byte offset of a window address as an i64. A 32-bit `.shared`
/// address is signed: `.shared::cluster` addresses of CTAs of a lower
/// cluster rank lie below the CTA's own window (ThreadState.h), and the
/// CTA's own addresses (below 2^31) read the same either way.
static Value windowOffset(Gen &g, ptx::StateSpace space, Value addr) {
  if (space == ptx::StateSpace::shared)
    return g.sext(g.i64(), addr);
  return g.zext(g.i64(), addr);
}

struct WindowPtrLowering : PTXPattern<ptx::WindowPtrOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::WindowPtrOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> off = windowOffset(op.getSpace());
    if (!off)
      return rewriter.notifyMatchFailure(
          op, "only the shared, local and param state spaces have a window");
    Value base = g.stateField(a.getState(), *off, g.ptr());
    // The kernel's parameter buffer is dereferenceable for its whole size,
    // so LLVM may hoist parameter loads out of the loop over threads.
    if (op.getSpace() == ptx::StateSpace::param)
      if (auto fn = op->getParentOfType<FunctionOpInterface>())
        if (auto params = fn->getAttrOfType<ArrayAttr>(kParamsAttrName)) {
          int64_t end = 0;
          for (Attribute attr : params) {
            auto dict = cast<DictionaryAttr>(attr);
            end = std::max(end, dict.getAs<IntegerAttr>("offset").getInt() +
                                    dict.getAs<IntegerAttr>("size").getInt());
          }
          if (end > 0)
            cast<LLVM::LoadOp>(base.getDefiningOp())
                .setDereferenceableAttr(LLVM::DereferenceableAttr::get(
                    g.b.getContext(), end, /*mayBeNull=*/false));
        }
    return g.gep(base, windowOffset(g, op.getSpace(), a.getAddr()));
  }
};

/// cvta: window offsets to and from generic (host) addresses.
struct CvtaLowering : PTXPattern<ptx::CvtaOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CvtaOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> off = windowOffset(op.getSpace());
    Value addr = a.getAddr();
    // Global, const and param addresses are host addresses already.
    if (!off || op.getSpace() == ptx::StateSpace::param)
      return addr;
    Type t = addr.getType();
    Value base = g.ptrToInt(g.stateField(a.getState(), *off, g.ptr()));
    if (op.getToGeneric())
      return g.trunc(t, g.add(base, windowOffset(g, op.getSpace(), addr)));
    return g.trunc(t, g.sub(g.zext(g.i64(), addr), base));
  }
};

/// The cluster's shared memory (ThreadState.h): the base of the window of
/// rank 0, the distance between windows, and this CTA's rank, as i64.
struct ClusterWindows {
  Value base, stride, rank;
  ClusterWindows(Gen &g, Value st) {
    stride = g.zext(g.i64(), g.stateField(st, offsets::sharedStride, g.i32()));
    rank = g.zext(g.i64(), g.clusterCtarank(st));
    base = g.sub(g.ptrToInt(g.stateField(st, offsets::shared, g.ptr())),
                 g.mul(rank, stride));
  }
  /// The byte offset of an address from `base`: generic addresses are host
  /// addresses, `.shared::cluster` ones are offsets from the CTA's window.
  Value offsetOf(Gen &g, Value addr, bool sharedCluster) {
    if (sharedCluster)
      return g.add(g.sext(g.i64(), addr), g.mul(rank, stride));
    return g.sub(g.zext(g.i64(), addr), base);
  }
  /// The number of CTAs in the cluster.
  Value ctas(Gen &g, Value st) {
    Value n = g.cst(g.i64(), 1);
    for (unsigned dim = 0; dim < 3; ++dim)
      n = g.mul(n, g.zext(g.i64(), g.stateField(st, offsets::clusterNctaid +
                                                       4 * dim,
                                                   g.i32())));
    return n;
  }
};

/// isspacep: whether a generic address lies in a window; global is what
/// lies in none (no CTA's window of the cluster included).
struct IsspacepLowering : PTXPattern<ptx::IsspacepOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::IsspacepOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value st = a.getState();
    Value addr = g.zext(g.i64(), a.getAddr());
    auto within = [&](unsigned baseOff, Value size) {
      Value base = g.ptrToInt(g.stateField(st, baseOff, g.ptr()));
      Value rel = g.sub(addr, base);
      return g.icmp(LLVM::ICmpPredicate::ult, rel, size);
    };
    // The shared window includes the reserved part that follows the CTA's
    // shared memory (rt::kReservedSharedBytes, 16-aligned).
    Value sharedBytes = g.zext(
        g.i64(), g.stateField(st, offsets::totalSharedBytes, g.i32()));
    Value windowBytes =
        g.add(g.band(g.add(sharedBytes, g.cst(g.i64(), 15)),
                     g.cst(g.i64(), -16)),
              g.cst(g.i64(), rt::kReservedSharedBytes));
    Value shared = within(offsets::shared, windowBytes);
    // Any window of the cluster: below the last window's end and in the
    // used part of its window (the rest of a stride is padding).
    ClusterWindows cluster(g, st);
    Value offset = cluster.offsetOf(g, addr, /*sharedCluster=*/false);
    Value clusterShared = g.band(
        g.icmp(LLVM::ICmpPredicate::ult, offset,
               g.mul(cluster.ctas(g, st), cluster.stride)),
        g.icmp(LLVM::ICmpPredicate::ult, g.urem(offset, cluster.stride),
               windowBytes));
    Value local = within(
        offsets::local,
        g.stateField(st, offsets::localBytesPerThread, g.i64()));
    Value param = within(offsets::params,
                         g.zext(g.i64(), g.stateField(st, offsets::paramBytes,
                                                      g.i32())));
    switch (op.getSpace()) {
    case ptx::StateSpace::shared:
      return op.getSharedCluster() ? clusterShared : shared;
    case ptx::StateSpace::local: return local;
    case ptx::StateSpace::param: return param;
    case ptx::StateSpace::global:
      return g.bnot(g.bor(clusterShared, g.bor(local, param)));
    default:
      return rewriter.notifyMatchFailure(
          op, "isspacep tests the global, shared, local or param space only");
    }
  }
};

/// mapa: the same offset in the window of CTA `rank`.
struct MapaLowering : PTXPattern<ptx::MapaOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::MapaOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    ClusterWindows cluster(g, a.getState());
    bool sharedCluster = op.getSharedCluster();
    Value within = g.urem(cluster.offsetOf(g, a.getAddr(), sharedCluster),
                          cluster.stride);
    Value target = g.add(g.mul(g.zext(g.i64(), a.getRank()), cluster.stride),
                         within);
    Value result = sharedCluster
                       ? g.sub(target, g.mul(cluster.rank, cluster.stride))
                       : g.add(cluster.base, target);
    return g.trunc(op.getType(), result);
  }
};

/// getctarank: which window of the cluster holds the address.
struct GetctarankLowering : PTXPattern<ptx::GetctarankOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::GetctarankOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    ClusterWindows cluster(g, a.getState());
    Value offset = cluster.offsetOf(g, a.getAddr(), op.getSharedCluster());
    return g.trunc(g.i32(), g.udiv(offset, cluster.stride));
  }
};

//===----------------------------------------------------------------------===//
// Loads, stores and atomics
//===----------------------------------------------------------------------===//

/// The host ordering of a PTX `.sem` (chapter 8). Every PTX scope is the
/// host's system scope, which includes all of them, so the scope is not
/// part of the mapping.
static LLVM::AtomicOrdering hostOrdering(ptx::MemoryOrder order) {
  switch (order) {
  case ptx::MemoryOrder::weak: return LLVM::AtomicOrdering::not_atomic;
  case ptx::MemoryOrder::relaxed: return LLVM::AtomicOrdering::monotonic;
  case ptx::MemoryOrder::acquire: return LLVM::AtomicOrdering::acquire;
  case ptx::MemoryOrder::release: return LLVM::AtomicOrdering::release;
  case ptx::MemoryOrder::acq_rel: return LLVM::AtomicOrdering::acq_rel;
  case ptx::MemoryOrder::sc: return LLVM::AtomicOrdering::seq_cst;
  }
  llvm_unreachable("unknown memory order");
}

/// How one element of a strong ld/st is made: a host atomic of the ordering
/// where the host has one of that width (up to 8 bytes), else (`.b128`) a
/// volatile access with fences that give the ordering (an acquire fence
/// after a load, a release fence before a store).
struct ElementOrdering {
  LLVM::AtomicOrdering atomic = LLVM::AtomicOrdering::not_atomic;
  bool isVolatile = false;
  bool fenceBefore = false, fenceAfter = false;
};

static ElementOrdering elementOrdering(std::optional<ptx::MemoryOrder> order,
                                       bool isVolatile, bool mmio,
                                       unsigned bytes) {
  ElementOrdering e;
  e.isVolatile = isVolatile || mmio;
  if (!order || *order == ptx::MemoryOrder::weak)
    return e;
  if (bytes <= 8) {
    e.atomic = hostOrdering(*order);
    return e;
  }
  e.isVolatile = true;
  e.fenceBefore = *order == ptx::MemoryOrder::release;
  e.fenceAfter = *order == ptx::MemoryOrder::acquire;
  return e;
}

/// A strong (`.relaxed`/`.acquire`/`.release`) or volatile vector access of
/// 8 or 16 bytes in all is one host access of that width: GPUs read and
/// write such a naturally aligned vector in one piece, and single-pass
/// algorithms rely on it (CUB keeps a tile's status and value in one
/// `.v2.u32`/`.v2.u64` descriptor, read while another CTA writes it).
/// Returns the integer type of the whole access, or null when the access
/// goes element by element.
static Type wholeVectorType(Gen &g, TypeRange elements,
                            std::optional<ptx::MemoryOrder> order,
                            bool isVolatile, bool mmio) {
  bool strong = (order && *order != ptx::MemoryOrder::weak) || isVolatile ||
                mmio;
  if (!strong || elements.size() < 2 ||
      !llvm::all_equal(llvm::to_vector(elements)))
    return Type();
  unsigned bits = elements.size() * elements[0].getIntOrFloatBitWidth();
  if (bits != 64 && bits != 128)
    return Type();
  return g.b.getIntegerType(bits);
}

/// The host ordering of a whole-vector access: its `.sem`'s, relaxed for
/// a volatile one (a volatile atomic, so that it stays one access).
static LLVM::AtomicOrdering
wholeVectorOrdering(std::optional<ptx::MemoryOrder> order) {
  return order && *order != ptx::MemoryOrder::weak
             ? hostOrdering(*order)
             : LLVM::AtomicOrdering::monotonic;
}

/// ld: one load per result, at consecutive offsets (vector loads); each a
/// host atomic load of the ordering for `.relaxed`/`.acquire`.
struct LdLowering : ConvertOpToLLVMPattern<ptx::LdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::LdOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    SmallVector<Value> values;
    if (Type whole = wholeVectorType(g, op.getResultTypes(), op.getOrder(),
                                     op.getIsVolatile(), op.getMmio())) {
      unsigned bytes = whole.getIntOrFloatBitWidth() / 8;
      Value all = LLVM::LoadOp::create(
          rw, op.getLoc(), whole, a.getPtr(), bytes,
          op.getIsVolatile() || op.getMmio(), /*isNonTemporal=*/false,
          /*isInvariant=*/false, /*isInvariantGroup=*/false,
          wholeVectorOrdering(op.getOrder()));
      Type elem = op.getResultTypes()[0];
      unsigned n = op.getNumResults();
      Type lanes = VectorType::get({int64_t(n)}, g.b.getIntegerType(
                                                     widthOf(elem)));
      Value vec = g.bitcast(lanes, all);
      for (unsigned i = 0; i < n; ++i)
        values.push_back(g.bitcast(
            elem, LLVM::ExtractElementOp::create(rw, op.getLoc(), vec,
                                                 g.cst(g.i32(), i))));
      rw.replaceOp(op, values);
      return success();
    }
    unsigned offset = 0;
    for (Type t : op.getResultTypes()) {
      unsigned bytes = std::max(1u, t.getIntOrFloatBitWidth() / 8);
      Value addr = offset ? g.gep(a.getPtr(), g.cst(g.i64(), offset))
                          : a.getPtr();
      ElementOrdering e = elementOrdering(op.getOrder(), op.getIsVolatile(),
                                          op.getMmio(), bytes);
      values.push_back(LLVM::LoadOp::create(
          rw, op.getLoc(), t, addr, bytes, e.isVolatile,
          /*isNonTemporal=*/false, /*isInvariant=*/op.getInvariant(),
          /*isInvariantGroup=*/false, e.atomic));
      if (e.fenceAfter)
        LLVM::FenceOp::create(rw, op.getLoc(), LLVM::AtomicOrdering::acquire);
      offset += bytes;
    }
    rw.replaceOp(op, values);
    return success();
  }
};

/// st: one store per value, at consecutive offsets (vector stores); each a
/// host atomic store of the ordering for `.relaxed`/`.release`.
struct StLowering : ConvertOpToLLVMPattern<ptx::StOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::StOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    if (Type whole = wholeVectorType(g, a.getValues().getTypes(),
                                     op.getOrder(), op.getIsVolatile(),
                                     op.getMmio())) {
      unsigned n = a.getValues().size();
      Type laneType = g.b.getIntegerType(widthOf(a.getValues()[0].getType()));
      Value vec = LLVM::PoisonOp::create(
          rw, op.getLoc(), VectorType::get({int64_t(n)}, laneType));
      for (unsigned i = 0; i < n; ++i)
        vec = LLVM::InsertElementOp::create(
            rw, op.getLoc(), vec, g.bitcast(laneType, a.getValues()[i]),
            g.cst(g.i32(), i));
      unsigned bytes = whole.getIntOrFloatBitWidth() / 8;
      LLVM::StoreOp::create(rw, op.getLoc(), g.bitcast(whole, vec),
                            a.getPtr(), bytes,
                            op.getIsVolatile() || op.getMmio(),
                            /*isNonTemporal=*/false,
                            /*isInvariantGroup=*/false,
                            wholeVectorOrdering(op.getOrder()));
      rw.eraseOp(op);
      return success();
    }
    unsigned offset = 0;
    for (Value v : a.getValues()) {
      unsigned bytes = std::max(1u, v.getType().getIntOrFloatBitWidth() / 8);
      Value addr = offset ? g.gep(a.getPtr(), g.cst(g.i64(), offset))
                          : a.getPtr();
      ElementOrdering e = elementOrdering(op.getOrder(), op.getIsVolatile(),
                                          op.getMmio(), bytes);
      if (e.fenceBefore)
        LLVM::FenceOp::create(rw, op.getLoc(), LLVM::AtomicOrdering::release);
      LLVM::StoreOp::create(rw, op.getLoc(), v, addr, bytes, e.isVolatile,
                            /*isNonTemporal=*/false,
                            /*isInvariantGroup=*/false, e.atomic);
      offset += bytes;
    }
    rw.eraseOp(op);
    return success();
  }
};

/// The ordering of a failed compare-and-swap: it only reads, so it keeps
/// the acquire half of \p ordering.
static LLVM::AtomicOrdering casFailureOrdering(LLVM::AtomicOrdering ordering) {
  return ordering == LLVM::AtomicOrdering::acquire ||
                 ordering == LLVM::AtomicOrdering::acq_rel
             ? LLVM::AtomicOrdering::acquire
             : LLVM::AtomicOrdering::monotonic;
}

/// atom / red: LLVM atomics of the `.sem`'s ordering (relaxed by default);
/// floats exchange as integers of their width.
struct AtomLowering : PTXPattern<ptx::AtomOp> {
  using PTXPattern::PTXPattern;

  /// Float min/max (the half types of the vector atomics): a
  /// compare-and-swap loop around `min`/`max`'s own semantics (NaN
  /// ignored, -0 < +0), which LLVM's atomicrmw fmin/fmax do not pin down.
  static FailureOr<Value> floatMinMaxLoop(ptx::AtomOp op, Value ptr, Value v,
                                          LLVM::AtomicOrdering ordering,
                                          Gen &g,
                                          ConversionPatternRewriter &rw) {
    Type t = v.getType();
    unsigned bits = widthOf(t);
    if (auto vec = dyn_cast<VectorType>(t))
      bits *= vec.getNumElements();
    Type it = g.b.getIntegerType(bits);
    Block *before = rw.getInsertionBlock();
    Block *after = rw.splitBlock(before, rw.getInsertionPoint());
    Block *loop = rw.createBlock(after, TypeRange{it}, {g.loc});
    rw.setInsertionPointToEnd(before);
    Value first = LLVM::LoadOp::create(rw, g.loc, it, ptr, bits / 8,
                                       /*isVolatile=*/false,
                                       /*isNonTemporal=*/false,
                                       /*isInvariant=*/false,
                                       /*isInvariantGroup=*/false,
                                       LLVM::AtomicOrdering::monotonic);
    LLVM::BrOp::create(rw, g.loc, ValueRange{first}, loop);
    rw.setInsertionPointToEnd(loop);
    Value old = loop->getArgument(0);
    Value updated = g.bitcast(
        it, floatMinMax(g, g.bitcast(t, old), v,
                        op.getOp() == ptx::AtomicOp::max));
    Value pair = LLVM::AtomicCmpXchgOp::create(
        rw, g.loc, ptr, old, updated, ordering, casFailureOrdering(ordering));
    Value seen = g.extract(pair, 0);
    Value done = g.extract(pair, 1);
    LLVM::CondBrOp::create(rw, g.loc, done, after, ValueRange{}, loop,
                           ValueRange{seen});
    rw.setInsertionPointToStart(after);
    return g.bitcast(t, old);
  }

  FailureOr<Value> lower(ptx::AtomOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    using B = LLVM::AtomicBinOp;
    // The ISA's default `.sem` of an atomic is `.relaxed`.
    LLVM::AtomicOrdering ordering =
        hostOrdering(op.getOrder().value_or(ptx::MemoryOrder::relaxed));
    Value ptr = a.getPtr(), v = a.getB();
    Type t = v.getType();
    if (op.getOp() == ptx::AtomicOp::cas) {
      Value pair = LLVM::AtomicCmpXchgOp::create(
          g.b, g.loc, ptr, g.bitcast(g.b.getIntegerType(widthOf(t)), v),
          g.bitcast(g.b.getIntegerType(widthOf(t)), a.getC()), ordering,
          casFailureOrdering(ordering));
      return g.bitcast(t, g.extract(pair, 0));
    }
    bool isFloat = isFloatLike(t);
    if (isFloat && (op.getOp() == ptx::AtomicOp::min ||
                    op.getOp() == ptx::AtomicOp::max))
      return floatMinMaxLoop(op, ptr, v, ordering, g, rewriter);
    bool s = op.getIsSigned();
    B bin;
    switch (op.getOp()) {
    case ptx::AtomicOp::add: bin = isFloat ? B::fadd : B::add; break;
    case ptx::AtomicOp::min: bin = s ? B::min : B::umin; break;
    case ptx::AtomicOp::max: bin = s ? B::max : B::umax; break;
    case ptx::AtomicOp::inc: bin = B::uinc_wrap; break;
    case ptx::AtomicOp::dec: bin = B::udec_wrap; break;
    case ptx::AtomicOp::band: bin = B::_and; break;
    case ptx::AtomicOp::bor: bin = B::_or; break;
    case ptx::AtomicOp::bxor: bin = B::_xor; break;
    default: bin = B::xchg; break;
    }
    if (bin == B::xchg && isFloat) {
      Type it = g.b.getIntegerType(widthOf(t));
      Value old = LLVM::AtomicRMWOp::create(g.b, g.loc, bin, ptr,
                                            g.bitcast(it, v), ordering);
      return g.bitcast(t, old);
    }
    return LLVM::AtomicRMWOp::create(g.b, g.loc, bin, ptr, v, ordering)
        .getResult();
  }
};

//===----------------------------------------------------------------------===//
// Checked mode
//===----------------------------------------------------------------------===//

/// check_access: a call of ptxrt_check_access (Runtime/Checks.h) with the
/// access packed into a word and the address of a constant
/// "function\0location\0" (one per distinct text in the module).
} // namespace

LLVM::GlobalOp ptxjit::checkSiteGlobal(Operation *op, OpBuilder &builder,
                                       StringRef text) {
  std::string name =
      "__ptxjit_where_" + llvm::utohexstr(llvm::xxh3_64bits(text));
  auto module = op->getParentOfType<ModuleOp>();
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>(name))
    return global;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), text.size());
  return LLVM::GlobalOp::create(builder, op->getLoc(), type,
                                /*isConstant=*/true, LLVM::Linkage::Internal,
                                name, builder.getStringAttr(text));
}

unsigned ptxjit::moduleChecks(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto attr =
      module ? module->getAttrOfType<IntegerAttr>(rt::check::kChecksModuleAttr)
             : IntegerAttr();
  return attr ? unsigned(attr.getInt()) : unsigned(rt::check::Memcheck);
}

namespace {

struct CheckAccessLowering : PTXPattern<ptx::CheckAccessOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CheckAccessOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    std::string text = (op.getFunction() + Twine('\0') + op.getWhere() +
                        Twine('\0'))
                           .str();
    LLVM::GlobalOp global = checkSiteGlobal(op, rewriter, text);
    unsigned checks = moduleChecks(op);
    uint64_t packed = rt::check::packAccess(
        op.getSize(), llvm::Log2_64(op.getAlign()),
        rt::check::Access(op.getKind()), rt::check::Space(op.getSpace()),
        checks, op->hasAttr(rt::check::kStrongAccessAttr));
    auto callRuntime = [&] {
      Value where = LLVM::AddressOfOp::create(rewriter, op.getLoc(), global);
      return g.call(op, "ptxrt_check_access", g.ptr(),
                    {a.getState(), a.getPtr(),
                     g.cst(g.i64(), int64_t(packed)), where});
    };
    // racecheck records every shared access in the runtime.
    std::optional<Value> inWindow;
    if (!(checks & rt::check::Racecheck) ||
        op.getSpace() != ptx::StateSpace::shared)
      inWindow = ownWindowCheck(op, a, g);
    if (!inWindow)
      return callRuntime();
    // The common case, an aligned access inside the thread's own window,
    // is decided here; everything else (other CTAs of the cluster, the
    // reserved part, a violation to report) goes to the runtime.
    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    after->addArgument(g.ptr(), op.getLoc());
    Block *slow = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, op.getLoc(), *inWindow, after,
                           ValueRange{a.getPtr()}, slow, ValueRange{});
    rewriter.setInsertionPointToEnd(slow);
    Value checked = callRuntime();
    LLVM::BrOp::create(rewriter, op.getLoc(), ValueRange{checked}, after);
    rewriter.setInsertionPointToStart(after);
    return after->getArgument(0);
  }

  /// For `.shared`, `.local` and `.param` accesses: whether the access lies
  /// in the thread's own window (its CTA's shared memory, its local memory,
  /// the parameter buffer) and is aligned, as an i1.
  static std::optional<Value> ownWindowCheck(ptx::CheckAccessOp op,
                                             Adaptor a, Gen &g) {
    Value st = a.getState();
    Value base, bytes;
    switch (op.getSpace()) {
    case ptx::StateSpace::shared:
      base = g.stateField(st, offsets::shared, g.ptr());
      bytes = g.zext(g.i64(), g.stateField(st, offsets::totalSharedBytes,
                                           g.i32()));
      break;
    case ptx::StateSpace::local:
      base = g.stateField(st, offsets::local, g.ptr());
      bytes = g.stateField(st, offsets::localBytesPerThread, g.i64());
      break;
    case ptx::StateSpace::param:
      base = g.stateField(st, offsets::params, g.ptr());
      bytes = g.zext(g.i64(), g.stateField(st, offsets::paramBytes, g.i32()));
      break;
    default:
      return std::nullopt;
    }
    Value addr = g.ptrToInt(a.getPtr());
    // Unsigned: an address below the base wraps to a huge offset, which
    // must fail the first test (its end may wrap back to a small one).
    Value baseAddr = g.ptrToInt(base);
    Value offset = g.sub(addr, baseAddr);
    Value size = g.cst(g.i64(), int64_t(op.getSize()));
    Value end = g.add(offset, size);
    Value startsInside = g.icmp(LLVM::ICmpPredicate::ult, offset, bytes);
    Value endsInside = g.icmp(LLVM::ICmpPredicate::ule, end, bytes);
    Value inside = g.band(startsInside, endsInside);
    // The parameter buffer's layout is ptxjit's own: no alignment check.
    if (op.getSpace() == ptx::StateSpace::param || op.getAlign() == 1)
      return inside;
    Value misalignment =
        g.band(addr, g.cst(g.i64(), int64_t(op.getAlign() - 1)));
    Value aligned = g.icmp(LLVM::ICmpPredicate::eq, misalignment,
                           g.cst(g.i64(), 0));
    return g.band(inside, aligned);
  }
};

//===----------------------------------------------------------------------===//
// Local-memory stack
//===----------------------------------------------------------------------===//

/// local_init: frames are pushed above the kernel's own `.local`
/// variables, 16-byte aligned.
struct LocalInitLowering : PTXPattern<ptx::LocalInitOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalInitOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    int64_t size = (int64_t(op.getSize()) + 15) / 16 * 16;
    g.storeStateField(a.getState(), offsets::localSP, g.cst(g.i64(), size));
    return Value();
  }
};

/// Pushes \p size bytes aligned to \p align on the thread's local stack and
/// returns their offset in the local window. Overflowing the window (or,
/// with \p sizeMayWrap, a size that wraps the address space) faults the
/// thread, leaves the stack as it was and gives offset 0: the allocation
/// then overlaps the bottom of the window, and the launch reports the fault.
static Value pushLocalStack(Gen &g, Value st, Value size, int64_t align,
                            bool sizeMayWrap) {
  Value sp = g.stateField(st, offsets::localSP, g.i64());
  Value limit = g.stateField(st, offsets::localBytesPerThread, g.i64());
  Value base = g.band(g.add(sp, g.cst(g.i64(), align - 1)),
                      g.cst(g.i64(), -align));
  Value end = g.add(base, size);
  Value overflow = g.icmp(LLVM::ICmpPredicate::ugt, end, limit);
  if (sizeMayWrap)
    overflow =
        g.bor(overflow, g.icmp(LLVM::ICmpPredicate::ult, end, base));
  Value fault = g.stateField(st, offsets::fault, g.i32());
  g.storeStateField(st, offsets::fault,
                    g.bor(fault, g.zext(g.i32(), overflow)));
  g.storeStateField(st, offsets::localSP, g.select(overflow, sp, end));
  return g.select(overflow, g.cst(g.i64(), 0), base);
}

/// local_alloc: a device function's frame, 16-byte aligned.
struct LocalAllocLowering : PTXPattern<ptx::LocalAllocOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalAllocOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return pushLocalStack(g, a.getState(),
                          g.cst(g.i64(), int64_t(op.getSize())), 16,
                          /*sizeMayWrap=*/false);
  }
};

/// alloca: a run-time size, aligned to at least 8 (the ISA's minimum).
struct LocalAllocaLowering : PTXPattern<ptx::LocalAllocaOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalAllocaOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return pushLocalStack(g, a.getState(), a.getSize(),
                          std::max<int64_t>(int64_t(op.getAlign()), 8),
                          /*sizeMayWrap=*/true);
  }
};

/// stacksave / stackrestore: the thread's local stack pointer.
struct StackSaveLowering : PTXPattern<ptx::StackSaveOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::StackSaveOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return g.stateField(a.getState(), offsets::localSP, g.i64());
  }
};

struct StackRestoreLowering : PTXPattern<ptx::StackRestoreOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::StackRestoreOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    g.storeStateField(a.getState(), offsets::localSP, a.getSp());
    return Value();
  }
};

struct LocalFreeLowering : PTXPattern<ptx::LocalFreeOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalFreeOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    g.storeStateField(a.getState(), offsets::localSP, a.getBase());
    return Value();
  }
};

} // namespace

void ptxjit::populateMemoryToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                          RewritePatternSet &patterns) {
  patterns.add<CheckAccessLowering, WindowPtrLowering, CvtaLowering, IsspacepLowering, MapaLowering,
               GetctarankLowering, LdLowering,
               StLowering, AtomLowering, LocalInitLowering, LocalAllocLowering,
               LocalAllocaLowering, StackSaveLowering, StackRestoreLowering,
               LocalFreeLowering>(typeConverter);
}
