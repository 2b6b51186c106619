//===- ptx-jit.cpp - run a kernel of a PTX file on the CPU ----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
//   ptx-jit FILE.ptx [--kernel=NAME] [--grid=X[,Y[,Z]]] [--block=X[,Y[,Z]]]
//           [--shared=BYTES] [--arg=SPEC]... [--out=I:PATH]... [--print=I]...
//           [--cluster=X[,Y[,Z]]] [--cooperative]
//           [--threads=N] [--repeat=N] [--time]
//
// A thin layer over ptxjit::Module; docs/ptx-jit.md describes the contract.
// Every input error prints a message starting with "error:" and exits 1.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Module.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/DeviceRuntime.h"
#include "ptxjit/Runtime/TensorMap.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace ptxjit;

namespace {

/// An element type of a --arg.
struct ArgType {
  enum Kind { Unsigned, Signed, Bits, Float } kind;
  unsigned bits;
  std::string name;
  unsigned bytes() const { return bits / 8; }
};

std::optional<ArgType> parseArgType(llvm::StringRef name) {
  static const struct {
    const char *name;
    ArgType::Kind kind;
    unsigned bits;
  } table[] = {{"u8", ArgType::Unsigned, 8},   {"u16", ArgType::Unsigned, 16},
               {"u32", ArgType::Unsigned, 32}, {"u64", ArgType::Unsigned, 64},
               {"s8", ArgType::Signed, 8},     {"s16", ArgType::Signed, 16},
               {"s32", ArgType::Signed, 32},   {"s64", ArgType::Signed, 64},
               {"b8", ArgType::Bits, 8},       {"b16", ArgType::Bits, 16},
               {"b32", ArgType::Bits, 32},     {"b64", ArgType::Bits, 64},
               {"f16", ArgType::Float, 16},    {"bf16", ArgType::Float, 16},
               {"f32", ArgType::Float, 32},    {"f64", ArgType::Float, 64}};
  for (const auto &entry : table)
    if (name == entry.name)
      return ArgType{entry.kind, entry.bits, entry.name};
  return std::nullopt;
}

const llvm::fltSemantics &semanticsOf(const ArgType &type) {
  if (type.name == "f16")
    return llvm::APFloat::IEEEhalf();
  if (type.name == "bf16")
    return llvm::APFloat::BFloat();
  if (type.bits == 32)
    return llvm::APFloat::IEEEsingle();
  return llvm::APFloat::IEEEdouble();
}

/// Parses one VALUE of \p type into its little-endian bit pattern.
std::optional<uint64_t> parseValue(const ArgType &type, llvm::StringRef text,
                                   std::string &why) {
  text = text.trim();
  if (type.kind == ArgType::Float) {
    llvm::APFloat value(semanticsOf(type));
    llvm::StringRef t = text;
    bool negative = t.consume_front("-");
    if (!negative)
      t.consume_front("+");
    if (t == "inf" || t == "infinity") {
      value = llvm::APFloat::getInf(semanticsOf(type), negative);
    } else if (t == "nan") {
      value = llvm::APFloat::getQNaN(semanticsOf(type), negative);
    } else {
      auto status = value.convertFromString(
          text, llvm::APFloat::rmNearestTiesToEven);
      if (!status) {
        llvm::consumeError(status.takeError());
        why = "'" + text.str() + "' is not a " + type.name + " value";
        return std::nullopt;
      }
    }
    return value.bitcastToAPInt().getZExtValue();
  }
  llvm::StringRef t = text;
  bool negative = t.consume_front("-");
  uint64_t magnitude = 0;
  unsigned radix = 10;
  if (t.starts_with_insensitive("0x")) {
    radix = 16;
    t = t.drop_front(2);
  }
  if (t.empty() || t.getAsInteger(radix, magnitude)) {
    // All digits but too many of them: out of range like any other value.
    bool digits = !t.empty() && llvm::all_of(t, [&](char c) {
      return radix == 16 ? llvm::isHexDigit(c) : llvm::isDigit(c);
    });
    why = "'" + text.str() + "' " +
          (digits ? "is out of range for " + type.name : "is not an integer");
    return std::nullopt;
  }
  unsigned bits = type.bits;
  uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  if (type.kind == ArgType::Signed) {
    uint64_t limit = uint64_t(1) << (bits - 1);
    if ((!negative && magnitude >= limit && radix == 10) ||
        (negative && magnitude > limit) || (radix == 16 && magnitude > mask)) {
      why = "'" + text.str() + "' is out of range for " + type.name;
      return std::nullopt;
    }
    return (negative ? uint64_t(0) - magnitude : magnitude) & mask;
  }
  if (negative || magnitude > mask) {
    why = "'" + text.str() + "' is out of range for " + type.name;
    return std::nullopt;
  }
  return magnitude;
}

/// One --arg: a scalar or a buffer.
struct Arg {
  ArgType type;
  bool isBuffer = false;
  uint64_t scalarBits = 0;
  uint64_t count = 0;
  /// The buffer's bytes (allocated with the driver's 256-byte alignment; a
  /// size that cannot be allocated is an input error, not an abort).
  struct Bytes {
    uint8_t *ptr = nullptr;
    uint64_t length = 0;
    Bytes() = default;
    Bytes(const Bytes &) = delete;
    Bytes(Bytes &&o) : ptr(o.ptr), length(o.length) { o.ptr = nullptr; }
    ~Bytes() { std::free(ptr); }
    uint8_t *data() const { return ptr; }
    uint64_t size() const { return length; }
  } buffer;
  /// The buffer's address, as the kernel receives it.
  uint64_t address = 0;
  /// A tensor map (`tensormap:` / `tensormap-im2col:`): its description,
  /// encoded into `buffer` (128 bytes, 64-byte aligned) once the buffer it
  /// describes has its address.
  struct TensorMapSpec {
    bool im2col = false;
    unsigned dataType = 0;
    uint64_t bufferIndex = 0;
    llvm::SmallVector<uint64_t, 5> dims, strides;
    llvm::SmallVector<uint32_t, 5> box, elementStrides;
    llvm::SmallVector<int, 3> lower, upper;
    uint32_t channels = 0, pixels = 0;
    unsigned swizzle = 0, interleave = 0, fill = 0, l2 = 0;
  };
  std::optional<TensorMapSpec> tensorMap;
};

[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "error: " << message << "\n";
  llvm::errs().flush();
  std::exit(1);
}

void storeBits(Arg::Bytes &buffer, uint64_t index, unsigned bytes,
               uint64_t bits) {
  std::memcpy(buffer.data() + index * bytes, &bits, bytes);
}

/// Splits "AxBxC" (or "A,B,C") into integers of type T.
template <typename T>
bool parseList(llvm::StringRef text, llvm::SmallVectorImpl<T> &out) {
  llvm::SmallVector<llvm::StringRef> parts;
  text.split(parts, text.contains(',') ? ',' : 'x');
  for (llvm::StringRef part : parts) {
    long long value;
    if (part.trim().getAsInteger(10, value))
      return false;
    out.push_back(T(value));
    if ((long long)out.back() != value)
      return false;
  }
  return true;
}

/// `tensormap:TYPE:buffer=I:dims=..:strides=..:box=..[:key=value]...` or
/// `tensormap-im2col:TYPE:buffer=I:dims=..:strides=..:lower=..:upper=..:
/// channels=C:pixels=P[...]` (docs/ptx-jit.md).
Arg parseTensorMapArg(llvm::StringRef spec, const std::string &where) {
  Arg arg;
  arg.type = *parseArgType("b8");
  Arg::TensorMapSpec map;
  llvm::SmallVector<llvm::StringRef> fields;
  spec.split(fields, ':');
  map.im2col = fields[0] == "tensormap-im2col";
  if (fields.size() < 2)
    fail(where + ": expected " + fields[0] + ":TYPE:buffer=I:dims=...");
  static const char *const types[] = {"u8",  "u16",    "u32",  "s32",
                                      "u64", "s64",    "f16",  "f32",
                                      "f64", "bf16",   "f32ftz", "tf32",
                                      "tf32ftz"};
  auto typeIt = llvm::find(types, fields[1]);
  if (typeIt == std::end(types))
    fail(where + ": unknown tensor element type '" + fields[1] +
         "' (u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 f32ftz tf32 tf32ftz)");
  map.dataType = unsigned(typeIt - std::begin(types));
  bool hasBuffer = false, hasBox = false;
  for (llvm::StringRef field : llvm::ArrayRef(fields).drop_front(2)) {
    auto [key, value] = field.split('=');
    auto choose = [&](llvm::ArrayRef<const char *> names) -> unsigned {
      for (unsigned i = 0; i < names.size(); ++i)
        if (value == names[i])
          return i;
      std::string list;
      for (const char *n : names)
        list += std::string(list.empty() ? "" : " ") + n;
      fail(where + ": unknown " + key + " '" + value + "' (" + list + ")");
    };
    bool ok = true;
    if (key == "buffer") {
      ok = !value.getAsInteger(10, map.bufferIndex);
      hasBuffer = true;
    } else if (key == "dims") {
      ok = parseList(value, map.dims);
    } else if (key == "strides") {
      ok = value.empty() || parseList(value, map.strides);
    } else if (key == "box" && !map.im2col) {
      ok = parseList(value, map.box);
      hasBox = true;
    } else if (key == "elementstrides") {
      ok = parseList(value, map.elementStrides);
    } else if (key == "lower" && map.im2col) {
      ok = parseList(value, map.lower);
    } else if (key == "upper" && map.im2col) {
      ok = parseList(value, map.upper);
    } else if (key == "channels" && map.im2col) {
      ok = !value.getAsInteger(10, map.channels);
    } else if (key == "pixels" && map.im2col) {
      ok = !value.getAsInteger(10, map.pixels);
    } else if (key == "swizzle") {
      map.swizzle = choose({"none", "32B", "64B", "128B", "128B_atom_32B",
                            "128B_atom_32B_flip_8B", "128B_atom_64B"});
    } else if (key == "interleave") {
      map.interleave = choose({"none", "16B", "32B"});
    } else if (key == "fill") {
      map.fill = choose({"zero", "nan"});
    } else if (key == "l2") {
      map.l2 = choose({"none", "64B", "128B", "256B"});
    } else {
      fail(where + ": unknown tensor-map key '" + key + "'");
    }
    if (!ok)
      fail(where + ": invalid " + key + " '" + value + "'");
  }
  size_t rank = map.dims.size();
  if (!hasBuffer || rank == 0 || (!map.im2col && !hasBox))
    fail(where + ": a tensor map needs buffer=, dims= and " +
         (map.im2col ? "channels=" : "box="));
  if (map.strides.size() + 1 != rank || (!map.im2col && map.box.size() != rank))
    fail(where + ": dims= has " + llvm::Twine(rank) + " values, so strides= "
         "needs " + llvm::Twine(rank - 1) + (map.im2col ? "" : " and box= ") +
         (map.im2col ? "" : llvm::Twine(rank).str()));
  if (map.elementStrides.empty())
    map.elementStrides.assign(rank, 1);
  if (map.elementStrides.size() != rank)
    fail(where + ": elementstrides= needs " + llvm::Twine(rank) + " values");
  if (map.im2col && (map.lower.size() + 2 != rank ||
                     map.upper.size() + 2 != rank))
    fail(where + ": lower= and upper= need " + llvm::Twine(rank - 2) +
         " values each");
  arg.tensorMap = std::move(map);
  arg.buffer.length = sizeof(rt::TensorMap);
  arg.buffer.ptr =
      static_cast<uint8_t *>(std::aligned_alloc(64, sizeof(rt::TensorMap)));
  std::memset(arg.buffer.ptr, 0, sizeof(rt::TensorMap));
  return arg;
}

Arg parseArg(llvm::StringRef spec, unsigned position) {
  Arg arg;
  std::string where = "--arg " + std::to_string(position) + " ('" +
                      spec.str() + "')";
  if (spec.starts_with("tensormap:") || spec.starts_with("tensormap-im2col:"))
    return parseTensorMapArg(spec, where);
  size_t bracket = spec.find('[');
  size_t colon = spec.find(':');
  if (bracket != llvm::StringRef::npos &&
      (colon == llvm::StringRef::npos || bracket < colon)) {
    // TYPE[N]...
    std::optional<ArgType> type = parseArgType(spec.take_front(bracket));
    if (!type)
      fail(where + ": unknown type '" + spec.take_front(bracket) + "'");
    arg.type = *type;
    arg.isBuffer = true;
    size_t close = spec.find(']', bracket);
    if (close == llvm::StringRef::npos)
      fail(where + ": missing ']'");
    llvm::StringRef countText = spec.slice(bracket + 1, close);
    if (countText.getAsInteger(10, arg.count) || arg.count == 0 ||
        arg.count > (uint64_t(1) << 32))
      fail(where + ": buffer size must be a positive integer");
    unsigned bytes = arg.type.bytes();
    arg.buffer.length = arg.count * bytes;
    // 256-byte aligned, as cuMemAlloc's (kernels may rely on it: wmma
    // rows start at multiples of the fragment's size, vector accesses at
    // multiples of theirs).
    uint64_t rounded = llvm::alignTo(arg.buffer.length, 256);
    arg.buffer.ptr = static_cast<uint8_t *>(std::aligned_alloc(256, rounded));
    if (arg.buffer.ptr)
      std::memset(arg.buffer.ptr, 0, rounded);
    if (!arg.buffer.ptr)
      fail(where + ": cannot allocate " + llvm::Twine(arg.buffer.length) +
           " bytes");
    llvm::StringRef rest = spec.drop_front(close + 1);
    if (rest.empty())
      return arg;
    if (!rest.consume_front("="))
      fail(where + ": expected '=' after ']'");
    std::string why;
    if (rest == "iota") {
      for (uint64_t i = 0; i < arg.count; ++i) {
        std::optional<uint64_t> bits =
            parseValue(arg.type, std::to_string(i), why);
        if (!bits)
          fail(where + ": iota value " + llvm::Twine(i) + " does not fit " +
               arg.type.name);
        storeBits(arg.buffer, i, bytes, *bits);
      }
      return arg;
    }
    if (rest.consume_front("fill:")) {
      std::optional<uint64_t> bits = parseValue(arg.type, rest, why);
      if (!bits)
        fail(where + ": " + why);
      for (uint64_t i = 0; i < arg.count; ++i)
        storeBits(arg.buffer, i, bytes, *bits);
      return arg;
    }
    if (rest.consume_front("file:")) {
      auto file = llvm::MemoryBuffer::getFile(rest, /*IsText=*/false);
      if (!file)
        fail(where + ": cannot read '" + rest +
             "': " + file.getError().message());
      if ((*file)->getBufferSize() != arg.buffer.size())
        fail(where + ": '" + rest + "' has " +
             llvm::Twine((*file)->getBufferSize()) + " bytes, expected " +
             llvm::Twine(arg.buffer.size()));
      std::memcpy(arg.buffer.data(), (*file)->getBufferStart(),
                  arg.buffer.size());
      return arg;
    }
    llvm::SmallVector<llvm::StringRef> values;
    rest.split(values, ',');
    if (values.size() > arg.count)
      fail(where + ": " + llvm::Twine(values.size()) +
           " values for a buffer of " + llvm::Twine(arg.count));
    for (size_t i = 0; i < values.size(); ++i) {
      std::optional<uint64_t> bits = parseValue(arg.type, values[i], why);
      if (!bits)
        fail(where + ": " + why);
      storeBits(arg.buffer, i, bytes, *bits);
    }
    return arg;
  }
  if (colon == llvm::StringRef::npos)
    fail(where + ": expected TYPE:VALUE or TYPE[N]");
  std::optional<ArgType> type = parseArgType(spec.take_front(colon));
  if (!type)
    fail(where + ": unknown type '" + spec.take_front(colon) + "'");
  arg.type = *type;
  std::string why;
  std::optional<uint64_t> bits =
      parseValue(arg.type, spec.drop_front(colon + 1), why);
  if (!bits)
    fail(where + ": " + why);
  arg.scalarBits = *bits;
  return arg;
}

bool parseDim3(llvm::StringRef text, Dim3 &out) {
  llvm::SmallVector<llvm::StringRef> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  uint32_t values[3] = {1, 1, 1};
  for (size_t i = 0; i < parts.size(); ++i)
    if (parts[i].trim().getAsInteger(10, values[i]) || values[i] == 0)
      return false;
  out = {values[0], values[1], values[2]};
  return true;
}

/// Shortest decimal form of a 16-bit float that reads back to the same bits,
/// written the way std::to_chars writes floats (fixed or scientific,
/// whichever is shorter).
std::string formatHalf(uint16_t bits, const llvm::fltSemantics &sem) {
  llvm::APFloat value(sem, llvm::APInt(16, bits));
  if (value.isNaN())
    return value.isNegative() ? "-nan" : "nan";
  if (value.isInfinity())
    return value.isNegative() ? "-inf" : "inf";
  bool losesInfo;
  llvm::APFloat asDouble = value;
  asDouble.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  double d = asDouble.convertToDouble();
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    auto res = std::to_chars(buffer, buffer + sizeof(buffer), d,
                             std::chars_format::scientific, precision - 1);
    std::string text(buffer, res.ptr);
    llvm::APFloat back(sem);
    auto status = back.convertFromString(text,
                                         llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      continue;
    }
    if (back.bitcastToAPInt() != value.bitcastToAPInt())
      continue;
    // These few digits identify the value; print that decimal as the
    // shortest double, which keeps exactly these digits.
    double shortest = std::strtod(text.c_str(), nullptr);
    auto out = std::to_chars(buffer, buffer + sizeof(buffer), shortest);
    return std::string(buffer, out.ptr);
  }
  auto res = std::to_chars(buffer, buffer + sizeof(buffer), d);
  return std::string(buffer, res.ptr);
}

