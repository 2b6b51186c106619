// An opcode defined twice is an error.
// RUN: not ptxjit-tblgen -gen-ptx-instrs %tblgen_includes %s 2>&1 | FileCheck %s

include "ptxjit/Dialect/PTX/IR/PTXInstrBase.td"

def : PTX_Instr<"add", "arithmetic", "9.7.1.1", PTX_Pure, "emitAddSub(mods)">;
// CHECK: error: opcode 'add' is defined twice
def : PTX_Instr<"add", "arithmetic", "9.7.1.1", PTX_Pure, "emitAddSub(mods)">;
