//===- Parser.cpp - PTX module grammar ------------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A recursive-descent parser for the PTX module grammar (directives,
// variables, kernels). Function bodies are parsed into statements with
// resolved registers and handed to the emitter (Emitter.cpp).
//
//===----------------------------------------------------------------------===//

#include "FrontendImpl.h"
#include "InstrTable.h"
#include "ptxjit/Frontend/Parser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Endian.h"

#include <map>
#include <functional>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;

InFlightDiagnostic ptxjit::frontend::emitErrorAt(MLIRContext *ctx,
                                                 const llvm::SourceMgr &sm,
                                                 llvm::SMLoc loc) {
  unsigned bufferId = sm.FindBufferContainingLoc(loc);
  if (!bufferId)
    return mlir::emitError(UnknownLoc::get(ctx));
  auto [line, col] = sm.getLineAndColumn(loc, bufferId);
  StringRef file = sm.getMemoryBuffer(bufferId)->getBufferIdentifier();
  return mlir::emitError(FileLineColLoc::get(ctx, file, line, col));
}

namespace {

/// Special registers by name (without the `%`), with their component.
struct SregName {
  const char *name;
  ptx::SpecialReg reg;
};

std::optional<ptx::SpecialReg> lookupVectorSreg(StringRef base,
                                                StringRef comp) {
  using S = ptx::SpecialReg;
  int idx = comp == "x" ? 0 : comp == "y" ? 1 : comp == "z" ? 2 : -1;
  if (idx < 0)
    return std::nullopt;
  auto pick = [&](S x) { return static_cast<S>(static_cast<int>(x) + idx); };
  return llvm::StringSwitch<std::optional<S>>(base)
      .Case("%tid", pick(S::tid_x))
      .Case("%ntid", pick(S::ntid_x))
      .Case("%ctaid", pick(S::ctaid_x))
      .Case("%nctaid", pick(S::nctaid_x))
      .Case("%cluster_ctaid", pick(S::cluster_ctaid_x))
      .Case("%cluster_nctaid", pick(S::cluster_nctaid_x))
      .Case("%clusterid", pick(S::clusterid_x))
      .Case("%nclusterid", pick(S::nclusterid_x))
      .Default(std::nullopt);
}

std::optional<ptx::SpecialReg> lookupScalarSreg(StringRef name) {
  using S = ptx::SpecialReg;
  return llvm::StringSwitch<std::optional<S>>(name)
      .Case("%laneid", S::laneid)
      .Case("%warpid", S::warpid)
      .Case("%nwarpid", S::nwarpid)
      .Case("%smid", S::smid)
      .Case("%nsmid", S::nsmid)
      .Case("%gridid", S::gridid)
      .Case("%lanemask_eq", S::lanemask_eq)
      .Case("%lanemask_le", S::lanemask_le)
      .Case("%lanemask_lt", S::lanemask_lt)
      .Case("%lanemask_ge", S::lanemask_ge)
      .Case("%lanemask_gt", S::lanemask_gt)
      .Case("%clock", S::clock)
      .Case("%clock_hi", S::clock_hi)
      .Case("%clock64", S::clock64)
      .Case("%globaltimer", S::globaltimer)
      .Case("%globaltimer_lo", S::globaltimer_lo)
      .Case("%globaltimer_hi", S::globaltimer_hi)
      .Case("%dynamic_smem_size", S::dynamic_smem_size)
      .Case("%total_smem_size", S::total_smem_size)
      .Case("%aggr_smem_size", S::aggr_smem_size)
      .Case("%is_explicit_cluster", S::is_explicit_cluster)
      .Case("%cluster_ctarank", S::cluster_ctarank)
      .Case("%cluster_nctarank", S::cluster_nctarank)
      .Case("%current_graph_exec", S::current_graph_exec)
      .Default(std::nullopt);
}

class Parser {
public:
  Parser(llvm::SourceMgr &sm, MLIRContext *ctx)
      : sm(sm), ctx(ctx), lexer(sm, sm.getMainFileID()) {}

  OwningOpRef<ModuleOp> parse();

private:
  //===--- token helpers ---------------------------------------------------===//
  void consume() { tok = lexer.lex(); }
  InFlightDiagnostic error(llvm::SMLoc loc) {
    return emitErrorAt(ctx, sm, loc);
  }
  InFlightDiagnostic error() { return error(tok.getLoc()); }
  /// Reports the current token as unexpected.
  LogicalResult unexpected(StringRef expected) {
    if (tok.is(Token::Error))
      return error() << lexer.getErrorMessage(), failure();
    if (tok.is(Token::Eof))
      return error() << "unexpected end of file, expected " << expected,
             failure();
    return error() << "expected " << expected << ", found '" << tok.spelling
                   << "'",
           failure();
  }
  LogicalResult expect(Token::Kind kind, StringRef what) {
    if (!tok.is(kind))
      return unexpected(what);
    consume();
    return success();
  }
  bool consumeIf(Token::Kind kind) {
    if (!tok.is(kind))
      return false;
    consume();
    return true;
  }
  bool isDot(StringRef name) const {
    return tok.is(Token::DotName) && tok.spelling.drop_front() == name;
  }
  FailureOr<int64_t> parseInteger(StringRef what);
  /// Skips a balanced `{ ... }` group (debug sections).
  LogicalResult skipBracedGroup();

  //===--- module level ----------------------------------------------------===//
  LogicalResult parseHeader();
  LogicalResult parseTopLevel();
  LogicalResult parseDeviceLibrary();
  LogicalResult parseVarDecl(ptx::StateSpace space, bool isExtern, bool isWeak,
                             FunctionInfo *function, bool isCommon = false);
  void replaceCommonDefinition(VarInfo &first, const VarInfo &larger,
                               std::vector<uint8_t> &init);
  LogicalResult parseInitializer(PtxType type, uint64_t count,
                                 std::vector<uint8_t> &bytes);
  LogicalResult parseInitElement(PtxType type, std::vector<uint8_t> &bytes);
  /// Name of the variable whose initializer is being parsed.
  std::string initVarName;
  LogicalResult parseFunction(bool isEntry, bool isExtern,
                              bool isWeak = false);
  LogicalResult parseParams(std::vector<VarInfo> &params, bool forEntry);
  LogicalResult parseAlias();
  LogicalResult parseCallParamDecl(FunctionInfo &function);
  /// Parses the `.align N`, state-space/`.ptr` qualifiers and the type of a
  /// `.param` declaration.
  LogicalResult parseParamQualifiers(llvm::SMLoc loc, unsigned &align,
                                     std::optional<PtxType> &type);
  /// Parses `[N][M]...` after a name; returns the element count (1 without
  /// brackets).
  FailureOr<uint64_t> parseArrayCount(llvm::SMLoc loc);
  /// Resolves a `.param` declared in an enclosing `{ }` of the body.
  std::string resolveScopedSymbol(StringRef name) const;
  /// Gives the labels \p labels of the block that starts at statement
  /// \p start of the body a name of their own, in their declarations and in
  /// the block's references to them.
  void renameBlockLabels(FunctionInfo &function, size_t start,
                         const llvm::StringSet<> &labels);
  unsigned blockLabelCounter = 0;
  LogicalResult parsePerformanceDirectives(FunctionInfo &function);

  //===--- function bodies -------------------------------------------------===//
  LogicalResult parseBody(FunctionInfo &function);
  LogicalResult parseRegDecl(FunctionInfo &function);
  LogicalResult parseInstruction(FunctionInfo &function, Instr &instr);
  LogicalResult parseOperand(FunctionInfo &function, Operand &op);
  std::optional<unsigned> lookupReg(StringRef name);
  /// Whether the operands being parsed are those of a video instruction,
  /// whose registers may carry a selector (`%r1.b2`) and a negation
  /// (`-%r3`).
  bool videoOperands = false;

  llvm::SourceMgr &sm;
  MLIRContext *ctx;
  Lexer lexer;
  Token tok;
  OwningOpRef<ModuleOp> module;
  ModuleInfo info;
  /// Register scopes of the function being parsed: name -> register index.
  std::vector<llvm::StringMap<unsigned>> scopes;
  /// `%r<N>` declarations per scope: base name -> (count, type). Their
  /// registers are created when first used, so huge ranges cost nothing.
  std::vector<llvm::StringMap<std::pair<uint64_t, PtxType>>> rangeScopes;
  FunctionInfo *currentFunction = nullptr;
  /// `.param` declarations of the same scopes: name -> unique name.
  std::vector<llvm::StringMap<std::string>> paramScopes;
  unsigned callParamCounter = 0;
  unsigned globalCounter = 0;
  /// `.file` numbers and names (nvcc writes them after the functions).
  std::map<unsigned, std::string> sourceFiles;
  /// The last `.loc` of the function being parsed (file, line).
  std::pair<unsigned, unsigned> sourceLoc{0, 0};
};

} // namespace

