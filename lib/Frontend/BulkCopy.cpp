//===- BulkCopy.cpp - bulk and tensor copies, tensor maps -----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cp.async.bulk, cp.reduce.async.bulk and their prefetch (9.7.9.25.4),
// cp{.reduce}.async.bulk.tensor and cp.async.bulk.prefetch.tensor
// (9.7.9.25.5), cp.async.bulk.commit_group / wait_group (9.7.9.25.6),
// tensormap.replace (9.7.9.26), tensormap.cp_fenceproxy (9.7.13.16) and
// clusterlaunchcontrol (9.7.13.17, 9.7.13.18).
//
// Each copy, reduction or tensor-map update becomes one `ptx.async_bulk`:
// the operands go into an operand block (Runtime/BulkCopy.h) and the
// runtime does the whole operation (Runtime/BulkCopy.cpp). Copies complete
// when they are issued, so the bulk async-groups and the prefetches have
// nothing to do.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "ptxjit/Runtime/BulkCopy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
namespace bulk = ptxjit::rt::bulk;

namespace {

/// The state spaces a bulk copy names, in the order written (destination
/// first).
std::optional<bulk::Space> bulkSpace(Mod mod) {
  switch (mod) {
  case Mod::global: return bulk::Global;
  case Mod::shared:
  case Mod::shared_cta: return bulk::SharedCta;
  case Mod::shared_cluster: return bulk::SharedCluster;
  default: return std::nullopt;
  }
}

StringRef spaceName(bulk::Space space) {
  switch (space) {
  case bulk::Global: return ".global";
  case bulk::SharedCta: return ".shared::cta";
  case bulk::SharedCluster: return ".shared::cluster";
  }
  return "";
}

} // namespace

/// Stores \p value (an integer of at most 64 bits, or a pointer) as word
/// \p slot of the operand block.
void FunctionEmitter::storeBulkSlot(Value block, unsigned slot, Value value,
                                    bool isSigned) {
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    value = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  else if (value.getType().getIntOrFloatBitWidth() < 64)
    value = isSigned
                ? arith::ExtSIOp::create(b, loc, b.getI64Type(), value)
                      .getResult()
                : arith::ExtUIOp::create(b, loc, b.getI64Type(), value)
                      .getResult();
  Value ptr = LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                  b.getI8Type(), block,
                                  ArrayRef<LLVM::GEPArg>{int32_t(slot * 8)});
  LLVM::StoreOp::create(b, loc, value, ptr);
}

/// The host address of the memory operand \p op in \p space.
FailureOr<Value> FunctionEmitter::bulkAddress(const Operand &op,
                                              bulk::Space space) {
  StateSpace access =
      space == bulk::Global ? StateSpace::global : StateSpace::shared;
  FailureOr<Value> addr = addressValue(op, access);
  if (failed(addr))
    return failure();
  return hostPointer(access, *addr);
}

/// The host address of the tensor map of `[tensorMap, {coords}]`: a
/// generic address in a register, or a `.param`, `.const` or `.global`
/// variable named directly.
FailureOr<Value> FunctionEmitter::tensorMapAddress(const Operand &op) {
  if (op.kind != Operand::Address || op.elems.empty())
    return error(op.loc) << "expected '[tensorMap, {coordinates}]'",
           failure();
  Value addr;
  if (op.hasBaseReg) {
    PtxType regType = fn.regs[op.reg].type;
    if (!regType.isInt() || regType.width() != 64)
      return error(op.loc) << "the tensor map's address register '"
                           << fn.regs[op.reg].name
                           << "' must be a 64-bit integer",
             failure();
    addr = readVar(op.reg, cur);
  } else if (!op.symbol.empty()) {
    Operand sym = op;
    sym.kind = Operand::Symbol;
    sym.imm = 0;
    sym.elems.clear();
    FailureOr<std::pair<Value, StateSpace>> found = symbolAddress(sym);
    if (failed(found))
      return failure();
    auto [value, space] = *found;
    if (space != StateSpace::param && space != StateSpace::constant &&
        space != StateSpace::global)
      return error(op.loc) << "a tensor map lives in .param, .const or "
                              ".global memory, not in ."
                           << ptx::stringifyStateSpace(space),
             failure();
    addr = value;
    if (space != StateSpace::global)
      addr = ptx::CvtaOp::create(b, loc, b.getI64Type(), state, addr, space,
                                 /*to_generic=*/true);
  } else {
    return error(op.loc) << "expected the tensor map's address", failure();
  }
  if (op.imm)
    addr = arith::AddIOp::create(b, loc, addr, i64Const(op.imm));
  return hostPointer(StateSpace::generic, addr);
}

