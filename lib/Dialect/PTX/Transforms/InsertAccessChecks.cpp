//===- InsertAccessChecks.cpp - memcheck: check every access --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Dialect/PTX/Transforms/Passes.h"
#include "ptxjit/Runtime/Checks.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "llvm/Support/MathExtras.h"

namespace ptxjit::ptx {
#define GEN_PASS_DEF_PTXINSERTACCESSCHECKS
#include "ptxjit/Dialect/PTX/Transforms/Passes.h.inc"
} // namespace ptxjit::ptx

using namespace mlir;
using namespace ptxjit;

namespace {

struct InsertAccessChecksPass
    : public ptx::impl::PTXInsertAccessChecksBase<InsertAccessChecksPass> {
  using Base::Base;
  void runOnOperation() override;
};

/// Bytes of a value of \p type in memory (a vector's elements together; a
/// predicate or sub-byte value takes a byte).
uint64_t bytesOf(Type type) {
  uint64_t elements = 1;
  if (auto vec = dyn_cast<VectorType>(type)) {
    elements = vec.getNumElements();
    type = vec.getElementType();
  }
  uint64_t bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 8;
  return elements * std::max<uint64_t>(1, bits / 8);
}

/// What one access to check is: the operand holding its pointer, its size,
/// kind and state space.
struct Access {
  OpOperand *pointer = nullptr;
  uint64_t size = 0;
  ptx::AccessKind kind = ptx::AccessKind::read;
  ptx::StateSpace space = ptx::StateSpace::generic;
  /// Volatile, relaxed, acquire, release or mmio (9.7.9.7's strong
  /// operations): never part of a data race.
  bool strong = false;
};

std::optional<Access> accessOf(Operation *op) {
  Access access;
  if (auto ld = dyn_cast<ptx::LdOp>(op)) {
    access.pointer = &ld.getPtrMutable();
    for (Type t : ld.getResultTypes())
      access.size += bytesOf(t);
    access.space = ld.getSpace();
    access.strong = ld.getIsVolatile() || ld.getOrder() || ld.getMmio();
    return access;
  }
  if (auto st = dyn_cast<ptx::StOp>(op)) {
    access.pointer = &st.getPtrMutable();
    for (Value v : st.getValues())
      access.size += bytesOf(v.getType());
    access.kind = ptx::AccessKind::write;
    access.space = st.getSpace();
    access.strong = st.getIsVolatile() || st.getOrder() || st.getMmio();
    return access;
  }
  if (auto atom = dyn_cast<ptx::AtomOp>(op)) {
    access.pointer = &atom.getPtrMutable();
    access.size = bytesOf(atom.getB().getType());
    access.kind = ptx::AccessKind::atomic;
    access.space = atom.getSpace();
    access.strong = true;
    return access;
  }
  if (auto mbarrier = dyn_cast<ptx::MbarrierOp>(op)) {
    if (!mbarrier.getObject())
      return std::nullopt;
    access.pointer = &mbarrier.getObjectMutable()[0];
    access.size = 8;
    access.kind = ptx::AccessKind::atomic;
    access.strong = true;
    // The object is a `.shared` location whatever address form named it.
    access.space = ptx::StateSpace::generic;
    return access;
  }
  return std::nullopt;
}

/// The accesses of a `cp.async` copy: its shared destination, and its
/// global source when the whole of it is read.
SmallVector<Access, 2> asyncCopyAccesses(LLVM::MemcpyOp copy) {
  SmallVector<Access, 2> accesses;
  auto size = copy->getAttrOfType<IntegerAttr>(ptx::attrs::kAsyncCopySize);
  if (!size)
    return accesses;
  Access dst;
  dst.pointer = &copy.getDstMutable();
  dst.size = size.getInt();
  dst.kind = ptx::AccessKind::write;
  dst.space = ptx::StateSpace::shared;
  accesses.push_back(dst);
  if (copy->hasAttr(ptx::attrs::kAsyncCopyWholeSource)) {
    Access src = dst;
    src.pointer = &copy.getSrcMutable();
    src.kind = ptx::AccessKind::read;
    src.space = ptx::StateSpace::global;
    accesses.push_back(src);
  }
  return accesses;
}

/// Whether \p ptr points into the kernel's parameter buffer: it derives
/// from a `.param` window pointer. Other `.param` accesses are to the
/// argument and result slots of calls, which are frame slots.
bool inParamWindow(Value ptr) {
  while (Operation *def = ptr.getDefiningOp()) {
    if (auto window = dyn_cast<ptx::WindowPtrOp>(def))
      return window.getSpace() == ptx::StateSpace::param;
    if (isa<LLVM::IntToPtrOp, LLVM::PtrToIntOp, LLVM::GEPOp>(def))
      ptr = def->getOperand(0);
    else
      return false;
  }
  return false;
}

/// "file:line:col" of \p loc's PTX position, or "<unknown>", followed by
/// " (file:line)" of its `.loc` source position when it has one
/// (\p sourceFiles names the `.file` numbers).
std::string locationText(Location loc, DictionaryAttr sourceFiles) {
  std::string ptxText, sourceText;
  loc->walk([&](Location part) {
    auto fileLoc = dyn_cast<FileLineColLoc>(part);
    if (!fileLoc)
      return WalkResult::advance();
    StringRef name = fileLoc.getFilename().getValue();
    if (name.starts_with("#")) {
      if (sourceText.empty()) {
        auto file = sourceFiles
                        ? sourceFiles.getAs<StringAttr>(name.drop_front())
                        : StringAttr();
        sourceText = ((file ? file.getValue() : name) + ":" +
                      Twine(fileLoc.getLine()))
                         .str();
      }
    } else if (ptxText.empty()) {
      ptxText = (name + ":" + Twine(fileLoc.getLine()) + ":" +
                 Twine(fileLoc.getColumn()))
                    .str();
    }
    return WalkResult::advance();
  });
  if (ptxText.empty())
    ptxText = "<unknown>";
  return sourceText.empty() ? ptxText : ptxText + " (" + sourceText + ")";
}

} // namespace

