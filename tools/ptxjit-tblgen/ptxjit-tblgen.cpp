//===- ptxjit-tblgen.cpp - generators for the PTX instruction table -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Reads PTXInstrs.td (the classes are in PTXInstrBase.td) and writes
//   -gen-ptx-instrs      the frontend's modifier vocabulary, the instruction
//                        table (kind and accepted modifiers per opcode) and
//                        the dispatch to the FunctionEmitter handlers;
//   -gen-ptx-instr-docs  the Markdown table of supported instructions that
//                        docs/status.md includes;
//   -gen-ptx-fuzz-dict   the libFuzzer dictionary of ptx-fuzz: every opcode,
//                        modifier and type spelling of the table.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace {

enum class Action { GenInstrs, GenDocs, GenFuzzDict };

cl::opt<Action> action(
    cl::desc("what to generate"),
    cl::values(clEnumValN(Action::GenInstrs, "gen-ptx-instrs",
                          "the frontend's instruction table and dispatch"),
               clEnumValN(Action::GenDocs, "gen-ptx-instr-docs",
                          "the Markdown table of supported instructions"),
               clEnumValN(Action::GenFuzzDict, "gen-ptx-fuzz-dict",
                          "the libFuzzer dictionary of the table's words")));

/// C++ keywords (and alternative tokens) that are also PTX spellings.
bool isCppKeyword(StringRef name) {
  static const StringSet<> keywords = {"and",   "or",       "xor", "not",
                                       "const", "volatile", "inline"};
  return keywords.contains(name);
}

/// The C++ enumerator for a modifier spelling or an opcode: `::` becomes `_`
/// and a C++ keyword gets a trailing `_` (`and` is `and_`), a leading digit
/// a leading `_` (`1d` is `_1d`).
std::string enumeratorName(StringRef spelling) {
  std::string name;
  for (size_t i = 0; i < spelling.size(); ++i) {
    if (spelling.substr(i).starts_with("::")) {
      name += '_';
      ++i;
      continue;
    }
    char c = spelling[i];
    name += isAlnum(c) ? c : '_';
  }
  if (isCppKeyword(name))
    name += '_';
  // Spellings such as `1d` (cp.async.bulk.tensor's dimensions) are no C++
  // identifiers: `Mod::_1d`.
  if (!name.empty() && isDigit(name[0]))
    name.insert(name.begin(), '_');
  return name;
}

/// One instruction of the table, read from its record.
struct Instr {
  StringRef opcode, family, section, kind, handler;
  /// The accepted spellings, in table order, without duplicates.
  std::vector<StringRef> spellings;
  /// The modifier groups, for the documentation.
  std::vector<const Record *> groups;
  /// The groups of which every form has one.
  std::vector<const Record *> required;
  /// The type modifiers it accepts (empty: the handler decides).
  std::vector<StringRef> types;
  /// The operand counts of its forms (empty: the handler decides).
  std::vector<int64_t> operandCounts;
  /// The ptx ops it becomes, for the documentation.
  std::vector<StringRef> ops;
  /// Whether its register operands may carry video selectors.
  bool videoOperands = false;
  const Record *record;
};

