//===- SSA.cpp - SSA construction for the emitter ------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;


//===----------------------------------------------------------------------===//
// SSA construction
//===----------------------------------------------------------------------===//

Value FunctionEmitter::undefValue(unsigned var) {
  auto it = undefs.find(var);
  if (it != undefs.end())
    return it->second;
  // Registers read before any write hold zero: deterministic, and what a
  // freshly launched GPU thread observes in practice is unspecified anyway.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Type type = varType(var);
  Value value;
  if (isa<FloatType>(type))
    value = arith::ConstantOp::create(b, func.getLoc(), type,
                                      b.getFloatAttr(type, 0.0));
  else if (isa<IntegerType>(type))
    value = arith::ConstantOp::create(b, func.getLoc(), type,
                                      b.getIntegerAttr(type, 0));
  else
    value = LLVM::ZeroOp::create(b, func.getLoc(), type);
  undefs[var] = value;
  return value;
}

Value FunctionEmitter::readVar(unsigned var, Block *block) {
  BlockState &st = blocks[block];
  auto it = st.defs.find(var);
  if (it != st.defs.end())
    return it->second;
  return readVarRecursive(var, block);
}

Value FunctionEmitter::readVarRecursive(unsigned var, Block *block) {
  // Up a chain of sealed single-predecessor blocks iteratively: a long
  // chain must not recurse once per block, and a chain that comes back to
  // itself (a cycle that nothing enters: unreachable code) holds no
  // definition, so the value is undefined there.
  SmallVector<Block *> chain;
  llvm::SmallPtrSet<Block *, 8> seen;
  Block *current = block;
  Value value;
  while (true) {
    if (current != block) {
      auto it = blocks[current].defs.find(var);
      if (it != blocks[current].defs.end()) {
        value = it->second;
        break;
      }
    }
    if (!seen.insert(current).second) {
      value = undefValue(var);
      break;
    }
    if (!blocks[current].sealed) {
      // An incomplete phi, completed when the block is sealed.
      BlockArgument arg = current->addArgument(varType(var), func.getLoc());
      blocks[current].incomplete.push_back({var, arg});
      value = arg;
      break;
    }
    llvm::SetVector<Block *> preds(current->pred_begin(),
                                   current->pred_end());
    if (preds.empty()) {
      chain.push_back(current);
      value = undefValue(var);
      break;
    }
    if (preds.size() > 1) {
      // The phi is the definition before its operands are read, which
      // ends the cycles through it.
      BlockArgument arg = current->addArgument(varType(var), func.getLoc());
      writeVar(var, current, arg);
      addPhiOperands(var, current, arg);
      value = arg;
      break;
    }
    chain.push_back(current);
    current = preds.front();
  }
  writeVar(var, current, value);
  for (Block *visited : chain)
    writeVar(var, visited, value);
  return value;
}

void FunctionEmitter::addPhiOperands(unsigned var, Block *block,
                                     BlockArgument arg) {
  llvm::SetVector<Block *> preds(block->pred_begin(), block->pred_end());
  for (Block *pred : preds) {
    Value value = readVar(var, pred);
    auto branch = cast<BranchOpInterface>(pred->getTerminator());
    for (unsigned i = 0, e = branch->getNumSuccessors(); i != e; ++i)
      if (branch->getSuccessor(i) == block)
        branch.getSuccessorOperands(i).append(value);
  }
  (void)arg;
}

void FunctionEmitter::sealBlock(Block *block) {
  // Incomplete phis may be added while this loop runs; index, don't iterate.
  for (unsigned i = 0; i < blocks[block].incomplete.size(); ++i) {
    auto [var, arg] = blocks[block].incomplete[i];
    addPhiOperands(var, block, arg);
  }
  blocks[block].incomplete.clear();
  blocks[block].sealed = true;
}

void FunctionEmitter::noteEdge(Block *from, Block *to) {
  (void)from;
  BlockState &st = blocks[to];
  if (st.expectedPreds == ~0u)
    return;
  if (++st.emittedPreds == st.expectedPreds && !st.sealed)
    sealBlock(to);
}

void FunctionEmitter::removeTrivialBlockArguments() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Block &block : func.getBody()) {
      if (block.isEntryBlock())
        continue;
      for (unsigned argIdx = 0; argIdx < block.getNumArguments();) {
        BlockArgument arg = block.getArgument(argIdx);
        Value same;
        bool trivial = true;
        SmallVector<std::pair<BranchOpInterface, unsigned>> uses;
        for (auto it = block.pred_begin(), e = block.pred_end(); it != e;
             ++it) {
          auto branch = cast<BranchOpInterface>((*it)->getTerminator());
          unsigned succIdx = it.getSuccessorIndex();
          Value incoming =
              branch.getSuccessorOperands(succIdx)[argIdx];
          uses.push_back({branch, succIdx});
          if (incoming == arg || incoming == same)
            continue;
          if (same) {
            trivial = false;
            break;
          }
          same = incoming;
        }
        if (!trivial || !same) {
          ++argIdx;
          continue;
        }
        arg.replaceAllUsesWith(same);
        for (auto [branch, succIdx] : uses)
          branch.getSuccessorOperands(succIdx).erase(argIdx);
        block.eraseArgument(argIdx);
        changed = true;
      }
    }
  }
}
