//===- Coroutines.cpp - threads that suspend at barriers ------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Turns a thread function that calls the `__ptx_suspend(state)` marker into
// an LLVM switch-resumed coroutine: each marker becomes a suspension point,
// returning becomes the final suspension (after recording that the thread
// exited). LLVM's CoroSplit then performs the continuation-based split: the
// values live across a suspension move into a per-thread frame and the
// function becomes a ramp plus a resume function that switches on the
// suspension index. The runtime's scheduler resumes the threads through the
// handle stored in the thread state.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Pipeline.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/ThreadState.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
namespace offsets = ptxjit::rt::offsets;

static void storeWaitKind(IRBuilder<> &b, Value *state, uint32_t kind) {
  Value *addr = b.CreateConstGEP1_32(b.getInt8Ty(), state, offsets::waitKind);
  b.CreateAlignedStore(b.getInt32(kind), addr, Align(4));
}

bool ptxjit::makeThreadCoroutine(Function &fn) {
  Module &m = *fn.getParent();
  Function *marker = m.getFunction(ptxjit::rt::kSuspendMarker);
  if (!marker)
    return false;
  SmallVector<CallInst *> suspends;
  for (Instruction &inst : instructions(fn))
    if (auto *call = dyn_cast<CallInst>(&inst))
      if (call->getCalledFunction() == marker)
        suspends.push_back(call);
  if (suspends.empty())
    return false;

  LLVMContext &ctx = m.getContext();
  Type *ptrTy = PointerType::getUnqual(ctx);
  Type *i64 = Type::getInt64Ty(ctx);
  Value *state = fn.getArg(0);
  fn.addFnAttr(Attribute::PresplitCoroutine);
  FunctionCallee alloc = m.getOrInsertFunction("ptxrt_coro_alloc", ptrTy, i64);
  FunctionCallee release =
      m.getOrInsertFunction("ptxrt_coro_free", Type::getVoidTy(ctx), ptrTy);

  BasicBlock *oldEntry = &fn.getEntryBlock();
  BasicBlock *entry = BasicBlock::Create(ctx, "coro.entry", &fn, oldEntry);
  IRBuilder<> b(entry);
  Value *nullPtr = ConstantPointerNull::get(cast<PointerType>(ptrTy));
  Value *id = b.CreateIntrinsic(Intrinsic::coro_id, {},
                                {b.getInt32(0), nullPtr, nullPtr, nullPtr});
  Value *size = b.CreateIntrinsic(Intrinsic::coro_size, {i64}, {});
  Value *mem = b.CreateCall(alloc, {size});
  Value *handle = b.CreateIntrinsic(Intrinsic::coro_begin, {}, {id, mem});
  b.CreateAlignedStore(
      handle, b.CreateConstGEP1_32(b.getInt8Ty(), state, offsets::coroutine),
      Align(8));
  b.CreateBr(oldEntry);
  // Allocas must stay in the entry block for the frame analysis.
  for (Instruction &inst : make_early_inc_range(*oldEntry))
    if (isa<AllocaInst>(inst))
      inst.moveBefore(entry->getTerminator()->getIterator());

  BasicBlock *cleanup = BasicBlock::Create(ctx, "coro.cleanup", &fn);
  BasicBlock *suspendRet = BasicBlock::Create(ctx, "coro.ret", &fn);
  BasicBlock *final = BasicBlock::Create(ctx, "coro.final", &fn);
  BasicBlock *dead = BasicBlock::Create(ctx, "coro.dead", &fn);
  Value *noneToken = ConstantTokenNone::get(ctx);

  b.SetInsertPoint(cleanup);
  Value *frame = b.CreateIntrinsic(Intrinsic::coro_free, {}, {id, handle});
  b.CreateCall(release, {frame});
  b.CreateBr(suspendRet);

  b.SetInsertPoint(suspendRet);
  b.CreateIntrinsic(Intrinsic::coro_end, {},
                    {handle, b.getFalse(), noneToken});
  b.CreateRetVoid();

  b.SetInsertPoint(final);
  storeWaitKind(b, state, ptxjit::rt::WaitExited);
  Value *fin = b.CreateIntrinsic(Intrinsic::coro_suspend, {},
                                 {noneToken, b.getTrue()});
  SwitchInst *finSwitch = b.CreateSwitch(fin, suspendRet, 2);
  finSwitch->addCase(b.getInt8(0), dead);
  finSwitch->addCase(b.getInt8(1), cleanup);

  b.SetInsertPoint(dead);
  b.CreateUnreachable();

  for (CallInst *call : suspends) {
    BasicBlock *before = call->getParent();
    BasicBlock *after = before->splitBasicBlock(call->getIterator(),
                                                "coro.resume");
    before->getTerminator()->eraseFromParent();
    b.SetInsertPoint(before);
    Value *s = b.CreateIntrinsic(Intrinsic::coro_suspend, {},
                                 {noneToken, b.getFalse()});
    SwitchInst *sw = b.CreateSwitch(s, suspendRet, 2);
    sw->addCase(b.getInt8(0), after);
    sw->addCase(b.getInt8(1), cleanup);
    call->eraseFromParent();
  }

  // Every return of the thread becomes the final suspension.
  SmallVector<ReturnInst *> returns;
  for (BasicBlock &block : fn)
    if (&block != suspendRet)
      if (auto *ret = dyn_cast<ReturnInst>(block.getTerminator()))
        returns.push_back(ret);
  for (ReturnInst *ret : returns) {
    b.SetInsertPoint(ret);
    b.CreateBr(final);
    ret->eraseFromParent();
  }
  return true;
}