FailureOr<int64_t> Parser::parseInteger(StringRef what) {
  bool negative = consumeIf(Token::Minus);
  if (!tok.is(Token::Integer))
    return unexpected(what);
  int64_t value = static_cast<int64_t>(tok.intValue);
  consume();
  return negative ? -value : value;
}

LogicalResult Parser::skipBracedGroup() {
  if (failed(expect(Token::LBrace, "'{'")))
    return failure();
  unsigned depth = 1;
  while (depth) {
    if (tok.is(Token::Eof))
      return unexpected("'}'");
    if (tok.is(Token::LBrace))
      ++depth;
    else if (tok.is(Token::RBrace))
      --depth;
    consume();
  }
  return success();
}

OwningOpRef<ModuleOp> Parser::parse() {
  module = ModuleOp::create(FileLineColLoc::get(
      ctx, sm.getMemoryBuffer(sm.getMainFileID())->getBufferIdentifier(), 1,
      1));
  consume();
  if (failed(parseHeader()))
    return nullptr;
  while (!tok.is(Token::Eof))
    if (failed(parseTopLevel()))
      return nullptr;
  if (failed(parseDeviceLibrary()))
    return nullptr;
  for (size_t i = 0; i < info.relocations.size(); ++i) {
    const std::string &symbol = std::get<2>(info.relocations[i]);
    if (!info.vars.count(symbol) && !info.functions.count(symbol) &&
        !info.kernels.count(symbol))
      return error(info.relocationLocs[i])
                 << "use of undeclared identifier '" << symbol << "'",
             nullptr;
  }
  for (auto &[callee, loc] : info.calls)
    if (!info.functions.lookup(callee).defined)
      return error(loc) << "function '" << callee
                        << "' is declared but not defined in this module",
             nullptr;
  layoutSharedMemory(module.get(), info);
  if (!sourceFiles.empty()) {
    SmallVector<NamedAttribute> files;
    for (auto &[number, name] : sourceFiles)
      files.push_back(NamedAttribute(StringAttr::get(ctx, Twine(number)),
                                     StringAttr::get(ctx, name)));
    module.get()->setAttr(attrs::kSourceFiles,
                          DictionaryAttr::get(ctx, files));
  }
  if (!info.relocations.empty()) {
    SmallVector<Attribute> relocations;
    Builder builder(ctx);
    for (auto &[var, offset, symbol] : info.relocations) {
      std::string target = symbol;
      // A kernel's address is its handle (a kernel is not a host function
      // one can call).
      if (info.kernels.count(symbol) && !info.vars.count(symbol) &&
          !info.functions.count(symbol))
        target = kernelHandle(module.get(), symbol);
      relocations.push_back(builder.getArrayAttr(
          {builder.getStringAttr(var), builder.getI64IntegerAttr(offset),
           builder.getStringAttr(target)}));
    }
    module.get()->setAttr(attrs::kRelocations,
                          builder.getArrayAttr(relocations));
  }
  return std::move(module);
}

LogicalResult Parser::parseDeviceLibrary() {
  // The library functions the module calls without defining them, each
  // once, parsed from a buffer of their own as if the module ended with
  // them.
  std::string text;
  llvm::StringSet<> added;
  for (auto &[callee, loc] : info.calls) {
    auto it = info.functions.find(callee);
    if (it == info.functions.end() || it->second.defined ||
        !added.insert(callee).second)
      continue;
    text += deviceLibraryFunction(callee);
  }
  if (text.empty())
    return success();
  unsigned bufferId = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "<ptxjit device library>"),
      llvm::SMLoc());
  lexer = Lexer(sm, bufferId);
  consume();
  while (!tok.is(Token::Eof))
    if (failed(parseTopLevel()))
      return failure();
  return success();
}

LogicalResult Parser::parseHeader() {
  // .version is mandatory and comes first; .target must follow.
  if (!isDot("version"))
    return unexpected("'.version' directive at the start of the module");
  consume();
  if (!tok.is(Token::DecimalFloat))
    return unexpected("a version number such as 8.0");
  StringRef versionText = tok.spelling;
  {
    auto [major, minor] = versionText.split('.');
    unsigned majorNumber = 0, minorNumber = 0;
    if (!major.getAsInteger(10, majorNumber) &&
        !minor.getAsInteger(10, minorNumber) && minorNumber < 10)
      info.ptxVersion = majorNumber * 10 + minorNumber;
  }
  consume();
  module.get()->setAttr(attrs::kVersion, StringAttr::get(ctx, versionText));
  if (!isDot("target"))
    return unexpected("'.target' directive");
  consume();
  SmallVector<Attribute> targets;
  do {
    if (!tok.is(Token::Identifier))
      return unexpected("a target name such as sm_80");
    targets.push_back(StringAttr::get(ctx, tok.spelling));
    StringRef sm = tok.spelling;
    unsigned smVersion = 0;
    if (sm.consume_front("sm_") && !sm.consumeInteger(10, smVersion))
      info.smVersion = smVersion;
    consume();
  } while (consumeIf(Token::Comma));
  module.get()->setAttr(attrs::kTarget, ArrayAttr::get(ctx, targets));
  if (isDot("address_size")) {
    consume();
    llvm::SMLoc valueLoc = tok.getLoc();
    FailureOr<int64_t> size = parseInteger("32 or 64");
    if (failed(size))
      return failure();
    if (*size != 64) {
      if (*size != 32)
        return error(valueLoc) << "address size must be 32 or 64", failure();
      return error(valueLoc) << "'.address_size 32' is not supported; the "
                                "host runtime needs 64-bit addresses",
             failure();
    }
  }
  return success();
}

LogicalResult Parser::parseTopLevel() {
  llvm::SMLoc start = tok.getLoc();
  if (isDot("file")) {
    consume();
    FailureOr<int64_t> number = parseInteger("a file number");
    if (failed(number))
      return failure();
    if (tok.is(Token::String))
      sourceFiles[unsigned(*number)] =
          tok.spelling.drop_front().drop_back().str();
    if (failed(expect(Token::String, "a file name")))
      return failure();
    // Optional timestamp and size.
    while (consumeIf(Token::Comma))
      if (failed(parseInteger("an integer")))
        return failure();
    return success();
  }
  if (isDot("section")) {
    consume();
    if (!tok.is(Token::DotName) && !tok.is(Token::Identifier))
      return unexpected("a section name");
    consume();
    return skipBracedGroup();
  }
  if (isDot("pragma")) {
    consume();
    if (failed(expect(Token::String, "a pragma string")))
      return failure();
    return expect(Token::Semicolon, "';'");
  }
  bool isExtern = false, isWeak = false, isCommon = false;
  // Linkage directives.
  while (isDot("visible") || isDot("extern") || isDot("weak") ||
         isDot("common")) {
    isExtern |= isDot("extern");
    isWeak |= isDot("weak") || isDot("common");
    isCommon |= isDot("common");
    consume();
  }
  if (isDot("entry") || isDot("func")) {
    bool isEntry = isDot("entry");
    consume();
    return parseFunction(isEntry, isExtern, isWeak);
  }
  std::optional<ptx::StateSpace> space;
  if (tok.is(Token::DotName))
    space = llvm::StringSwitch<std::optional<ptx::StateSpace>>(
                tok.spelling.drop_front())
                .Case("global", ptx::StateSpace::global)
                .Case("const", ptx::StateSpace::constant)
                .Case("shared", ptx::StateSpace::shared)
                .Case("local", ptx::StateSpace::local)
                .Default(std::nullopt);
  if (space) {
    consume();
    return parseVarDecl(*space, isExtern, isWeak, nullptr, isCommon);
  }
  if (isDot("tex") || isDot("surfref") || isDot("texref") ||
      isDot("samplerref"))
    return error(start) << "texture and surface variables are not supported",
           failure();
  if (isDot("alias"))
    return parseAlias();
  if (isDot("version") || isDot("target") || isDot("address_size"))
    return error(start) << "'" << tok.spelling
                        << "' may only appear at the start of the module",
           failure();
  return unexpected("a directive ('.entry', '.func', '.global', ...)");
}