/// cp.async.bulk{.prefetch}{.tensor}, cp.reduce.async.bulk{.tensor}, and
/// the bulk async-group instructions. \p reduce: `cp.reduce`.
LogicalResult FunctionEmitter::emitCpAsyncBulk(Mods &mods, bool reduce) {
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType b64 = PtxType::make(PtxType::Bits, 64);
  if (!mods.take(Mod::bulk))
    return instrError() << "write 'cp.reduce.async.bulk'", failure();
  if (!reduce) {
    if (mods.take(Mod::commit_group)) {
      if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
        return failure();
      return success();
    }
    if (mods.take(Mod::wait_group)) {
      mods.take(Mod::read);
      if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
        return failure();
      if (operand(0).kind != Operand::Imm || operand(0).imm < 0)
        return error(operand(0).loc) << "'cp.async.bulk.wait_group' needs a "
                                        "non-negative integer constant",
               failure();
      return success();
    }
  }
  bool tensor = mods.take(Mod::tensor);
  bool prefetch = !reduce && mods.take(Mod::prefetch);
  std::optional<Mod> dimMod =
      mods.takeAny({Mod::_1d, Mod::_2d, Mod::_3d, Mod::_4d, Mod::_5d});
  unsigned dims = !dimMod                ? 0
                  : *dimMod == Mod::_1d ? 1
                  : *dimMod == Mod::_2d ? 2
                  : *dimMod == Mod::_3d ? 3
                  : *dimMod == Mod::_4d ? 4
                                        : 5;
  std::optional<Mod> loadMode = mods.takeAny(
      {Mod::tile, Mod::tile_gather4, Mod::tile_scatter4, Mod::im2col,
       Mod::im2col_w, Mod::im2col_w_128, Mod::im2col_no_offs});
  bool cacheHint = mods.take(Mod::L2_cache_hint);
  std::optional<Mod> redOp;
  if (reduce)
    redOp = mods.takeAny({Mod::add, Mod::min, Mod::max, Mod::inc, Mod::dec,
                          Mod::and_, Mod::or_, Mod::xor_});
  StringRef opcode = reduce ? "cp.reduce.async.bulk" : "cp.async.bulk";
  std::string name = (opcode + (tensor ? ".tensor" : "")).str();
  if (tensor != bool(dimMod))
    return instrError() << "'" << name << "' "
                        << (tensor ? "needs the tensor dimensions ('.2d')"
                                   : "with dimensions needs '.tensor'"),
           failure();
  if (!tensor && loadMode)
    return instrError() << "a load mode applies to the tensor copies only",
           failure();
  if (loadMode && *loadMode != Mod::tile)
    return instrError() << "'" << name << "' with '." << spelling(*loadMode)
                        << "' is not supported yet (ptxjit runs the '.tile' "
                           "mode)",
           failure();

  if (prefetch) {
    // cp.async.bulk.prefetch{.tensor}.L2.global: a hint; the operands are
    // still read, so that their errors are reported.
    bool l2 = mods.take(Mod::L2);
    bool global = mods.take(Mod::global);
    if (failed(checkAllUsed(mods)))
      return failure();
    if (!l2 || !global)
      return instrError() << "write '" << name << ".L2.global'", failure();
    unsigned count = tensor ? 1 : 2;
    if (failed(readCachePolicy(cacheHint, count)))
      return failure();
    if (tensor) {
      if (failed(tensorMapAddress(operand(0))))
        return failure();
      for (const Operand &c : operand(0).elems)
        if (failed(read(c, b32, /*relaxed=*/true)))
          return failure();
      return success();
    }
    if (failed(bulkAddress(operand(0), bulk::Global)) ||
        failed(read(operand(1), b32, /*relaxed=*/true)))
      return failure();
    return success();
  }

  // The state spaces, destination first.
  SmallVector<bulk::Space, 2> spaces;
  while (std::optional<Mod> space = mods.takeAny(
             {Mod::global, Mod::shared, Mod::shared_cta, Mod::shared_cluster}))
    spaces.push_back(*bulkSpace(*space));
  std::optional<Mod> completion = mods.takeAny(
      {Mod::mbarrier_complete_tx_bytes, Mod::bulk_group});
  bool multicast = mods.take(Mod::multicast_cluster);
  bool ignoreOob = mods.take(Mod::ignore_oob);
  bool cpMask = mods.take(Mod::cp_mask);
  std::optional<Mod> ctaGroup =
      mods.takeAny({Mod::cta_group_1, Mod::cta_group_2});
  bool noftz = reduce && mods.take(Mod::noftz);
  SmallVector<StringRef, 2> typeNames = mods.takeTypeNames({});
  if (failed(checkAllUsed(mods)))
    return failure();
  if (spaces.size() != 2 || !completion)
    return instrError() << "'" << name << "' needs a destination and a source "
                        << "state space and a completion mechanism "
                        << "('.shared::cluster.global.mbarrier::complete_tx::"
                           "bytes' or '.global.shared::cta.bulk_group')",
           failure();
  bulk::Space dst = spaces[0], src = spaces[1];
  bool toShared = dst != bulk::Global;
  bool viaMbarrier = *completion == Mod::mbarrier_complete_tx_bytes;
  // The directions of 9.7.9.25.4-5, each with its completion mechanism.
  bool validDirection =
      toShared ? (viaMbarrier &&
                  (src == bulk::Global ||
                   (!tensor && dst == bulk::SharedCluster &&
                    src == bulk::SharedCta)))
               : (!viaMbarrier && src == bulk::SharedCta);
  if (reduce && !tensor)
    validDirection = toShared ? (dst == bulk::SharedCluster &&
                                 src == bulk::SharedCta && viaMbarrier)
                              : validDirection;
  if (reduce && tensor)
    validDirection = !toShared && validDirection;
  if (!validDirection)
    return instrError() << "'" << name << "' does not copy from "
                        << spaceName(src) << " to " << spaceName(dst)
                        << " with '." << spelling(*completion) << "'",
           failure();
  if (multicast && !(dst == bulk::SharedCluster && src == bulk::Global))
    return instrError() << "'.multicast::cluster' needs "
                           "'.shared::cluster.global'",
           failure();
  if (ignoreOob && (tensor || dst != bulk::SharedCta || src != bulk::Global))
    return instrError() << "'.ignore_oob' needs 'cp.async.bulk.shared::cta."
                           "global'",
           failure();
  if (cpMask && (tensor || dst != bulk::Global))
    return instrError() << "'.cp_mask' needs 'cp.async.bulk.global."
                           "shared::cta'",
           failure();
  if (ctaGroup && *ctaGroup == Mod::cta_group_2)
    return instrError() << "'.cta_group::2' (a CTA pair of sm_100a) is not "
                           "supported yet",
           failure();
  if (cacheHint && !tensor && dst == bulk::SharedCluster &&
      src == bulk::SharedCta)
    return instrError() << "'.L2::cache_hint' does not apply to a copy "
                           "between shared memories",
           failure();

  // The reduction and its element type.
  bulk::RedOp op = bulk::Add;
  bulk::Elem elem = bulk::ElemNone;
  if (reduce) {
    if (!redOp)
      return instrError() << "'" << name << "' needs a reduction ('.add')",
             failure();
    op = *redOp == Mod::add   ? bulk::Add
         : *redOp == Mod::min ? bulk::Min
         : *redOp == Mod::max ? bulk::Max
         : *redOp == Mod::inc ? bulk::Inc
         : *redOp == Mod::dec ? bulk::Dec
         : *redOp == Mod::and_ ? bulk::And
         : *redOp == Mod::or_  ? bulk::Or
                               : bulk::Xor;
    if (tensor) {
      // The element type is the tensor map's.
      if (!typeNames.empty() || noftz)
        return instrError() << "'" << name << "' takes its element type from "
                               "the tensor map",
               failure();
    } else {
      if (typeNames.size() != 1)
        return instrError() << "'" << name << "' needs one element type",
               failure();
      StringRef t = typeNames[0];
      elem = llvm::StringSwitch<bulk::Elem>(t)
                 .Case("f16", bulk::F16)
                 .Case("bf16", bulk::BF16)
                 .Case("b32", bulk::B32)
                 .Case("u32", bulk::U32)
                 .Case("s32", bulk::S32)
                 .Case("b64", bulk::B64)
                 .Case("u64", bulk::U64)
                 .Case("s64", bulk::S64)
                 .Case("f32", bulk::F32)
                 .Case("f64", bulk::F64)
                 .Default(bulk::ElemNone);
      // The combinations of the ISA's table (9.7.9.25.4.2).
      bool shared = toShared;
      bool ok = false;
      switch (op) {
      case bulk::Add:
        ok = t == "u32" || t == "s32" || t == "u64" ||
             (!shared && (t == "f32" || t == "f64" || t == "f16" ||
                          t == "bf16"));
        break;
      case bulk::Min:
      case bulk::Max:
        ok = t == "u32" || t == "s32" ||
             (!shared && (t == "u64" || t == "s64" || t == "f16" ||
                          t == "bf16"));
        break;
      case bulk::Inc:
      case bulk::Dec: ok = t == "u32"; break;
      default: ok = t == "b32" || (!shared && t == "b64"); break;
      }
      if (!ok || elem == bulk::ElemNone)
        return instrError() << "'" << name << "." << spelling(*redOp)
                            << "' does not reduce '." << t << "' into "
                            << spaceName(dst),
               failure();
      bool half = elem == bulk::F16 || elem == bulk::BF16;
      if (op == bulk::Add && half && !noftz)
        return instrError() << "'" << name << ".add' of '." << t
                            << "' needs '.noftz'",
               failure();
      if (noftz && !(op == bulk::Add && half))
        return instrError() << "'.noftz' applies to the f16 and bf16 add only",
               failure();
    }
  } else if (!typeNames.empty()) {
    return instrError() << "'" << name << "' takes no type", failure();
  }

  auto form = bulk::Form::make(
      !tensor   ? (reduce ? bulk::Reduce : bulk::Copy)
      : reduce  ? bulk::TensorReduce
      : toShared ? bulk::TensorLoad
                 : bulk::TensorStore,
      dst, src);
  form.withMbarrier(viaMbarrier)
      .withMulticast(multicast)
      .withIgnoreOob(ignoreOob)
      .withCpMask(cpMask)
      .withDims(dims)
      .withLoadMode(bulk::Tile)
      .withReduction(op, elem, noftz);
  Value block = entrySlot(bulk::kBlockBytes, 8);

  // The operands, in the order of each syntax.
  unsigned next = 0;
  auto take = [&]() -> const Operand * {
    return next < curInstr->operands.size() ? &curInstr->operands[next++]
                                            : nullptr;
  };
  auto missing = [&](StringRef what) {
    return instrError() << "'" << name << "' is missing its " << what
                        << " operand",
           failure();
  };
  auto storeAddress = [&](unsigned slot, const Operand *op,
                          bulk::Space space) -> LogicalResult {
    FailureOr<Value> ptr = bulkAddress(*op, space);
    if (failed(ptr))
      return failure();
    storeBulkSlot(block, slot, *ptr);
    return success();
  };
  auto storeValue = [&](unsigned slot, const Operand *op, PtxType type,
                        bool isSigned = false) -> LogicalResult {
    FailureOr<Value> v = read(*op, type, /*relaxed=*/true);
    if (failed(v))
      return failure();
    storeBulkSlot(block, slot, *v, isSigned);
    return success();
  };
  // [mbar] (shared memory) and, with .multicast::cluster, ctaMask.
  auto takeCompletion = [&]() -> LogicalResult {
    const Operand *mbar = take();
    if (!mbar)
      return missing("[mbar]");
    if (failed(storeAddress(bulk::kMbar, mbar, bulk::SharedCta)))
      return failure();
    if (!multicast)
      return success();
    const Operand *mask = take();
    if (!mask)
      return missing("ctaMask");
    return storeValue(bulk::kCtaMask, mask, PtxType::make(PtxType::Bits, 16));
  };

  if (tensor) {
    const Operand *dstOp = nullptr, *mapOp = nullptr, *srcOp = nullptr;
    if (toShared) {
      dstOp = take();
      mapOp = take();
    } else {
      mapOp = take();
      srcOp = take();
    }
    if (!mapOp || (toShared ? !dstOp : !srcOp))
      return missing(toShared ? "[dstMem] or [tensorMap, coordinates]"
                              : "[tensorMap, coordinates] or [srcMem]");
    FailureOr<Value> map = tensorMapAddress(*mapOp);
    if (failed(map))
      return failure();
    storeBulkSlot(block, bulk::kMap, *map);
    if (mapOp->elems.size() != dims)
      return error(mapOp->loc) << "a ." << dims << "d tensor copy takes "
                               << dims << " coordinates, not "
                               << mapOp->elems.size(),
             failure();
    for (unsigned i = 0; i < dims; ++i)
      if (failed(storeValue(bulk::kCoord0 + i, &mapOp->elems[i], b32,
                            /*isSigned=*/true)))
        return failure();
    if (toShared) {
      if (failed(storeAddress(bulk::kDst, dstOp, dst)) ||
          failed(takeCompletion()))
        return failure();
    } else if (failed(storeAddress(bulk::kSrc, srcOp, src))) {
      return failure();
    }
  } else {
    const Operand *dstOp = take(), *srcOp = take(), *sizeOp = take();
    if (!dstOp || !srcOp || !sizeOp)
      return missing("[dstMem], [srcMem] or size");
    if (failed(storeAddress(bulk::kDst, dstOp, dst)) ||
        failed(storeAddress(bulk::kSrc, srcOp, src)) ||
        failed(storeValue(bulk::kSize, sizeOp, b32)))
      return failure();
    if (ignoreOob) {
      const Operand *left = take(), *right = take();
      if (!left || !right)
        return missing("ignoreBytesLeft or ignoreBytesRight");
      if (failed(storeValue(bulk::kExtra0, left, b32)) ||
          failed(storeValue(bulk::kExtra1, right, b32)))
        return failure();
    }
    if (viaMbarrier && failed(takeCompletion()))
      return failure();
  }
  if (cacheHint) {
    const Operand *policy = take();
    if (!policy)
      return missing("cache-policy");
    if (failed(read(*policy, b64, /*relaxed=*/true)))
      return failure();
  }
  if (cpMask) {
    const Operand *mask = take();
    if (!mask)
      return missing("byteMask");
    if (failed(storeValue(bulk::kExtra0, mask,
                          PtxType::make(PtxType::Bits, 16))))
      return failure();
  }
  if (next != curInstr->operands.size())
    return error(curInstr->operands[next].loc)
               << "unexpected operand of '" << name << "'"
               << (cacheHint ? "" : " (a cache policy needs '.L2::cache_hint')"),
           failure();
  ptx::AsyncBulkOp::create(b, loc, state, block,
                           b.getI64IntegerAttr(int64_t(form.bits)));
  return success();
}

