//===- Lexer.h - PTX tokenizer ----------------------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_FRONTEND_LEXER_H
#define PTXJIT_FRONTEND_LEXER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ptxjit {

/// One PTX token. `DotName` is a `.`-prefixed word (directives, modifiers,
/// types, special-register components); `Identifier` includes names that
/// start with `%`, `$` or `_`.
struct Token {
  enum Kind {
    Eof,
    Error,
    Identifier,
    DotName,
    Integer,
    /// `0fXXXXXXXX` (f32 bits) or `0dXXXXXXXXXXXXXXXX` (f64 bits).
    FloatBits,
    /// A decimal floating-point literal such as `1.5` or `2e-3`.
    DecimalFloat,
    String,
    Comma,
    Semicolon,
    Colon,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    LParen,
    RParen,
    Less,
    Greater,
    Plus,
    Minus,
    Bang,
    At,
    Equal,
    Pipe,
    Tilde,
    Star,
  };

  Kind kind = Eof;
  llvm::StringRef spelling;
  /// Integer value (Integer), raw bits (FloatBits).
  uint64_t intValue = 0;
  /// For FloatBits: 32 or 64. For Integer: whether it had a `U` suffix.
  unsigned floatWidth = 0;
  bool isUnsigned = false;
  /// Whether an integer literal did not fit in 64 bits.
  bool overflow = false;
  double floatValue = 0;

  bool is(Kind k) const { return kind == k; }
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
};

/// Splits a PTX buffer into tokens, skipping whitespace and comments.
class Lexer {
public:
  Lexer(const llvm::SourceMgr &sourceMgr, unsigned bufferId);

  /// Returns the next token; an `Error` token for a character or literal
  /// that cannot start a token (with the reason in `errorMessage`).
  Token lex();

  llvm::StringRef getErrorMessage() const { return errorMessage; }

  /// Pointer just past the last token returned.
  const char *getCurPtr() const { return curPtr; }
  void resetTo(const char *ptr) { curPtr = ptr; }

  /// Skips the rest of the current line (for directives such as `.loc`
  /// that have no terminating semicolon).
  void skipToEndOfLine();

private:
  Token makeToken(Token::Kind kind, const char *start);
  Token lexNumber(const char *start);
  Token lexError(const char *start, const char *message);
  void skipWhitespaceAndComments();

  llvm::StringRef buffer;
  const char *curPtr;
  const char *errorMessage = "";
};

} // namespace ptxjit

#endif // PTXJIT_FRONTEND_LEXER_H
