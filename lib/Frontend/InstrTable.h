//===- InstrTable.h - the instruction table and typed modifiers -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The frontend's view of include/ptxjit/Dialect/PTX/IR/PTXInstrs.td: every
// modifier spelling is a `Mod`, every opcode an `InstrId` with the modifiers
// it accepts, and `Mods` hands an instruction's modifiers to its handler.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_FRONTEND_INSTRTABLE_H
#define PTXJIT_LIB_FRONTEND_INSTRTABLE_H

#include "FrontendImpl.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ptxjit::frontend {

#define GET_MODIFIER_ENUM
#include "ptxjit/Dialect/PTX/IR/PTXInstrs.inc"

/// How an instruction relates to guards and control flow.
enum class InstrKind : uint8_t {
  /// A guarded instruction becomes a select of the old and the new value.
  Pure,
  /// A guarded instruction is branched around.
  SideEffect,
  /// The guard is the branch condition.
  Branch,
};

/// What the table says about one opcode.
struct InstrInfo {
  llvm::StringRef opcode;
  InstrKind kind;
  /// Every modifier the opcode accepts besides its types.
  llvm::ArrayRef<Mod> modifiers;
  /// Groups of `modifiers` of which every form has one.
  llvm::ArrayRef<llvm::ArrayRef<Mod>> required;
  /// The type modifiers of its forms (empty: the handler decides).
  llvm::ArrayRef<llvm::StringLiteral> types;
  /// The operand counts of its forms (empty: the handler decides).
  llvm::ArrayRef<uint8_t> operandCounts;
  /// Whether its register operands may carry a video selector (`%r1.b2`)
  /// and its sources a negation (`-%r3`): the video instructions.
  bool videoOperands;

  bool accepts(Mod mod) const { return llvm::is_contained(modifiers, mod); }
};

/// The spelling of \p mod without its dot (`L2::cache_hint`).
llvm::StringRef spelling(Mod mod);
/// The modifier spelled \p spelling (without its dot), if the table has it.
std::optional<Mod> lookupModifier(llvm::StringRef spelling);
/// The opcode \p opcode, if the table has it.
std::optional<InstrId> lookupInstr(llvm::StringRef opcode);
const InstrInfo &getInstrInfo(InstrId id);

/// The modifiers of one instruction. Handlers take the ones they understand
/// and everything left over is an error, so nothing is silently ignored.
/// Taking a modifier the table does not list for the opcode is recorded as
/// an internal error: the table and the handlers cannot drift apart.
class Mods {
public:
  Mods(const Instr &instr, const InstrInfo &info)
      : instr(instr), info(info), used(instr.mods.size(), false) {
    for (llvm::StringRef mod : instr.mods)
      ids.push_back(lookupModifier(mod));
  }

  /// The table's modifier for the instruction's \p i-th modifier (none for
  /// types and spellings the table does not know).
  std::optional<Mod> id(unsigned i) const { return ids[i]; }
  /// Whether the instruction has \p mod (not yet taken).
  bool has(Mod mod) const {
    for (unsigned i = 0, e = ids.size(); i != e; ++i)
      if (!used[i] && ids[i] == mod)
        return true;
    return false;
  }
  /// Takes \p mod if the instruction has it.
  bool take(Mod mod) {
    noteTaken(mod);
    for (unsigned i = 0, e = ids.size(); i != e; ++i)
      if (!used[i] && ids[i] == mod) {
        used[i] = true;
        return true;
      }
    return false;
  }
  /// Takes the first of the instruction's modifiers that is one of
  /// \p options.
  std::optional<Mod> takeAny(llvm::ArrayRef<Mod> options) {
    for (Mod mod : options)
      noteTaken(mod);
    for (unsigned i = 0, e = ids.size(); i != e; ++i)
      if (!used[i] && ids[i] && llvm::is_contained(options, *ids[i])) {
        used[i] = true;
        return ids[i];
      }
    return std::nullopt;
  }
  /// Takes the first modifier that names one of \p cases of a dialect enum
  /// (its spelling is the case's string, as in PTXAttrs.td).
  template <typename EnumT>
  std::optional<EnumT> takeEnum(llvm::ArrayRef<EnumT> cases) {
    llvm::SmallVector<Mod, 16> options;
    for (EnumT c : cases)
      options.push_back(*lookupModifier(stringifyEnum(c)));
    std::optional<Mod> mod = takeAny(options);
    if (!mod)
      return std::nullopt;
    return ptx::symbolizeEnum<EnumT>(spelling(*mod));
  }
  /// Takes every type modifier, in order.
  llvm::SmallVector<PtxType, 2> takeTypes() {
    llvm::SmallVector<PtxType, 2> types;
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i])
        if (std::optional<PtxType> type = PtxType::parse(instr.mods[i])) {
          used[i] = true;
          types.push_back(*type);
        }
    return types;
  }
  /// Whether the instruction has the type modifier \p type (not yet taken).
  bool hasType(PtxType type) const {
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && PtxType::parse(instr.mods[i]) == type)
        return true;
    return false;
  }
  /// Takes the type modifier \p type if the instruction has it.
  bool takeType(PtxType type) {
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && PtxType::parse(instr.mods[i]) == type) {
        used[i] = true;
        return true;
      }
    return false;
  }
  /// Takes every modifier that names a type (a fundamental type or one of
  /// \p extra), in order, as written.
  llvm::SmallVector<llvm::StringRef, 2>
  takeTypeNames(llvm::ArrayRef<Mod> extra) {
    for (Mod mod : extra)
      noteTaken(mod);
    llvm::SmallVector<llvm::StringRef, 2> names;
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && (PtxType::parse(instr.mods[i]) ||
                       (ids[i] && llvm::is_contained(extra, *ids[i])))) {
        used[i] = true;
        names.push_back(instr.mods[i]);
      }
    return names;
  }
  /// Index of the first modifier nobody took.
  std::optional<unsigned> firstUnused() const {
    for (unsigned i = 0, e = used.size(); i != e; ++i)
      if (!used[i])
        return i;
    return std::nullopt;
  }
  /// The first modifier a handler took that the table does not list for
  /// this opcode.
  std::optional<Mod> undeclaredTaken() const { return undeclared; }

private:
  void noteTaken(Mod mod) {
    if (!undeclared && !info.accepts(mod))
      undeclared = mod;
  }

  const Instr &instr;
  const InstrInfo &info;
  /// The table's id of each modifier (none for types and unknown ones).
  llvm::SmallVector<std::optional<Mod>, 6> ids;
  llvm::SmallVector<bool, 6> used;
  std::optional<Mod> undeclared;
};

/// The IEEE rounding modifiers (`.rn .rz .rm .rp`).
inline constexpr ptx::RoundingMode kIeeeRoundings[] = {
    ptx::RoundingMode::rn, ptx::RoundingMode::rz, ptx::RoundingMode::rm,
    ptx::RoundingMode::rp};

} // namespace ptxjit::frontend

#endif // PTXJIT_LIB_FRONTEND_INSTRTABLE_H