/// clusterlaunchcontrol.try_cancel (9.7.13.17): one `ptx.async_bulk`
/// whose runtime takes a cluster of the launch that has not started; and
/// clusterlaunchcontrol.query_cancel (9.7.13.18), which decodes the 16-byte
/// response (BulkCopy.h, `CancelWord`) with integer operations.
LogicalResult FunctionEmitter::emitClusterlaunchcontrol(Mods &mods) {
  // The table requires one of the two.
  bool tryCancel = mods.takeAny({Mod::try_cancel, Mod::query_cancel}) ==
                   Mod::try_cancel;
  PtxType b128 = PtxType::make(PtxType::Bits, 128);
  if (tryCancel) {
    bool async = mods.take(Mod::async);
    bool sharedCta = mods.take(Mod::shared_cta);
    bool viaMbarrier = mods.take(Mod::mbarrier_complete_tx_bytes);
    bool multicastAll = mods.take(Mod::multicast_cluster_all);
    SmallVector<StringRef, 2> types = mods.takeTypeNames({});
    if (failed(checkAllUsed(mods)))
      return failure();
    if (!async || !viaMbarrier || types.size() != 1 || types[0] != "b128")
      return instrError() << "write 'clusterlaunchcontrol.try_cancel.async"
                             "{.shared::cta}.mbarrier::complete_tx::bytes"
                             "{.multicast::cluster::all}.b128 [addr], [mbar]'",
             failure();
    // Without .shared::cta both operands are generic addresses.
    StateSpace access = sharedCta ? StateSpace::shared : StateSpace::generic;
    FailureOr<Value> response = addressValue(operand(0), access);
    FailureOr<Value> mbar = addressValue(operand(1), access);
    if (failed(response) || failed(mbar))
      return failure();
    Value block = entrySlot(bulk::kBlockBytes, 8);
    storeBulkSlot(block, bulk::kDst, hostPointer(access, *response));
    storeBulkSlot(block, bulk::kMbar, hostPointer(access, *mbar));
    // ::all: every CTA of the cluster (the runtime drops ranks that do not
    // exist).
    storeBulkSlot(block, bulk::kCtaMask, i64Const(0xffff));
    bulk::Form form =
        bulk::Form::make(bulk::CancelCluster, bulk::SharedCta, bulk::Global);
    form.withMbarrier().withMulticast(multicastAll);
    ptx::AsyncBulkOp::create(b, loc, state, block,
                             b.getI64IntegerAttr(int64_t(form.bits)));
    return success();
  }

  std::optional<Mod> query =
      mods.takeAny({Mod::is_canceled, Mod::get_first_ctaid,
                    Mod::get_first_ctaid_x, Mod::get_first_ctaid_y,
                    Mod::get_first_ctaid_z});
  bool v4 = mods.take(Mod::v4);
  SmallVector<StringRef, 2> types = mods.takeTypeNames({});
  if (failed(checkAllUsed(mods)))
    return failure();
  StringRef resultType = query == Mod::is_canceled ? "pred" : "b32";
  bool vectorForm = query == Mod::get_first_ctaid;
  if (!query || v4 != vectorForm || types.size() != 2 ||
      types[0] != resultType || types[1] != "b128")
    return instrError()
               << "write 'clusterlaunchcontrol.query_cancel.is_canceled.pred."
                  "b128 p, response', '...get_first_ctaid.v4.b32.b128 {x, y, "
                  "z, _}, response' or '...get_first_ctaid::{x|y|z}.b32.b128 "
                  "d, response'",
           failure();
  FailureOr<Value> response = read(operand(1), b128);
  if (failed(response))
    return failure();
  auto word = [&](unsigned index) -> Value {
    Value shifted = *response;
    if (index)
      shifted = arith::ShRUIOp::create(
          b, loc, shifted, intConst(b.getIntegerType(128), 32 * index));
    return arith::TruncIOp::create(b, loc, b.getI32Type(), shifted);
  };
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  if (query == Mod::is_canceled) {
    Value cancelled = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, word(bulk::kCancelled), i32Const(0));
    return write(operand(0), cancelled, PtxType::make(PtxType::Pred, 1));
  }
  if (!vectorForm) {
    unsigned dim = query == Mod::get_first_ctaid_x   ? 0
                   : query == Mod::get_first_ctaid_y ? 1
                                                     : 2;
    return write(operand(0), word(bulk::kFirstCtaidX + dim), b32);
  }
  const Operand &dst = operand(0);
  if (failed(checkVectorOperand(dst, 4, "destination", "registers")))
    return failure();
  // The fourth element is unspecified: it gets the cancelled flag.
  for (unsigned i = 0; i < 4; ++i)
    if (failed(write(dst.elems[i],
                     word(i < 3 ? bulk::kFirstCtaidX + i : bulk::kCancelled),
                     b32)))
      return failure();
  return success();
}