/// `.alias fAlias, fAliasee;` (11.6.4 in PTX ISA 6.3+): fAlias, declared
/// with the same prototype, stands for the function fAliasee defines.
LogicalResult Parser::parseAlias() {
  consume();
  auto functionName = [&](StringRef role) -> FailureOr<std::string> {
    if (!tok.is(Token::Identifier)) {
      (void)unexpected(role);
      return failure();
    }
    std::string name = tok.spelling.str();
    if (!info.functions.count(name))
      return error() << "use of undeclared function '" << name << "'",
             failure();
    consume();
    return name;
  };
  llvm::SMLoc aliasLoc = tok.getLoc();
  FailureOr<std::string> alias = functionName("an alias name");
  if (failed(alias) || failed(expect(Token::Comma, "','")))
    return failure();
  FailureOr<std::string> aliasee = functionName("the aliased function");
  if (failed(aliasee) || failed(expect(Token::Semicolon, "';'")))
    return failure();
  FunctionSig &aliasSig = info.functions[*alias];
  const FunctionSig &target = info.functions[*aliasee];
  if (aliasSig.defined)
    return error(aliasLoc) << "'" << *alias
                           << "' has a body; an alias is only declared",
           failure();
  if (!target.aliasee.empty())
    return error(aliasLoc) << "'" << *aliasee << "' is itself an alias",
           failure();
  if (aliasSig.retSizes != target.retSizes ||
      aliasSig.paramSizes != target.paramSizes)
    return error(aliasLoc) << "'" << *alias << "' and '" << *aliasee
                           << "' have different prototypes",
           failure();
  aliasSig.aliasee = *aliasee;
  // The aliasee must be defined in the module, like a call's callee.
  aliasSig.defined = true;
  info.calls.push_back({*aliasee, aliasLoc});
  return success();
}

LogicalResult Parser::parseVarDecl(ptx::StateSpace space, bool isExtern,
                                   bool isWeak, FunctionInfo *function,
                                   bool isCommon) {
  llvm::SMLoc declLoc = tok.getLoc();
  unsigned align = 0;
  unsigned vecLanes = 1;
  std::optional<PtxType> type;
  while (tok.is(Token::DotName)) {
    StringRef name = tok.spelling.drop_front();
    if (name == "align") {
      consume();
      FailureOr<int64_t> value = parseInteger("an alignment");
      if (failed(value))
        return failure();
      if (*value <= 0 || (*value & (*value - 1)))
        return error(declLoc) << "alignment must be a power of two",
               failure();
      align = *value;
      continue;
    }
    if (name == "v2" || name == "v4" || name == "v8") {
      vecLanes = name == "v2" ? 2 : name == "v4" ? 4 : 8;
      consume();
      continue;
    }
    if (name == "attribute") {
      // .attribute(.managed) and .attribute(.unified(uuid1, uuid2)) on
      // .global variables (5.4.8): host memory is already what both ask
      // for (one address on the host and the device), so neither changes
      // the variable.
      llvm::SMLoc attrLoc = tok.getLoc();
      consume();
      if (failed(expect(Token::LParen, "'('")))
        return failure();
      if (space != ptx::StateSpace::global)
        return error(attrLoc) << "variable attributes apply to '.global' "
                                 "variables only",
               failure();
      if (isDot("managed")) {
        consume();
      } else if (isDot("unified")) {
        consume();
        if (failed(expect(Token::LParen, "'('")) ||
            failed(parseInteger("a uuid")) ||
            failed(expect(Token::Comma, "','")) ||
            failed(parseInteger("a uuid")) ||
            failed(expect(Token::RParen, "')'")))
          return failure();
      } else {
        return unexpected("'.managed' or '.unified'");
      }
      if (failed(expect(Token::RParen, "')'")))
        return failure();
      continue;
    }
    if (name == "ptr" || name == "global" || name == "shared" ||
        name == "const" || name == "local") {
      consume();
      continue;
    }
    type = PtxType::parse(name);
    if (!type)
      return error() << "unknown variable type '" << tok.spelling << "'",
             failure();
    consume();
  }
  if (!type)
    return unexpected("a variable type such as '.u32'");
  if (type->isPred())
    return error(declLoc) << "'.pred' variables must be registers", failure();
  do {
    if (!tok.is(Token::Identifier))
      return unexpected("a variable name");
    VarInfo var;
    var.name = tok.spelling.str();
    llvm::SMLoc nameLoc = tok.getLoc();
    consume();
    uint64_t count = vecLanes;
    bool unsized = false;
    while (consumeIf(Token::LSquare)) {
      if (consumeIf(Token::RSquare)) {
        unsized = true;
        continue;
      }
      FailureOr<int64_t> dim = parseInteger("an array size");
      if (failed(dim))
        return failure();
      if (*dim <= 0)
        return error(nameLoc) << "array size must be positive", failure();
      count *= *dim;
      if (failed(expect(Token::RSquare, "']'")))
        return failure();
    }
    var.space = space;
    unsigned elemBytes = std::max(1u, type->width() / 8);
    var.align = align ? align : elemBytes * (vecLanes > 1 ? vecLanes : 1);
    std::vector<uint8_t> init;
    bool hasInit = false;
    initVarName = var.name;
    if (consumeIf(Token::Equal)) {
      if (space != ptx::StateSpace::global &&
          space != ptx::StateSpace::constant)
        return error(nameLoc) << "only '.global' and '.const' variables may "
                                 "have initializers",
               failure();
      hasInit = true;
      if (unsized) {
        // The size comes from the initializer.
        if (failed(parseInitializer(*type, 0, init)))
          return failure();
        count = init.size() / elemBytes;
        unsized = false;
      } else if (failed(parseInitializer(*type, count, init))) {
        return failure();
      }
    }
    if (unsized && !(isExtern && space == ptx::StateSpace::shared))
      return error(nameLoc) << "an array without a size must be an "
                               "'.extern .shared' variable or have an "
                               "initializer",
             failure();
    var.size = unsized ? 0 : count * elemBytes;
    var.isExternArray = unsized;
    var.isWeak = isWeak;
    var.isCommon = isCommon;
    var.hasInit = hasInit;
    // A `.weak` or `.common` variable that another input of a link defined
    // already. Of `.common` definitions the largest stands and only it may
    // be initialized (the ISA's common linkage, as nvlink resolves it); of
    // `.weak` ones the first, as nvlink keeps one.
    if (!function && (space == ptx::StateSpace::global ||
                      space == ptx::StateSpace::constant)) {
      auto earlier = info.vars.find(var.name);
      if (earlier != info.vars.end() && earlier->second.space == space &&
          (isWeak || earlier->second.isWeak)) {
        VarInfo &first = earlier->second;
        if (isCommon && first.isCommon) {
          bool larger = var.size > first.size;
          if ((larger && first.hasInit) || (!larger && hasInit &&
                                            (first.hasInit ||
                                             var.size < first.size)))
            return error(nameLoc)
                       << "'.common' variable '" << var.name
                       << "' is initialized in a definition that is not "
                          "its largest",
                   failure();
          if (larger || hasInit)
            replaceCommonDefinition(first, var, init);
          continue;
        }
        if (first.size < var.size)
          return error(nameLoc)
                     << "'" << var.name << "' is defined again with "
                     << var.size << " bytes, larger than the "
                     << first.size << " of its first definition",
                 failure();
        continue;
      }
    }

    auto alignTo = [](uint64_t value, uint64_t a) {
      return (value + a - 1) / a * a;
    };
    switch (space) {
    case ptx::StateSpace::shared:
      // Offsets are decided per kernel when the module is complete
      // (layoutSharedMemory); dynamic shared memory follows each kernel's
      // static part.
      if (unsized) {
        var.offset = ~uint64_t(0);
        info.dynamicSharedAlign =
            std::max<unsigned>(info.dynamicSharedAlign, var.align);
      } else {
        var.offset = alignTo(info.sharedBytes, var.align);
        info.sharedBytes = var.offset + var.size;
        var.sharedId = int(info.sharedVars.size());
        info.sharedVars.push_back({var.size, var.align});
      }
      break;
    case ptx::StateSpace::local:
      if (!function)
        return error(nameLoc)
                   << "module-scope '.local' variables are not supported",
               failure();
      var.offset = alignTo(function->localBytes, var.align);
      function->localBytes = var.offset + var.size;
      function->localAlign = std::max<uint64_t>(function->localAlign,
                                                var.align);
      break;
    case ptx::StateSpace::global:
    case ptx::StateSpace::constant: {
      if (isExtern && !hasInit && !function)
        return error(nameLoc) << "'.extern' variable '" << var.name
                              << "' is not defined in this module",
               failure();
      var.globalName = var.name;
      if (function)
        var.globalName = function->name + "." + var.name + "." +
                         std::to_string(globalCounter++);
      OpBuilder builder(ctx);
      builder.setInsertionPointToEnd(module->getBody());
      auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8),
                                                std::max<uint64_t>(var.size, 1));
      unsigned bufferId = sm.FindBufferContainingLoc(nameLoc);
      auto [line, col] = sm.getLineAndColumn(nameLoc, bufferId);
      Location loc = FileLineColLoc::get(
          ctx, sm.getMemoryBuffer(bufferId)->getBufferIdentifier(), line, col);
      LLVM::GlobalOp global;
      if (hasInit) {
        init.resize(std::max<uint64_t>(var.size, 1), 0);
        global = LLVM::GlobalOp::create(
            builder, loc, arrayType, /*isConstant=*/false,
            LLVM::Linkage::External, var.globalName,
            builder.getStringAttr(StringRef(
                reinterpret_cast<const char *>(init.data()), init.size())),
            var.align);
      } else {
        global = LLVM::GlobalOp::create(
            builder, loc, arrayType, /*isConstant=*/false,
            LLVM::Linkage::External, var.globalName, Attribute(), var.align);
        Block *block = builder.createBlock(&global.getInitializerRegion());
        builder.setInsertionPointToStart(block);
        Value zero = LLVM::ZeroOp::create(builder, loc, arrayType);
        LLVM::ReturnOp::create(builder, loc, zero);
      }
      if (space == ptx::StateSpace::constant)
        global->setAttr(attrs::kConstSpace, builder.getUnitAttr());
      break;
    }
    case ptx::StateSpace::param:
    case ptx::StateSpace::generic:
      return error(nameLoc) << "unexpected state space", failure();
    }
    llvm::StringMap<VarInfo> &table =
        function ? function->localVars : info.vars;
    if (table.count(var.name) ||
        (!function && info.functions.count(var.name)))
      return error(nameLoc) << "redefinition of '" << var.name << "'",
             failure();
    table[var.name] = var;
  } while (consumeIf(Token::Comma));
  return expect(Token::Semicolon, "';' after the variable declaration");
}

