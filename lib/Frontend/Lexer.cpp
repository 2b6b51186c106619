//===- Lexer.cpp - PTX tokenizer ------------------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Frontend/Lexer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cctype>
#include <cstdlib>

using namespace ptxjit;

Lexer::Lexer(const llvm::SourceMgr &sourceMgr, unsigned bufferId)
    : buffer(sourceMgr.getMemoryBuffer(bufferId)->getBuffer()),
      curPtr(buffer.begin()) {}

static bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%';
}
static bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

Token Lexer::makeToken(Token::Kind kind, const char *start) {
  Token tok;
  tok.kind = kind;
  tok.spelling = llvm::StringRef(start, curPtr - start);
  return tok;
}

Token Lexer::lexError(const char *start, const char *message) {
  errorMessage = message;
  return makeToken(Token::Error, start);
}

void Lexer::skipWhitespaceAndComments() {
  const char *end = buffer.end();
  while (curPtr != end) {
    char c = *curPtr;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
        c == '\v') {
      ++curPtr;
      continue;
    }
    if (c == '/' && curPtr + 1 != end && curPtr[1] == '/') {
      while (curPtr != end && *curPtr != '\n')
        ++curPtr;
      continue;
    }
    if (c == '/' && curPtr + 1 != end && curPtr[1] == '*') {
      const char *close = curPtr + 2;
      while (close + 1 < end && !(close[0] == '*' && close[1] == '/'))
        ++close;
      // An unterminated comment runs to the end of the buffer.
      curPtr = close + 1 < end ? close + 2 : end;
      continue;
    }
    break;
  }
}

Token Lexer::lex() {
  skipWhitespaceAndComments();
  const char *start = curPtr;
  if (curPtr == buffer.end())
    return makeToken(Token::Eof, start);
  char c = *curPtr++;
  switch (c) {
  case ',': return makeToken(Token::Comma, start);
  case ';': return makeToken(Token::Semicolon, start);
  case ':': return makeToken(Token::Colon, start);
  case '{': return makeToken(Token::LBrace, start);
  case '}': return makeToken(Token::RBrace, start);
  case '[': return makeToken(Token::LSquare, start);
  case ']': return makeToken(Token::RSquare, start);
  case '(': return makeToken(Token::LParen, start);
  case ')': return makeToken(Token::RParen, start);
  case '<': return makeToken(Token::Less, start);
  case '>': return makeToken(Token::Greater, start);
  case '+': return makeToken(Token::Plus, start);
  case '-': return makeToken(Token::Minus, start);
  case '!': return makeToken(Token::Bang, start);
  case '@': return makeToken(Token::At, start);
  case '=': return makeToken(Token::Equal, start);
  case '|': return makeToken(Token::Pipe, start);
  case '~': return makeToken(Token::Tilde, start);
  case '*': return makeToken(Token::Star, start);
  case '"': {
    while (curPtr != buffer.end() && *curPtr != '"' && *curPtr != '\n') {
      if (*curPtr == '\\' && curPtr + 1 != buffer.end())
        ++curPtr;
      ++curPtr;
    }
    if (curPtr == buffer.end() || *curPtr != '"')
      return lexError(start, "unterminated string literal");
    ++curPtr;
    return makeToken(Token::String, start);
  }
  case '.':
    if (curPtr != buffer.end() && isIdentStart(*curPtr)) {
      while (curPtr != buffer.end() && isIdentChar(*curPtr))
        ++curPtr;
      // Qualified modifiers such as `.L1::evict_last` or `.L2::64B`.
      while (buffer.end() - curPtr > 2 && curPtr[0] == ':' && curPtr[1] == ':' &&
             isIdentChar(curPtr[2])) {
        curPtr += 2;
        while (curPtr != buffer.end() && isIdentChar(*curPtr))
          ++curPtr;
      }
      return makeToken(Token::DotName, start);
    }
    // Dimension modifiers such as `.1d` and `.5d` (cp.async.bulk.tensor)
    // start with a digit; a dot before digits alone is no name.
    if (curPtr != buffer.end() && isdigit(static_cast<unsigned char>(*curPtr))) {
      const char *p = curPtr;
      while (p != buffer.end() && isdigit(static_cast<unsigned char>(*p)))
        ++p;
      if (p != buffer.end() && isIdentStart(*p)) {
        curPtr = p;
        while (curPtr != buffer.end() && isIdentChar(*curPtr))
          ++curPtr;
        return makeToken(Token::DotName, start);
      }
    }
    return lexError(start, "expected a name after '.'");
  default:
    break;
  }
  if (std::isdigit(static_cast<unsigned char>(c)))
    return lexNumber(start);
  if (isIdentStart(c)) {
    while (curPtr != buffer.end() && isIdentChar(*curPtr))
      ++curPtr;
    return makeToken(Token::Identifier, start);
  }
  return lexError(start, "unexpected character");
}