/// tensormap.replace and tensormap.cp_fenceproxy.
LogicalResult FunctionEmitter::emitTensormap(Mods &mods) {
  if (mods.take(Mod::cp_fenceproxy)) {
    // tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic
    //     .release.scope.sync.aligned [dst], [src], 128
    bool global = mods.take(Mod::global);
    bool shared = mods.take(Mod::shared_cta);
    bool proxy = mods.take(Mod::tensormap_generic);
    bool release = mods.take(Mod::release);
    std::optional<ptx::MemScope> scope = mods.takeEnum<ptx::MemScope>(
        {ptx::MemScope::cta, ptx::MemScope::cluster, ptx::MemScope::gpu,
         ptx::MemScope::sys});
    bool sync = mods.take(Mod::sync);
    bool aligned = mods.take(Mod::aligned);
    if (failed(checkAllUsed(mods)) || failed(expectOperands(3)))
      return failure();
    if (!global || !shared || !proxy || !release || !scope || !sync ||
        !aligned)
      return instrError() << "write 'tensormap.cp_fenceproxy.global."
                             "shared::cta.tensormap::generic.release.<scope>"
                             ".sync.aligned'",
             failure();
    if (operand(2).kind != Operand::Imm || operand(2).imm != 128)
      return error(operand(2).loc) << "'tensormap.cp_fenceproxy' copies 128 "
                                      "bytes (the constant 128)",
             failure();
    Value block = entrySlot(bulk::kBlockBytes, 8);
    FailureOr<Value> dst = bulkAddress(operand(0), bulk::Global);
    FailureOr<Value> src = bulkAddress(operand(1), bulk::SharedCta);
    if (failed(dst) || failed(src))
      return failure();
    storeBulkSlot(block, bulk::kDst, *dst);
    storeBulkSlot(block, bulk::kSrc, *src);
    auto form = bulk::Form::make(bulk::CopyTensorMap, bulk::Global,
                                 bulk::SharedCta);
    ptx::AsyncBulkOp::create(b, loc, state, block,
                             b.getI64IntegerAttr(int64_t(form.bits)));
    return success();
  }
  // tensormap.replace.tile.field{.ss}.b1024.type [addr], {ord,} new_val
  bool replace = mods.take(Mod::replace);
  std::optional<Mod> mode = mods.takeAny(
      {Mod::tile, Mod::tile_gather4, Mod::tile_scatter4, Mod::im2col,
       Mod::im2col_w, Mod::im2col_w_128, Mod::im2col_no_offs});
  std::optional<Mod> field = mods.takeAny(
      {Mod::global_address, Mod::rank, Mod::box_dim, Mod::global_dim,
       Mod::global_stride, Mod::element_stride, Mod::elemtype,
       Mod::interleave_layout, Mod::swizzle_mode, Mod::swizzle_atomicity,
       Mod::fill_mode});
  std::optional<Mod> space = mods.takeAny({Mod::global, Mod::shared_cta});
  bool b1024 = mods.take(Mod::b1024);
  SmallVector<StringRef, 2> typeNames = mods.takeTypeNames({});
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!replace || !field || !b1024 || typeNames.size() != 1)
    return instrError() << "write 'tensormap.replace.tile.<field>{.global|"
                           ".shared::cta}.b1024.<type>' or "
                           "'tensormap.cp_fenceproxy...'",
           failure();
  if (!mode || *mode != Mod::tile)
    return instrError() << "'tensormap.replace' takes the mode '.tile'",
           failure();
  bool wide = *field == Mod::global_address || *field == Mod::global_stride;
  if (typeNames[0] != (wide ? "b64" : "b32"))
    return instrError() << "'tensormap.replace." << spelling(*field)
                        << "' takes a ." << (wide ? "b64" : "b32")
                        << " value",
           failure();
  bool hasOrd = *field == Mod::box_dim || *field == Mod::global_dim ||
                *field == Mod::global_stride || *field == Mod::element_stride;
  bool immediateOnly = *field == Mod::elemtype ||
                       *field == Mod::interleave_layout ||
                       *field == Mod::swizzle_mode ||
                       *field == Mod::swizzle_atomicity ||
                       *field == Mod::fill_mode;
  if (failed(expectOperands(hasOrd ? 3 : 2)))
    return failure();
  Value block = entrySlot(bulk::kBlockBytes, 8);
  StateSpace access = !space                  ? StateSpace::generic
                      : *space == Mod::global ? StateSpace::global
                                              : StateSpace::shared;
  FailureOr<Value> addr = addressValue(operand(0), access);
  if (failed(addr))
    return failure();
  storeBulkSlot(block, bulk::kDst, hostPointer(access, *addr));
  if (hasOrd) {
    const Operand &ord = operand(1);
    if (ord.kind != Operand::Imm || ord.imm < 0 ||
        ord.imm >= (*field == Mod::global_stride ? 4 : 5))
      return error(ord.loc) << "the ordinal of 'tensormap.replace."
                            << spelling(*field)
                            << "' is an integer constant below "
                            << (*field == Mod::global_stride ? 4 : 5),
             failure();
    storeBulkSlot(block, bulk::kExtra0, i64Const(ord.imm));
  }
  const Operand &value = operand(hasOrd ? 2 : 1);
  if (immediateOnly) {
    // The valid values of ISA Table 33.
    int64_t limit = *field == Mod::elemtype            ? 15
                    : *field == Mod::interleave_layout ? 2
                    : *field == Mod::swizzle_mode      ? 4
                    : *field == Mod::swizzle_atomicity ? 3
                                                       : 1;
    if (value.kind != Operand::Imm || value.imm < 0 || value.imm > limit)
      return error(value.loc) << "'tensormap.replace." << spelling(*field)
                              << "' takes an integer constant from 0 to "
                              << limit,
             failure();
  }
  FailureOr<Value> v = read(value, PtxType::make(PtxType::Bits, wide ? 64 : 32),
                            /*relaxed=*/true);
  if (failed(v))
    return failure();
  storeBulkSlot(block, bulk::kExtra1, *v);
  bulk::Field which =
      llvm::StringSwitch<bulk::Field>(spelling(*field))
          .Case("global_address", bulk::FieldGlobalAddress)
          .Case("rank", bulk::FieldRank)
          .Case("box_dim", bulk::FieldBoxDim)
          .Case("global_dim", bulk::FieldGlobalDim)
          .Case("global_stride", bulk::FieldGlobalStride)
          .Case("element_stride", bulk::FieldElementStride)
          .Case("elemtype", bulk::FieldElemType)
          .Case("interleave_layout", bulk::FieldInterleave)
          .Case("swizzle_mode", bulk::FieldSwizzleMode)
          .Case("swizzle_atomicity", bulk::FieldSwizzleAtomicity)
          .Default(bulk::FieldFillMode);
  auto form = bulk::Form::make(bulk::Replace, bulk::Global, bulk::Global)
                  .withField(which);
  ptx::AsyncBulkOp::create(b, loc, state, block,
                           b.getI64IntegerAttr(int64_t(form.bits)));
  return success();
}