void printBuffer(const Arg &arg, llvm::raw_ostream &os) {
  unsigned bytes = arg.type.bytes();
  char text[64];
  for (uint64_t i = 0; i < arg.count; ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, arg.buffer.data() + i * bytes, bytes);
    switch (arg.type.kind) {
    case ArgType::Unsigned:
    case ArgType::Bits:
      os << bits << "\n";
      break;
    case ArgType::Signed: {
      unsigned shift = 64 - arg.type.bits;
      int64_t value = int64_t(bits << shift) >> shift;
      os << value << "\n";
      break;
    }
    case ArgType::Float:
      if (arg.type.bits == 32) {
        float f;
        std::memcpy(&f, &bits, 4);
        auto res = std::to_chars(text, text + sizeof(text), f);
        os << llvm::StringRef(text, res.ptr - text) << "\n";
      } else if (arg.type.bits == 64) {
        double d;
        std::memcpy(&d, &bits, 8);
        auto res = std::to_chars(text, text + sizeof(text), d);
        os << llvm::StringRef(text, res.ptr - text) << "\n";
      } else {
        os << formatHalf(uint16_t(bits), semanticsOf(arg.type)) << "\n";
      }
      break;
    }
  }
}

unsigned parseUnsigned(llvm::StringRef option, llvm::StringRef text) {
  unsigned value;
  if (text.getAsInteger(10, value))
    fail("invalid value '" + text + "' for " + option);
  return value;
}