/// Makes the module's global of the `.common` variable \p first the
/// definition \p larger: its size, alignment and initializer (\p init, or
/// zeros). Code already emitted refers to the global by name, so it sees
/// the new definition.
void Parser::replaceCommonDefinition(VarInfo &first, const VarInfo &larger,
                                     std::vector<uint8_t> &init) {
  auto global = module->lookupSymbol<LLVM::GlobalOp>(first.globalName);
  first.size = std::max(first.size, larger.size);
  first.align = std::max(first.align, larger.align);
  first.hasInit |= larger.hasInit;
  OpBuilder builder(ctx);
  auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8),
                                            std::max<uint64_t>(first.size, 1));
  global.setGlobalType(arrayType);
  global.setAlignment(first.align);
  if (!global.getInitializerRegion().empty())
    global.getInitializerRegion().front().erase();
  if (larger.hasInit) {
    init.resize(std::max<uint64_t>(first.size, 1), 0);
    global.setValueAttr(builder.getStringAttr(StringRef(
        reinterpret_cast<const char *>(init.data()), init.size())));
    return;
  }
  global.removeValueAttr();
  Block *block = builder.createBlock(&global.getInitializerRegion());
  builder.setInsertionPointToStart(block);
  Value zero = LLVM::ZeroOp::create(builder, global.getLoc(), arrayType);
  LLVM::ReturnOp::create(builder, global.getLoc(), zero);
}

LogicalResult Parser::parseInitElement(PtxType type,
                                       std::vector<uint8_t> &bytes) {
  llvm::SMLoc loc = tok.getLoc();
  bool negative = consumeIf(Token::Minus);
  unsigned elemBytes = type.width() / 8;
  uint64_t bits = 0;
  if (tok.is(Token::Integer)) {
    uint64_t value = negative ? -tok.intValue : tok.intValue;
    if (type.isFloat()) {
      double d = negative ? -double(tok.intValue) : double(tok.intValue);
      if (type.bits == 32) {
        float f = static_cast<float>(d);
        uint32_t b;
        memcpy(&b, &f, 4);
        bits = b;
      } else if (type.bits == 64) {
        memcpy(&bits, &d, 8);
      } else {
        return error(loc) << "integer initializers for " << type.str()
                          << " are not supported",
               failure();
      }
    } else {
      bits = value;
    }
  } else if (tok.is(Token::FloatBits)) {
    if (!type.isFloat() && !(type.kind == PtxType::Bits))
      return error(loc) << "floating-point initializer for an integer "
                           "variable",
             failure();
    bits = tok.intValue;
    if (type.width() == 64 && tok.floatWidth == 32) {
      float f;
      uint32_t b = bits;
      memcpy(&f, &b, 4);
      double d = f;
      memcpy(&bits, &d, 8);
    } else if (type.width() == 32 && tok.floatWidth == 64) {
      double d;
      memcpy(&d, &bits, 8);
      float f = static_cast<float>(d);
      uint32_t b;
      memcpy(&b, &f, 4);
      bits = b;
    } else if (type.width() != tok.floatWidth) {
      return error(loc) << "initializer width does not match " << type.str(),
             failure();
    }
    if (negative)
      bits ^= uint64_t(1) << (type.width() - 1);
  } else if (tok.is(Token::DecimalFloat)) {
    double d = negative ? -tok.floatValue : tok.floatValue;
    if (type.bits == 32) {
      float f = static_cast<float>(d);
      uint32_t b;
      memcpy(&b, &f, 4);
      bits = b;
    } else if (type.bits == 64) {
      memcpy(&bits, &d, 8);
    } else {
      return error(loc) << "decimal initializers for " << type.str()
                        << " are not supported",
             failure();
    }
  } else if (tok.is(Token::Identifier)) {
    // An address: a function or variable, optionally as generic(var).
    if (negative || type.width() != 64)
      return error(loc) << "address initializers need a 64-bit type",
             failure();
    std::string symbol = tok.spelling.str();
    consume();
    if (symbol == "generic") {
      if (failed(expect(Token::LParen, "'('")))
        return failure();
      if (!tok.is(Token::Identifier))
        return unexpected("a variable name");
      symbol = tok.spelling.str();
      consume();
      if (failed(expect(Token::RParen, "')'")))
        return failure();
    }
    info.relocations.emplace_back(initVarName, bytes.size(), symbol);
    info.relocationLocs.push_back(loc);
    for (unsigned i = 0; i < elemBytes; ++i)
      bytes.push_back(0);
    return success();
  } else {
    return unexpected("an initializer value");
  }
  consume();
  for (unsigned i = 0; i < elemBytes; ++i)
    bytes.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  return success();
}

LogicalResult Parser::parseInitializer(PtxType type, uint64_t count,
                                       std::vector<uint8_t> &bytes) {
  llvm::SMLoc loc = tok.getLoc();
  if (!tok.is(Token::LBrace)) {
    if (failed(parseInitElement(type, bytes)))
      return failure();
  } else {
    // Nested braces (multi-dimensional arrays) are flattened.
    std::function<LogicalResult()> parseList = [&]() -> LogicalResult {
      if (failed(expect(Token::LBrace, "'{'")))
        return failure();
      if (consumeIf(Token::RBrace))
        return success();
      do {
        if (tok.is(Token::LBrace)) {
          if (failed(parseList()))
            return failure();
        } else if (failed(parseInitElement(type, bytes))) {
          return failure();
        }
      } while (consumeIf(Token::Comma));
      return expect(Token::RBrace, "'}' or ','");
    };
    if (failed(parseList()))
      return failure();
  }
  unsigned elemBytes = type.width() / 8;
  if (count && bytes.size() > count * elemBytes)
    return error(loc) << "too many initializers (" << bytes.size() / elemBytes
                      << " for " << count << " elements)",
           failure();
  return success();
}