/// Reads every PTX_Instr in definition order; reports duplicates.
bool readInstrs(const RecordKeeper &records, std::vector<Instr> &instrs) {
  StringSet<> opcodes;
  for (const Record *def : records.getAllDerivedDefinitions("PTX_Instr")) {
    Instr instr;
    instr.record = def;
    instr.opcode = def->getValueAsString("opcode");
    instr.family = def->getValueAsString("family");
    instr.section = def->getValueAsString("section");
    instr.kind = def->getValueAsDef("kind")->getValueAsString("cppName");
    instr.handler = def->getValueAsString("handler");
    if (!opcodes.insert(instr.opcode).second) {
      PrintError(def, "opcode '" + instr.opcode + "' is defined twice");
      return true;
    }
    StringSet<> seen;
    for (const Record *group : def->getValueAsListOfDefs("modifiers")) {
      if (is_contained(instr.groups, group))
        continue;
      instr.groups.push_back(group);
      for (StringRef spelling : group->getValueAsListOfStrings("spellings"))
        if (seen.insert(spelling).second)
          instr.spellings.push_back(spelling);
    }
    for (const Record *group : def->getValueAsListOfDefs("required")) {
      if (!is_contained(instr.groups, group)) {
        PrintError(def, "'" + instr.opcode + "' requires modifier group '" +
                            group->getName() +
                            "', which its modifiers do not list");
        return true;
      }
      instr.required.push_back(group);
    }
    for (StringRef type : def->getValueAsListOfStrings("types"))
      if (!is_contained(instr.types, type))
        instr.types.push_back(type);
    for (int64_t count : def->getValueAsListOfInts("operandCounts")) {
      if (count < 0 || count > 255) {
        PrintError(def, "an operand count of '" + instr.opcode +
                            "' is out of range");
        return true;
      }
      if (!is_contained(instr.operandCounts, count))
        instr.operandCounts.push_back(count);
    }
    for (StringRef op : def->getValueAsListOfStrings("ops"))
      instr.ops.push_back(op);
    instr.videoOperands = def->getValueAsBit("videoOperands");
    instrs.push_back(std::move(instr));
  }
  return false;
}

/// Every modifier spelling of the table, sorted.
std::vector<StringRef> allSpellings(const RecordKeeper &records) {
  std::set<StringRef> spellings;
  for (const Record *group :
       records.getAllDerivedDefinitions("PTX_Modifiers"))
    for (StringRef spelling : group->getValueAsListOfStrings("spellings"))
      spellings.insert(spelling);
  return {spellings.begin(), spellings.end()};
}

