//===- SharedLayout.cpp - Per-kernel layout of .shared variables ----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// nvcc declares the `__shared__` variables of every kernel at module scope,
// so a module of CUB or Thrust has dozens of them. Laid out one after the
// other, every kernel would carry all of them: CU_FUNC_ATTRIBUTE_SHARED_
// SIZE_BYTES past what a multiprocessor has, an occupancy of zero, and
// launches that fail. On a GPU a kernel's shared memory holds only what it
// uses, and so here:
//
//   - a variable is used by a kernel when the kernel or a function it calls
//     (directly, or through a pointer to a function whose address the
//     module takes) refers to it;
//   - variables are placed in declaration order, each at the lowest offset
//     (of its alignment) that no variable of a kernel using both occupies;
//     one offset serves every kernel, so a function shared by kernels sees
//     its variables at the same place in each;
//   - the dynamic part (`.extern .shared` arrays) of a function starts after
//     the static part of every kernel that reaches it, aligned to 16 or the
//     arrays' largest `.align`; a kernel's static size covers the dynamic
//     base of every function it reaches.
//
// The emitter leaves an i64 constant, marked with the variable, wherever an
// address is taken; this pass writes the offsets into them.
//
//===----------------------------------------------------------------------===//

#include "FrontendImpl.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;

namespace {

/// What one function refers to directly.
struct FunctionUses {
  llvm::SmallSetVector<int64_t, 4> vars;
  bool dynamic = false;
  llvm::SmallSetVector<Operation *, 4> callees;
  bool callsIndirectly = false;
};

uint64_t alignTo(uint64_t value, uint64_t align) {
  return (value + align - 1) / align * align;
}

} // namespace

void ptxjit::frontend::layoutSharedMemory(ModuleOp module,
                                          const ModuleInfo &moduleInfo) {
  SymbolTable symbols(module);
  llvm::MapVector<Operation *, FunctionUses> uses;
  llvm::SmallSetVector<Operation *, 4> addressTaken;
  for (auto fn : module.getOps<func::FuncOp>()) {
    FunctionUses &use = uses[fn];
    fn.walk([&](Operation *op) {
      if (auto id = op->getAttrOfType<IntegerAttr>(kSharedVarAttr))
        use.vars.insert(id.getInt());
      else if (op->hasAttr(kSharedDynamicAttr))
        use.dynamic = true;
      else if (auto call = dyn_cast<func::CallOp>(op)) {
        if (Operation *callee = symbols.lookup(call.getCallee()))
          use.callees.insert(callee);
      } else if (isa<func::CallIndirectOp>(op) ||
                 (isa<LLVM::CallOp>(op) &&
                  !cast<LLVM::CallOp>(op).getCallee())) {
        use.callsIndirectly = true;
      } else if (auto constant = dyn_cast<func::ConstantOp>(op)) {
        if (Operation *target = symbols.lookup(constant.getValue()))
          addressTaken.insert(target);
      }
    });
  }

  // The functions each kernel reaches. A function that no kernel reaches
  // gets a group of its own, so that its variables still have offsets.
  std::vector<llvm::SmallSetVector<Operation *, 8>> groups;
  std::vector<Operation *> groupKernel;
  llvm::DenseSet<Operation *> reached;
  auto reach = [&](Operation *root) {
    llvm::SmallSetVector<Operation *, 8> seen;
    llvm::SmallVector<Operation *> stack = {root};
    while (!stack.empty()) {
      Operation *fn = stack.pop_back_val();
      if (!seen.insert(fn))
        continue;
      FunctionUses &use = uses[fn];
      stack.append(use.callees.begin(), use.callees.end());
      if (use.callsIndirectly)
        stack.append(addressTaken.begin(), addressTaken.end());
    }
    reached.insert(seen.begin(), seen.end());
    groups.push_back(std::move(seen));
  };
  for (auto &[fn, use] : uses)
    if (fn->hasAttr(ptx::kKernelAttrName)) {
      reach(fn);
      groupKernel.push_back(fn);
    }
  for (auto &[fn, use] : uses)
    if (!reached.count(fn)) {
      reach(fn);
      groupKernel.push_back(nullptr);
    }

  // The groups each variable belongs to.
  size_t numVars = moduleInfo.sharedVars.size();
  std::vector<llvm::SmallVector<unsigned, 2>> varGroups(numVars);
  for (unsigned g = 0; g < groups.size(); ++g) {
    llvm::SmallSetVector<int64_t, 8> vars;
    for (Operation *fn : groups[g])
      vars.insert(uses[fn].vars.begin(), uses[fn].vars.end());
    for (int64_t id : vars)
      varGroups[id].push_back(g);
  }

  // Place each variable at the lowest free offset among the variables it
  // shares a group with.
  std::vector<uint64_t> offsets(numVars, 0);
  std::vector<llvm::SmallVector<std::pair<uint64_t, uint64_t>>> occupied(
      groups.size());
  std::vector<uint64_t> staticBytes(groups.size(), 0);
  for (size_t id = 0; id < numVars; ++id) {
    const ModuleInfo::SharedVar &var = moduleInfo.sharedVars[id];
    llvm::SmallVector<std::pair<uint64_t, uint64_t>> taken;
    for (unsigned g : varGroups[id])
      taken.append(occupied[g].begin(), occupied[g].end());
    llvm::sort(taken);
    uint64_t offset = 0;
    for (auto [begin, end] : taken) {
      if (offset + var.size <= begin && var.size)
        break;
      if (end > offset)
        offset = alignTo(end, var.align);
    }
    offset = alignTo(offset, var.align);
    offsets[id] = offset;
    for (unsigned g : varGroups[id]) {
      occupied[g].push_back({offset, offset + var.size});
      staticBytes[g] = std::max(staticBytes[g], offset + var.size);
    }
  }

  // The dynamic part of each function: after the static part of every
  // group that reaches it.
  llvm::DenseMap<Operation *, uint64_t> dynamicBase;
  for (unsigned g = 0; g < groups.size(); ++g)
    for (Operation *fn : groups[g])
      if (uses[fn].dynamic)
        dynamicBase[fn] = std::max(
            dynamicBase.lookup(fn),
            alignTo(staticBytes[g], moduleInfo.dynamicSharedAlign));

  Builder b(module.getContext());
  uint64_t largest = 0;
  for (unsigned g = 0; g < groups.size(); ++g) {
    uint64_t bytes = staticBytes[g];
    for (Operation *fn : groups[g])
      if (uses[fn].dynamic)
        bytes = std::max(bytes, dynamicBase[fn]);
    if (Operation *kernel = groupKernel[g])
      kernel->setAttr(ptx::attrs::kSharedBytes, b.getI64IntegerAttr(bytes));
    largest = std::max(largest, bytes);
  }
  module->setAttr(ptx::attrs::kSharedBytes, b.getI64IntegerAttr(largest));

  for (auto &[fn, use] : uses)
    fn->walk([&](arith::ConstantOp constant) {
      uint64_t offset;
      if (auto id = constant->getAttrOfType<IntegerAttr>(kSharedVarAttr))
        offset = offsets[id.getInt()];
      else if (constant->hasAttr(kSharedDynamicAttr))
        offset = dynamicBase.lookup(fn);
      else
        return;
      constant.setValueAttr(b.getI64IntegerAttr(int64_t(offset)));
      constant->removeAttr(kSharedVarAttr);
      constant->removeAttr(kSharedDynamicAttr);
    });
}