LogicalResult Parser::parseParams(std::vector<VarInfo> &params,
                                  bool forEntry) {
  if (failed(expect(Token::LParen, "'('")))
    return failure();
  if (consumeIf(Token::RParen))
    return success();
  uint64_t offset = 0;
  do {
    llvm::SMLoc loc = tok.getLoc();
    if (isDot("reg")) {
      if (forEntry)
        return error() << "kernel parameters must be in the '.param' space",
               failure();
      // `.reg .type name` (5.1.6.4): a register of the body; the call
      // passes its value through a slot like a `.param` one.
      consume();
      std::optional<PtxType> type =
          tok.is(Token::DotName) ? PtxType::parse(tok.spelling.drop_front())
                                 : std::nullopt;
      if (!type)
        return unexpected("a register type such as '.b32'");
      consume();
      if (!tok.is(Token::Identifier))
        return unexpected("a parameter name");
      VarInfo param;
      param.name = tok.spelling.str();
      param.space = ptx::StateSpace::param;
      param.isReg = true;
      param.regType = *type;
      param.size = std::max(1u, type->width() / 8);
      param.align = unsigned(param.size);
      param.globalName = type->str();
      consume();
      params.push_back(param);
      continue;
    }
    if (failed(expect(Token::DotName, "'.param'"))) {
      return failure();
    }
    unsigned align = 0;
    std::optional<PtxType> type;
    if (failed(parseParamQualifiers(loc, align, type)))
      return failure();
    if (!type)
      return unexpected("a parameter type such as '.u64'");
    if (!tok.is(Token::Identifier))
      return unexpected("a parameter name");
    VarInfo param;
    param.name = tok.spelling.str();
    param.space = ptx::StateSpace::param;
    consume();
    FailureOr<uint64_t> count = parseArrayCount(loc);
    if (failed(count))
      return failure();
    unsigned elemBytes = std::max(1u, type->width() / 8);
    param.align = align ? align : elemBytes;
    param.size = *count * elemBytes;
    offset = (offset + param.align - 1) / param.align * param.align;
    param.offset = offset;
    offset += param.size;
    // Remember the element type in globalName for the kernel signature.
    param.globalName = type->str();
    params.push_back(param);
  } while (consumeIf(Token::Comma));
  return expect(Token::RParen, "')' or ','");
}

LogicalResult Parser::parsePerformanceDirectives(FunctionInfo &function) {
  while (tok.is(Token::DotName)) {
    StringRef name = tok.spelling.drop_front();
    llvm::SMLoc loc = tok.getLoc();
    if (name == "maxntid" || name == "reqntid" || name == "reqnctapercluster" ||
        name == "maxclusterrank" || name == "minnctapersm" ||
        name == "maxnreg" || name == "maxnctapersm") {
      consume();
      SmallVector<int64_t, 3> values;
      do {
        FailureOr<int64_t> value = parseInteger("an integer");
        if (failed(value))
          return failure();
        if (*value <= 0)
          return error(loc) << "'." << name << "' needs positive values",
                 failure();
        values.push_back(*value);
      } while (consumeIf(Token::Comma));
      if ((name == "maxntid" || name == "reqntid") && values.size() > 3)
        return error(loc) << "'." << name << "' takes at most 3 values",
               failure();
      while (values.size() < 3)
        values.push_back(1);
      if (name == "reqnctapercluster" && values.size() > 3)
        return error(loc) << "'.reqnctapercluster' takes at most 3 values",
               failure();
      // ptxas: "Conflicting directives: .maxntid and .reqntid cannot both
      // be specified".
      if ((name == "maxntid" && !function.reqntid.empty()) ||
          (name == "reqntid" && !function.maxntid.empty()))
        return error(loc) << "'.maxntid' and '.reqntid' cannot both be "
                             "specified",
               failure();
      if (name == "maxnreg")
        function.maxnreg = values[0];
      if (name == "maxntid")
        function.maxntid = values;
      else if (name == "reqntid")
        function.reqntid = values;
      else if (name == "reqnctapercluster")
        function.reqnctapercluster = values;
      continue;
    }
    if (name == "noreturn" || name == "explicitcluster" ||
        name == "blocksareclusters") {
      if (name == "explicitcluster")
        function.explicitCluster = true;
      consume();
      continue;
    }
    if (name == "pragma") {
      consume();
      if (failed(expect(Token::String, "a pragma string")) ||
          failed(expect(Token::Semicolon, "';'")))
        return failure();
      continue;
    }
    return error(loc) << "unknown directive '" << tok.spelling
                      << "' before the function body",
           failure();
  }
  return success();
}

LogicalResult Parser::parseFunction(bool isEntry, bool isExtern,
                                    bool isWeak) {
  FunctionInfo function;
  function.isEntry = isEntry;
  function.loc = tok.getLoc();
  if (!isEntry && tok.is(Token::LParen))
    if (failed(parseParams(function.rets, false)))
      return failure();
  if (!tok.is(Token::Identifier))
    return unexpected(isEntry ? "a kernel name" : "a function name");
  function.name = tok.spelling.str();
  llvm::SMLoc nameLoc = tok.getLoc();
  consume();
  if (isEntry)
    info.kernels.insert(function.name);
  if (tok.is(Token::LParen) &&
      failed(parseParams(function.params, isEntry)))
    return failure();
  if (failed(parsePerformanceDirectives(function)))
    return failure();
  bool hasBody = !tok.is(Token::Semicolon);
  if (!isEntry) {
    FunctionSig sig;
    for (const VarInfo &v : function.rets)
      sig.retSizes.push_back(v.size);
    for (const VarInfo &v : function.params)
      sig.paramSizes.push_back(v.size);
    sig.loc = nameLoc;
    sig.isExtern = isExtern;
    auto [it, inserted] = info.functions.try_emplace(function.name, sig);
    // A definition without results for a function declared with some (a
    // `void` C function that another input declares returning a value, as
    // Numba's C-ABI declarations do): numba-cuda's tests of it pass on GPUs
    // (nvlink refuses such a pair of cubins), and the callers read an
    // unspecified value. The definition takes the declared results, which
    // it never writes.
    if (!inserted && hasBody && !it->second.defined && sig.retSizes.empty() &&
        !it->second.retSizes.empty() &&
        it->second.paramSizes == sig.paramSizes) {
      for (uint64_t size : it->second.retSizes) {
        VarInfo unused;
        unused.name = "__ptxjit_undeclared_result." +
                      std::to_string(function.rets.size());
        unused.space = ptx::StateSpace::param;
        unused.size = size;
        unused.align = 8;
        function.rets.push_back(unused);
      }
      sig.retSizes = it->second.retSizes;
    }
    if (!inserted && (it->second.retSizes != sig.retSizes ||
                      it->second.paramSizes != sig.paramSizes))
      return error(nameLoc) << "'" << function.name
                            << "' does not match its earlier declaration",
             failure();
    if (hasBody && it->second.defined) {
      // A `.weak` function that another input of a link defined already:
      // the first definition stands.
      if (isWeak || it->second.isWeak)
        return skipBracedGroup();
      return error(nameLoc) << "redefinition of function '" << function.name
                            << "'",
             failure();
    }
    if (hasBody) {
      it->second.defined = true;
      it->second.isWeak = isWeak;
    }
    it->second.isExtern |= isExtern;
  }
  if (consumeIf(Token::Semicolon))
    return success();
  if (isExtern)
    return error(nameLoc) << "an '.extern' function cannot have a body",
           failure();
  if (isEntry)
    for (Operation &op : module->getBody()->getOperations())
      if (auto fn = dyn_cast<func::FuncOp>(op))
        if (fn.getSymName() == function.name)
          return error(nameLoc) << "redefinition of kernel '" << function.name
                                << "'",
                 failure();
  scopes.clear();
  paramScopes.clear();
  rangeScopes.clear();
  if (failed(parseBody(function)))
    return failure();
  return emitFunction(*module, sm, info, function);
}

std::string Parser::resolveScopedSymbol(StringRef name) const {
  for (auto it = paramScopes.rbegin(); it != paramScopes.rend(); ++it) {
    auto found = it->find(name);
    if (found != it->end())
      return found->second;
  }
  return name.str();
}

LogicalResult Parser::parseParamQualifiers(llvm::SMLoc loc, unsigned &align,
                                           std::optional<PtxType> &type) {
  while (tok.is(Token::DotName)) {
    StringRef name = tok.spelling.drop_front();
    consume();
    if (name == "align") {
      FailureOr<int64_t> value = parseInteger("an alignment");
      if (failed(value))
        return failure();
      if (*value <= 0 || (*value & (*value - 1)))
        return error(loc) << "alignment must be a power of two", failure();
      align = *value;
      continue;
    }
    if (name == "ptr" || name == "global" || name == "shared" ||
        name == "const" || name == "local" || name == "param")
      continue;
    type = PtxType::parse(name);
    if (!type)
      return error(loc) << "unknown parameter type '." << name << "'",
             failure();
  }
  return success();
}