bool emitInstrs(raw_ostream &os, const RecordKeeper &records) {
  emitSourceFileHeader("PTX instruction table", os, records);
  std::vector<Instr> instrs;
  if (readInstrs(records, instrs))
    return true;
  std::vector<StringRef> spellings = allSpellings(records);

  os << "#ifdef GET_MODIFIER_ENUM\n#undef GET_MODIFIER_ENUM\n";
  os << "/// Every modifier spelling of the instruction table.\n";
  os << "enum class Mod : uint16_t {\n";
  for (StringRef spelling : spellings)
    os << "  " << enumeratorName(spelling) << ", // ." << spelling << "\n";
  os << "};\n";
  os << "inline constexpr unsigned kNumModifiers = " << spellings.size()
     << ";\n";
  os << "/// Every opcode of the instruction table.\n";
  os << "enum class InstrId : uint16_t {\n";
  for (const Instr &instr : instrs)
    os << "  " << enumeratorName(instr.opcode) << ",\n";
  os << "};\n";
  os << "#endif // GET_MODIFIER_ENUM\n\n";

  os << "#ifdef GET_MODIFIER_FUNCS\n#undef GET_MODIFIER_FUNCS\n";
  os << "llvm::StringRef spelling(Mod mod) {\n";
  os << "  static const char *const spellings[] = {\n";
  for (StringRef spelling : spellings)
    os << "      \"" << spelling << "\",\n";
  os << "  };\n  return spellings[unsigned(mod)];\n}\n\n";
  os << "std::optional<Mod> lookupModifier(llvm::StringRef spelling) {\n";
  os << "  return llvm::StringSwitch<std::optional<Mod>>(spelling)\n";
  for (StringRef spelling : spellings)
    os << "      .Case(\"" << spelling << "\", Mod::"
       << enumeratorName(spelling) << ")\n";
  os << "      .Default(std::nullopt);\n}\n\n";
  os << "std::optional<InstrId> lookupInstr(llvm::StringRef opcode) {\n";
  os << "  return llvm::StringSwitch<std::optional<InstrId>>(opcode)\n";
  for (const Instr &instr : instrs)
    os << "      .Case(\"" << instr.opcode << "\", InstrId::"
       << enumeratorName(instr.opcode) << ")\n";
  os << "      .Default(std::nullopt);\n}\n\n";
  os << "const InstrInfo &getInstrInfo(InstrId id) {\n";
  for (const Instr &instr : instrs) {
    os << "  static const Mod " << enumeratorName(instr.opcode)
       << "Mods[] = {";
    ListSeparator sep;
    for (StringRef spelling : instr.spellings)
      os << sep << "Mod::" << enumeratorName(spelling);
    if (instr.spellings.empty())
      os << "Mod{}";
    os << "};\n";
    std::string name = enumeratorName(instr.opcode);
    for (auto [i, group] : enumerate(instr.required)) {
      os << "  static const Mod " << name << "Required" << i << "[] = {";
      ListSeparator sep;
      for (StringRef spelling : group->getValueAsListOfStrings("spellings"))
        os << sep << "Mod::" << enumeratorName(spelling);
      os << "};\n";
    }
    os << "  static const llvm::ArrayRef<Mod> " << name << "Required[] = {";
    ListSeparator requiredSep;
    for (unsigned i = 0, e = instr.required.size(); i != e; ++i)
      os << requiredSep << name << "Required" << i;
    if (instr.required.empty())
      os << "{}";
    os << "};\n";
    os << "  static const llvm::StringLiteral " << name << "Types[] = {";
    ListSeparator typeSep;
    for (StringRef type : instr.types)
      os << typeSep << "\"" << type << "\"";
    if (instr.types.empty())
      os << "\"\"";
    os << "};\n";
    os << "  static const uint8_t " << name << "OperandCounts[] = {";
    ListSeparator countSep;
    for (int64_t count : instr.operandCounts)
      os << countSep << count;
    if (instr.operandCounts.empty())
      os << "0";
    os << "};\n";
  }
  os << "  static const InstrInfo infos[] = {\n";
  for (const Instr &instr : instrs) {
    std::string name = enumeratorName(instr.opcode);
    os << "      {\"" << instr.opcode << "\", InstrKind::" << instr.kind
       << ", llvm::ArrayRef<Mod>(" << name << "Mods).take_front("
       << instr.spellings.size() << "), llvm::ArrayRef<llvm::ArrayRef<Mod>>("
       << name << "Required).take_front(" << instr.required.size()
       << "), llvm::ArrayRef<llvm::StringLiteral>(" << name
       << "Types).take_front(" << instr.types.size()
       << "), llvm::ArrayRef<uint8_t>(" << name << "OperandCounts).take_front("
       << instr.operandCounts.size() << "), "
       << (instr.videoOperands ? "true" : "false") << "},\n";
  }
  os << "  };\n  return infos[unsigned(id)];\n}\n";
  os << "#endif // GET_MODIFIER_FUNCS\n\n";

  os << "#ifdef GET_INSTR_DISPATCH\n#undef GET_INSTR_DISPATCH\n";
  os << "switch (id) {\n";
  for (const Instr &instr : instrs)
    os << "case InstrId::" << enumeratorName(instr.opcode) << ":\n  return "
       << instr.handler << ";\n";
  os << "}\n";
  os << "#endif // GET_INSTR_DISPATCH\n";
  return false;
}