void usage() {
  llvm::outs()
      << "usage: ptx-jit FILE.ptx [options]\n"
         "  --kernel=NAME        the .entry to launch (optional with one)\n"
         "  --grid=X[,Y[,Z]]     grid size in CTAs (default 1)\n"
         "  --block=X[,Y[,Z]]    CTA size in threads (default 1)\n"
         "  --shared=BYTES       dynamic shared memory per CTA (default 0)\n"
         "  --arg=SPEC           one per kernel parameter, in order\n"
         "  --buffer=TYPE[N]...  memory that is no parameter (a tensor map's\n"
         "                       tensor), numbered after the --arg list\n"
         "  --out=I:PATH         write buffer argument I to PATH (raw bytes)\n"
         "  --print=I            print buffer argument I, one element a line\n"
         "  --cluster=X[,Y[,Z]]  cluster shape in CTAs (default: the "
         "kernel's\n"
         "                       .reqnctapercluster, else 1)\n"
         "  --cooperative        launch as cuLaunchCooperativeKernel: all "
         "CTAs\n"
         "                       resident at once, grid.sync() works\n"
         "  --threads=N          host worker threads (default: all cores)\n"
         "  --repeat=N           launch N times\n"
         "  --time               print the compile time (by stage) and launch\n"
         "                       times to stderr\n"
         "  --fp-path=P          .rz/.rm/.rp lowering: auto (default), avx512, "
         "portable\n"
         "  --fp-contract        allow add/mul without rounding modifier to "
         "fuse into fma\n"
         "  --simt=MODE          how kernels with barriers run: auto "
         "(default,\n"
         "                       $PTXJIT_SIMT), regions, coroutines "
         "(docs/simt.md)\n"
         "  --check=LIST         checked mode: memcheck (or all, none); "
         "default\n"
         "                       $PTXJIT_CHECK (docs/checked-mode.md)\n"
         "  --check-continue[=N] report up to N violations (default 100) and "
         "go on\n"
         "  --timeout=SECONDS    stop a launch that runs longer (default\n"
         "                       $PTXJIT_LAUNCH_TIMEOUT, else none)\n"
         "SPEC: TYPE:VALUE | TYPE[N] | TYPE[N]=v,v,... | TYPE[N]=fill:V |\n"
         "      TYPE[N]=iota | TYPE[N]=file:PATH |\n"
         "      tensormap:ETYPE:buffer=I:dims=D0xD1..:strides=S1x..:box=B0xB1..\n"
         "        [:elementstrides=..][:swizzle=none|32B|64B|128B|...]\n"
         "        [:interleave=none|16B|32B][:fill=zero|nan][:l2=...]\n"
         "        (a CUtensorMap over buffer argument I; docs/ptx-jit.md)\n"
         "TYPE: u8 u16 u32 u64 s8 s16 s32 s64 b8 b16 b32 b64 f16 bf16 f32 "
         "f64\n";
}

} // namespace