/// st.async (9.7.9.12): a weak store into another CTA's shared memory that
/// completes with a complete-tx of its bytes on an mbarrier there, or (sm_100)
/// a release store to global memory. The store is done at once, then the
/// complete-tx, which releases it.
LogicalResult FunctionEmitter::emitStAsync(Mods &mods) {
  bool weak = mods.take(Mod::weak);
  bool mmio = mods.take(Mod::mmio);
  std::optional<ptx::MemoryOrder> order =
      mods.takeEnum<ptx::MemoryOrder>({ptx::MemoryOrder::release});
  std::optional<ptx::MemScope> scope = mods.takeEnum<ptx::MemScope>(
      {ptx::MemScope::cluster, ptx::MemScope::gpu, ptx::MemScope::sys});
  std::optional<Mod> space =
      mods.takeAny({Mod::shared_cluster, Mod::global});
  bool viaMbarrier = mods.take(Mod::mbarrier_complete_tx_bytes);
  unsigned lanes = takeVectorWidth(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  if (order) {
    // st.async.release.{gpu,sys}{.global}.type [a], b
    if (weak || viaMbarrier || lanes != 1 || !scope ||
        *scope == ptx::MemScope::cluster ||
        (space && *space != Mod::global) ||
        (mmio && *scope != ptx::MemScope::sys))
      return instrError() << "write 'st.async{.mmio}.release.{gpu|sys}"
                             "{.global}.type [a], b'",
             failure();
    if (failed(expectOperands(2)))
      return failure();
    StateSpace access = space ? StateSpace::global : StateSpace::generic;
    FailureOr<Value> addr = addressValue(operand(0), access);
    FailureOr<Value> value = read(operand(1), *type, /*relaxed=*/true);
    if (failed(addr) || failed(value))
      return failure();
    // `.mmio` asks that the store happen exactly once, as written: a
    // release store at system scope is one host atomic store, which the
    // compiler neither drops nor merges, so it needs no volatile flag
    // (the op's `mmio` is the relaxed form of ld/st).
    ptx::StOp::create(b, loc, hostPointer(access, *addr), ValueRange{*value},
                      access, /*isVolatile=*/false, nullptr,
                      orderAttr(order), scopeAttr(scope), /*mmio=*/false);
    return success();
  }
  if (mmio || !viaMbarrier || (scope && *scope != ptx::MemScope::cluster) ||
      (space && *space != Mod::shared_cluster))
    return instrError() << "write 'st.async{.weak}{.cluster}"
                           "{.shared::cluster}.mbarrier::complete_tx::bytes"
                           "{.v2|.v4}.type [a], b, [mbar]'",
           failure();
  if (failed(expectOperands(3)))
    return failure();
  if (failed(checkVectorOperand(operand(1), lanes, "source", "values")))
    return failure();
  StateSpace access = space ? StateSpace::shared : StateSpace::generic;
  FailureOr<Value> addr = addressValue(operand(0), access);
  if (failed(addr))
    return failure();
  SmallVector<Value> values;
  const Operand &src = operand(1);
  for (unsigned i = 0; i < lanes; ++i) {
    FailureOr<Value> v =
        read(src.kind == Operand::Vector ? src.elems[i] : src, *type,
             /*relaxed=*/true);
    if (failed(v))
      return failure();
    values.push_back(*v);
  }
  FailureOr<Value> mbar = mbarrierObject(
      operand(2), space ? std::optional<Mod>(Mod::shared_cluster)
                        : std::nullopt);
  if (failed(mbar))
    return failure();
  ptx::StOp::create(b, loc, hostPointer(access, *addr), values, access,
                    /*isVolatile=*/false, nullptr, nullptr, nullptr, false);
  ptx::MbarrierOp::create(b, loc, Type(), ptx::MbarrierKind::complete_tx,
                          *mbar, Value(),
                          i32Const(int64_t(lanes) * type->width() / 8),
                          Value(), Value());
  return success();
}

/// red.async (9.7.13.7): a relaxed reduction into another CTA's shared
/// memory completing with a complete-tx of its bytes on an mbarrier there,
/// or (sm_100) a release add to global memory.
LogicalResult FunctionEmitter::emitRedAsync(Mods &mods) {
  bool mmio = mods.take(Mod::mmio);
  std::optional<ptx::MemoryOrder> order = mods.takeEnum<ptx::MemoryOrder>(
      {ptx::MemoryOrder::relaxed, ptx::MemoryOrder::release});
  std::optional<ptx::MemScope> scope = mods.takeEnum<ptx::MemScope>(
      {ptx::MemScope::cluster, ptx::MemScope::gpu, ptx::MemScope::sys});
  std::optional<Mod> space =
      mods.takeAny({Mod::shared_cluster, Mod::global});
  bool viaMbarrier = mods.take(Mod::mbarrier_complete_tx_bytes);
  std::optional<Mod> opMod =
      mods.takeAny({Mod::add, Mod::min, Mod::max, Mod::inc, Mod::dec,
                    Mod::and_, Mod::or_, Mod::xor_});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  if (!order || !scope || !opMod)
    return instrError() << "'red.async' needs '.relaxed.cluster' (or "
                           "'.release' with a scope) and an operation",
           failure();
  std::string t = type->str();
  bool release = *order == ptx::MemoryOrder::release;
  // The forms of 9.7.13.7.
  bool ok;
  switch (*opMod) {
  case Mod::inc:
  case Mod::dec: ok = !release && t == ".u32"; break;
  case Mod::min:
  case Mod::max: ok = !release && (t == ".u32" || t == ".s32"); break;
  case Mod::add:
    ok = t == ".u32" || t == ".s32" || t == ".u64" || (release && t == ".s64");
    break;
  default: ok = !release && t == ".b32"; break;
  }
  if (!ok)
    return instrError() << "'red.async" << (release ? ".release" : "")
                        << "." << spelling(*opMod) << "' does not take '" << t
                        << "'",
           failure();
  // The syntax of 9.7.13.7 lists .gpu and .cluster for the release form,
  // but its notes add .sys (PTX 8.7), which .mmio requires; ptxas accepts
  // all three.
  if (release ? (viaMbarrier || (space && *space != Mod::global) ||
                 (mmio && *scope != ptx::MemScope::sys))
              : (mmio || *scope != ptx::MemScope::cluster ||
                 (space && *space != Mod::shared_cluster)))
    return instrError() << "write 'red.async.relaxed.cluster{.shared::"
                           "cluster}{.mbarrier::complete_tx::bytes}.op.type "
                           "[a], b, [mbar]' or 'red.async{.mmio}.release."
                           "{gpu|cluster|sys}{.global}.add.type [a], b' "
                           "(.mmio with .sys)",
           failure();
  if (failed(expectOperands(release ? 2 : 3)))
    return failure();
  StateSpace access = !space ? StateSpace::generic
                      : release ? StateSpace::global
                                : StateSpace::shared;
  FailureOr<Value> addr = addressValue(operand(0), access);
  FailureOr<Value> value = read(operand(1), *type, /*relaxed=*/true);
  if (failed(addr) || failed(value))
    return failure();
  ptx::AtomicOp op = *opMod == Mod::add   ? ptx::AtomicOp::add
                     : *opMod == Mod::min ? ptx::AtomicOp::min
                     : *opMod == Mod::max ? ptx::AtomicOp::max
                     : *opMod == Mod::inc ? ptx::AtomicOp::inc
                     : *opMod == Mod::dec ? ptx::AtomicOp::dec
                     : *opMod == Mod::and_ ? ptx::AtomicOp::band
                     : *opMod == Mod::or_  ? ptx::AtomicOp::bor
                                           : ptx::AtomicOp::bxor;
  ptx::AtomOp::create(b, loc, value->getType(), hostPointer(access, *addr),
                      *value, Value(), op, access, type->isSigned(),
                      orderAttr(order), scopeAttr(scope));
  if (release)
    return success();
  FailureOr<Value> mbar = mbarrierObject(
      operand(2), space ? std::optional<Mod>(Mod::shared_cluster)
                        : std::nullopt);
  if (failed(mbar))
    return failure();
  ptx::MbarrierOp::create(b, loc, Type(), ptx::MbarrierKind::complete_tx,
                          *mbar, Value(), i32Const(type->width() / 8),
                          Value(), Value());
  return success();
}

/// multimem.ld_reduce / st / red (9.7.9.14) and multimem.cp{.reduce}.async
/// .bulk (9.7.9.25.4.4-5) with single-device semantics: a multimem address
/// of one device names one location, so ld_reduce is a load (the reduction
/// of one value is that value), st a store, red a reduction, and the bulk
/// forms cp{.reduce}.async.bulk.global.shared::cta.
LogicalResult FunctionEmitter::emitMultimem(Mods &mods) {
  std::optional<Mod> what =
      mods.takeAny({Mod::ld_reduce, Mod::st, Mod::red, Mod::cp});
  if (*what == Mod::cp) {
    bool reduce = mods.take(Mod::reduce);
    if (!mods.take(Mod::async) || !mods.has(Mod::bulk))
      return instrError() << "write 'multimem.cp{.reduce}.async.bulk...'",
             failure();
    return emitCpAsyncBulk(mods, reduce);
  }
  bool weak = mods.take(Mod::weak);
  std::optional<ptx::MemoryOrder> order = mods.takeEnum<ptx::MemoryOrder>(
      {ptx::MemoryOrder::relaxed, ptx::MemoryOrder::acquire,
       ptx::MemoryOrder::release});
  std::optional<ptx::MemScope> scope = mods.takeEnum<ptx::MemScope>(
      {ptx::MemScope::cta, ptx::MemScope::cluster, ptx::MemScope::gpu,
       ptx::MemScope::sys});
  bool global = mods.take(Mod::global);
  std::optional<Mod> redOp;
  if (*what != Mod::st)
    redOp = mods.takeAny({Mod::add, Mod::min, Mod::max, Mod::and_, Mod::or_,
                          Mod::xor_});
  std::optional<Mod> acc = *what == Mod::ld_reduce
                               ? mods.takeAny({Mod::acc_f32, Mod::acc_f16})
                               : std::nullopt;
  unsigned lanes = takeVectorWidth(mods);
  SmallVector<StringRef, 2> typeNames = mods.takeTypeNames({});
  if (failed(checkAllUsed(mods)))
    return failure();
  StringRef name = spelling(*what);
  if (typeNames.size() != 1)
    return instrError() << "'multimem." << name << "' needs one type",
           failure();
  StringRef t = typeNames[0];
  bool isFloat = t.starts_with("f") || t.starts_with("bf") ||
                 t.starts_with("e");
  bool isFp8 = t.starts_with("e");
  // The operations, orderings and vector widths of 9.7.9.14.
  if (*what != Mod::st && !redOp)
    return instrError() << "'multimem." << name << "' needs an operation",
           failure();
  if (redOp && isFloat &&
      (*redOp == Mod::and_ || *redOp == Mod::or_ || *redOp == Mod::xor_ ||
       (*what == Mod::red && *redOp != Mod::add)))
    return instrError() << "'multimem." << name << "." << spelling(*redOp)
                        << "' does not take '." << t << "'",
           failure();
  if ((isFp8 && *what == Mod::red) || (acc && !isFloat) ||
      (lanes != 1 && !isFloat))
    return instrError() << "'multimem." << name << "' does not take this "
                        << "form of '." << t << "'",
           failure();
  bool wantRelease = *what != Mod::ld_reduce;
  if (order && ((*order == ptx::MemoryOrder::acquire && wantRelease) ||
                (*order == ptx::MemoryOrder::release && !wantRelease)))
    return instrError() << "'." << ptx::stringifyMemoryOrder(*order)
                        << "' is not an ordering of 'multimem." << name << "'",
           failure();
  if (weak && (order || scope || *what == Mod::red))
    return instrError() << "'.weak' takes no ordering or scope", failure();
  if (failed(expectOperands(2)))
    return failure();
  // Each lane as raw bits of the type's width: the one location is read
  // or written as it is.
  unsigned width = 32;
  if (t == "f16" || t == "bf16" || t == "e5m2x2" || t == "e4m3x2")
    width = 16;
  else if (t == "e5m2" || t == "e4m3")
    width = 8;
  else if (t == "b64" || t == "u64" || t == "s64" || t == "f64")
    width = 64;
  PtxType bits = PtxType::make(PtxType::Bits, width);
  StateSpace access = global ? StateSpace::global : StateSpace::generic;
  const Operand &addrOp = operand(*what == Mod::ld_reduce ? 1 : 0);
  const Operand &valueOp = operand(*what == Mod::ld_reduce ? 0 : 1);
  if (failed(checkVectorOperand(valueOp, lanes,
                                *what == Mod::ld_reduce ? "destination"
                                                        : "source",
                                *what == Mod::ld_reduce ? "registers"
                                                        : "values")))
    return failure();
  FailureOr<Value> addr = addressValue(addrOp, access);
  if (failed(addr))
    return failure();
  Value ptr = hostPointer(access, *addr);
  auto lane = [&](unsigned i) -> const Operand & {
    return valueOp.kind == Operand::Vector ? valueOp.elems[i] : valueOp;
  };
  if (*what == Mod::ld_reduce) {
    SmallVector<Type> types(lanes, bits.toMLIR(ctx));
    auto load = ptx::LdOp::create(b, loc, types, ptr, access, false, nullptr,
                                  false, orderAttr(order), scopeAttr(scope),
                                  false);
    for (unsigned i = 0; i < lanes; ++i)
      if (failed(write(lane(i), load.getResult(i), bits, /*relaxed=*/true)))
        return failure();
    return success();
  }
  SmallVector<Value> values;
  for (unsigned i = 0; i < lanes; ++i) {
    FailureOr<Value> v = read(lane(i), bits, /*relaxed=*/true);
    if (failed(v))
      return failure();
    values.push_back(*v);
  }
  if (*what == Mod::st) {
    ptx::StOp::create(b, loc, ptr, values, access, false, nullptr,
                      orderAttr(order), scopeAttr(scope), false);
    return success();
  }
  // multimem.red: one atomic reduction per lane, of the lane's own type.
  PtxType laneType = PtxType::parse(t).value_or(bits);
  ptx::AtomicOp op = *redOp == Mod::add   ? ptx::AtomicOp::add
                     : *redOp == Mod::min ? ptx::AtomicOp::min
                     : *redOp == Mod::max ? ptx::AtomicOp::max
                     : *redOp == Mod::and_ ? ptx::AtomicOp::band
                     : *redOp == Mod::or_  ? ptx::AtomicOp::bor
                                           : ptx::AtomicOp::bxor;
  for (unsigned i = 0; i < lanes; ++i) {
    FailureOr<Value> v = read(lane(i), laneType, /*relaxed=*/true);
    if (failed(v))
      return failure();
    Value at = LLVM::GEPOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx), b.getI8Type(), ptr,
        ArrayRef<LLVM::GEPArg>{int32_t(i * width / 8)});
    ptx::AtomOp::create(b, loc, v->getType(), at, *v, Value(), op, access,
                        laneType.isSigned(), orderAttr(order),
                        scopeAttr(scope));
  }
  return success();
}