FailureOr<uint64_t> Parser::parseArrayCount(llvm::SMLoc loc) {
  uint64_t count = 1;
  while (consumeIf(Token::LSquare)) {
    FailureOr<int64_t> dim = parseInteger("an array size");
    if (failed(dim))
      return failure();
    if (*dim <= 0)
      return error(loc) << "array size must be positive", failure();
    count *= *dim;
    if (failed(expect(Token::RSquare, "']'")))
      return failure();
  }
  return count;
}

LogicalResult Parser::parseCallParamDecl(FunctionInfo &function) {
  consume(); // .param
  llvm::SMLoc loc = tok.getLoc();
  unsigned align = 0;
  std::optional<PtxType> type;
  if (failed(parseParamQualifiers(loc, align, type)))
    return failure();
  if (!type)
    return unexpected("a parameter type such as '.b32'");
  do {
    if (!tok.is(Token::Identifier))
      return unexpected("a parameter name");
    VarInfo var;
    std::string name = tok.spelling.str();
    consume();
    FailureOr<uint64_t> count = parseArrayCount(loc);
    if (failed(count))
      return failure();
    unsigned elemBytes = std::max(1u, type->width() / 8);
    var.name = name + "." + std::to_string(callParamCounter++);
    var.space = ptx::StateSpace::param;
    var.size = *count * elemBytes;
    var.align = align ? align : elemBytes;
    var.isCallParam = true;
    paramScopes.back()[name] = var.name;
    function.localVars[var.name] = var;
  } while (consumeIf(Token::Comma));
  return expect(Token::Semicolon, "';' after the parameter declaration");
}

std::optional<unsigned> Parser::lookupReg(StringRef name) {
  for (size_t level = scopes.size(); level-- > 0;) {
    auto found = scopes[level].find(name);
    if (found != scopes[level].end())
      return found->second;
    // A member of a `%r<N>` range declared at this level?
    size_t digits = name.size();
    while (digits > 0 && llvm::isDigit(name[digits - 1]))
      --digits;
    if (digits == name.size() || !currentFunction)
      continue;
    StringRef base = name.take_front(digits), index = name.drop_front(digits);
    auto range = rangeScopes[level].find(base);
    uint64_t value;
    if (range == rangeScopes[level].end() ||
        (index.size() > 1 && index[0] == '0') ||
        index.getAsInteger(10, value) || value >= range->second.first)
      continue;
    unsigned reg = currentFunction->regs.size();
    currentFunction->regs.push_back({name.str(), range->second.second});
    scopes[level][name] = reg;
    return reg;
  }
  return std::nullopt;
}

LogicalResult Parser::parseRegDecl(FunctionInfo &function) {
  llvm::SMLoc loc = tok.getLoc();
  consume(); // .reg
  std::optional<PtxType> type;
  unsigned vectorLength = 1;
  while (tok.is(Token::DotName)) {
    StringRef name = tok.spelling.drop_front();
    if (name == "v2" || name == "v4" || name == "v8") {
      // 5.4.2: vectors of 2 or 4 elements of a fundamental type.
      if (name == "v8")
        return error() << "a vector register has 2 or 4 elements, not 8",
               failure();
      vectorLength = name == "v2" ? 2 : 4;
      consume();
      continue;
    }
    if (name == "align") {
      consume();
      if (failed(parseInteger("an alignment")))
        return failure();
      continue;
    }
    type = PtxType::parse(name);
    if (!type)
      return error() << "unknown register type '" << tok.spelling << "'",
             failure();
    consume();
  }
  if (!type)
    return error(loc) << "expected a register type such as '.b32'", failure();
  if (vectorLength > 1 && type->kind == PtxType::Pred)
    return error(loc) << "a vector register cannot hold predicates", failure();
  if (vectorLength * type->width() > 128)
    return error(loc) << "a vector register holds at most 128 bits ('.v"
                      << vectorLength << " " << type->str() << "' is "
                      << vectorLength * type->width() << ")",
           failure();
  // 32-bit registers one declared name takes (predicates have their own).
  uint64_t words = type->kind == PtxType::Pred
                       ? 0
                       : vectorLength * ((type->width() + 31) / 32);
  do {
    if (!tok.is(Token::Identifier))
      return unexpected("a register name");
    std::string base = tok.spelling.str();
    llvm::SMLoc nameLoc = tok.getLoc();
    consume();
    auto inDeclaredRange = [&](StringRef name) {
      size_t digits = name.size();
      while (digits > 0 && llvm::isDigit(name[digits - 1]))
        --digits;
      auto range = rangeScopes.back().find(name.take_front(digits));
      uint64_t value;
      return digits != name.size() && range != rangeScopes.back().end() &&
             !(name.size() - digits > 1 && name[digits] == '0') &&
             !name.drop_front(digits).getAsInteger(10, value) &&
             value < range->second.first;
    };
    auto declare = [&](const std::string &name) -> LogicalResult {
      if (scopes.back().count(name) || inDeclaredRange(name))
        return error(nameLoc) << "redefinition of register '" << name << "'",
               failure();
      scopes.back()[name] = function.regs.size();
      function.regs.push_back({name, *type});
      return success();
    };
    if (vectorLength > 1) {
      // A vector register is its elements, `V.x`, `V.y` (`V.z`, `V.w`):
      // scalar registers the frontend names that way (6.4.3).
      if (tok.is(Token::Less))
        return error(nameLoc) << "vector registers cannot be declared as a "
                                 "range ('<N>')",
               failure();
      if (scopes.back().count(base + ".x") || scopes.back().count(base) ||
          inDeclaredRange(base))
        return error(nameLoc) << "redefinition of register '" << base << "'",
               failure();
      static const char *const kElements[] = {".x", ".y", ".z", ".w"};
      for (unsigned i = 0; i < vectorLength; ++i)
        if (failed(declare(base + kElements[i])))
          return failure();
    } else if (consumeIf(Token::Less)) {
      FailureOr<int64_t> count = parseInteger("a register count");
      if (failed(count))
        return failure();
      if (*count < 0 || *count > (1 << 24))
        return error(nameLoc) << "register count out of range", failure();
      if (failed(expect(Token::Greater, "'>'")))
        return failure();
      if (rangeScopes.back().count(base))
        return error(nameLoc) << "redefinition of register range '" << base
                              << "<...>'",
               failure();
      rangeScopes.back()[base] = {uint64_t(*count), *type};
      function.registerWords += uint64_t(*count) * words;
      continue;
    } else if (failed(declare(base))) {
      return failure();
    }
    function.registerWords += words;
  } while (consumeIf(Token::Comma));
  return expect(Token::Semicolon, "';' after the register declaration");
}

