// The generators of ptxjit-tblgen on a small table: modifier enumerators
// (`::` and C++ keywords), per-opcode modifier sets, required groups and
// types, operand counts, video operands, the dispatch and the documentation
// table.
// RUN: ptxjit-tblgen -gen-ptx-instrs %tblgen_includes %s | FileCheck %s
// RUN: ptxjit-tblgen -gen-ptx-instr-docs %tblgen_includes %s \
// RUN:   | FileCheck %s --check-prefix=DOCS

include "ptxjit/Dialect/PTX/IR/PTXInstrBase.td"

def Mod_ftz : PTX_Flag<"ftz">;
def Mod_Rnd : PTX_EnumModifiers<PTX_RoundingMode, ["rn", "rz"]>;
def Mod_Bool : PTX_Modifiers<["and", "or"], "combination">;
def Mod_Hint : PTX_Flag<"L2::cache_hint">;

def : PTX_Instr<"and", "logic", "9.7.8.1", PTX_Pure, "emitLogic(mods)">;
def : PTX_Instr<"setp", "comparison", "9.7.6.2", PTX_Pure,
                "emitSetp(mods, /*isSet=*/false)", [Mod_Bool, Mod_ftz]> {
  let required = [Mod_Bool];
  let types = ["f32", "s32", "f32"];
  let operandCounts = [3, 4];
  let ops = ["ptx.setp"];
  let videoOperands = 1;
}
def : PTX_Instr<"st", "memory", "9.7.9.11", PTX_SideEffect, "emitSt(mods)",
                [Mod_Hint, Mod_Rnd, Mod_ftz, Mod_Rnd]>;

// Every spelling once, sorted; `::` becomes `_`, keywords get a `_`.
// CHECK-LABEL: enum class Mod : uint16_t {
// CHECK-NEXT:   L2_cache_hint, // .L2::cache_hint
// CHECK-NEXT:   and_, // .and
// CHECK-NEXT:   ftz, // .ftz
// CHECK-NEXT:   or_, // .or
// CHECK-NEXT:   rn, // .rn
// CHECK-NEXT:   rz, // .rz
// CHECK-NEXT: };
// CHECK: kNumModifiers = 6;
// Opcodes in definition order.
// CHECK-LABEL: enum class InstrId : uint16_t {
// CHECK-NEXT:   and_,
// CHECK-NEXT:   setp,
// CHECK-NEXT:   st,
// CHECK-NEXT: };
// CHECK: .Case("L2::cache_hint", Mod::L2_cache_hint)
// CHECK: .Case("and", InstrId::and_)
// An opcode without modifiers accepts none; a group listed twice counts once.
// CHECK: static const Mod and_Mods[] = {Mod{}};
// CHECK: static const Mod setpMods[] = {Mod::and_, Mod::or_, Mod::ftz};
// A required group is a list of its spellings; types are kept once each.
// CHECK: static const Mod setpRequired0[] = {Mod::and_, Mod::or_};
// CHECK-NEXT: static const llvm::ArrayRef<Mod> setpRequired[] = {setpRequired0};
// CHECK-NEXT: static const llvm::StringLiteral setpTypes[] = {"f32", "s32"};
// CHECK-NEXT: static const uint8_t setpOperandCounts[] = {3, 4};
// CHECK: static const Mod stMods[] = {Mod::L2_cache_hint, Mod::rn, Mod::rz, Mod::ftz};
// Only an opcode that sets videoOperands takes video selectors.
// CHECK: {"and", InstrKind::Pure, llvm::ArrayRef<Mod>(and_Mods).take_front(0), llvm::ArrayRef<llvm::ArrayRef<Mod>>(and_Required).take_front(0), llvm::ArrayRef<llvm::StringLiteral>(and_Types).take_front(0), llvm::ArrayRef<uint8_t>(and_OperandCounts).take_front(0), false},
// CHECK: {"setp", InstrKind::Pure, llvm::ArrayRef<Mod>(setpMods).take_front(3), llvm::ArrayRef<llvm::ArrayRef<Mod>>(setpRequired).take_front(1), llvm::ArrayRef<llvm::StringLiteral>(setpTypes).take_front(2), llvm::ArrayRef<uint8_t>(setpOperandCounts).take_front(2), true},
// CHECK: {"st", InstrKind::SideEffect, llvm::ArrayRef<Mod>(stMods).take_front(4), llvm::ArrayRef<llvm::ArrayRef<Mod>>(stRequired).take_front(0), llvm::ArrayRef<llvm::StringLiteral>(stTypes).take_front(0), llvm::ArrayRef<uint8_t>(stOperandCounts).take_front(0), false},
// CHECK-LABEL: #ifdef GET_INSTR_DISPATCH
// CHECK: case InstrId::and_:
// CHECK-NEXT:   return emitLogic(mods);
// CHECK: case InstrId::setp:
// CHECK-NEXT:   return emitSetp(mods, /*isSet=*/false);

// A required group is in bold; an opcode without types has them by form.
// DOCS: | Instruction | ISA section | Guarded | Operands | Types | Modifiers | Ops |
// DOCS: | **logic** | | | | | | |
// DOCS-NEXT: | `and` | 9.7.8.1 | select | (by form) | (by form) |  |  |
// DOCS: | **comparison** | | | | | | |
// DOCS-NEXT: | `setp` | 9.7.6.2 | select | 3, 4 | `.f32` `.s32` | **`.and` `.or`**; `.ftz` | `ptx.setp` |
// DOCS: | **memory** | | | | | | |
// DOCS-NEXT: | `st` | 9.7.9.11 | branch around | (by form) | (by form) | `.L2::cache_hint`; `.rn` `.rz`; `.ftz` |  |