void InsertAccessChecksPass::runOnOperation() {
  MLIRContext *ctx = &getContext();
  auto sourceFiles =
      getOperation()->getAttrOfType<DictionaryAttr>(ptx::attrs::kSourceFiles);
  getOperation()->setAttr(
      rt::check::kChecksModuleAttr,
      IntegerAttr::get(IntegerType::get(ctx, 32), unsigned(checks)));
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  // A red zone after each module variable, so that an overrun of one does
  // not land in the next (the JIT lays variables out in module order). The
  // zones are external, so that nothing removes them, and are not
  // registered memory.
  for (auto global :
       llvm::make_early_inc_range(getOperation().getOps<LLVM::GlobalOp>())) {
    if (global.getSymName().starts_with(ptx::kRedZonePrefix))
      continue;
    OpBuilder b(ctx);
    b.setInsertionPointAfter(global);
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), ptx::kRedZoneBytes);
    auto zone = LLVM::GlobalOp::create(
        b, global.getLoc(), type, /*isConstant=*/false,
        LLVM::Linkage::External,
        (ptx::kRedZonePrefix + global.getSymName()).str(), Attribute(),
        /*alignment=*/16);
    Block *init = b.createBlock(&zone.getInitializerRegion());
    b.setInsertionPointToStart(init);
    LLVM::ReturnOp::create(b, global.getLoc(),
                           LLVM::ZeroOp::create(b, global.getLoc(), type));
  }
  for (auto fn : getOperation().getOps<func::FuncOp>()) {
    if (fn.isExternal() || fn.getNumArguments() == 0 ||
        !isa<LLVM::LLVMPointerType>(fn.getArgument(0).getType()))
      continue;
    bool isKernel = fn->hasAttr(ptx::kKernelAttrName);
    // Where a check fails the thread stops: the function returns, as after
    // a trap. Functions with results (none the frontend makes) get checks
    // that redirect the access instead.
    bool canReturn = fn.getNumResults() == 0;
    Value state = fn.getArgument(0);
    SmallVector<std::pair<Operation *, Access>> accesses;
    // Only the accesses some enabled check looks at: memcheck all of them,
    // racecheck those that may reach shared memory, initcheck those that
    // may reach global memory.
    auto wanted = [&](const Access &access) {
      if (checks & rt::check::Memcheck)
        return true;
      bool generic = access.space == ptx::StateSpace::generic;
      return ((checks & rt::check::Racecheck) &&
              (generic || access.space == ptx::StateSpace::shared)) ||
             ((checks & rt::check::Initcheck) &&
              (generic || access.space == ptx::StateSpace::global));
    };
    fn.walk([&](Operation *op) {
      // synccheck names the barrier or collective a thread waits at.
      // (An empty site, for a barrier without `.aligned`, which the
      // scheduler does not check, clears the one of an earlier wait.)
      // The other checks name the matrix instructions whose memory
      // accesses the runtime makes (ldmatrix, stmatrix, wmma.load/store,
      // wgmma's shared operands).
      if (((checks & rt::check::Synccheck) &&
           isa<ptx::BarrierOp, ptx::WarpCollectiveOp, ptx::WarpMatrixOp>(
               op)) ||
          (checks != rt::check::Synccheck && isa<ptx::WarpMatrixOp>(op)))
        op->setAttr(rt::check::kCheckSiteAttr,
                    op->hasAttr(rt::check::kUnalignedBarrierAttr)
                        ? StringAttr::get(ctx, "")
                        : StringAttr::get(ctx, fn.getName() + Twine('\0') +
                                                   locationText(op->getLoc(),
                                                                sourceFiles) +
                                                   Twine('\0')));
      if (std::optional<Access> access = accessOf(op)) {
        if ((access->space != ptx::StateSpace::param ||
             (isKernel && inParamWindow(access->pointer->get()))) &&
            wanted(*access))
          accesses.push_back({op, *access});
      } else if (auto copy = dyn_cast<LLVM::MemcpyOp>(op)) {
        for (const Access &part : asyncCopyAccesses(copy))
          if (wanted(part))
            accesses.push_back({op, part});
      }
    });
    for (auto &[op, access] : accesses) {
      Location loc = op->getLoc();
      OpBuilder b(op);
      uint64_t align = llvm::PowerOf2Ceil(access.size);
      if (align > access.size)
        align = uint64_t(1) << llvm::Log2_64(access.size);
      auto check = ptx::CheckAccessOp::create(
          b, loc, ptrType, state, access.pointer->get(),
          b.getI64IntegerAttr(access.size), b.getI64IntegerAttr(align),
          ptx::AccessKindAttr::get(ctx, access.kind),
          ptx::StateSpaceAttr::get(ctx, access.space),
          b.getStringAttr(fn.getName()), b.getStringAttr(locationText(loc, sourceFiles)));
      if (access.strong)
        check->setAttr(rt::check::kStrongAccessAttr, UnitAttr::get(ctx));
      access.pointer->set(check.getRes());
      // (An access nested in another op's region cannot branch to a
      // return; a null pointer there faults as an invalid access.)
      if (!canReturn || op->getParentOp() != fn)
        continue;
      // Split before the access and stop the thread where the check
      // returned null.
      Block *before = op->getBlock();
      Block *after = before->splitBlock(op);
      Block *stop = new Block();
      fn.getBody().getBlocks().insertAfter(Region::iterator(before), stop);
      b.setInsertionPointToEnd(before);
      Value null = LLVM::ZeroOp::create(b, loc, ptrType);
      Value failed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                          check.getRes(), null);
      cf::CondBranchOp::create(b, loc, failed, stop, after);
      b.setInsertionPointToEnd(stop);
      func::ReturnOp::create(b, loc);
    }
  }
}