LogicalResult Parser::parseBody(FunctionInfo &function) {
  sourceLoc = {0, 0};
  if (failed(expect(Token::LBrace, "'{' to start the function body")))
    return failure();
  scopes.emplace_back();
  paramScopes.emplace_back();
  rangeScopes.emplace_back();
  currentFunction = &function;
  // `.reg` arguments and results are registers of the body.
  for (std::vector<VarInfo> *list : {&function.params, &function.rets})
    for (VarInfo &var : *list) {
      if (!var.isReg)
        continue;
      if (scopes.back().count(var.name))
        return error(function.loc) << "redefinition of register '" << var.name
                                   << "'",
               failure();
      var.reg = function.regs.size();
      scopes.back()[var.name] = var.reg;
      function.regs.push_back({var.name, var.regType});
    }
  unsigned depth = 1;
  // The nested `{ }` blocks open now: where each starts in the body, and
  // the labels it declares. A label is local to its block (inline asm that
  // is expanded twice declares the same label twice), so at the block's end
  // its labels, and the references to them inside it, get a unique name.
  struct LabelBlock {
    size_t start;
    llvm::StringSet<> labels;
  };
  std::vector<LabelBlock> labelBlocks;
  while (true) {
    if (tok.is(Token::Eof) || tok.is(Token::Error))
      return unexpected("'}' to close the function body");
    if (tok.is(Token::RBrace)) {
      consume();
      scopes.pop_back();
      paramScopes.pop_back();
      rangeScopes.pop_back();
      if (--depth == 0)
        return success();
      renameBlockLabels(function, labelBlocks.back().start,
                        labelBlocks.back().labels);
      labelBlocks.pop_back();
      continue;
    }
    if (tok.is(Token::LBrace)) {
      consume();
      scopes.emplace_back();
      paramScopes.emplace_back();
      rangeScopes.emplace_back();
      labelBlocks.push_back({function.body.size(), {}});
      ++depth;
      continue;
    }
    if (isDot("reg")) {
      if (failed(parseRegDecl(function)))
        return failure();
      continue;
    }
    if (isDot("loc")) {
      // `.loc file line column {, function_name ... , inlined_at ...}`:
      // the instructions that follow come from that source line.
      consume();
      if (tok.is(Token::Integer)) {
        unsigned file = unsigned(tok.intValue);
        consume();
        if (tok.is(Token::Integer))
          sourceLoc = {file, unsigned(tok.intValue)};
      }
      lexer.skipToEndOfLine();
      consume();
      continue;
    }
    if (isDot("file")) {
      lexer.skipToEndOfLine();
      consume();
      continue;
    }
    if (isDot("pragma")) {
      consume();
      if (failed(expect(Token::String, "a pragma string")) ||
          failed(expect(Token::Semicolon, "';'")))
        return failure();
      continue;
    }
    if (isDot("local") || isDot("shared") || isDot("global") ||
        isDot("const")) {
      ptx::StateSpace space =
          llvm::StringSwitch<ptx::StateSpace>(tok.spelling.drop_front())
              .Case("local", ptx::StateSpace::local)
              .Case("shared", ptx::StateSpace::shared)
              .Case("global", ptx::StateSpace::global)
              .Default(ptx::StateSpace::constant);
      consume();
      // Function-scope shared variables take their place in the module's
      // shared layout (parseVarDecl) but their names are the function's:
      // two kernels may each declare a `.shared` named alike.
      if (failed(parseVarDecl(space, false, false, &function)))
        return failure();
      continue;
    }
    if (isDot("param")) {
      if (failed(parseCallParamDecl(function)))
        return failure();
      continue;
    }
    if (tok.is(Token::DotName))
      return error() << "unknown or unsupported directive '" << tok.spelling
                     << "' in a function body",
             failure();
    // A label?
    if (tok.is(Token::Identifier)) {
      const char *save = lexer.getCurPtr();
      Token labelTok = tok;
      consume();
      if (tok.is(Token::Colon)) {
        consume();
        if (isDot("callprototype")) {
          consume();
          FunctionSig sig;
          sig.loc = labelTok.getLoc();
          std::vector<VarInfo> rets, params;
          if (tok.is(Token::LParen) && failed(parseParams(rets, false)))
            return failure();
          if (!tok.is(Token::Identifier) || tok.spelling != "_")
            return unexpected("'_' in the call prototype");
          consume();
          if (tok.is(Token::LParen) && failed(parseParams(params, false)))
            return failure();
          if (failed(expect(Token::Semicolon, "';'")))
            return failure();
          for (const VarInfo &v : rets)
            sig.retSizes.push_back(v.size);
          for (const VarInfo &v : params)
            sig.paramSizes.push_back(v.size);
          function.prototypes[labelTok.spelling] = sig;
          continue;
        }
        if (isDot("calltargets")) {
          // `label: .calltargets f, g;` names the functions an indirect
          // call may reach; their common prototype is the call's.
          consume();
          std::optional<FunctionSig> sig;
          do {
            if (!tok.is(Token::Identifier))
              return unexpected("a function name");
            auto it = info.functions.find(tok.spelling);
            if (it == info.functions.end())
              return error() << "use of undeclared function '" << tok.spelling
                             << "'",
                     failure();
            if (sig && (sig->retSizes != it->second.retSizes ||
                        sig->paramSizes != it->second.paramSizes))
              return error() << "the call targets of '" << labelTok.spelling
                             << "' have different prototypes",
                     failure();
            if (!sig) {
              sig = it->second;
              sig->loc = labelTok.getLoc();
            }
            consume();
          } while (consumeIf(Token::Comma));
          if (failed(expect(Token::Semicolon, "';'")))
            return failure();
          function.prototypes[labelTok.spelling] = *sig;
          continue;
        }
        if (isDot("branchtargets")) {
          consume();
          auto &targets = function.branchTargets[labelTok.spelling];
          do {
            if (!tok.is(Token::Identifier))
              return unexpected("a label");
            targets.push_back({tok.spelling.str(), tok.getLoc()});
            consume();
          } while (consumeIf(Token::Comma));
          if (failed(expect(Token::Semicolon, "';'")))
            return failure();
          continue;
        }
        Stmt stmt;
        stmt.isLabel = true;
        stmt.label = labelTok.spelling.str();
        if (!labelBlocks.empty())
          labelBlocks.back().labels.insert(stmt.label);
        stmt.loc = labelTok.getLoc();
        function.body.push_back(std::move(stmt));
        continue;
      }
      lexer.resetTo(save);
      tok = labelTok;
    }
    Stmt stmt;
    stmt.loc = tok.getLoc();
    if (failed(parseInstruction(function, stmt.instr)))
      return failure();
    function.body.push_back(std::move(stmt));
  }
}

void Parser::renameBlockLabels(FunctionInfo &function, size_t start,
                               const llvm::StringSet<> &labels) {
  if (labels.empty())
    return;
  // `$` cannot start a PTX identifier after a name, so no label of the
  // program can take the new name.
  std::string suffix = "$" + std::to_string(++blockLabelCounter);
  std::function<void(Operand &)> rename = [&](Operand &op) {
    if (op.kind == Operand::Symbol && labels.contains(op.symbol))
      op.symbol += suffix;
    for (Operand &elem : op.elems)
      rename(elem);
  };
  for (size_t i = start; i < function.body.size(); ++i) {
    Stmt &stmt = function.body[i];
    if (stmt.isLabel) {
      if (labels.contains(stmt.label))
        stmt.label += suffix;
      continue;
    }
    for (Operand &op : stmt.instr.operands)
      rename(op);
  }
}

LogicalResult Parser::parseInstruction(FunctionInfo &function, Instr &instr) {
  instr.loc = tok.getLoc();
  instr.sourceFile = sourceLoc.first;
  instr.sourceLine = sourceLoc.second;
  if (consumeIf(Token::At)) {
    instr.guardNegated = consumeIf(Token::Bang);
    if (!tok.is(Token::Identifier))
      return unexpected("a predicate register after '@'");
    std::optional<unsigned> reg = lookupReg(tok.spelling);
    if (!reg)
      return error() << "use of undeclared register '" << tok.spelling << "'",
             failure();
    if (!function.regs[*reg].type.isPred())
      return error() << "guard '" << tok.spelling
                     << "' must be a '.pred' register",
             failure();
    instr.guard = *reg;
    consume();
  }
  if (!tok.is(Token::Identifier))
    return unexpected("an instruction");
  instr.opcode = tok.spelling;
  instr.opcodeLoc = tok.getLoc();
  consume();
  while (tok.is(Token::DotName)) {
    instr.mods.push_back(tok.spelling.drop_front());
    instr.modLocs.push_back(tok.getLoc());
    consume();
  }
  if (consumeIf(Token::Semicolon))
    return success();
  std::optional<InstrId> id = lookupInstr(instr.opcode);
  videoOperands = id && getInstrInfo(*id).videoOperands;
  do {
    Operand op;
    if (failed(parseOperand(function, op)))
      return failure();
    instr.operands.push_back(std::move(op));
  } while (consumeIf(Token::Comma));
  return expect(Token::Semicolon, "',' or ';' after an operand");
}

