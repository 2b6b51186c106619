//===- BuildCTALoops.cpp - run all threads of a CTA in one function -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Dialect/PTX/Transforms/Passes.h"
#include "ptxjit/Runtime/ThreadState.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace ptxjit::ptx {
#define GEN_PASS_DEF_PTXBUILDCTALOOPS
#include "ptxjit/Dialect/PTX/Transforms/Passes.h.inc"
} // namespace ptxjit::ptx

using namespace mlir;
using namespace ptxjit;
namespace offsets = ptxjit::rt::offsets;

namespace {

struct BuildCTALoopsPass
    : public ptx::impl::PTXBuildCTALoopsBase<BuildCTALoopsPass> {
  void runOnOperation() override;
  void buildCTAFunction(func::FuncOp kernel);
};

} // namespace

void BuildCTALoopsPass::runOnOperation() {
  SmallVector<func::FuncOp> kernels;
  for (auto fn : getOperation().getOps<func::FuncOp>())
    // Kernels whose threads synchronize are scheduled by the runtime.
    if (fn->hasAttr(ptx::kKernelAttrName) && !fn->hasAttr(ptx::attrs::kCoroutine))
      kernels.push_back(fn);
  for (func::FuncOp kernel : kernels)
    buildCTAFunction(kernel);
}

void BuildCTALoopsPass::buildCTAFunction(func::FuncOp kernel) {
  MLIRContext *ctx = &getContext();
  Location loc = kernel.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPointAfter(kernel);
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type(), i8 = b.getI8Type();
  auto cta = func::FuncOp::create(b, loc, ("__ptx_cta_" + kernel.getName()).str(),
                                  b.getFunctionType({ptrType}, {}));
  Block *body = cta.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value ctaState = body->getArgument(0);

  auto fieldPtr = [&](Value base, unsigned offset) -> Value {
    return LLVM::GEPOp::create(b, loc, ptrType, i8, base,
                               ArrayRef<LLVM::GEPArg>{int32_t(offset)});
  };
  auto alignOf = [](Type type) -> unsigned {
    return isa<LLVM::LLVMPointerType>(type) ? 8
                                            : type.getIntOrFloatBitWidth() / 8;
  };
  auto load = [&](Value base, unsigned offset, Type type) -> Value {
    return LLVM::LoadOp::create(b, loc, type, fieldPtr(base, offset),
                                alignOf(type));
  };
  auto store = [&](Value value, Value base, unsigned offset) {
    LLVM::StoreOp::create(b, loc, value, fieldPtr(base, offset),
                          alignOf(value.getType()));
  };

  // A private copy of the CTA's state, so that per-thread fields can be
  // written and LLVM can forward them into the inlined kernel.
  Value one = arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  auto arrayType = LLVM::LLVMArrayType::get(i8, rt::offsets::size);
  Value state = LLVM::AllocaOp::create(b, loc, ptrType, arrayType, one, 8);
  Value size = arith::ConstantOp::create(
      b, loc, i64, b.getI64IntegerAttr(rt::offsets::size));
  LLVM::MemcpyOp::create(b, loc, state, ctaState, size, false);

  Value nx = load(ctaState, offsets::ntid, i32);
  Value ny = load(ctaState, offsets::ntid + 4, i32);
  Value nz = load(ctaState, offsets::ntid + 8, i32);
  Value localBase = load(ctaState, offsets::localBase, ptrType);
  Value localBytes = load(ctaState, offsets::localBytesPerThread, i64);
  Value zero = arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(0));
  Value step = arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(1));

  auto zLoop = scf::ForOp::create(b, loc, zero, nz, step);
  b.setInsertionPointToStart(zLoop.getBody());
  Value z = zLoop.getInductionVar();
  auto yLoop = scf::ForOp::create(b, loc, zero, ny, step);
  b.setInsertionPointToStart(yLoop.getBody());
  Value y = yLoop.getInductionVar();
  auto xLoop = scf::ForOp::create(b, loc, zero, nx, step);
  b.setInsertionPointToStart(xLoop.getBody());
  Value x = xLoop.getInductionVar();

  // Threads after a trap do not run. Only kernels that can fault (trap,
  // checked accesses, calls that push local frames, brx.idx) pay for the check, which would
  // otherwise keep the loop from being vectorized.
  bool mayFault = false;
  kernel.walk([&](Operation *op) {
    if (isa<ptx::TrapOp, ptx::CheckAccessOp, func::CallOp, LLVM::CallOp>(op))
      mayFault = true;
  });
  if (mayFault) {
    Value fault = load(state, offsets::fault, i32);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, fault,
                                     zero);
    auto ifOk = scf::IfOp::create(b, loc, ok, /*withElseRegion=*/false);
    b.setInsertionPointToStart(&ifOk.getThenRegion().front());
  }
  store(x, state, offsets::tid);
  store(y, state, offsets::tid + 4);
  store(z, state, offsets::tid + 8);
  Value linear = arith::AddIOp::create(
      b, loc, x,
      arith::MulIOp::create(
          b, loc, nx,
          arith::AddIOp::create(b, loc, y,
                                arith::MulIOp::create(b, loc, ny, z))));
  Value localOffset = arith::MulIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, linear), localBytes);
  Value local = LLVM::GEPOp::create(b, loc, ptrType, i8, localBase,
                                    ValueRange{localOffset});
  store(local, state, offsets::local);
  func::CallOp::create(b, loc, kernel, ValueRange{state});

  b.setInsertionPointAfter(zLoop);
  store(load(state, offsets::fault, i32), ctaState, offsets::fault);
  func::ReturnOp::create(b, loc);
}