bool ptxjit::inlineSuspendingCalls(Module &m, std::string &error) {
  Function *marker = m.getFunction(ptxjit::rt::kSuspendMarker);
  if (!marker)
    return true;
  // A thread can only suspend in its own frame: device functions that
  // synchronize are inlined into their callers, up to the kernel.
  for (unsigned round = 0; round < 64; ++round) {
    SetVector<Function *> suspending;
    for (User *user : marker->users())
      if (auto *call = dyn_cast<CallInst>(user))
        suspending.insert(call->getFunction());
    SmallVector<CallBase *> calls;
    for (Function *fn : suspending)
      for (User *user : fn->users())
        if (auto *call = dyn_cast<CallBase>(user))
          if (call->getCalledFunction() == fn) {
            if (call->getFunction() == fn) {
              error = "device function '" + fn->getName().str() +
                      "' synchronizes (barrier or warp collective) and is "
                      "recursive";
              return false;
            }
            calls.push_back(call);
          }
    if (calls.empty())
      return true;
    for (CallBase *call : calls) {
      InlineFunctionInfo info;
      if (!InlineFunction(*call, info).isSuccess()) {
        error = "cannot inline a synchronizing device function";
        return false;
      }
    }
  }
  error = "synchronizing device functions are nested too deeply";
  return false;
}

/// Whether \p v is recognisably an offset (a scaled or extended index, a
/// constant, or a select, sum or mask of such) rather than a base address.
static bool isOffsetLike(Value *v, unsigned depth = 0) {
  // Not any constant: the address of a variable is one too.
  if (isa<ConstantInt>(v))
    return true;
  auto *inst = dyn_cast<Instruction>(v);
  if (!inst || depth > 4)
    return false;
  switch (inst->getOpcode()) {
  case Instruction::Shl:
  case Instruction::Mul:
  case Instruction::SExt:
  case Instruction::ZExt:
    return true;
  case Instruction::And:
    // A masked value: an index, unless the mask keeps the high bits.
    if (auto *mask = dyn_cast<ConstantInt>(inst->getOperand(1)))
      return mask->getValue().isIntN(32);
    return false;
  case Instruction::Select:
    // The shift lowering clamps the count: select(count >= 64, 0, shl).
    return isOffsetLike(inst->getOperand(1), depth + 1) &&
           isOffsetLike(inst->getOperand(2), depth + 1);
  case Instruction::Add:
    return isOffsetLike(inst->getOperand(0), depth + 1) &&
           isOffsetLike(inst->getOperand(1), depth + 1);
  default:
    return false;
  }
}

