//===- PTXInstrBase.td - classes of the PTX instruction table -*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The classes that PTXInstrs.td is written in. ptxjit-tblgen reads the table
// and generates the frontend's opcode dispatch, its modifier vocabulary
// (`ptxjit::frontend::Mod`, one enumerator per spelling), the modifiers,
// required modifiers and types each instruction accepts, and the
// instruction table of docs/status.md.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXINSTRBASE_TD
#define PTXJIT_DIALECT_PTX_IR_PTXINSTRBASE_TD

include "ptxjit/Dialect/PTX/IR/PTXAttrs.td"

//===----------------------------------------------------------------------===//
// Modifiers
//===----------------------------------------------------------------------===//

/// A group of modifier spellings of which an instruction takes at most one
/// (a flag is a group of one). Every spelling becomes an enumerator of
/// `frontend::Mod`; `::` in a spelling becomes `_` (`L2::cache_hint` is
/// `Mod::L2_cache_hint`).
class PTX_Modifiers<list<string> spellingList, string doc = ""> {
  list<string> spellings = spellingList;
  /// What the group means, for the documentation.
  string summary = doc;
  /// The dialect enum the spellings name cases of ("" when none).
  string cppEnum = "";
}

/// A flag modifier such as `.ftz`.
class PTX_Flag<string spelling, string doc = "">
    : PTX_Modifiers<[spelling], doc>;

/// Modifiers that name cases of a dialect enum (PTXAttrs.td): the handler
/// takes them with `Mods::takeEnum<Enum>()`, so the binding is checked by the
/// C++ compiler. \p cases selects the cases an instruction accepts; by
/// default all of them.
class PTX_EnumModifiers<EnumInfo enumInfo, list<string> cases = [],
                        string doc = "">
    : PTX_Modifiers<!if(!empty(cases),
                        !foreach(c, enumInfo.enumerants, c.str), cases),
                    doc> {
  let cppEnum = enumInfo.cppType;
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

/// How an instruction relates to guards and control flow: a guarded pure
/// instruction becomes a select, a guarded one with side effects is branched
/// around, a branch takes its guard as its condition.
class PTX_InstrKind<string kindName> {
  string cppName = kindName;
}
def PTX_Pure : PTX_InstrKind<"Pure">;
def PTX_SideEffect : PTX_InstrKind<"SideEffect">;
def PTX_Branch : PTX_InstrKind<"Branch">;

/// One opcode of the PTX ISA and how the frontend emits it.
class PTX_Instr<string opcodeName, string familyName, string isaSection,
                PTX_InstrKind instrKind, string handlerCall,
                list<PTX_Modifiers> modifierList = []> {
  /// The opcode as written (`add`, `cvta`).
  string opcode = opcodeName;
  /// The instruction family: the frontend file that emits it and the
  /// section of the documentation table.
  string family = familyName;
  /// The section of the PTX ISA that specifies it.
  string section = isaSection;
  PTX_InstrKind kind = instrKind;
  /// The FunctionEmitter call that emits it; `mods` holds its modifiers.
  string handler = handlerCall;
  /// Every modifier it accepts besides its types. The frontend rejects any
  /// other modifier before the handler runs, and a handler that takes a
  /// modifier missing here is an internal error, so the table and the
  /// handlers cannot drift apart.
  list<PTX_Modifiers> modifiers = modifierList;
  /// Groups of `modifiers` of which the instruction must have one in every
  /// form (`mul24` needs `.lo` or `.hi`). The frontend reports a missing one
  /// before the handler runs.
  list<PTX_Modifiers> required = [];
  /// The type modifiers of all its forms (`u32`, `f16x2`), without the dot;
  /// empty when the handler decides alone (cvt, mov's pack forms, ...). The
  /// frontend rejects any other type before the handler runs; the handler
  /// picks among these for each form, and the op's verifier has the rules
  /// that tie types to modifiers.
  list<string> types = [];
  /// The operand counts of its forms (`min` takes 3 or 4; a `d|p` pair and
  /// a `{a, b}` vector count as one); empty when the handler decides alone.
  /// The frontend checks the count before the handler runs.
  list<int> operandCounts = [];
  /// The ptx dialect ops its forms become, for the documentation.
  list<string> ops = [];
  /// Whether its register operands may carry a video selector written
  /// after the register (`%r1.b2`, `%r2.h10`) and its sources a negation
  /// (`-%r3`): the video instructions. Elsewhere the parser rejects both.
  bit videoOperands = 0;
}

#endif // PTXJIT_DIALECT_PTX_IR_PTXINSTRBASE_TD
