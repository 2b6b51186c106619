//===- SpecialRegToLLVM.cpp - lower the special registers to LLVM ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// sreg: the special registers (%tid, %ctaid, %laneid, %clock, ...) are
// fields of the thread state the runtime fills (rt::offsets), values
// derived from them, calls of the clock helpers, or constants.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;
namespace offsets = ptxjit::rt::offsets;

Value Gen::clusterCtaid(Value state, unsigned dim) {
  return urem(stateField(state, offsets::ctaid + 4 * dim, i32()),
              stateField(state, offsets::clusterNctaid + 4 * dim, i32()));
}

Value Gen::clusterCtarank(Value state) {
  Value nx = stateField(state, offsets::clusterNctaid, i32());
  Value ny = stateField(state, offsets::clusterNctaid + 4, i32());
  return add(clusterCtaid(state, 0),
             mul(nx, add(clusterCtaid(state, 1),
                         mul(ny, clusterCtaid(state, 2)))));
}

namespace {

/// %warpid is the linear thread id shifted right by this.
constexpr unsigned kLog2WarpSize = 5;
static_assert(1u << kLog2WarpSize == rt::kWarpSize);

struct SregLowering : PTXPattern<ptx::SregOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SregOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    using S = ptx::SpecialReg;
    Value st = a.getState();
    Type i32 = g.i32(), i64 = g.i64();
    auto field = [&](unsigned off) { return g.stateField(st, off, i32); };
    // Warps are runs of kWarpSize threads in linear order (x fastest), as
    // the scheduler groups them (lib/Runtime/Scheduler.cpp).
    auto linearTid = [&]() {
      Value x = field(offsets::tid), y = field(offsets::tid + 4),
            z = field(offsets::tid + 8);
      Value nx = field(offsets::ntid), ny = field(offsets::ntid + 4);
      return g.add(x, g.mul(nx, g.add(y, g.mul(ny, z))));
    };
    auto laneId = [&]() {
      return g.band(linearTid(), g.cst(i32, rt::kWarpSize - 1));
    };
    S reg = op.getReg();
    switch (reg) {
    case S::tid_x: case S::tid_y: case S::tid_z:
      return field(offsets::tid + 4 * (unsigned(reg) - unsigned(S::tid_x)));
    case S::ntid_x: case S::ntid_y: case S::ntid_z:
      return field(offsets::ntid + 4 * (unsigned(reg) - unsigned(S::ntid_x)));
    case S::ctaid_x: case S::ctaid_y: case S::ctaid_z:
      return field(offsets::ctaid +
                   4 * (unsigned(reg) - unsigned(S::ctaid_x)));
    case S::nctaid_x: case S::nctaid_y: case S::nctaid_z:
      return field(offsets::nctaid +
                   4 * (unsigned(reg) - unsigned(S::nctaid_x)));
    case S::laneid:
      return laneId();
    case S::warpid:
      return g.lshr(linearTid(), g.cst(i32, kLog2WarpSize));
    case S::nwarpid: {
      Value n =
          g.mul(field(offsets::ntid),
                g.mul(field(offsets::ntid + 4), field(offsets::ntid + 8)));
      return g.lshr(g.add(n, g.cst(i32, rt::kWarpSize - 1)),
                    g.cst(i32, kLog2WarpSize));
    }
    case S::smid:
      return field(offsets::smId);
    case S::nsmid:
      return field(offsets::numSms);
    case S::gridid:
      return g.stateField(st, offsets::gridId, i64);
    case S::lanemask_eq: case S::lanemask_le: case S::lanemask_lt:
    case S::lanemask_ge: case S::lanemask_gt: {
      Value lane = laneId();
      Value bit = g.shl(g.cst(i32, 1), lane);
      Value lt = g.sub(bit, g.cst(i32, 1));
      switch (reg) {
      case S::lanemask_eq: return bit;
      case S::lanemask_lt: return lt;
      case S::lanemask_le: return g.bor(lt, bit);
      case S::lanemask_ge: return g.bnot(lt);
      default: return g.bnot(g.bor(lt, bit));
      }
    }
    case S::clock: case S::clock_hi: case S::clock64: {
      Value c = g.call(op, "ptxrt_clock64", i64, {});
      if (reg == S::clock64)
        return c;
      if (reg == S::clock_hi)
        c = g.lshr(c, g.cst(i64, 32));
      return g.trunc(i32, c);
    }
    case S::globaltimer: case S::globaltimer_lo: case S::globaltimer_hi: {
      Value t = g.call(op, "ptxrt_globaltimer", i64, {});
      if (reg == S::globaltimer)
        return t;
      if (reg == S::globaltimer_hi)
        t = g.lshr(t, g.cst(i64, 32));
      return g.trunc(i32, t);
    }
    case S::envreg:
      return field(offsets::envreg + 4 * op.getIndex());
    case S::dynamic_smem_size:
      return field(offsets::dynamicSharedBytes);
    case S::total_smem_size: case S::aggr_smem_size:
      return field(offsets::totalSharedBytes);
    case S::warpsz:
      return g.cst(i32, rt::kWarpSize);
    // Clusters (ThreadState.h): the shape is a field; the CTA's place in
    // its cluster and the cluster's place in the grid follow from %ctaid.
    case S::is_explicit_cluster:
      return g.icmp(LLVM::ICmpPredicate::ne, field(offsets::isExplicitCluster),
                    g.cst(i32, 0));
    case S::cluster_ctarank:
      return g.clusterCtarank(st);
    case S::cluster_ctaid_x: case S::cluster_ctaid_y: case S::cluster_ctaid_z:
      return g.clusterCtaid(st, unsigned(reg) - unsigned(S::cluster_ctaid_x));
    case S::cluster_nctarank:
      return g.mul(field(offsets::clusterNctaid),
                   g.mul(field(offsets::clusterNctaid + 4),
                         field(offsets::clusterNctaid + 8)));
    case S::cluster_nctaid_x: case S::cluster_nctaid_y:
    case S::cluster_nctaid_z:
      return field(offsets::clusterNctaid +
                   4 * (unsigned(reg) - unsigned(S::cluster_nctaid_x)));
    case S::clusterid_x: case S::clusterid_y: case S::clusterid_z: {
      unsigned dim = unsigned(reg) - unsigned(S::clusterid_x);
      return g.udiv(field(offsets::ctaid + 4 * dim),
                    field(offsets::clusterNctaid + 4 * dim));
    }
    case S::nclusterid_x: case S::nclusterid_y: case S::nclusterid_z: {
      unsigned dim = unsigned(reg) - unsigned(S::nclusterid_x);
      return g.udiv(field(offsets::nctaid + 4 * dim),
                    field(offsets::clusterNctaid + 4 * dim));
    }
    // No performance monitor counts events, and no graph is running.
    case S::pm: case S::pm64: case S::current_graph_exec:
      return g.cst(op.getType(), 0);
    case S::reserved_smem: {
      // The reserved region follows the CTA's shared memory (16-aligned);
      // cooperative groups keeps its tile barriers at offset 1.
      Value begin = g.band(g.add(field(offsets::totalSharedBytes),
                                 g.cst(i32, 15)),
                           g.cst(i32, -16));
      switch (op.getIndex()) {
      case ptx::ReservedSmemBegin: case ptx::ReservedSmem0: return begin;
      case ptx::ReservedSmemEnd:
        return g.add(begin, g.cst(i32, rt::kReservedSharedBytes));
      case ptx::ReservedSmemCap: return g.cst(i32, rt::kReservedSharedBytes);
      case ptx::ReservedSmem1:
        return g.add(begin, g.cst(i32, rt::kReservedSharedBytes / 2));
      }
      return rewriter.notifyMatchFailure(op, "unknown reserved shared "
                                             "memory offset");
    }
    }
    return rewriter.notifyMatchFailure(op, "unknown special register");
  }
};

} // namespace

void ptxjit::populateSpecialRegToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<SregLowering>(typeConverter);
}
