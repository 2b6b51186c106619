// A required modifier group must be one of the groups the instruction
// accepts: otherwise no form could satisfy it.
// RUN: not ptxjit-tblgen -gen-ptx-instrs %tblgen_includes %s 2>&1 | FileCheck %s

include "ptxjit/Dialect/PTX/IR/PTXInstrBase.td"

def Mod_HiLo : PTX_Modifiers<["lo", "hi"]>;
def Mod_sat : PTX_Flag<"sat">;

// CHECK: error: 'mul24' requires modifier group 'Mod_HiLo', which its modifiers do not list
def : PTX_Instr<"mul24", "arithmetic", "9.7.1.5", PTX_Pure,
                "emitMul24(mods, /*isMad=*/false)", [Mod_sat]> {
  let required = [Mod_HiLo];
}
