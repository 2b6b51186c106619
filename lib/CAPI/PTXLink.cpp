//===- PTXLink.cpp - Joining the PTX inputs of a link ---------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cuLinkComplete (and the PTX of a -rdc=true fatbinary) joins its PTX
// inputs into one module, which the frontend compiles; the frontend then
// resolves `.extern`, `.weak` and `.common` symbols across them as nvlink
// does. What joining text cannot do by itself is keep each input's
// internal symbols apart: a module-scope variable or function without
// `.visible`, `.extern`, `.weak` or `.common` belongs to its input, and
// two inputs may each have one of the same name (nvcc names every printf
// format string `$str`). Such a symbol is renamed in its input when
// another input defines the same name.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace ptxjit::capi;

namespace {

/// A token of PTX text that matters here: an identifier (with its `.` or
/// `%` prefix, if any) or a punctuation character. Comments and strings are
/// skipped; everything else is punctuation of one character.
struct Token {
  llvm::StringRef text;
  size_t offset;
  bool isIdentifier;
};

bool isIdentifierStart(char c) {
  return llvm::isAlpha(c) || c == '_' || c == '$';
}

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

/// Splits \p text into tokens.
std::vector<Token> tokenize(llvm::StringRef text) {
  std::vector<Token> tokens;
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      i = text.find('\n', i);
      i = i == llvm::StringRef::npos ? n : i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      i = end == llvm::StringRef::npos ? n : end + 2;
      continue;
    }
    if (c == '"') {
      size_t end = i + 1;
      while (end < n && text[end] != '"')
        end += text[end] == '\\' ? 2 : 1;
      i = std::min(n, end + 1);
      continue;
    }
    size_t start = i;
    if ((c == '.' || c == '%') && i + 1 < n && isIdentifierStart(text[i + 1]))
      ++i;
    if (isIdentifierStart(text[i])) {
      while (i < n && isIdentifierChar(text[i]))
        ++i;
      tokens.push_back({text.slice(start, i), start, true});
      continue;
    }
    if (!llvm::isSpace(c))
      tokens.push_back({text.substr(i, 1), i, false});
    ++i;
  }
  return tokens;
}

/// The module-scope symbols an input defines, and which of them are its
/// own (internal linkage).
struct InputSymbols {
  llvm::StringSet<> defined, internal;
};

/// Finds the module-scope definitions of \p tokens: variables of
/// `.global`, `.const` and `.shared`, and functions (`.func`, `.entry`).
InputSymbols collectSymbols(const std::vector<Token> &tokens) {
  InputSymbols symbols;
  int depth = 0;
  size_t i = 0;
  while (i < tokens.size()) {
    if (depth > 0 || !tokens[i].isIdentifier) {
      if (tokens[i].text == "{")
        ++depth;
      else if (tokens[i].text == "}")
        --depth;
      ++i;
      continue;
    }
    // A statement at module scope: its linkage, its kind, then its name,
    // the first plain identifier outside parentheses.
    bool external = false, isSymbol = false;
    int parens = 0;
    llvm::StringRef name;
    size_t j = i;
    for (; j < tokens.size(); ++j) {
      llvm::StringRef text = tokens[j].text;
      if (text == ";" || (text == "{" && parens == 0))
        break;
      if (text == "(")
        ++parens;
      else if (text == ")")
        --parens;
      if (text == ".visible" || text == ".extern" || text == ".weak" ||
          text == ".common" || text == ".entry")
        external = true;
      if (text == ".global" || text == ".const" || text == ".shared" ||
          text == ".func" || text == ".entry")
        isSymbol = true;
      if (isSymbol && name.empty() && parens == 0 && tokens[j].isIdentifier &&
          text[0] != '.' && text[0] != '%')
        name = text;
    }
    if (isSymbol && !name.empty()) {
      symbols.defined.insert(name);
      if (!external)
        symbols.internal.insert(name);
    }
    i = j;
  }
  return symbols;
}

/// \p text with every identifier token found in \p renames replaced.
std::string renameTokens(llvm::StringRef text,
                         const std::vector<Token> &tokens,
                         const llvm::StringMap<std::string> &renames) {
  std::string out;
  size_t copied = 0;
  for (const Token &token : tokens) {
    if (!token.isIdentifier)
      continue;
    auto it = renames.find(token.text);
    if (it == renames.end())
      continue;
    out += text.slice(copied, token.offset).str();
    out += it->second;
    copied = token.offset + token.text.size();
  }
  out += text.substr(copied).str();
  return out;
}


/// \p text with `.maxnreg N` added to each kernel that has no `.maxnreg`:
/// between its parameter list and its body.
std::string capKernelRegisters(llvm::StringRef text,
                               const std::vector<Token> &tokens,
                               unsigned maxRegisters) {
  std::string out;
  size_t copied = 0;
  int depth = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].text == "{")
      ++depth;
    else if (tokens[i].text == "}")
      --depth;
    if (depth != 0 || tokens[i].text != ".entry")
      continue;
    // The body's brace: the first `{` outside the parameter list.
    int parens = 0;
    bool capped = false;
    size_t j = i + 1;
    for (; j < tokens.size(); ++j) {
      llvm::StringRef t = tokens[j].text;
      if (t == "(")
        ++parens;
      else if (t == ")")
        --parens;
      else if (t == ".maxnreg")
        capped = true;
      else if ((t == "{" || t == ";") && parens == 0)
        break;
    }
    if (j == tokens.size() || tokens[j].text != "{" || capped)
      continue;
    out += text.slice(copied, tokens[j].offset).str();
    out += ".maxnreg " + std::to_string(maxRegisters) + "\n";
    copied = tokens[j].offset;
    i = j - 1;
  }
  out += text.substr(copied).str();
  return out;
}

} // namespace

std::string ptxjit::capi::mergePTX(const std::vector<std::string> &inputs,
                                   unsigned maxRegisters) {
  std::vector<std::vector<Token>> tokens;
  std::vector<InputSymbols> symbols;
  for (const std::string &input : inputs) {
    tokens.push_back(tokenize(input));
    symbols.push_back(collectSymbols(tokens.back()));
  }
  std::string merged;
  for (size_t i = 0; i < inputs.size(); ++i) {
    // This input's own symbols that another input defines too.
    llvm::StringMap<std::string> renames;
    for (const auto &entry : symbols[i].internal) {
      llvm::StringRef name = entry.getKey();
      for (size_t k = 0; k < inputs.size(); ++k)
        if (k != i && symbols[k].defined.contains(name)) {
          renames[name] = (name + "$input" + llvm::Twine(i)).str();
          break;
        }
    }
    std::string input = renames.empty()
                            ? inputs[i]
                            : renameTokens(inputs[i], tokens[i], renames);
    if (maxRegisters)
      input = capKernelRegisters(input, tokenize(input), maxRegisters);
    if (i == 0) {
      merged = std::move(input);
      continue;
    }
    // Later inputs lose their .version/.target/.address_size directives.
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(input).split(lines, '\n');
    merged += '\n';
    for (llvm::StringRef line : lines) {
      llvm::StringRef directive = line.ltrim();
      if (directive.starts_with(".version") ||
          directive.starts_with(".target") ||
          directive.starts_with(".address_size"))
        continue;
      merged += line.str() + "\n";
    }
  }
  return merged;
}