bool emitDocs(raw_ostream &os, const RecordKeeper &records) {
  std::vector<Instr> instrs;
  if (readInstrs(records, instrs))
    return true;
  // Families in order of first appearance.
  std::vector<StringRef> families;
  for (const Instr &instr : instrs)
    if (!is_contained(families, instr.family))
      families.push_back(instr.family);
  os << "<!-- Generated by ptxjit-tblgen -gen-ptx-instr-docs from "
        "include/ptxjit/Dialect/PTX/IR/PTXInstrs.td; do not edit. -->\n\n";
  os << "| Instruction | ISA section | Guarded | Operands | Types | Modifiers "
        "| Ops |\n";
  os << "|---|---|---|---|---|---|---|\n";
  for (StringRef family : families) {
    os << "| **" << family << "** | | | | | | |\n";
    for (const Instr &instr : instrs) {
      if (instr.family != family)
        continue;
      StringRef guard = instr.kind == "Pure"         ? "select"
                        : instr.kind == "SideEffect" ? "branch around"
                                                     : "condition";
      os << "| `" << instr.opcode << "` | "
         << (instr.section.empty() ? "" : instr.section) << " | " << guard
         << " | ";
      ListSeparator countSep(", ");
      for (int64_t count : instr.operandCounts)
        os << countSep << count;
      if (instr.operandCounts.empty())
        os << "(by form)";
      os << " | ";
      ListSeparator typeSep(" ");
      for (StringRef type : instr.types)
        os << typeSep << "`." << type << "`";
      if (instr.types.empty())
        os << "(by form)";
      os << " | ";
      // A required group is in bold: every form has one of it.
      ListSeparator groupSep("; ");
      for (const Record *group : instr.groups) {
        os << groupSep;
        bool required = is_contained(instr.required, group);
        if (required)
          os << "**";
        ListSeparator sep(" ");
        for (StringRef spelling : group->getValueAsListOfStrings("spellings"))
          os << sep << "`." << spelling << "`";
        if (required)
          os << "**";
      }
      os << " | ";
      ListSeparator opSep(" ");
      for (StringRef op : instr.ops)
        os << opSep << "`" << op << "`";
      os << " |\n";
    }
  }
  return false;
}

/// One libFuzzer dictionary entry a line: the opcodes (with a trailing
/// space, as they start an instruction), the `.modifier` and `.type`
/// spellings, and the directives and punctuation every PTX file has.
bool emitFuzzDict(raw_ostream &os, const RecordKeeper &records) {
  std::vector<Instr> instrs;
  if (readInstrs(records, instrs))
    return true;
  os << "# Generated by ptxjit-tblgen -gen-ptx-fuzz-dict from "
        "include/ptxjit/Dialect/PTX/IR/PTXInstrs.td; do not edit.\n";
  std::set<std::string> words;
  for (const Instr &instr : instrs) {
    words.insert((instr.opcode + " ").str());
    for (StringRef type : instr.types)
      words.insert(("." + type).str());
  }
  for (StringRef spelling : allSpellings(records))
    words.insert(("." + spelling).str());
  for (const char *word :
       {".version 9.2\n", ".target sm_90a\n", ".address_size 64\n",
        ".visible ", ".entry ", ".func ", ".extern ", ".weak ", ".param ",
        ".reg ", ".shared ", ".global ", ".local ", ".const ", ".align ",
        ".pragma ", ".maxntid ", ".reqntid ", ".minnctapersm ", ".file ",
        ".loc ", ".section ", ".b8 ", ".b16 ", ".b32 ", ".b64 ", ".pred ",
        "%tid.x", "%ntid.x", "%ctaid.x", "%laneid", "%r1", "%rd1", "%f1",
        "%p1", "@%p1 ", "@!%p1 ", "{", "}", "[", "]", "(", ")", ";\n", ", ",
        "0f3F800000", "0d3FF0000000000000", "0x7fffffff", "-1", "$L__BB0_1",
        "ret;\n", "exit;\n", "bra ", "call ", "// ", "/*", "*/"})
    words.insert(word);
  for (const std::string &word : words) {
    os << '"';
    for (char c : word) {
      if (c == '"' || c == '\\')
        os << '\\' << c;
      else if (c == '\n')
        os << "\\x0A"; // libFuzzer's dictionaries know only \xNN escapes.
      else
        os << c;
    }
    os << "\"\n";
  }
  return false;
}

bool generate(raw_ostream &os, const RecordKeeper &records) {
  switch (action) {
  case Action::GenFuzzDict:
    return emitFuzzDict(os, records);
  case Action::GenInstrs:
    return emitInstrs(os, records);
  case Action::GenDocs:
    return emitDocs(os, records);
  }
  llvm_unreachable("unknown action");
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &generate);
}