int main(int argc, char **argv) {
  std::string file, kernelName;
  Dim3 grid, block, cluster{0, 0, 0};
  bool cooperative = false;
  uint32_t sharedBytes = 0;
  std::vector<Arg> args;
  /// --buffer: memory that is no kernel parameter (a tensor map's tensor,
  /// say), numbered after the --arg list.
  std::vector<Arg> extraBuffers;
  std::vector<std::pair<unsigned, std::string>> outs;
  std::vector<unsigned> prints;
  unsigned threads = 0, repeat = 1;
  bool time = false;
  CompileOptions::FloatPath floatPath = CompileOptions::FloatPath::Auto;
  bool fpContract = false;
  SimtMode simt = SimtMode::Auto;
  std::optional<unsigned> checks;
  uint64_t continueReports = 0;
  double timeout = 0;

  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a(argv[i]);
    auto value = [&](llvm::StringRef name) -> std::optional<llvm::StringRef> {
      if (!a.starts_with(name))
        return std::nullopt;
      llvm::StringRef rest = a.drop_front(name.size());
      if (rest.consume_front("="))
        return rest;
      if (rest.empty()) {
        if (i + 1 >= argc)
          fail("missing value for " + name);
        return llvm::StringRef(argv[++i]);
      }
      return std::nullopt;
    };
    if (a == "--help" || a == "-h") {
      usage();
      return 0;
    }
    if (a == "--time") {
      time = true;
    } else if (a == "--cooperative") {
      cooperative = true;
    } else if (auto v = value("--cluster")) {
      if (!parseDim3(*v, cluster))
        fail("invalid --cluster '" + *v + "': expected X[,Y[,Z]] positive");
    } else if (auto v = value("--kernel")) {
      kernelName = v->str();
    } else if (auto v = value("--grid")) {
      if (!parseDim3(*v, grid))
        fail("invalid --grid '" + *v + "': expected X[,Y[,Z]] positive");
    } else if (auto v = value("--block")) {
      if (!parseDim3(*v, block))
        fail("invalid --block '" + *v + "': expected X[,Y[,Z]] positive");
    } else if (auto v = value("--shared")) {
      sharedBytes = parseUnsigned("--shared", *v);
    } else if (auto v = value("--arg")) {
      args.push_back(parseArg(*v, args.size()));
    } else if (auto v = value("--buffer")) {
      extraBuffers.push_back(parseArg(*v, unsigned(extraBuffers.size())));
      if (!extraBuffers.back().isBuffer)
        fail("--buffer '" + *v + "': expected TYPE[N]...");
    } else if (auto v = value("--out")) {
      auto [index, path] = v->split(':');
      if (path.empty())
        fail("invalid --out '" + *v + "': expected I:PATH");
      outs.push_back({parseUnsigned("--out", index), path.str()});
    } else if (auto v = value("--print")) {
      prints.push_back(parseUnsigned("--print", *v));
    } else if (auto v = value("--fp-path")) {
      if (*v == "auto")
        floatPath = CompileOptions::FloatPath::Auto;
      else if (*v == "avx512")
        floatPath = CompileOptions::FloatPath::AVX512;
      else if (*v == "portable")
        floatPath = CompileOptions::FloatPath::Portable;
      else
        fail("invalid --fp-path '" + *v + "': expected auto, avx512 or "
             "portable");
    } else if (a == "--fp-contract") {
      fpContract = true;
    } else if (auto v = value("--simt")) {
      std::optional<SimtMode> mode = parseSimtMode(*v);
      if (!mode)
        fail("invalid --simt '" + *v +
             "': expected auto, regions or coroutines");
      simt = *mode;
    } else if (a == "--check-continue") {
      continueReports = 100;
    } else if (auto v = value("--check-continue")) {
      continueReports = parseUnsigned("--check-continue", *v);
      if (!continueReports)
        fail("invalid --check-continue '" + *v + "': expected a positive count");
    } else if (auto v = value("--check")) {
      unsigned bits = 0;
      std::string error;
      if (!rt::check::parseChecks(v->str(), bits, error))
        fail("invalid --check '" + *v + "': " + error);
      checks = bits;
    } else if (auto v = value("--timeout")) {
      char *end = nullptr;
      std::string text = v->str();
      timeout = std::strtod(text.c_str(), &end);
      if (text.empty() || *end || !(timeout > 0))
        fail("invalid --timeout '" + *v + "': expected positive seconds");
    } else if (auto v = value("--threads")) {
      threads = parseUnsigned("--threads", *v);
    } else if (auto v = value("--repeat")) {
      repeat = parseUnsigned("--repeat", *v);
    } else if (a.starts_with("-") && a != "-") {
      fail("unknown option '" + a + "' (see --help)");
    } else if (file.empty()) {
      file = a.str();
    } else {
      fail("more than one input file ('" + file + "' and '" + a + "')");
    }
  }
  if (file.empty())
    fail("no input file (usage: ptx-jit FILE.ptx [options])");
  size_t numArgs = args.size();
  for (Arg &extra : extraBuffers)
    args.push_back(std::move(extra));
  for (auto &[index, path] : outs)
    if (index >= args.size() || !args[index].isBuffer)
      fail("--out=" + llvm::Twine(index) + ": argument " + llvm::Twine(index) +
           " is not a buffer");
  for (unsigned index : prints)
    if (index >= args.size() || !args[index].isBuffer)
      fail("--print=" + llvm::Twine(index) + ": argument " +
           llvm::Twine(index) + " is not a buffer");

  CompileOptions compileOptions;
  compileOptions.floatPath = floatPath;
  compileOptions.fpContract = fpContract;
  compileOptions.simt = simt;
  compileOptions.checks = checks;
  // Whether checked mode is on, from --check or PTXJIT_CHECK: reports end
  // with compute-sanitizer's summary, and any report fails the run.
  unsigned activeChecks = 0;
  if (checks) {
    activeChecks = *checks;
  } else if (const char *env = std::getenv("PTXJIT_CHECK")) {
    std::string error;
    if (!rt::check::parseChecks(env, activeChecks, error))
      fail(llvm::Twine("PTXJIT_CHECK: ") + error);
  }
  if (continueReports && !activeChecks)
    fail("--check-continue needs a check (--check=memcheck)");
  rt::check::setContinueMode(continueReports);
  if (!kernelName.empty())
    compileOptions.onlyKernels.push_back(kernelName);
  auto module = Module::loadFromFile(file, compileOptions);
  if (!module) {
    std::string message = llvm::toString(module.takeError());
    llvm::errs() << message << "\n";
    return 1;
  }
  if (time) {
    llvm::errs() << "compile: "
                 << llvm::format("%.3f", (*module)->getCompileMillis())
                 << " ms (";
    llvm::ListSeparator comma;
    for (const auto &[stage, ms] : (*module)->getCompileStages())
      llvm::errs() << comma << stage << " " << llvm::format("%.3f", ms);
    llvm::errs() << ")\n";
  }

  const KernelInfo *kernel = nullptr;
  if (kernelName.empty()) {
    if ((*module)->getKernels().size() != 1)
      fail(llvm::Twine("the module has ") +
           llvm::Twine((*module)->getKernels().size()) +
           " kernels; choose one with --kernel=NAME");
    kernel = &(*module)->getKernels().front();
  } else {
    auto found = (*module)->getKernel(kernelName);
    if (!found) {
      llvm::consumeError(found.takeError());
      std::string names;
      for (const KernelInfo &k : (*module)->getKernels())
        names += (names.empty() ? "" : ", ") + k.name;
      fail("no kernel named '" + kernelName + "' (kernels: " + names + ")");
    }
    kernel = *found;
  }
  if (time)
    llvm::errs() << "kernel " << kernel->name << ": " << kernel->execution
                 << "\n";
  if (numArgs != kernel->params.size())
    fail("kernel '" + kernel->name + "' takes " +
         llvm::Twine(kernel->params.size()) + " parameters, but " +
         llvm::Twine(numArgs) + " --arg were given");

  std::vector<const void *> argPointers;
  for (size_t i = 0; i < numArgs; ++i) {
    Arg &arg = args[i];
    const KernelParam &param = kernel->params[i];
    if (arg.tensorMap) {
      Arg::TensorMapSpec &m = *arg.tensorMap;
      if (param.size != sizeof(rt::TensorMap))
        fail("--arg " + llvm::Twine(i) + " is a tensor map, but parameter '" +
             param.name + "' has " + llvm::Twine(param.size) +
             " bytes, not 128");
      if (m.bufferIndex >= args.size() || !args[m.bufferIndex].isBuffer)
        fail("--arg " + llvm::Twine(i) + ": buffer=" +
             llvm::Twine(m.bufferIndex) + " is not a buffer argument");
      uint64_t address =
          reinterpret_cast<uint64_t>(args[m.bufferIndex].buffer.data());
      auto &map = *reinterpret_cast<rt::TensorMap *>(arg.buffer.data());
      std::string why =
          m.im2col
              ? rt::encodeIm2col(map, m.dataType, unsigned(m.dims.size()),
                                 address, m.dims.data(), m.strides.data(),
                                 m.lower.data(), m.upper.data(), m.channels,
                                 m.pixels, m.elementStrides.data(),
                                 m.interleave, m.swizzle, m.l2, m.fill)
              : rt::encodeTiled(map, m.dataType, unsigned(m.dims.size()),
                                address, m.dims.data(), m.strides.data(),
                                m.box.data(), m.elementStrides.data(),
                                m.interleave, m.swizzle, m.l2, m.fill);
      if (!why.empty())
        fail("--arg " + llvm::Twine(i) + ": " + why);
      argPointers.push_back(arg.buffer.data());
      continue;
    }
    if (arg.isBuffer) {
      if (param.size != 8 || param.isFloat)
        fail("--arg " + llvm::Twine(i) + " is a buffer, but parameter '" +
             param.name + "' is not a 64-bit address (" +
             llvm::Twine(param.size) + " bytes)");
      arg.address = reinterpret_cast<uint64_t>(arg.buffer.data());
      argPointers.push_back(&arg.address);
      continue;
    }
    if (arg.type.bytes() != param.size)
      fail("--arg " + llvm::Twine(i) + " is " + arg.type.name + " (" +
           llvm::Twine(arg.type.bytes()) + " bytes), but parameter '" +
           param.name + "' has " + llvm::Twine(param.size) + " bytes");
    if (arg.type.kind == ArgType::Float && !param.isFloat)
      fail("--arg " + llvm::Twine(i) + " is " + arg.type.name +
           ", but parameter '" + param.name +
           "' is an integer (pass raw bits with a b" +
           llvm::Twine(param.size * 8) + " value)");
    argPointers.push_back(&arg.scalarBits);
  }

  // Checked mode confines the kernel to the buffers it was given.
  struct BufferRegistrations {
    std::vector<const void *> bases;
    ~BufferRegistrations() {
      for (const void *base : bases)
        unregisterDeviceMemory(base);
    }
  } registrations;
  for (Arg &arg : args)
    if (arg.isBuffer && !arg.tensorMap && arg.buffer.size()) {
      registerDeviceMemory(arg.buffer.data(), arg.buffer.size());
      registrations.bases.push_back(arg.buffer.data());
    }
  auto summary = [&] {
    if (!activeChecks)
      return false;
    rt::check::printSummary();
    return rt::check::reportCounts().total() != 0;
  };

  LaunchOptions options;
  options.timeoutSeconds = timeout;
  options.numThreads = threads;
  options.cooperative = cooperative;
  options.cluster = cluster;
  for (unsigned r = 0; r < repeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    llvm::Error err = (*module)->launch(*kernel, grid, block, sharedBytes,
                                        argPointers, options);
    // The launch synchronizes, which flushes device printf output.
    llvm::outs().flush();
    rt::flushDeviceOutput();
    if (err) {
      llvm::errs() << llvm::toString(std::move(err)) << "\n";
      summary();
      return 1;
    }
    if (time)
      llvm::errs() << "launch " << r << ": "
                   << llvm::format("%.3f",
                                   std::chrono::duration<double, std::milli>(
                                       std::chrono::steady_clock::now() -
                                       start)
                                       .count())
                   << " ms\n";
  }

  for (auto &[index, path] : outs) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
    if (ec)
      fail("cannot write '" + path + "': " + ec.message());
    os.write(reinterpret_cast<const char *>(args[index].buffer.data()),
             args[index].buffer.size());
  }
  for (unsigned index : prints)
    printBuffer(args[index], llvm::outs());
  llvm::outs().flush();
  return summary() ? 1 : 0;
}