void ptxjit::rewriteAddressArithmetic(Function &fn) {
  // PTX computes addresses in integers; `inttoptr (base + offset)` hides
  // the pointer from alias analysis and SCEV, which then cannot vectorize
  // the loop over a CTA's threads. Rewrite it as a GEP from the base.
  //
  // Only where one operand is recognisably the offset: a GEP takes its
  // provenance from its base, so a base that is really the index (say 0 on
  // some path, which LLVM folds to null) would make the access undefined
  // behaviour, and LLVM would delete it.
  SmallVector<IntToPtrInst *> casts;
  for (Instruction &inst : instructions(fn))
    if (auto *cast = dyn_cast<IntToPtrInst>(&inst))
      casts.push_back(cast);
  LLVMContext &ctx = fn.getContext();
  // The base of one rewrite may be a sum itself (`[%rd + 4]` where
  // `%rd = %base + %offset`): its cast is rewritten in turn.
  while (!casts.empty()) {
    IntToPtrInst *cast = casts.pop_back_val();
    auto *add = dyn_cast<BinaryOperator>(cast->getOperand(0));
    if (!add || add->getOpcode() != Instruction::Add)
      continue;
    Value *base = add->getOperand(0), *offset = add->getOperand(1);
    if (isOffsetLike(base) && !isOffsetLike(offset))
      std::swap(base, offset);
    if (isOffsetLike(base) || !isOffsetLike(offset))
      continue;
    IRBuilder<> b(cast);
    Value *basePtr = b.CreateIntToPtr(base, cast->getType());
    if (auto *baseCast = dyn_cast<IntToPtrInst>(basePtr))
      casts.push_back(baseCast);
    Value *gep = b.CreateGEP(Type::getInt8Ty(ctx), basePtr, offset);
    cast->replaceAllUsesWith(gep);
    cast->eraseFromParent();
  }
}

uint64_t ptxjit::parameterBufferBytes(Function &thread) {
  // The lowering marks each load of `state->params` dereferenceable for the
  // kernel's parameter bytes.
  if (thread.arg_empty())
    return 0;
  Value *state = thread.getArg(0);
  uint64_t bytes = 0;
  for (Instruction &inst : instructions(thread)) {
    auto *load = dyn_cast<LoadInst>(&inst);
    MDNode *md =
        load ? load->getMetadata(LLVMContext::MD_dereferenceable) : nullptr;
    auto *gep = load ? dyn_cast<GetElementPtrInst>(load->getPointerOperand())
                     : nullptr;
    if (!md || !gep || gep->getPointerOperand() != state ||
        gep->getNumIndices() != 1)
      continue;
    auto *index = dyn_cast<ConstantInt>(gep->getOperand(1));
    if (!index || index->getSExtValue() != int64_t(offsets::params))
      continue;
    bytes = std::max(
        bytes, mdconst::extract<ConstantInt>(md->getOperand(0))->getZExtValue());
  }
  return bytes;
}

void ptxjit::markParameterBuffer(Function &cta, uint64_t bytes) {
  if (!bytes || cta.arg_empty())
    return;
  Value *ctaState = cta.getArg(0);
  MemCpyInst *copy = nullptr;
  for (Instruction &inst : cta.getEntryBlock())
    if (auto *memcpy = dyn_cast<MemCpyInst>(&inst))
      if (memcpy->getSource() == ctaState) {
        copy = memcpy;
        break;
      }
  if (!copy)
    return;
  // The launch's parameter buffer (Module::launch) is a heap block of at
  // least the kernel's parameter bytes, 16-byte aligned. Saying so lets
  // LLVM read parameters ahead of a bounds check.
  // Loaded before the copy of the state, so that the copy's own load of the
  // field is the one LLVM merges away.
  IRBuilder<> b(copy);
  LLVMContext &ctx = cta.getContext();
  LoadInst *buffer = b.CreateAlignedLoad(
      PointerType::getUnqual(ctx),
      b.CreateConstGEP1_64(b.getInt8Ty(), ctaState, offsets::params),
      Align(8), "params");
  Type *i64 = Type::getInt64Ty(ctx);
  buffer->setMetadata(LLVMContext::MD_dereferenceable,
                      MDNode::get(ctx, ConstantAsMetadata::get(
                                           ConstantInt::get(i64, bytes))));
  buffer->setMetadata(LLVMContext::MD_align,
                      MDNode::get(ctx, ConstantAsMetadata::get(
                                           ConstantInt::get(i64, 16))));
  buffer->setMetadata(LLVMContext::MD_noundef, MDNode::get(ctx, {}));
  b.SetInsertPoint(copy->getNextNode());
  b.CreateAlignedStore(
      buffer,
      b.CreateConstGEP1_64(b.getInt8Ty(), copy->getDest(), offsets::params),
      Align(8));
}