Token Lexer::lexNumber(const char *start) {
  const char *end = buffer.end();
  auto hexDigits = [&](const char *p) {
    const char *q = p;
    while (q != end && std::isxdigit(static_cast<unsigned char>(*q)))
      ++q;
    return q;
  };
  // 0f / 0d: IEEE bit patterns.
  if (*start == '0' && curPtr != end && (*curPtr == 'f' || *curPtr == 'F' ||
                                         *curPtr == 'd' || *curPtr == 'D')) {
    unsigned width = (*curPtr == 'f' || *curPtr == 'F') ? 32 : 64;
    const char *digits = curPtr + 1;
    const char *q = hexDigits(digits);
    if (unsigned(q - digits) != width / 4)
      return lexError(start, width == 32
                                 ? "0f literal needs exactly 8 hex digits"
                                 : "0d literal needs exactly 16 hex digits");
    curPtr = q;
    Token tok = makeToken(Token::FloatBits, start);
    tok.intValue = std::strtoull(std::string(digits, q).c_str(), nullptr, 16);
    tok.floatWidth = width;
    return tok;
  }
  unsigned radix = 10;
  const char *digits = start;
  if (*start == '0' && curPtr != end && (*curPtr == 'x' || *curPtr == 'X')) {
    radix = 16;
    digits = curPtr + 1;
    curPtr = hexDigits(digits);
  } else if (*start == '0' && curPtr != end &&
             (*curPtr == 'b' || *curPtr == 'B')) {
    radix = 2;
    digits = curPtr + 1;
    curPtr = digits;
    while (curPtr != end && (*curPtr == '0' || *curPtr == '1'))
      ++curPtr;
  } else {
    while (curPtr != end && std::isdigit(static_cast<unsigned char>(*curPtr)))
      ++curPtr;
    // A decimal floating-point literal.
    if (curPtr != end && (*curPtr == '.' || *curPtr == 'e' || *curPtr == 'E')) {
      char *parsedEnd = nullptr;
      double value = std::strtod(start, &parsedEnd);
      if (parsedEnd <= curPtr)
        return lexError(start, "malformed floating-point literal");
      curPtr = parsedEnd;
      Token tok = makeToken(Token::DecimalFloat, start);
      tok.floatValue = value;
      return tok;
    }
    if (*start == '0' && curPtr - start > 1)
      radix = 8;
  }
  if (curPtr == digits)
    return lexError(start, "integer literal has no digits");
  llvm::StringRef text(digits, curPtr - digits);
  Token tok;
  unsigned long long value = 0;
  bool overflow = llvm::getAsUnsignedInteger(text, radix, value);
  if (radix == 8 && text.find_first_of("89") != llvm::StringRef::npos)
    return lexError(start, "invalid digit in octal literal");
  bool isUnsigned = false;
  if (curPtr != end && (*curPtr == 'U' || *curPtr == 'u')) {
    isUnsigned = true;
    ++curPtr;
  }
  if (curPtr != end && isIdentChar(*curPtr))
    return lexError(start, "invalid character in integer literal");
  tok = makeToken(Token::Integer, start);
  tok.intValue = value;
  tok.isUnsigned = isUnsigned;
  tok.overflow = overflow;
  return tok;
}

void Lexer::skipToEndOfLine() {
  while (curPtr != buffer.end() && *curPtr != '\n')
    ++curPtr;
}