LogicalResult Parser::parseOperand(FunctionInfo &function, Operand &op) {
  op.loc = tok.getLoc();
  if (consumeIf(Token::LSquare)) {
    op.kind = Operand::Address;
    if (tok.is(Token::Identifier)) {
      if (std::optional<unsigned> reg = lookupReg(tok.spelling)) {
        op.hasBaseReg = true;
        op.reg = *reg;
      } else if (tok.spelling.starts_with("%")) {
        return error() << "use of undeclared register '" << tok.spelling
                       << "'",
               failure();
      } else {
        op.symbol = resolveScopedSymbol(tok.spelling);
      }
      consume();
      if (tok.is(Token::Plus) || tok.is(Token::Minus)) {
        bool minus = tok.is(Token::Minus);
        consume();
        FailureOr<int64_t> offset = parseInteger("an address offset");
        if (failed(offset))
          return failure();
        op.imm = minus ? -*offset : *offset;
      }
    } else {
      FailureOr<int64_t> addr = parseInteger("an address");
      if (failed(addr))
        return failure();
      op.imm = *addr;
    }
    // `[tensorMap, {c0, c1}]`: the tensor instructions' coordinates.
    if (consumeIf(Token::Comma)) {
      Operand coords;
      if (!tok.is(Token::LBrace))
        return error() << "expected '{' before the tensor coordinates",
               failure();
      if (failed(parseOperand(function, coords)))
        return failure();
      op.elems = std::move(coords.elems);
    }
    return expect(Token::RSquare, "']' to close the address");
  }
  if (consumeIf(Token::LBrace)) {
    op.kind = Operand::Vector;
    do {
      Operand elem;
      if (failed(parseOperand(function, elem)))
        return failure();
      if (elem.kind == Operand::Vector || elem.kind == Operand::Address)
        return error(elem.loc) << "invalid vector element", failure();
      op.elems.push_back(std::move(elem));
    } while (consumeIf(Token::Comma));
    return expect(Token::RBrace, "'}' to close the vector operand");
  }
  if (consumeIf(Token::LParen)) {
    op.kind = Operand::List;
    if (consumeIf(Token::RParen))
      return success();
    do {
      Operand elem;
      if (failed(parseOperand(function, elem)))
        return failure();
      op.elems.push_back(std::move(elem));
    } while (consumeIf(Token::Comma));
    return expect(Token::RParen, "')' to close the list");
  }
  if (consumeIf(Token::Bang)) {
    if (failed(parseOperand(function, op)))
      return failure();
    if (op.kind != Operand::Reg)
      return error(op.loc) << "'!' applies to predicate registers only",
             failure();
    op.negated = true;
    return success();
  }
  bool negative = false;
  if (consumeIf(Token::Minus))
    negative = true;
  if (tok.is(Token::Integer)) {
    if (tok.overflow)
      return error() << "integer literal does not fit in 64 bits", failure();
    op.kind = Operand::Imm;
    // Negated in 64-bit two's complement: -0x8000000000000000 is INT64_MIN
    // (a signed negation of it would overflow).
    op.imm = static_cast<int64_t>(negative ? 0 - tok.intValue : tok.intValue);
    consume();
    return success();
  }
  if (tok.is(Token::FloatBits)) {
    op.kind = Operand::FloatBits;
    op.imm = static_cast<int64_t>(tok.intValue);
    op.floatWidth = tok.floatWidth;
    if (negative)
      op.imm ^= int64_t(uint64_t(1) << (tok.floatWidth - 1));
    consume();
    return success();
  }
  if (tok.is(Token::DecimalFloat)) {
    op.kind = Operand::DecimalFloat;
    op.floatValue = negative ? -tok.floatValue : tok.floatValue;
    consume();
    return success();
  }
  if (negative && !videoOperands)
    return unexpected("a number after '-'");
  if (!tok.is(Token::Identifier) || (negative && !lookupReg(tok.spelling)))
    return unexpected(negative ? "a number or a register after '-'"
                               : "an operand");
  StringRef name = tok.spelling;
  auto parsePair = [&]() -> LogicalResult {
    if (!consumeIf(Token::Pipe))
      return success();
    if (tok.is(Token::Identifier) && tok.spelling == "_") {
      op.pairReg = kSinkReg;
      consume();
      return success();
    }
    if (!tok.is(Token::Identifier))
      return unexpected("a predicate register after '|'");
    std::optional<unsigned> second = lookupReg(tok.spelling);
    if (!second)
      return error() << "use of undeclared register '" << tok.spelling << "'",
             failure();
    op.pairReg = *second;
    consume();
    return success();
  };
  if (name == "_") {
    op.kind = Operand::Sink;
    consume();
    return parsePair();
  }
  if (name == "WARP_SZ") {
    op.kind = Operand::Imm;
    op.imm = 32;
    consume();
    return success();
  }
  if (std::optional<unsigned> first = lookupReg((name + ".x").str())) {
    // A vector register: one element (`V.x`, or `V.r` ...), or the whole
    // vector, which is the brace list of its elements (6.4.3).
    consume();
    if (tok.is(Token::DotName) &&
        tok.getLoc().getPointer() == name.data() + name.size()) {
      StringRef field = tok.spelling.drop_front();
      StringRef element = llvm::StringSwitch<StringRef>(field)
                              .Cases("x", "r", ".x")
                              .Cases("y", "g", ".y")
                              .Cases("z", "b", ".z")
                              .Cases("w", "a", ".w")
                              .Default("");
      std::optional<unsigned> reg =
          element.empty() ? std::nullopt
                          : lookupReg((name + element).str());
      if (!reg)
        return error() << "vector register '" << name << "' has no element '"
                       << tok.spelling << "'",
               failure();
      consume();
      op.kind = Operand::Reg;
      op.reg = *reg;
      op.minus = negative;
      return success();
    }
    op.kind = Operand::Vector;
    for (StringRef element : {".x", ".y", ".z", ".w"}) {
      std::optional<unsigned> reg = lookupReg((name + element).str());
      if (!reg)
        break;
      Operand elem;
      elem.kind = Operand::Reg;
      elem.loc = op.loc;
      elem.reg = *reg;
      op.elems.push_back(std::move(elem));
    }
    return success();
  }
  if (std::optional<unsigned> reg = lookupReg(name)) {
    op.kind = Operand::Reg;
    op.reg = *reg;
    op.minus = negative;
    consume();
    // A video selector follows the register (ptxas allows a space).
    if (videoOperands && tok.is(Token::DotName)) {
      op.selector = tok.spelling.drop_front();
      op.selectorLoc = tok.getLoc();
      consume();
    }
    return parsePair();
  }
  if (name.starts_with("%")) {
    llvm::SMLoc loc = tok.getLoc();
    consume();
    op.kind = Operand::SpecialReg;
    if (tok.is(Token::DotName) && tok.getLoc().getPointer() ==
                                      name.data() + name.size()) {
      if (auto sreg = lookupVectorSreg(name, tok.spelling.drop_front())) {
        op.sreg = *sreg;
        consume();
        return success();
      }
    }
    if (auto sreg = lookupScalarSreg(name)) {
      op.sreg = *sreg;
      return success();
    }
    unsigned index = 0;
    StringRef suffix = name;
    if (suffix.consume_front("%envreg") && !suffix.getAsInteger(10, index) &&
        index < 32) {
      op.sreg = ptx::SpecialReg::envreg;
      op.sregIndex = index;
      return success();
    }
    // %pm0..%pm7 and %pm0_64..%pm7_64: performance-monitor counters.
    suffix = name;
    if (suffix.consume_front("%pm")) {
      bool is64 = suffix.consume_back("_64");
      if (!suffix.getAsInteger(10, index) && index < 8) {
        op.sreg = is64 ? ptx::SpecialReg::pm64 : ptx::SpecialReg::pm;
        op.sregIndex = index;
        return success();
      }
    }
    // The system-reserved shared memory that cooperative groups uses.
    suffix = name;
    if (suffix.consume_front("%reserved_smem_offset_")) {
      std::optional<unsigned> which =
          llvm::StringSwitch<std::optional<unsigned>>(suffix)
              .Case("begin", ptx::ReservedSmemBegin)
              .Case("end", ptx::ReservedSmemEnd)
              .Case("cap", ptx::ReservedSmemCap)
              .Case("0", ptx::ReservedSmem0)
              .Case("1", ptx::ReservedSmem1)
              .Default(std::nullopt);
      if (which) {
        op.sreg = ptx::SpecialReg::reserved_smem;
        op.sregIndex = *which;
        return success();
      }
    }
    if (lookupVectorSreg(name, "x"))
      return error(loc) << "special register '" << name
                        << "' needs a component (.x, .y or .z)",
             failure();
    return error(loc) << "use of undeclared register '" << name << "'",
           failure();
  }
  op.kind = Operand::Symbol;
  op.symbol = resolveScopedSymbol(name);
  consume();
  if (tok.is(Token::Plus)) {
    consume();
    FailureOr<int64_t> offset = parseInteger("an offset");
    if (failed(offset))
      return failure();
    op.imm = *offset;
  } else if (tok.is(Token::LSquare)) {
    // `var[immOff]` (6.4.1, 6.4.2): the array element at byte offset
    // immOff; its address for mov, the memory operand of ld/st.
    consume();
    FailureOr<int64_t> offset = parseInteger("an array offset");
    if (failed(offset))
      return failure();
    if (!consumeIf(Token::RSquare))
      return unexpected("']' after an array offset");
    op.imm = *offset;
    op.isArrayElement = true;
  }
  return success();
}

OwningOpRef<ModuleOp> ptxjit::parsePTX(llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context) {
  context->loadDialect<ptx::PTXDialect, func::FuncDialect,
                       arith::ArithDialect, cf::ControlFlowDialect,
                       LLVM::LLVMDialect>();
  Parser parser(sourceMgr, context);
  return parser.parse();
}
